import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/client.ts';
import { tooManyRequests } from '../http/errors.ts';
import { throttleRepository } from './throttle.repository.ts';

/**
 * The one rate limiter of the server (docs/security.md, "Throttling" and "E-mail limits"): counters
 * per rule and per subject (an account, a client address, a device cookie, a sender, a recipient's
 * mailbox, a store, an invited person), in the database (auth_throttle) so they hold across
 * restarts and server instances, on top of better-auth's own per-address request limits (auth.ts).
 * - a `failure` rule counts failed attempts (sign-in): past `max` its subject is refused, the right
 *   password included, until `windowSeconds` have passed since the last failure;
 * - a `request` rule counts every request (the e-mail sending routes).
 * Every refusal is the same 429 (AppError TOO_MANY_REQUESTS, with Retry-After).
 */
export type ThrottleScope = 'account' | 'address' | 'device' | 'sender' | 'recipient' | 'store' | 'person';

export type ThrottleRule = {
  countOn: 'failure' | 'request';
  windowSeconds: number;
  limits: { scope: ThrottleScope; max: number }[];
  refusal: string;
};

const MINUTES_15 = 15 * 60;
const HOUR = 60 * 60;

/** Keyed by better-auth's path (after /api/auth), or by the route's name for our own e-mails. */
export const THROTTLE_RULES = {
  // `account` counts failures from browsers without that account's device cookie (a stranger's), so
  // a stranger's guesses never lock out a browser the person signed in from before; `device` counts
  // failures of one device cookie; `address` the failures from one client address, any account.
  '/sign-in/email': {
    countOn: 'failure',
    windowSeconds: MINUTES_15,
    limits: [
      { scope: 'account', max: 5 },
      { scope: 'address', max: 20 },
      { scope: 'device', max: 5 },
    ],
    refusal: 'Too many failed sign-in attempts.',
  },
  '/request-password-reset': {
    countOn: 'request',
    windowSeconds: MINUTES_15,
    limits: [
      { scope: 'account', max: 3 },
      { scope: 'address', max: 20 },
    ],
    refusal: 'Too many password reset e-mails were asked for.',
  },
  '/send-verification-email': {
    countOn: 'request',
    windowSeconds: MINUTES_15,
    limits: [
      { scope: 'account', max: 3 },
      { scope: 'address', max: 20 },
    ],
    refusal: 'Too many verification e-mails were asked for.',
  },
  // The counter's e-mailed receipts (modules/sales): per mailbox within the store (another store's
  // receipts never count), per employee sending, per store.
  '/sales/receipt': {
    countOn: 'request',
    windowSeconds: MINUTES_15,
    limits: [
      { scope: 'recipient', max: 3 },
      { scope: 'sender', max: 30 },
      { scope: 'store', max: 100 },
    ],
    refusal: 'Too many receipts were sent to this address.',
  },
  // The store-request e-mail to every consigner (modules/store-requests): one click e-mails the whole list.
  '/consigners/sendStoreRequestedItemsEmail': {
    countOn: 'request',
    windowSeconds: MINUTES_15,
    limits: [{ scope: 'store', max: 3 }],
    refusal: 'Too many store request e-mails were sent.',
  },
  // Store sign-up (POST /open/stores) mails an invite to any address, unauthenticated.
  '/stores/signup': {
    countOn: 'request',
    windowSeconds: HOUR,
    limits: [
      { scope: 'address', max: 5 },
      { scope: 'recipient', max: 3 },
    ],
    refusal: 'Too many stores were signed up.',
  },
  // Employee invites (create and resend): per invited person, per employee sending, per store.
  '/employees/invite': {
    countOn: 'request',
    windowSeconds: HOUR,
    limits: [
      { scope: 'person', max: 3 },
      { scope: 'sender', max: 30 },
      { scope: 'store', max: 100 },
    ],
    refusal: 'Too many invites were sent.',
  },
  // A host's "Check now" (modules/stores, store-hosts.service.ts) asks DNS and the host's web server
  // from this server: a store may check while it waits for its DNS, not make the server a prober.
  '/stores/hosts/verify': {
    countOn: 'request',
    windowSeconds: MINUTES_15,
    limits: [{ scope: 'store', max: 20 }],
    refusal: 'Too many host checks were asked for.',
  },
} satisfies Record<string, ThrottleRule>;

