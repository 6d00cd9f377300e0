import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { resolvedActorOf } from '../auth/actor.ts';

/** Fields every later line of the request carries (Fastify's logger type omits pino's setBindings). */
const bindToRequest = (log: FastifyBaseLogger, fields: Record<string, string>) => (log as FastifyBaseLogger & { setBindings: (b: Record<string, string>) => void }).setBindings(fields);

/**
 * Every request's log lines carry its id (Fastify's reqId), its store once resolved, and its user once
 * the route has identified one; each request ends with one line (the request's method, path, host and
 * address, its status and time), which names both: "request completed", or "request errored" with the
 * error. One line, not Fastify's two (`OneLinePerRequest`), and the request's own logger given the
 * fields (`setBindings`), not a child logger made for each: pino's lines were a quarter of the
 * server's throughput under the busy hour (docs/scaling.md "Per request").
 */
export function registerRequestLogContext(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.store) bindToRequest(request.log, { storeId: request.store.id });
  });
  app.addHook('onSend', async (request) => {
    const pending = resolvedActorOf(request);
    if (!pending) return;
    const actor = await pending.catch(() => null);
    if (actor) bindToRequest(request.log, { userId: actor.identity.userId, actorId: actor.id, actor: actor.kind });
  });
}

/** Fastify's request lines (app.ts `logController`): none when a request comes in, one with the request when it ends. */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
