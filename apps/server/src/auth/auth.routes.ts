import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { forwardAuthRequest } from './auth-bridge.ts';
import { throttleOf } from '../shared/throttle.ts';

/** Hands /api/auth/* to better-auth (sign-up, sign-in, sign-out, verification, password reset). */
export const authRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const throttle = throttleOf(ctx);
    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const answer = await forwardAuthRequest(ctx, throttle, request);
        reply.status(answer.status);
        for (const [key, value] of Object.entries(answer.headers)) reply.header(key, value);
        return reply.send(answer.body);
      },
    });
  };
