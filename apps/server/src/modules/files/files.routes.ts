import multipart from '@fastify/multipart';
import { responses, ZUploadedImage } from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireActor, requireStore } from '../../auth/actor.ts';
import { badRequest } from '../../http/errors.ts';
import { FILE_MESSAGES, uploadImage } from './files.service.ts';
import { imageStorageFor, type ImageStorage } from './image-storage.ts';

/** Image uploads for products and items. Any signed-in user of the store may upload. */
export const filesRoutes =
  (ctx: AppContext, storage: ImageStorage = imageStorageFor(ctx.config.uploadDir)): FastifyPluginAsyncZod =>
  async (app) => {
    // Scoped to this plugin: only the upload route parses multipart bodies.
    await app.register(multipart, { limits: { fileSize: ctx.config.uploadMaxBytes, files: 1, fields: 10, parts: 11 } });

    app.post(
      '/api/files/images',
      { schema: { tags: ['files'], summary: 'Upload one image (multipart field "file"); answers { url, id }', consumes: ['multipart/form-data'], response: responses(ZUploadedImage, 201) } },
      async (request, reply) => {
        await requireActor(ctx, request);
        if (!request.isMultipart()) throw badRequest(FILE_MESSAGES.notMultipart);
        const file = await request.file();
        if (!file) throw badRequest(FILE_MESSAGES.noFile);
        return reply.status(201).send({ data: await uploadImage(ctx, storage, requireStore(request), { stream: file.file }) });
      },
    );
  };
