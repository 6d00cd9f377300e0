import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { Database } from '../db/client.ts';
import { markDraining } from './health.ts';

/** Past this, a shutdown that is still waiting (a request or a job that does not end) exits anyway. */
const SHUTDOWN_LIMIT_MS = 30_000;

/**
 * A graceful stop (docs/operations.md "Stopping"): /readyz turns 503, the listener stops taking
 * connections while the requests under way finish (Fastify answers 503 to new requests on kept-alive
 * connections meanwhile), then the job queue stops after its running jobs (pg-boss graceful stop, in
 * app.ts's onClose), then the database closes. Resolves when everything is closed.
 */
export async function shutDown(app: FastifyInstance, ctx: AppContext, database: Database): Promise<void> {
  markDraining(ctx);
  app.log.info('shutting down: finishing the requests and jobs under way');
  // The listener closes the connections idle when it stops; one whose request ends later would stay
  // open until the client drops it (a kept-alive fetch waited the 72 s of Fastify's keep-alive), so
  // connections are closed as they become idle until the close is done.
  const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(closeIdle);
  }
  await database.close();
  app.log.info('shut down');
}

/** SIGTERM and SIGINT stop the server gracefully once; a second signal or the time limit exits at once. */
export function shutDownOnSignals(app: FastifyInstance, ctx: AppContext, database: Database): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info({ signal }, 'signal received');
    setTimeout(() => {
      app.log.error('shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    shutDown(app, ctx, database).then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
