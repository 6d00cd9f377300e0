// Rules for e-mail the server sends on someone's behalf (docs/security.md, "E-mail limits").

/**
 * The mailbox an address delivers to, for counting e-mails: case and surrounding spaces ignored,
 * and a `+tag` in the local part dropped (`Cust+1@Shop.com` and `cust@shop.com` are one mailbox).
 */
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${address.slice(at)}`;
}

/**
 * A name someone typed (a store's name), made safe to put into plain-text mail: mail programs turn
 * anything that looks like an address (`http://x`, `www.x`, `bank.com`) into a link, so a scheme's
 * `://` and the dots of a host name are broken (`bank[.]com`), and angle brackets are dropped.
 */
export function plainTextName(name: string): string {
  return name
    .replace(/[<>]/g, '')
    .replace(/:\/\//g, '[:]//')
    .replace(/([a-z0-9-])\.(?=[a-z0-9-]*[a-z][a-z0-9-]*\b)/gi, (_, before: string) => `${before}[.]`);
}
