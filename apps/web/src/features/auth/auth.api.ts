import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SignedInUser, TConsignerInvite, ZEmployeeInvite } from '@backroom/domain';
import { ApiError, apiFetch, storeHeaders } from '../../shared/api';
import { authCall, getAuthClient } from '../../shared/auth-client';
import { clearStoreChoice, getLastUserKind, getStoreHandle, setLastUserKind } from '../../shared/storage';

/**
 * What GET /api/me tells us. A failed lookup counts as signed out (spec 8), except the
 * WRONG_STORE answer, which makes the web sign the user out (spec 2, guard 5).
 */
export type MeState =
  | { status: 'signedIn'; user: SignedInUser }
  | { status: 'signedOut'; reason: 'noSession' | 'noAccount' | 'unverified' | 'failed'; message?: string }
  | { status: 'wrongStore'; message: string };

export const authKeys = {
  me: (handle: string | null) => ['me', handle] as const,
  meAll: ['me'] as const,
  session: ['session'] as const,
};

/**
 * Whether this browser holds a session at all. better-auth's get-session answers a signed-out browser
 * 200 with null, where /api/me answers 401: a signed-out page asks only what a signed-out person may
 * ask, and the console stays clean (docs/web-defences.md "Signed-out pages"). Unsure (a failure):
 * true, so /api/me decides.
 */
async function hasSession(signal?: AbortSignal): Promise<boolean> {
  try {
    const response = await fetch('/api/auth/get-session', { headers: { Accept: 'application/json', ...storeHeaders() }, credentials: 'include', signal });
    if (!response.ok) return true;
    return (await response.json()) !== null;
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    return true;
  }
}

export async function fetchMe(signal?: AbortSignal): Promise<MeState> {
  // A browser that signed in here before (the lastUserKind hint) asks /api/me at once; any other
  // first asks whether it has a session, and a signed-out one stops there.
  if (getLastUserKind() === null && !(await hasSession(signal))) return { status: 'signedOut', reason: 'noSession' };
  try {
    const user = await apiFetch<SignedInUser>('/api/me', { signal });
    return { status: 'signedIn', user };
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 403 && error.code === 'WRONG_STORE') return { status: 'wrongStore', message: error.message };
      if (error.status === 401) return { status: 'signedOut', reason: 'noSession' };
      // A sign-up whose seller account waits for the e-mail to be verified (docs/security.md).
      if (error.status === 403 && error.code === 'EMAIL_NOT_VERIFIED') return { status: 'signedOut', reason: 'unverified', message: error.message };
      if (error.status === 404) return { status: 'signedOut', reason: 'noAccount', message: error.message };
      return { status: 'signedOut', reason: 'failed', message: error.message };
    }
    throw error;
  }
}

export function useMe() {
  return useQuery(meQuery());
}

/** The query of the signed-in user, shared by useMe and the start-up prefetch (app/boot.ts). */
export function meQuery() {
  return queryOptions({
    queryKey: authKeys.me(getStoreHandle()),
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 60 * 1000,
    retry: false,
  });
}

/**
 * The better-auth session: who is signed in with the identity provider, verified or not. `enabled`
 * false keeps it off a page's critical path where /api/me already says what the page needs.
 */
export function useSession(enabled = true) {
  return useQuery({
    enabled,
    queryKey: authKeys.session,
    queryFn: async () => {
      const { data, error } = await (await getAuthClient()).getSession();
      if (error) return null;
      return data ?? null;
    },
    staleTime: 30 * 1000,
    retry: false,
  });
}

export function useInvalidateAuth() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: authKeys.meAll }),
      queryClient.invalidateQueries({ queryKey: authKeys.session }),
    ]);
}

/** Signs out with the provider and forgets every cached server answer. */
export async function signOutEverywhere(options: { clearStore?: boolean } = {}): Promise<void> {
  try {
    await (await getAuthClient()).signOut();
  } catch {
    // Signing out must never leave the user stuck: the local state is cleared regardless.
  }
  setLastUserKind(null);
  if (options.clearStore) clearStoreChoice();
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: { clearStore?: boolean } = {}) => signOutEverywhere(options),
    onSettled: () => {
      queryClient.removeQueries({ queryKey: authKeys.meAll });
      queryClient.removeQueries({ queryKey: authKeys.session });
      queryClient.invalidateQueries();
    },
  });
}

export function useAcceptTerms() {
  return useMutation({
    mutationFn: () => apiFetch<SignedInUser>('/api/me/acceptTerms', { method: 'POST' }),
  });
}

/** GET /open/employees/{id}: the invite an employee opens (the domain's ZEmployeeInvite). */
export type Invite = z.output<typeof ZEmployeeInvite>;

export function useInvite(id: string, token: string, enabled = true) {
  return useQuery({
    queryKey: ['invite', id, token],
    queryFn: ({ signal }) => apiFetch<Invite>(`/open/employees/${encodeURIComponent(id)}`, { query: { token }, signal }),
    retry: false,
    enabled,
  });
}

/** PUT /open/employees/accept/{id}: links the sign-in just created (or signed in) to the invite. */
export function acceptInvite(id: string, token: string, fbUserId: string) {
  return apiFetch(`/open/employees/accept/${encodeURIComponent(id)}`, { method: 'PUT', body: { token, fbUserId } });
}

/** GET /open/consigners/invite/{id}: a consigner invitation (docs/security.md "Identity model"). */
export function useConsignerInvite(id: string, token: string, enabled = true) {
  return useQuery({
    queryKey: ['consigner-invite', id, token],
    queryFn: ({ signal }) => apiFetch<TConsignerInvite>(`/open/consigners/invite/${encodeURIComponent(id)}`, { query: { token }, signal }),
    retry: false,
    enabled,
  });
}

/** PUT /open/consigners/accept/{id}: links the signed-in (verified, invited) sign-in to the record. */
export function acceptConsignerInvite(id: string, token: string) {
  return apiFetch(`/open/consigners/accept/${encodeURIComponent(id)}`, { method: 'PUT', body: { token } });
}

interface SignInInput {
  email: string;
  password: string;
  remember: boolean;
}

export async function signIn(input: SignInInput) {
  return authCall((await getAuthClient()).signIn.email({ email: input.email, password: input.password, rememberMe: input.remember }));
}

export async function sendVerification(email: string) {
  return authCall((await getAuthClient()).sendVerificationEmail({ email, callbackURL: '/signupSplash' }));
}
