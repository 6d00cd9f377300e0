// Store addresses (domain, consignerUrl, inStoreUrl): the host names a store is resolved by
// (people doc section 1, "Each store is resolved by its domain"). Pure: the URL parser is the
// platform's own (browser and Node alike).

/** The longest host name DNS allows. */
export const MAX_HOST_LENGTH = 253;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The host name a shop owner typed, as the server matches it against a request's Host: lower-case,
 * punycode, without scheme, port, path or trailing dot. 'https://Shop.Example.com/login' and
 * 'shop.example.com.' both give 'shop.example.com'. '' gives null; anything that is not a host name
 * with at least two labels (an IP address literal in brackets, 'shop example', 'localhost') gives
 * undefined.
 */
export function normaliseHost(input: string): string | null | undefined {
  const raw = input.trim();
  if (!raw) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw);
  if (hasScheme && !/^https?:\/\//i.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(hasScheme ? raw : `https://${raw}`);
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  const host = url.hostname.replace(/\.$/, '');
  if (!host || host.length > MAX_HOST_LENGTH) return undefined;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return undefined;
  return host;
}
