import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff } from '../../auth/actor.ts';
import { notFound } from '../../http/errors.ts';

/** The dev mailbox: every e-mail the outbox holds, with its links. Staff only, never in production. */
export const devRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/dev/outbox', { schema: { tags: ['dev'], summary: 'Dev mailbox (not in production)' } }, async (request) => {
      if (ctx.config.env === 'production') throw notFound();
      const actor = await requireStaff(ctx, request);
      const rows = await ctx.mailer.list(actor.storeId);
      return { data: rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, html: r.html, links: r.links, createdAt: r.createdAt })) };
    });
  };
