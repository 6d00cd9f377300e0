import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import { bearer } from 'better-auth/plugins';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { findTenant } from '../tenancy/resolve-store.ts';
import { identityRepository } from './identity.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { isStoreOrigin, requestSourceOrigin, storeLinkOrigin, storeOrigins } from '../tenancy/origins.ts';

/**
 * Set by the /api/auth bridge (auth.routes.ts) on the request it hands to better-auth, after
 * dropping any the client sent: the store the request resolved to, and the client's address as
 * Fastify's trustProxy setting sees it.
 */
export const STORE_ID_HEADER = 'x-backroom-store-id';
export const CLIENT_IP_HEADER = 'x-backroom-client-ip';
/** The store's previous address the request came through (tenancy/resolve-store.ts), if any. */
export const STORE_ALIAS_HEADER = 'x-backroom-store-alias';

function rebase(url: string, origin: string): string {
  const u = new URL(url);
  return `${origin}${u.pathname}${u.search}`;
}

export function createAuth(opts: { db: Db; config: AppConfig; mailer: Mailer }) {
  const { db, config, mailer } = opts;

  const storeOf = async (request: Request | undefined) => {
    const storeId = request?.headers.get(STORE_ID_HEADER);
    const store = storeId ? await findTenant(db, storeId) : null;
    const aliasHost = request?.headers.get(STORE_ALIAS_HEADER);
    return store && aliasHost ? { ...store, aliasHost } : store;
  };

  /**
   * The store an account e-mail belongs to: the store the request was made through, and only when
   * the person joined it (a linked consigner or employee record there; an invited or unlinked record
   * does not count). Two more cases, for a sign-in nobody has proven yet: a reset or verification of
   * an unverified sign-in that joined no store (its address's owner takes it back: it holds
   * nothing), and a verification for an address the store has invited (the invitee proves the
   * address before accepting). Otherwise nothing is sent, and the caller still answers as if it had
   * been (docs/security.md "Identity model").
   */
  const recipientStore = async (request: Request | undefined, user: { id: string; email: string; emailVerified: boolean }, kind: 'reset' | 'verify') => {
    const store = await storeOf(request);
    if (!store) return null;
    const joined = await identityRepository.joinedStores(db, user.id);
    if (joined.includes(store.id)) return store;
    // A sign-in nobody has proven (a sign-up never verified, or one a store made for its record) is
    // the address's owner's to take: the mail goes to the address, and another store's dev mailbox
    // hides its link (docs/security.md "Whose e-mail is it").
    if (!user.emailVerified) return store;
    if (kind === 'verify' && (await identityRepository.hasPendingInvite(db, store.id, user.email))) return store;
    return null;
  };

  return betterAuth({
    secret: config.authSecret,
    // Links better-auth builds start here; each e-mail then moves them to its store's own origin.
    baseURL: config.appUrl,
    basePath: '/api/auth',
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification, rateLimit: schema.rateLimit },
    }),
    telemetry: { enabled: false },
    // A store's configured origins (and APP_URL; local origins in development), never the request's Host.
    trustedOrigins: async (request) => {
      if (!request) return [config.appUrl];
      const store = await storeOf(request);
      const own = storeOrigins(config, store);
      const source = requestSourceOrigin(request.headers.get('origin'), request.headers.get('referer'));
      return source && isStoreOrigin(config, store, source) ? [...own, new URL(source).origin] : own;
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      requireEmailVerification: false,
      // node's scrypt on libuv's thread pool, better-auth's format (password.ts): a sign-in does not
      // hold up the other requests while its hash is computed
      password: { hash: hashPassword, verify: verifyPassword },
      revokeSessionsOnPasswordReset: true,
      // The reset link reached the address: it is proven, as a verification link would prove it
      // (a consigner added by staff gets in with one e-mail: docs/people.md "Consigners").
      onPasswordReset: async ({ user }) => {
        if (!user.emailVerified) await identityRepository.markVerified(db, user.id);
      },
      sendResetPassword: async ({ user, url }, request) => {
        const store = await recipientStore(request, user, 'reset');
        if (!store) return;
        const link = rebase(url, storeLinkOrigin(config, store));
        await mailer.send({
          storeId: store.id,
          to: user.email,
          subject: 'Reset your Backroom password',
          text: `Hello ${user.name},\n\nUse this link to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: false,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }, request) => {
        const store = await recipientStore(request, user, 'verify');
        if (!store) return;
        const link = rebase(url, storeLinkOrigin(config, store));
        await mailer.send({
          storeId: store.id,
          to: user.email,
          subject: 'Verify your e-mail',
          text: `Hello ${user.name},\n\nConfirm your e-mail address by opening this link:\n${link}\n`,
        });
      },
    },
    // Per client address and auth path, in the database (rate_limit): holds across restarts and
    // instances. Failures per account are counted on top of this (throttle.ts).
    rateLimit: {
      enabled: config.authRateLimit,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: config.authSignInPerMinute },
        '/sign-up/email': { window: 60, max: 20 },
        '/request-password-reset': { window: 60, max: 10 },
        '/send-verification-email': { window: 60, max: 10 },
        '/reset-password': { window: 60, max: 10 },
        // Read-only and asked on every page load: not worth a database write each time.
        '/get-session': false,
      },
    },
    advanced: {
      useSecureCookies: config.env === 'production',
      // better-auth skips its Origin check under NODE_ENV=test; the tests must see what production does.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: {
      // A password change always ends the user's other sessions, whatever the client asks
      // (docs/security.md "Identity model"): whoever else held the old password is signed out.
      before: createAuthMiddleware(async (c) => {
        if (c.path === '/change-password' && c.body && typeof c.body === 'object') return { context: { body: { ...c.body, revokeOtherSessions: true } } };
      }),
    },
    plugins: [bearer()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
