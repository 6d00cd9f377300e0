import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { CLIENT_IP_HEADER, STORE_ALIAS_HEADER, STORE_ID_HEADER } from './auth.ts';
import { tooManyMessage, type Throttle } from './throttle.ts';

export type AuthAnswer = { status: number; headers: Record<string, string | string[]>; body: string | null };

const AUTH_BASE_PATH = '/api/auth';
const INTERNAL_HEADERS = new Set([STORE_ID_HEADER, STORE_ALIAS_HEADER, CLIENT_IP_HEADER]);

const emailOf = (body: unknown): string | null => {
  const email = body && typeof body === 'object' ? (body as { email?: unknown }).email : undefined;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
};

/** 429 in the shape of both envelopes: `{ error }` for ours, `message` for better-auth's client. */
function tooMany(retryAfter: number, message: string): AuthAnswer {
  return {
    status: 429,
    headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': String(retryAfter) },
    body: JSON.stringify({ error: message, message, code: 'TOO_MANY_REQUESTS', retryAfter }),
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

  const who = { email: emailOf(request.body), ip: request.ip };
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
  if (cookies.length) answerHeaders['set-cookie'] = cookies;
  const text = await response.text();
  return { status: response.status, headers: answerHeaders, body: text.length ? text : null };
}
