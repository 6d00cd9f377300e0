// Browser-side keys named by the API contract (docs/api-foundation.md).
export const STORE_HANDLE_KEY = 'storeHandle';
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

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; path=/; max-age=0; SameSite=Lax`;
}
