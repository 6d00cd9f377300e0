import { responses, ZConsignerDetailReport, ZDashboard } from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, requireStore } from '../../auth/actor.ts';
import { CSV_RESPONSES, sendCsv } from '../../http/csv.ts';
import { ZConsignerDetailReportQuery, ZDashboardQuery } from '@backroom/domain';
import { assertDashboardAccess, exportConsignerDetailReport, exportShopReport, getConsignerDetailReport, getDashboard } from './dashboard.service.ts';

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

    app.get(
      '/api/dashboard/consignerReport',
      { schema: { tags, summary: "One consigner's report of a period: cards against the previous period, four-point sales, items by status, category, location and age, best-selling and low-stock products", querystring: ZConsignerDetailReportQuery, response: responses(ZConsignerDetailReport) } },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Dashboard');
        assertDashboardAccess(actor);
        return { data: await getConsignerDetailReport(ctx, requireStore(request), request.query) };
      },
    );

    app.get(
      '/api/dashboard/consignerReport/export',
      { schema: { tags, summary: 'The consigner report of a period as CSV', querystring: ZConsignerDetailReportQuery, response: CSV_RESPONSES } },
      async (request, reply) => {
        const actor = await requireStaff(ctx, request, 'Dashboard');
        assertDashboardAccess(actor);
        return sendCsv(reply, 'consigner-report.csv', await exportConsignerDetailReport(ctx, requireStore(request), request.query));
      },
    );
  };