export type ThrottlePath = keyof typeof THROTTLE_RULES;
export type Throttled = { retryAfter: number; message: string };
/** Who a request counts against; a scope left out (or null) is not counted. */
export type ThrottleSubject = Partial<Record<ThrottleScope, string | null>>;

/** "Try again in 42 seconds." / "Try again in 15 minutes." */
export function tooManyMessage(refusal: string, retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return `${refusal} Try again in ${wait}.`;
}

type ThrottleKey = { key: string; max: number; scope: ThrottleScope };

const ruleOf = (path: string): ThrottleRule | undefined => (THROTTLE_RULES as Record<string, ThrottleRule>)[path];

function keysFor(path: string, rule: ThrottleRule, who: ThrottleSubject): ThrottleKey[] {
  return rule.limits.flatMap((limit): ThrottleKey[] => {
    const id = who[limit.scope];
    return id ? [{ key: `${path}|${limit.scope}|${id}`, max: limit.max, scope: limit.scope }] : [];
  });
}

export function createThrottle(db: Db, opts: { enabled: boolean }) {
  async function before(path: string, who: ThrottleSubject): Promise<Throttled | null> {
    const rule = ruleOf(path);
    if (!rule || !opts.enabled) return null;
    const keys = keysFor(path, rule, who);
    const now = new Date();
    const since = new Date(now.getTime() - rule.windowSeconds * 1000);
    const rows = await throttleRepository.findLive(db, keys.map((k) => k.key), since);
    let retryAfter = 0;
    for (const row of rows) {
      const limit = keys.find((k) => k.key === row.key)!;
      if (row.count >= limit.max) retryAfter = Math.max(retryAfter, (row.lastAt.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000);
    }
    if (retryAfter > 0) {
      const seconds = Math.ceil(retryAfter);
      return { retryAfter: seconds, message: tooManyMessage(rule.refusal, seconds) };
    }
    if (rule.countOn === 'request') for (const k of keys) await throttleRepository.bump(db, k.key, now, since);
    return null;
  }

  return {
    /** Refuses when a counter of this path is at its maximum; a per-request rule counts this request. */
    before,

    /** The same, throwing the server's one 429 when refused. */
    async enforce(path: ThrottlePath, who: ThrottleSubject): Promise<void> {
      const throttled = await before(path, who);
      if (throttled) throw tooManyRequests(throttled.message, throttled.retryAfter);
    },

    /** After better-auth answered: a failed sign-in counts; a successful one clears its account's and device's counts. */
    async after(path: string, who: ThrottleSubject, status: number): Promise<void> {
      const rule = ruleOf(path);
      if (!rule || !opts.enabled || rule.countOn !== 'failure') return;
      const keys = keysFor(path, rule, who);
      const now = new Date();
      const since = new Date(now.getTime() - rule.windowSeconds * 1000);
      if (status === 401) {
        for (const k of keys) await throttleRepository.bump(db, k.key, now, since);
      } else if (status >= 200 && status < 300) {
        // Not the address's: its failures are not wiped by signing in to another account.
        for (const k of keys) if (k.scope !== 'address') await throttleRepository.remove(db, k.key);
      }
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;

const throttles = new WeakMap<AppContext, Throttle>();
/** The app's limiter (one per app context). */
export function throttleOf(ctx: AppContext): Throttle {
  let t = throttles.get(ctx);
  if (!t) {
    t = createThrottle(ctx.db, { enabled: ctx.config.authRateLimit });
    throttles.set(ctx, t);
  }
  return t;
}
