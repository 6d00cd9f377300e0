import { responses, ZActivityEmployees, ZActivityPage, ZItemLogs } from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, requireStaffAreaOrConsigner, requireStore } from '../../auth/actor.ts';
import { ZInventoryLogParams, ZInventoryLogsQuery } from '@backroom/domain';
import { findActivity, getItemLogs, listLogEmployees } from './activity.service.ts';

const tags = ['activity'];

/** Inventory logs (catalogue doc section 7): the Activity feed and an item's timeline. */
export const activityRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/inventoryLogs', { schema: { tags, summary: 'The activity feed, newest first', querystring: ZInventoryLogsQuery, response: responses(ZActivityPage) } }, async (request) => {
      const actor = await requireStaffAreaOrConsigner(ctx, request, 'Inventory');
      return { data: await findActivity(ctx, requireStore(request), actor, request.query) };
    });

    app.get('/api/inventoryLogs/employees', { schema: { tags, summary: "The store's employees, for the feed's Last Updated By filter", response: responses(ZActivityEmployees) } }, async (request) => {
      await requireStaff(ctx, request, 'Inventory');
      return { data: await listLogEmployees(ctx, requireStore(request)) };
    });

    app.get('/api/inventoryLogs/:id', { schema: { tags, summary: "An item's log entries, newest first", params: ZInventoryLogParams, response: responses(ZItemLogs) } }, async (request) => {
      const actor = await requireStaffAreaOrConsigner(ctx, request, 'Inventory');
      return { data: await getItemLogs(ctx, requireStore(request), actor, request.params.id) };
    });
  };
