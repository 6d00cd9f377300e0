import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { responses, ZSelfSignupBody, ZSignedInUser } from '@backroom/domain';
import type { AppContext } from '../../app-context.ts';
import { acceptTerms, createSelfConsigner, getSignedInUser, NEW_CONSIGNER_COOKIE } from './users.service.ts';

export const usersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/me', { schema: { tags: ['identity'], summary: 'The signed-in user of this store', response: responses(ZSignedInUser) } }, async (request, reply) => {
      const { user, createdFromSignup } = await getSignedInUser(ctx, request);
      if (createdFromSignup) reply.clearCookie(NEW_CONSIGNER_COOKIE, { path: '/' });
      // The dev mailbox route exists only in development mode (app.ts) and opens to Admins only.
      return { data: { ...user, devMailbox: ctx.config.env === 'development' && user.role === 'Admin' } };
    });
    app.post(
      '/api/consigners',
      { schema: { tags: ['identity'], summary: 'Create the consigner of the signed-in identity (self sign-up)', body: ZSelfSignupBody, response: responses(ZSignedInUser, 201) } },
      async (request, reply) => reply.status(201).send({ data: await createSelfConsigner(ctx, request, request.body) }),
    );
    app.post('/api/me/acceptTerms', { schema: { tags: ['identity'], summary: 'Accept the store terms', response: responses(ZSignedInUser) } }, async (request) => ({
      data: await acceptTerms(ctx, request),
    }));
  };
