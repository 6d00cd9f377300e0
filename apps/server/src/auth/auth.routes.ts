import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app-context.ts';

/** Hands /api/auth/* to better-auth (sign-up, sign-in, sign-out, verification, password reset). */
export const authRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const url = new URL(request.url, `${request.protocol}://${request.headers.host ?? 'localhost'}`);
        const headers = new Headers();
        for (const [key, value] of Object.entries(request.headers)) {
          if (value === undefined) continue;
          headers.set(key, Array.isArray(value) ? value.join(', ') : String(value));
        }
        const body = request.method === 'GET' || request.body === undefined ? undefined : JSON.stringify(request.body);
        const response = await ctx.auth.handler(new Request(url, { method: request.method, headers, body }));
        reply.status(response.status);
        response.headers.forEach((value, key) => {
          if (key.toLowerCase() !== 'set-cookie') reply.header(key, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        const text = await response.text();
        return reply.send(text.length ? text : null);
      },
    });
  };
