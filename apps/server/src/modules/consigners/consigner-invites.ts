// Consigner invitations (docs/security.md "Identity model"): staff who add a consigner whose address
// already has a sign-in mail this invitation; the record is linked to that sign-in only when its
// person, signed in with the verified invited address, accepts it.
import crypto from 'node:crypto';
import { CONSIGNER_MESSAGES, type TConsignerInvite } from '@backroom/domain';
import type { AppContext } from '../../app-context.ts';
import type { Identity } from '../../auth/actor.ts';
import { storeLinkOrigin } from '../../tenancy/origins.ts';
import { sessionCacheOf } from '../../auth/session-cache.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { OutboxRow } from '../../mail/mailer.ts';
import { findTenant } from '../../tenancy/resolve-store.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { consignersRepository as repo, type ConsignerRow } from './consigners.repository.ts';

export const newInviteToken = () => crypto.randomBytes(24).toString('base64url');
const safeEqual = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The invitation e-mail, in the caller's transaction; its link comes from configuration, never the request. */
export async function enqueueConsignerInvite(ctx: AppContext, tx: DbOrTx, store: Tenant, c: ConsignerRow): Promise<OutboxRow> {
  // The handle picks the store where several share one origin (development, stores without a domain).
  const link = `${storeLinkOrigin(ctx.config, store)}/invite/consigner/${c.id}?token=${c.inviteToken}&store=${encodeURIComponent(store.handle)}`;
  return ctx.mailer.enqueue(tx, {
    storeId: store.id,
    to: c.email,
    subject: `${store.name} invites you to sell with them on Backroom`,
    text: `Hello ${c.firstName},\n\n${store.name} added you as a consigner. Sign in with this e-mail address and accept the invitation here:\n${link}\n\nIf you do not want to join, ignore this e-mail: nothing changes for your sign-in.\n`,
  });
}

function checkInvite(c: ConsignerRow | null, token: string | undefined): ConsignerRow {
  if (!c) throw notFound(CONSIGNER_MESSAGES.inviteNotFound);
  if (c.fbUserId) throw conflict(CONSIGNER_MESSAGES.inviteAccepted);
  if (!token || !c.inviteToken || !safeEqual(token, c.inviteToken)) throw forbidden(CONSIGNER_MESSAGES.inviteInvalid);
  return c;
}

/** GET /open/consigners/invite/{id}: what the invitation page shows, only with the invitation's token. */
export async function getConsignerInvite(ctx: AppContext, id: string, token: string | undefined): Promise<TConsignerInvite> {
  const c = checkInvite(await repo.findByIdAnyStore(ctx.db, id), token);
  const store = await findTenant(ctx.db, c.storeId);
  return { id: c.id, email: c.email, firstName: c.firstName, lastName: c.lastName, storeId: c.storeId, storeName: store?.name ?? '' };
}

/**
 * PUT /open/consigners/accept/{id}: links the invitation's record to the caller's sign-in. The caller
 * must be signed in with the invited address, verified (a token alone proves nothing: a store's own
 * dev mailbox can read it); accepting verifies nothing and enables no one staff disabled.
 */
export async function acceptConsignerInvite(ctx: AppContext, id: string, token: string | undefined, identity: Identity | null) {
  if (!identity) throw new AppError('UNAUTHORIZED', CONSIGNER_MESSAGES.inviteSignIn);
  const linked = await ctx.db.transaction(async (tx) => {
    const c = checkInvite(await repo.findByIdAnyStore(tx, id), token);
    if (identity.email.toLowerCase() !== c.email.toLowerCase()) throw forbidden(CONSIGNER_MESSAGES.inviteOtherAddress);
    if (!identity.emailVerified) throw forbidden(CONSIGNER_MESSAGES.inviteVerifyFirst, 'EMAIL_NOT_VERIFIED');
    if (await repo.employeeByEmailOrUser(tx, c.storeId, c.email, identity.userId)) throw conflict(CONSIGNER_MESSAGES.inviteEmployeeHere);
    if ((await repo.findByUserId(tx, identity.userId)).some((other) => other.storeId === c.storeId && !other.deletedAt)) throw conflict(CONSIGNER_MESSAGES.inviteAccepted);
    return (await repo.update(tx, c.storeId, c.id, { fbUserId: identity.userId, inviteToken: null }))!;
  });
  sessionCacheOf(ctx).invalidateUser(identity.userId);
  return { id: linked.id, storeId: linked.storeId };
}
