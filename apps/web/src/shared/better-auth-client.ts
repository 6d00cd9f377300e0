import { createAuthClient } from 'better-auth/react';
import { storeHeaders } from './api';

// better-auth lives under /api/auth on our own server (docs/api-foundation.md). Every auth call
// carries the picked store handle too, so e-mails and sessions are made for the right store.
// Loaded through getAuthClient (auth-client.ts) only.
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
