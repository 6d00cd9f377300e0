import type { FastifyInstance } from 'fastify';
import { resolvedActorOf } from '../auth/actor.ts';

/**
 * Paths pino replaces with "[Redacted]" wherever a line carries them (docs/operations.md "Logs"):
 * credentials in headers, and the fields of a logged object that hold a password, a token, a bank
 * number or an integration's credentials. URLs lose their tokens in app.ts's req serializer.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'res.headers["set-auth-token"]',
  ...['password', 'newPassword', 'currentPassword', 'token', 'accessToken', 'refreshToken', 'apiKey', 'apiSecret', 'secret', 'clientSecret', 'accountNumber', 'routingNumber', 'bankAccount', 'credentials', 'cookie', 'authorization'].flatMap(
    (key) => [key, `*.${key}`],
  ),
];

/**
 * Every request's log lines carry its id (Fastify's reqId), its store once resolved, and its user once
 * the route has identified one: the "request completed" line of a signed-in request names both.
 */
export function registerRequestLogContext(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.store) return;
    request.log = request.log.child({ storeId: request.store.id });
    reply.log = request.log;
  });
  app.addHook('onSend', async (request, reply) => {
    const pending = resolvedActorOf(request);
    if (!pending) return;
    const actor = await pending.catch(() => null);
    if (actor) reply.log = reply.log.child({ userId: actor.identity.userId, actorId: actor.id, actor: actor.kind });
  });
}
