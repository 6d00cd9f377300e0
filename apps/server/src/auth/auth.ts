import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { resolveStore } from '../tenancy/resolve-store.ts';

/** The origin a request was made to, so e-mailed links point back at the shop's own domain. */
export function originOf(request: Request | undefined, fallback: string): string {
  if (!request) return fallback;
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  if (!host) return fallback;
  const proto = request.headers.get('x-forwarded-proto') ?? new URL(request.url).protocol.replace(':', '');
  return `${proto}://${host}`;
}

function rebase(url: string, origin: string): string {
  const u = new URL(url);
  return `${origin}${u.pathname}${u.search}`;
}

export function createAuth(opts: { db: Db; secret: string; baseURL: string; mailer: Mailer }) {
  const { db, mailer } = opts;
  const storeIdFor = async (request: Request | undefined) =>
    request ? ((await resolveStore(db, request.headers.get('host') ?? undefined, request.headers.get('x-store-handle') ?? undefined))?.id ?? null) : null;

  return betterAuth({
    secret: opts.secret,
    baseURL: opts.baseURL,
    basePath: '/api/auth',
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification },
    }),
    telemetry: { enabled: false },
    // Shops live on many domains: a request's own origin is the one trusted origin.
    trustedOrigins: async (request) => (request ? [originOf(request, opts.baseURL)] : [opts.baseURL]),
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }, request) => {
        const link = rebase(url, originOf(request, opts.baseURL));
        await mailer.send({
          storeId: await storeIdFor(request),
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
        const link = rebase(url, originOf(request, opts.baseURL));
        await mailer.send({
          storeId: await storeIdFor(request),
          to: user.email,
          subject: 'Verify your e-mail',
          text: `Hello ${user.name},\n\nConfirm your e-mail address by opening this link:\n${link}\n`,
        });
      },
    },
    rateLimit: { enabled: false },
    plugins: [bearer()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
