import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import type { AppContext } from '../../app-context.ts';
import { badRequest } from '../../http/errors.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { toUploadedImage } from './files.mapper.ts';
import { filesRepository } from './files.repository.ts';
import type { ImageStorage } from './image-storage.ts';

// SVG is left out on purpose: it can carry script, and the uploads are served from the app's origin.
const ACCEPTED_FORMATS: Record<string, { ext: string; contentType: string }> = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  png: { ext: 'png', contentType: 'image/png' },
  webp: { ext: 'webp', contentType: 'image/webp' },
  gif: { ext: 'gif', contentType: 'image/gif' },
};
/** The web version: long side at most this many pixels, WebP, metadata (EXIF, GPS) stripped. */
const WEB_IMAGE_MAX_SIDE = 1600;

export const FILE_MESSAGES = {
  notMultipart: 'Send the image as multipart/form-data',
  noFile: 'Choose an image to upload',
  notAnImage: 'This file is not an image. Upload a JPEG, PNG, WebP or GIF picture.',
  tooLarge: (maxBytes: number) => `The image is larger than ${formatMegabytes(maxBytes)}. Upload a smaller picture.`,
} as const;

function formatMegabytes(bytes: number) {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** Reads the upload, refusing it as soon as it passes the limit (multipart truncates it there too). */
async function readLimited(stream: Readable & { truncated?: boolean }, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) tooLarge = true;
    // keep draining so the request ends cleanly, but keep nothing past the limit
    else chunks.push(chunk as Buffer);
  }
  if (tooLarge || stream.truncated) throw badRequest(FILE_MESSAGES.tooLarge(maxBytes));
  return Buffer.concat(chunks);
}

/** The spec's item image id: the store handle and a random 6-digit number. */
function newImageId(store: Pick<Tenant, 'handle'>) {
  return `${store.handle}-${crypto.randomInt(100_000, 1_000_000)}`;
}

/**
 * POST /api/files/images: checks the size while reading, then lets sharp decode the bytes (the
 * declared type and file name are not trusted), keeps the original and stores a web version.
 */
export async function uploadImage(ctx: AppContext, storage: ImageStorage, store: Tenant, file: { stream: Readable & { truncated?: boolean } }) {
  const bytes = await readLimited(file.stream, ctx.config.uploadMaxBytes);
  if (bytes.length === 0) throw badRequest(FILE_MESSAGES.noFile);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    throw badRequest(FILE_MESSAGES.notAnImage);
  }
  const format = metadata.format ? ACCEPTED_FORMATS[metadata.format] : undefined;
  if (!format || !metadata.width || !metadata.height) throw badRequest(FILE_MESSAGES.notAnImage);

  let web: { data: Buffer; info: OutputInfo };
  try {
    web = await sharp(bytes, { animated: (metadata.pages ?? 1) > 1 })
      .rotate()
      .resize({ width: WEB_IMAGE_MAX_SIDE, height: WEB_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // the header parsed but the pixels do not (a truncated or corrupt file)
    throw badRequest(FILE_MESSAGES.notAnImage);
  }

  const name = crypto.randomBytes(12).toString('hex');
  const originalUrl = await storage.put(`${store.id}/${name}.${format.ext}`, bytes, format.contentType);
  const url = await storage.put(`${store.id}/${name}-web.webp`, web.data, 'image/webp');
  // what the store's images take, for its usage (GET /api/stores/usage)
  await filesRepository.insertImage(ctx.db, { storeId: store.id, url, originalUrl, bytes: web.data.length, originalBytes: bytes.length });
  return toUploadedImage({
    id: newImageId(store),
    url,
    originalUrl,
    width: web.info.width,
    height: web.info.pageHeight ?? web.info.height,
    format: metadata.format!,
    bytes: web.data.length,
  });
}
