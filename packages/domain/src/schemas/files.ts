import { z } from 'zod';

/** POST /api/files/images: the stored image; `url` (the web version) is what a product or item keeps. */
export const ZUploadedImage = z.object({
  id: z.string(),
  url: z.string(),
  originalUrl: z.string(),
  width: z.number(),
  height: z.number(),
  format: z.string(),
  bytes: z.number(),
});
export type TUploadedImage = z.output<typeof ZUploadedImage>;
