import { responses, ZOutboxMail } from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff } from '../../auth/actor.ts';
import { listStoreMail } from './dev.service.ts';

/**
 * The dev mailbox. Registered only when the server runs with NODE_ENV=development (app.ts), so
 * production has no such route at all; Admins only, as it holds reset links.
 */
export const devRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/dev/outbox', { schema: { tags: ['dev'], summary: 'Dev mailbox (development mode only, Admins)', response: responses(z.array(ZOutboxMail)) } }, async (request) => ({
      data: await listStoreMail(ctx, await requireStaff(ctx, request)),
    }));
  };
