import { mailboxKey } from '@backroom/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { tooManyRequests } from '../http/errors.ts';
import { CLIENT_IP_HEADER, STORE_ALIAS_HEADER, STORE_ID_HEADER } from '../sign-in/index.ts';
import { DEVICE_COOKIE, deviceCookieHeader, readDeviceCookie } from './device-cookie.ts';
import { tooManyMessage, type Throttle, type ThrottleSubject } from '../shared/throttle.ts';

type AuthAnswer = { status: number; headers: Record<string, string | string[]>; body: string | null };

const AUTH_BASE_PATH = '/api/auth';
const INTERNAL_HEADERS = new Set([STORE_ID_HEADER, STORE_ALIAS_HEADER, CLIENT_IP_HEADER]);

const SIGN_IN_PATH = '/sign-in/email';

const emailOf = (body: unknown): string | null => {
  const email = body && typeof body === 'object' ? (body as { email?: unknown }).email : undefined;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
};

/**
 * The server's one 429 (the error table's TOO_MANY_REQUESTS) in the shape of both envelopes: `{ error }`
 * for ours, `message` for better-auth's client.
 */
function tooMany(retryAfter: number, message: string): AuthAnswer {
  const refusal = tooManyRequests(message, retryAfter);
  return {
    status: refusal.status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': String(refusal.retryAfter) },
    body: JSON.stringify({ error: refusal.message, message: refusal.message, code: refusal.reason, retryAfter: refusal.retryAfter }),
  };
}

/**
 * One /api/auth request through the throttle and better-auth. The request better-auth sees carries
 * the resolved store and the client's address in headers only the server sets.
 */
export async function forwardAuthRequest(ctx: AppContext, throttle: Throttle, request: FastifyRequest): Promise<AuthAnswer> {
  // The URL's origin is the configured one: nothing downstream may build links from the Host header.
  const url = new URL(request.url, ctx.config.appUrl);
  const path = url.pathname.slice(AUTH_BASE_PATH.length);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || INTERNAL_HEADERS.has(key.toLowerCase())) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : String(value));
  }
  if (request.store) headers.set(STORE_ID_HEADER, request.store.id);
  if (request.store?.aliasHost) headers.set(STORE_ALIAS_HEADER, request.store.aliasHost);
  headers.set(CLIENT_IP_HEADER, request.ip);

  const email = emailOf(request.body);
  // A browser the person signed in from before (a valid device cookie for this account) is counted
  // on its own; any other source on the account and on its address.
  const device = path === SIGN_IN_PATH ? readDeviceCookie(ctx.config.authSecret, request.cookies?.[DEVICE_COOKIE], email) : null;
  // E-mails are counted per mailbox (`cust+1@` is `cust@`); sign-in failures per account.
  const account = path === SIGN_IN_PATH || !email ? email : mailboxKey(email);
  const who: ThrottleSubject = device ? { device: device.nonce } : { account, address: request.ip };
  const throttled = await throttle.before(path, who);
  if (throttled) return tooMany(throttled.retryAfter, throttled.message);

  const body = request.method === 'GET' || request.body === undefined ? undefined : JSON.stringify(request.body);
  const response = await ctx.auth.handler(new Request(url, { method: request.method, headers, body }));
  await throttle.after(path, who, response.status);

  if (response.status === 429) {
    // better-auth's own per-address limit: same answer, with the standard Retry-After.
    const retryAfter = Number(response.headers.get('x-retry-after')) || 60;
    return tooMany(retryAfter, tooManyMessage('Too many requests.', retryAfter));
  }
  const answerHeaders: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key.toLowerCase() !== 'set-cookie') answerHeaders[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (path === SIGN_IN_PATH && email && response.ok) cookies.push(deviceCookieHeader(ctx.config.authSecret, email, ctx.config.env === 'production'));
  if (cookies.length) answerHeaders['set-cookie'] = cookies;
  const text = await response.text();
  return { status: response.status, headers: answerHeaders, body: text.length ? text : null };
}
