import { responses, ZAutoPayoutRetry, ZRetryAutoPayoutBody } from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context.ts';
import { requireStaff, requireStore } from '../../../auth/actor.ts';
import { registerAutoPayoutJobs } from './auto-payout-job.ts';
import { retryAutoPayout } from './auto-payout-queue.ts';

/** Automated payouts (people doc section 7; docs/payouts-automated.md). Orders access, as every payout call. */
export const autoPayoutRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerAutoPayoutJobs(ctx);

    app.post(
      '/api/checkbook/retryAutoPayout',
      {
        schema: {
          tags: ['payouts'],
          summary: "Send a Failed payout's unpaid automated cheques again (of the named consigners, or all); nobody is paid twice. Follow it at GET /api/jobs/{id}",
          body: ZRetryAutoPayoutBody,
          response: responses(ZAutoPayoutRetry),
        },
      },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Orders');
        return { data: await retryAutoPayout(ctx, requireStore(request), actor, request.body) };
      },
    );
  };
