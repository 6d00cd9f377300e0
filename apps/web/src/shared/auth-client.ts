import { createAuthClient } from 'better-auth/react';
import { storeHeaders } from './api';

// better-auth lives under /api/auth on our own server (docs/api-foundation.md). Every auth call
// carries the picked store handle too, so e-mails and sessions are made for the right store.
export const authClient = createAuthClient({
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: '/api/auth',
  fetchOptions: {
    credentials: 'include',
    onRequest(context) {
      for (const [key, value] of Object.entries(storeHeaders())) context.headers.set(key, value);
      return context;
    },
  },
});

/** better-auth answers `{ data, error }`; this turns an error into a thrown Error with its text. */
export async function authCall<T>(
  call: Promise<{ data: T | null; error: { message?: string; statusText?: string; status?: number } | null }>,
): Promise<T> {
  const { data, error } = await call;
  if (error) throw new Error(error.message || error.statusText || 'Request failed');
  return data as T;
}
