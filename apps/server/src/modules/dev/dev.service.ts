import type { ZOutboxMail } from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { EmployeeActor } from '../../auth/actor.ts';
import { recipientStanding, type RecipientStanding } from '../../auth/identities.ts';
import { forbidden } from '../../http/errors.ts';
import { extractLinks } from '../../mail/mailer.ts';

const REDACTED_LINK = '[link hidden: this person has not joined this store]';

/**
 * A mail's links are a credential of its recipient (reset, verification, invitation tokens). The
 * store's Admin reads them only for a person who joined the store, or for an address nobody has
 * proven yet (no verified sign-in, no store joined: a new person being invited or signing up here,
 * who holds nothing another store could lose), reset links excepted. Everyone else's are redacted (docs/security.md
 * "Identity model", "Dev mailbox").
 */
function showsLinks(standing: RecipientStanding | undefined, text: string): boolean {
  if (!standing || standing.joinedHere) return true;
  // A reset link is shown to the store of a member only: it would make its reader the sign-in's owner.
  return !standing.verified && !standing.joinedAnywhere && !text.includes('/reset-password');
}

/** The dev mailbox of an Admin: their own store's e-mails only, links redacted as above. */
export async function listStoreMail(ctx: AppContext, actor: EmployeeActor): Promise<z.input<typeof ZOutboxMail>[]> {
  if (actor.role !== 'Admin') throw forbidden('Only an Admin can open the dev mailbox');
  const rows = await ctx.mailer.list(actor.storeId);
  const standing = await recipientStanding(ctx, actor.storeId, rows.map((r) => r.to));
  return rows.map((r) => {
    const shown = showsLinks(standing.get(r.to.toLowerCase()), r.text);
    const text = shown ? r.text : r.text.replace(/https?:\/\/[^\s"'<>]+/g, REDACTED_LINK);
    return { id: r.id, to: r.to, subject: r.subject, text, html: shown ? r.html : null, links: shown ? extractLinks(r.text) : [], createdAt: r.createdAt.toISOString() };
  });
}
