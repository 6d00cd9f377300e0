import type { Db } from '../db/client.ts';
import { throttleRepository } from './throttle.repository.ts';

/**
 * Throttling per account (the e-mail address asked for) and per client address, on top of
 * better-auth's own per-address request limits (auth.ts). Counters live in the database
 * (auth_throttle), so they hold across restarts and across server instances.
 * - sign-in counts failures only: after `max` failures the account (or address) is refused, the
 *   right password included, until `windowSeconds` have passed since the last failure;
 * - the e-mail sending routes count every request.
 */
export type ThrottleRule = {
  countOn: 'failure' | 'request';
  windowSeconds: number;
  limits: { scope: 'account' | 'address'; max: number }[];
  refusal: string;
};

/** Keyed by better-auth's path (after /api/auth). */
export const THROTTLE_RULES: Record<string, ThrottleRule> = {
  '/sign-in/email': {
    countOn: 'failure',
    windowSeconds: 15 * 60,
    limits: [
      { scope: 'account', max: 5 },
      { scope: 'address', max: 20 },
    ],
    refusal: 'Too many failed sign-in attempts.',
  },
  '/request-password-reset': {
    countOn: 'request',
    windowSeconds: 15 * 60,
    limits: [{ scope: 'account', max: 3 }],
    refusal: 'Too many password reset e-mails were asked for.',
  },
  '/send-verification-email': {
    countOn: 'request',
    windowSeconds: 15 * 60,
    limits: [{ scope: 'account', max: 3 }],
    refusal: 'Too many verification e-mails were asked for.',
  },
  // Not a better-auth path: the counter's e-mailed receipts (modules/sales), per recipient address.
  '/sales/receipt': {
    countOn: 'request',
    windowSeconds: 15 * 60,
    limits: [{ scope: 'account', max: 3 }],
    refusal: 'Too many receipts were sent to this address.',
  },
  // Not a better-auth path: the store-request e-mail to every consigner (modules/store-requests), per
  // store (the "account" is the store id): one click e-mails the whole list, so 3 in 15 minutes.
  '/consigners/sendStoreRequestedItemsEmail': {
    countOn: 'request',
    windowSeconds: 15 * 60,
    limits: [{ scope: 'account', max: 3 }],
    refusal: 'Too many store request e-mails were sent.',
  },
};

export type Throttled = { retryAfter: number; message: string };
export type ThrottleSubject = { email: string | null; ip: string };

/** "Try again in 42 seconds." / "Try again in 15 minutes." */
export function tooManyMessage(refusal: string, retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return `${refusal} Try again in ${wait}.`;
}

type ThrottleKey = { key: string; max: number; scope: 'account' | 'address' };

function keysFor(path: string, rule: ThrottleRule, who: ThrottleSubject): ThrottleKey[] {
  return rule.limits.flatMap((limit): ThrottleKey[] => {
    if (limit.scope === 'account') return who.email ? [{ key: `${path}|account|${who.email}`, max: limit.max, scope: limit.scope }] : [];
    return [{ key: `${path}|address|${who.ip}`, max: limit.max, scope: limit.scope }];
  });
}

export function createThrottle(db: Db, opts: { enabled: boolean }) {
  return {
    /** Refuses when a counter of this path is at its maximum; a per-request rule counts this request. */
    async before(path: string, who: ThrottleSubject): Promise<Throttled | null> {
      const rule = THROTTLE_RULES[path];
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
    },

    /** After better-auth answered: a failed sign-in counts; a successful one clears its account's count. */
    async after(path: string, who: ThrottleSubject, status: number): Promise<void> {
      const rule = THROTTLE_RULES[path];
      if (!rule || !opts.enabled || rule.countOn !== 'failure') return;
      const keys = keysFor(path, rule, who);
      const now = new Date();
      const since = new Date(now.getTime() - rule.windowSeconds * 1000);
      if (status === 401) {
        for (const k of keys) await throttleRepository.bump(db, k.key, now, since);
      } else if (status >= 200 && status < 300) {
        // Only the account's own count: an address's failures are not wiped by signing in to another account.
        for (const k of keys) if (k.scope === 'account') await throttleRepository.remove(db, k.key);
      }
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
