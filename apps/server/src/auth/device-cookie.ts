import crypto from 'node:crypto';

// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser where
// a person signed in successfully gets a signed cookie naming them. A sign-in that shows a valid
// device cookie for the account it asks for is counted against that cookie only, so a stranger's
// wrong passwords (counted against the account for browsers without one) never lock the person's
// own browser out. docs/security.md, "Throttling".

export const DEVICE_COOKIE = 'backroom_device';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export type Device = { email: string; nonce: string };

const keyOf = (secret: string) => crypto.createHmac('sha256', secret).update('backroom device cookie').digest();
const sign = (secret: string, email: string, nonce: string) => crypto.createHmac('sha256', keyOf(secret)).update(`${email}|${nonce}`).digest('base64url');

/** The device a cookie value names, when its signature holds and it names `email`; else null. */
export function readDeviceCookie(secret: string, value: string | undefined, email: string | null): Device | null {
  if (!value || !email || value.length > 1000) return null;
  const [encodedEmail, nonce, signature] = value.split('.');
  if (!encodedEmail || !nonce || !signature) return null;
  const named = Buffer.from(encodedEmail, 'base64url').toString('utf8');
  if (named !== email) return null;
  const expected = Buffer.from(sign(secret, named, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? { email: named, nonce } : null;
}

/** A new device cookie for `email` (a fresh nonce: a new per-device failure count), as a Set-Cookie value. */
export function deviceCookieHeader(secret: string, email: string, secure: boolean): string {
  const nonce = crypto.randomBytes(16).toString('base64url');
  const value = `${Buffer.from(email, 'utf8').toString('base64url')}.${nonce}.${sign(secret, email, nonce)}`;
  return `${DEVICE_COOKIE}=${value}; Path=/api/auth; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
