// Sign-in identities handled for someone else (staff acting for a consigner): looked up, created
// without a password, given a password, or sent better-auth's reset and verification e-mails. All
// through better-auth's own context and handler, so hashing, tokens and links are its own.
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { mailboxKey } from '@backroom/domain';
import { AppError, tooManyRequests } from '../http/errors.ts';
import type { Tenant } from '../tenancy/tenant.ts';
import { CLIENT_IP_HEADER, recipientStandingOf, STORE_ID_HEADER, type RecipientStanding } from '../sign-in/index.ts';
import { sessionCacheOf } from './session-cache.ts';
import { throttleOf } from '../shared/throttle.ts';

export type { RecipientStanding };

type IdentityRecord = { id: string; email: string; name: string; emailVerified: boolean };

export async function findIdentityByEmail(ctx: AppContext, email: string): Promise<IdentityRecord | null> {
  const c = await ctx.auth.$context;
  const found = await c.internalAdapter.findUserByEmail(email.toLowerCase());
  return found ? { id: found.user.id, email: found.user.email, name: found.user.name, emailVerified: found.user.emailVerified } : null;
}

/** A new identity with no password yet (a reset e-mail or an Admin sets it), e-mail not verified. */
export async function createIdentity(ctx: AppContext, input: { email: string; name: string }): Promise<IdentityRecord> {
  const c = await ctx.auth.$context;
  const u = await c.internalAdapter.createUser({ email: input.email.toLowerCase(), name: input.name, emailVerified: false }, { method: 'admin' });
  return { id: u.id, email: u.email, name: u.name, emailVerified: u.emailVerified };
}

/** Sets the identity's password (creating its credential account if it has none) and signs it out everywhere. */
export async function setIdentityPassword(ctx: AppContext, userId: string, password: string): Promise<void> {
  const c = await ctx.auth.$context;
  const hash = await c.password.hash(password);
  const credential = (await c.internalAdapter.findAccounts(userId)).find((a) => a.providerId === 'credential');
  if (credential) await c.internalAdapter.updatePassword(userId, hash);
  else await c.internalAdapter.createAccount({ userId, providerId: 'credential', accountId: userId, password: hash });
  await c.internalAdapter.deleteUserSessions(userId);
}

/**
 * Ends every session of the sign-in (a disable, a role change, a password set by staff): the next
 * request with any of them is refused, the session cache included.
 */
export async function endSessions(ctx: AppContext, userId: string): Promise<void> {
  const c = await ctx.auth.$context;
  await c.internalAdapter.deleteUserSessions(userId);
  sessionCacheOf(ctx).invalidateUser(userId);
}

/** better-auth's change-password for the signed-in caller: the current password must be right. */
export async function changeOwnPassword(ctx: AppContext, request: FastifyRequest, currentPassword: string, newPassword: string): Promise<boolean> {
  try {
    await ctx.auth.api.changePassword({ body: { currentPassword, newPassword, revokeOtherSessions: true }, headers: fromNodeHeaders(request.headers) });
    return true;
  } catch (err) {
    if (err && typeof err === 'object' && 'statusCode' in err && (err as { statusCode: number }).statusCode === 400) return false;
    throw err;
  }
}

type AuthMailPath = '/request-password-reset' | '/send-verification-email';

/**
 * Sends better-auth's reset or verification e-mail for an address, as POST /api/auth{path} would
 * through this store: under the same per-account and per-address limits (shared/throttle.ts; 429 when
 * over), and only to a consigner or employee of the store (auth.ts recipientStore). The answer says
 * nothing of whether the address has an account.
 */
export async function sendAuthMail(ctx: AppContext, store: Tenant, path: AuthMailPath, email: string, ip: string): Promise<void> {
  await throttleOf(ctx).enforce(path, { account: mailboxKey(email), address: ip });
  const body = path === '/request-password-reset' ? { email, redirectTo: '/reset-password' } : { email, callbackURL: '/signupSplash' };
  const headers = new Headers({ 'content-type': 'application/json', [STORE_ID_HEADER]: store.id, [CLIENT_IP_HEADER]: ip });
  const response = await ctx.auth.handler(new Request(new URL(`/api/auth${path}`, ctx.config.appUrl), { method: 'POST', headers, body: JSON.stringify(body) }));
  if (response.status === 429) throw tooManyRequests('Too many requests. Try again in a minute.', 60);
  if (!response.ok) {
    ctx.log.warn({ status: response.status, path }, 'auth e-mail not sent');
    throw new AppError('INTERNAL', 'The e-mail could not be sent');
  }
}

/**
 * Whether each address belongs to an identity, verified, and a member of this store or of any: what
 * the dev mailbox may show of a mail's links (docs/security.md, "Dev mailbox").
 */
export async function recipientStanding(ctx: AppContext, storeId: string, emails: readonly string[]): Promise<Map<string, RecipientStanding>> {
  return recipientStandingOf(ctx.db, storeId, emails);
}
