import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadImage } from '../src/modules/files/files.service.ts';
import { imageStorageFor, s3Storage, signV4 } from '../src/modules/files/image-storage.ts';
import { s3SettingsFromEnv, type S3Settings } from '../src/s3-config.ts';
import type { StoreRow } from '../src/modules/stores/stores.repository.ts';
import { makePng } from './catalogue-fixtures.ts';
import { createTestApp } from './helpers.ts';

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');

describe('signV4', () => {
  it("matches AWS's published example (GET /test.txt with a Range header)", () => {
    const payloadHash = sha256('');
    const header = signV4({
      method: 'GET',
      path: '/test.txt',
      headers: { Host: 'examplebucket.s3.amazonaws.com', Range: 'bytes=0-9', 'x-amz-content-sha256': payloadHash, 'x-amz-date': '20130524T000000Z' },
      payloadHash,
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    expect(header).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

// A tiny S3 stand-in: checks each request's signature with the secret it knows, keeps the objects.
const SECRET = 'test-secret-key';
const objects = new Map<string, { body: Buffer; contentType: string | undefined }>();
let server: http.Server;
let endpoint: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const auth = String(req.headers.authorization ?? '');
      const signed = /SignedHeaders=([^,]+)/.exec(auth)?.[1].split(';') ?? [];
      const headers = Object.fromEntries(signed.map((h) => [h, String(req.headers[h] ?? '')]));
      const expected = signV4({ method: req.method!, path: req.url!, headers, payloadHash: sha256(body), region: 'eu-west-1', accessKeyId: 'AK', secretAccessKey: SECRET });
      if (auth !== expected || req.headers['x-amz-content-sha256'] !== sha256(body) || !signed.includes('host')) {
        res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      if (req.method === 'PUT') objects.set(req.url!, { body, contentType: req.headers['content-type'] });
      if (req.method === 'DELETE') objects.delete(req.url!);
      res.writeHead(req.method === 'DELETE' ? 204 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

const settings = (over: Partial<S3Settings> = {}): S3Settings => ({
  endpoint,
  bucket: 'shop-images',
  region: 'eu-west-1',
  accessKeyId: 'AK',
  secretAccessKey: SECRET,
  publicUrl: 'https://cdn.example.com/shop-images',
  ...over,
});

describe('S3-compatible image storage', () => {
  it('puts signed objects, answers their public URL, and removes them', async () => {
    const storage = s3Storage(settings());
    const url = await storage.put('store-1/abc-web.webp', Buffer.from('pixels'), 'image/webp');
    expect(url).toBe('https://cdn.example.com/shop-images/store-1/abc-web.webp');
    expect(objects.get('/shop-images/store-1/abc-web.webp')).toEqual({ body: Buffer.from('pixels'), contentType: 'image/webp' });
    await storage.remove('store-1/abc-web.webp');
    expect(objects.has('/shop-images/store-1/abc-web.webp')).toBe(false);
  });

  it('reports a refused upload instead of answering a URL', async () => {
    const storage = s3Storage(settings({ secretAccessKey: 'wrong' }));
    await expect(storage.put('store-1/x.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/answered 403/);
  });

  it('stores both versions of an uploaded image there (POST /api/files/images service)', async () => {
    // a real store: the upload also records the image's size for the store's usage (GET /api/stores/usage)
    const t = await createTestApp({ seed: false });
    try {
      const [row] = (await t.ctx.database.executeSql(`insert into stores (name, support_email, handle) values ('S3 shop', 's3@shop.test', 's3shop') returning id, handle`, [])).rows as { id: string; handle: string }[];
      const store = { id: row!.id, handle: row!.handle } as StoreRow;
      const png = await makePng(80, 60);
      const image = await uploadImage(t.ctx, s3Storage(settings()), store, { stream: Readable.from([png]) });
      expect(image.id).toMatch(/^s3shop-\d{6}$/);
      expect(image.url).toMatch(new RegExp(`^https://cdn\\.example\\.com/shop-images/${store.id}/[0-9a-f]{24}-web\\.webp$`));
      expect(objects.get(new URL(image.originalUrl).pathname)?.body).toEqual(png);
      expect(objects.get(new URL(image.url).pathname)?.contentType).toBe('image/webp');
    } finally {
      await t.close();
    }
  });

  it('is chosen by S3_BUCKET, with keys required and AWS defaults', () => {
    expect(s3SettingsFromEnv({})).toBeNull();
    expect(() => s3SettingsFromEnv({ S3_BUCKET: 'b' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(s3SettingsFromEnv({ S3_BUCKET: 'b', S3_REGION: 'eu-central-1', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toEqual({
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      bucket: 'b',
      region: 'eu-central-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      publicUrl: 'https://s3.eu-central-1.amazonaws.com/b',
    });
    // without S3_BUCKET the uploads stay on local disk (served at /uploads/)
    expect(imageStorageFor('/tmp/uploads', {})).toBeDefined();
  });
});
