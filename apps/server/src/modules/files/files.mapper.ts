import type { ZUploadedImage } from '@backroom/domain';
import type { z } from 'zod';

type StoredImage = { id: string; url: string; originalUrl: string; width: number; height: number; format: string; bytes: number };

/** POST /api/files/images answer: `url` (the web version) is what a product or item stores. */
export function toUploadedImage(image: StoredImage): z.input<typeof ZUploadedImage> {
  return { id: image.id, url: image.url, originalUrl: image.originalUrl, width: image.width, height: image.height, format: image.format, bytes: image.bytes };
}
