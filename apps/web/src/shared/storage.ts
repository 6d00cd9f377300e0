// Browser-side keys named by the API contract (docs/api-foundation.md).
const STORE_HANDLE_KEY = 'storeHandle';
export const SUPPORT_EMAIL_KEY = 'supportEmail';
export const NEW_CONSIGNER_COOKIE = 'newConsigner';
export const VERIFY_SENT_COOKIE = 'verificationEmailSent';

export function getStoreHandle(): string | null {
  try {
    return localStorage.getItem(STORE_HANDLE_KEY) || null;
  } catch {
    return null;
  }
}

export function setStoreHandle(handle: string): void {
  localStorage.setItem(STORE_HANDLE_KEY, handle);
}

/**
 * Which app this browser signed in to last ('employee' or 'consigner'): on the next visit the boot starts
 * that app's code while it still asks who is signed in (app/boot.ts). Only a hint: a wrong one loads a
 * chunk for nothing. Sign-out forgets it.
 */
const LAST_USER_KIND_KEY = 'lastUserKind';

export function getLastUserKind(): 'employee' | 'consigner' | null {
  try {
    const kind = localStorage.getItem(LAST_USER_KIND_KEY);
    return kind === 'employee' || kind === 'consigner' ? kind : null;
  } catch {
    return null;
  }
}

export function setLastUserKind(kind: 'employee' | 'consigner' | null): void {
  try {
    if (kind) localStorage.setItem(LAST_USER_KIND_KEY, kind);
    else localStorage.removeItem(LAST_USER_KIND_KEY);
  } catch {
    // private mode or storage full: the hint is only an optimisation
  }
}

/** Logout clears the picked store and its support address (spec: Staff menu, Logout). */
export function clearStoreChoice(): void {
  localStorage.removeItem(STORE_HANDLE_KEY);
  localStorage.removeItem(SUPPORT_EMAIL_KEY);
}

export function getCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const c = part.trim();
    if (c.startsWith(prefix)) return c.slice(prefix.length);
  }
  return null;
}

export function setCookie(name: string, value: string, maxAgeSeconds = 60 * 60 * 24 * 30): void {
  document.cookie = `${name}=${value}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax`;
}

