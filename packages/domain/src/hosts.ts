// Store addresses (domain, consignerUrl, inStoreUrl): the host names a store is resolved by
// (people doc section 1, "Each store is resolved by its domain"). Pure text rules (no URL parser:
// the domain package runs without the browser's or Node's globals).

/** The longest host name DNS allows. */
export const MAX_HOST_LENGTH = 253;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

/** Whether `host` (lower-case, no port) is a DNS name of at least two labels. */
export function isHostName(host: string): boolean {
  if (!host || host.length > MAX_HOST_LENGTH) return false;
  const labels = host.split('.');
  return labels.length >= 2 && labels.every((l) => LABEL.test(l));
}

/**
 * The host name a shop owner typed, as the server matches it against a request's Host: lower-case,
 * without scheme, port, path or trailing dot. 'https://Shop.Example.com/login' and
 * 'shop.example.com.' both give 'shop.example.com'. '' gives null; anything that is not a host name
 * of at least two ASCII labels (an IP literal in brackets, 'shop example', 'localhost', a user name
 * before '@', another scheme, an internationalised name not in its xn-- form) gives undefined.
 */
export function normaliseHost(input: string): string | null | undefined {
  let rest = input.trim();
  if (!rest) return null;
  const scheme = SCHEME.exec(rest);
  if (scheme) {
    if (!/^https?$/i.test(scheme[1])) return undefined;
    rest = rest.slice(scheme[0].length);
  }
  const authority = rest.split(/[/?#\\]/, 1)[0] ?? '';
  if (authority.includes('@')) return undefined;
  const port = /:(\d{1,5})$/.exec(authority);
  const host = (port ? authority.slice(0, port.index) : authority).toLowerCase().replace(/\.$/, '');
  return isHostName(host) ? host : undefined;
}

/**
 * A web address a store shows or links to (redirect URL, storefront URL, logo): http(s) with a host
 * name (or localhost), nothing a browser would read as script or another scheme. With
 * `allowRootPath`, a path of this site ('/uploads/...') too.
 */
export function isWebAddress(value: string, opts: { allowRootPath?: boolean } = {}): boolean {
  const v = value.trim();
  if (/[\s\\<>"]/.test(v)) return false;
  if (opts.allowRootPath && v.startsWith('/') && !v.startsWith('//')) return true;
  const scheme = SCHEME.exec(v);
  if (!scheme || !/^https?$/i.test(scheme[1])) return false;
  const authority = v.slice(scheme[0].length).split(/[/?#]/, 1)[0] ?? '';
  if (authority.includes('@')) return false;
  const port = /:(\d{1,5})$/.exec(authority);
  const host = (port ? authority.slice(0, port.index) : authority).toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || isHostName(host);
}
