import { responses, ZDashboard } from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, requireStore } from '../../auth/actor.ts';
import { CSV_RESPONSES, sendCsv } from '../../http/csv.ts';
import { ZDashboardQuery } from './dashboard.schemas.ts';
import { assertDashboardAccess, exportShopReport, getDashboard } from './dashboard.service.ts';

const tags = ['dashboard'];

/** The owner's dashboard (catalogue doc sections 2, 3 and 9; docs/dashboard-and-activity.md): Admins with the Dashboard area. */
export const dashboardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dashboard',
      { schema: { tags, summary: 'The stat cards of a period against the previous one, daily sales, stock by status and age, top consigners', querystring: ZDashboardQuery, response: responses(ZDashboard) } },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Dashboard');
        assertDashboardAccess(actor);
        return { data: await getDashboard(ctx, requireStore(request), request.query) };
      },
    );

    app.get(
      '/api/dashboard/export',
      { schema: { tags, summary: 'The shop report of a period as CSV: stat cards with the previous period, daily series, stock by status and age, top consigners', querystring: ZDashboardQuery, response: CSV_RESPONSES } },
      async (request, reply) => {
        const actor = await requireStaff(ctx, request, 'Dashboard');
        assertDashboardAccess(actor);
        return sendCsv(reply, 'shop-report.csv', await exportShopReport(ctx, requireStore(request), request.query));
      },
    );
  };
