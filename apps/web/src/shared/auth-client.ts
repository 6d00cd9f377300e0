/**
 * better-auth's client, loaded on first use: signed-in screens call it only to sign out (and to read
 * the session of a user of another store), so it is not part of their first load; the sign-in page
 * starts loading it when it opens (bench/first-load.ts).
 */
export function getAuthClient() {
  return import('./better-auth-client').then((m) => m.authClient);
}

/** better-auth answers `{ data, error }`; this turns an error into a thrown Error with its text. */
export async function authCall<T>(
  call: Promise<{ data: T | null; error: { message?: string; statusText?: string; status?: number } | null }>,
): Promise<T> {
  const { data, error } = await call;
  if (error) throw new Error(error.message || error.statusText || 'Request failed');
  return data as T;
}
