import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { registerHealthRoutes } from './health.ts';
import { registerMetrics } from './metrics.ts';
import { registerRequestLogContext } from './request-log.ts';

export { OneLinePerRequest } from './request-log.ts';
export { redactLogLine } from './log-redaction.ts';
export { stdoutLogDestination } from './log-destination.ts';
export { shutDown, shutDownOnSignals } from './shutdown.ts';

/** Health, readiness, metrics and the request log's context (docs/operations.md). After the store hook. */
export function registerOperations(app: FastifyInstance, ctx: AppContext): void {
  registerRequestLogContext(app);
  registerMetrics(app, ctx);
  registerHealthRoutes(app, ctx);
}
