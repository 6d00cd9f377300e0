import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng, multipartBody, signInDemo, type Tokens } from './catalogue-fixtures.ts';
import { createTestApp, json, type TestApp } from './helpers.ts';

type Uploaded = { id: string; url: string; originalUrl: string; width: number; height: number; format: string };

let t: TestApp;
let tokens: Tokens;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemo(t);
});
afterAll(async () => t.close());

async function upload(file: { filename: string; contentType: string; data: Buffer }, token: string | null = tokens.owner) {
  const body = multipartBody(file);
  return t.app.inject({
    method: 'POST',
    url: '/api/files/images',
    headers: { host: 'localhost', 'content-type': body.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body.payload,
  });
}

describe('POST /api/files/images', () => {
  it('stores a real PNG with a resized web version and answers its URL and a store-handle id', async () => {
    const png = await makePng(2400, 1200);
    const res = await upload({ filename: 'photo.png', contentType: 'image/png', data: png });
    expect(res.statusCode).toBe(201);
    const image = json<{ data: Uploaded }>(res).data;
    expect(image.id).toMatch(/^demo-\d{6}$/);
    expect(image.url).toMatch(/^\/uploads\/[0-9a-f-]+\/[0-9a-f]{24}-web\.webp$/);
    expect(image.originalUrl).toMatch(/\.png$/);
    expect(image).toMatchObject({ width: 1600, height: 800, format: 'png' });

    const onDisk = path.join(t.ctx.config.uploadDir, image.url.replace('/uploads/', ''));
    const meta = await sharp(fs.readFileSync(onDisk)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect(fs.readFileSync(path.join(t.ctx.config.uploadDir, image.originalUrl.replace('/uploads/', '')))).toEqual(png);

    // served back at its URL
    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('keeps a small image at its size, and lets a consigner upload', async () => {
    const res = await upload({ filename: 'small.png', contentType: 'image/png', data: await makePng(64, 48) }, tokens.ava);
    expect(res.statusCode).toBe(201);
    expect(json<{ data: Uploaded }>(res).data).toMatchObject({ width: 64, height: 48 });
  });

  it('refuses a text file, whatever it claims to be', async () => {
    for (const contentType of ['text/plain', 'image/png']) {
      const res = await upload({ filename: 'notes.png', contentType, data: Buffer.from('hello, this is not a picture\n') });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ error: 'This file is not an image. Upload a JPEG, PNG, WebP or GIF picture.' });
    }
  });

  it('refuses an SVG', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const res = await upload({ filename: 'x.svg', contentType: 'image/svg+xml', data: svg });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a file over the size limit', async () => {
    const big = Buffer.alloc(t.ctx.config.uploadMaxBytes + 1024, 1);
    const res = await upload({ filename: 'huge.png', contentType: 'image/png', data: big });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: 'The image is larger than 8 MB. Upload a smaller picture.' });
  });

  it('accepts an image above the JSON body limit but under the upload limit', async () => {
    // random pixels do not compress: about 6 MB of PNG
    const raw = Buffer.alloc(1500 * 1400 * 3);
    for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 2654435761) >>> 24;
    const png = await sharp(raw, { raw: { width: 1500, height: 1400, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(png.length).toBeGreaterThan(5 * 1024 * 1024);
    const res = await upload({ filename: 'noise.png', contentType: 'image/png', data: png });
    expect(res.statusCode).toBe(201);
  });

  it('needs a signed-in user and a multipart body', async () => {
    expect((await upload({ filename: 'a.png', contentType: 'image/png', data: await makePng() }, null)).statusCode).toBe(401);
    const res = await t.request({ method: 'POST', url: '/api/files/images', token: tokens.owner, body: { file: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: 'Send the image as multipart/form-data' });
  });
});
