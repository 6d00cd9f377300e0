import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { consignersRepository } from '../modules/consigners/consigners.repository.ts';
import { employeesRepository } from '../modules/employees/employees.repository.ts';
import { storesRepository } from '../modules/stores/stores.repository.ts';
import { identityRepository } from './identity.repository.ts';
import { isStoreOrigin, requestSourceOrigin, storeLinkOrigin, storeOrigins } from './origins.ts';

/**
 * Set by the /api/auth bridge (auth.routes.ts) on the request it hands to better-auth, after
 * dropping any the client sent: the store the request resolved to, and the client's address as
 * Fastify's trustProxy setting sees it.
 */
export const STORE_ID_HEADER = 'x-backroom-store-id';
export const CLIENT_IP_HEADER = 'x-backroom-client-ip';

function rebase(url: string, origin: string): string {
  const u = new URL(url);
  return `${origin}${u.pathname}${u.search}`;
}

export function createAuth(opts: { db: Db; config: AppConfig; mailer: Mailer }) {
  const { db, config, mailer } = opts;

  const storeOf = async (request: Request | undefined) => {
    const storeId = request?.headers.get(STORE_ID_HEADER);
    return storeId ? storesRepository.findById(db, storeId) : null;
  };

  /**
   * The store an account e-mail belongs to: the store the request was made through, and only when
   * the user is one of its consigners or employees. Otherwise nothing is sent, and the caller still
   * answers as if it had been (no way to learn which addresses have accounts where).
   */
  const recipientStore = async (request: Request | undefined, userId: string) => {
    const store = await storeOf(request);
    if (!store) return null;
    const [consigners, employees] = await Promise.all([consignersRepository.findByUserId(db, userId), employeesRepository.findByUserId(db, userId)]);
    const member = consigners.some((c) => c.storeId === store.id) || employees.some((e) => e.storeId === store.id);
    return member ? store : null;
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
      revokeSessionsOnPasswordReset: true,
      // The reset link reached the address: it is proven, as a verification link would prove it
      // (a consigner added by staff gets in with one e-mail: docs/people.md "Consigners").
      onPasswordReset: async ({ user }) => {
        if (!user.emailVerified) await identityRepository.markVerified(db, user.id);
      },
      sendResetPassword: async ({ user, url }, request) => {
        const store = await recipientStore(request, user.id);
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
        const store = await recipientStore(request, user.id);
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
    plugins: [bearer()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
