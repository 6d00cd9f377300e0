import type { ZOutboxMail } from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { EmployeeActor } from '../../auth/actor.ts';
import { forbidden } from '../../http/errors.ts';

/** The dev mailbox of an Admin: their own store's e-mails only (reset and invite links included). */
export async function listStoreMail(ctx: AppContext, actor: EmployeeActor): Promise<z.input<typeof ZOutboxMail>[]> {
  if (actor.role !== 'Admin') throw forbidden('Only an Admin can open the dev mailbox');
  const rows = await ctx.mailer.list(actor.storeId);
  return rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, html: r.html, links: r.links, createdAt: r.createdAt.toISOString() }));
}
