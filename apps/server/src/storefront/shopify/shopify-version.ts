// The Admin API version Backroom speaks, and Shopify's support calendar for it (docs/storefront-sync.md
// "Moving to the next API version"). Shopify releases a stable version each quarter (YYYY-01, -04, -07,
// -10) on the first of its month and supports it for twelve months; a request to a version out of
// support is answered by the oldest supported one, which may differ in shape. A test fails when the pin
// is within SHOPIFY_VERSION_WARNING_DAYS of leaving support, so the move is made in time.

/** The one Admin API version Backroom speaks; its schema is the test fixture (apps/server/test/fixtures). */
export const SHOPIFY_API_VERSION = '2026-10';

/** How long before the end of support the pin must have moved on. */
export const SHOPIFY_VERSION_WARNING_DAYS = 90;

/** Months a stable version is supported from its release. */
const SUPPORT_MONTHS = 12;

const STABLE_VERSION = /^(\d{4})-(01|04|07|10)$/;

/** A stable version's release and end of support (UTC midnights). Throws on anything else ('unstable', 2026-02). */
export function shopifyVersionSupport(version: string): { version: string; releasedOn: Date; supportedUntil: Date } {
  const match = STABLE_VERSION.exec(version);
  if (!match) throw new Error(`'${version}' is not a stable Shopify API version (YYYY-01, -04, -07 or -10)`);
  const year = Number(match[1]);
  const month = Number(match[2]) - 1;
  return { version, releasedOn: new Date(Date.UTC(year, month, 1)), supportedUntil: new Date(Date.UTC(year, month + SUPPORT_MONTHS, 1)) };
}

/** Whole days from `today` until the version leaves support (negative once it has). */
export function shopifyVersionDaysLeft(version: string, today: Date): number {
  return Math.floor((shopifyVersionSupport(version).supportedUntil.getTime() - today.getTime()) / 86_400_000);
}

/** The stable versions released by `today`, newest first: where the pin can move to. */
export function releasedShopifyVersions(today: Date, count = 4): string[] {
  const out: string[] = [];
  let year = today.getUTCFullYear();
  let quarter = Math.floor(today.getUTCMonth() / 3);
  while (out.length < count) {
    out.push(`${year}-${String(quarter * 3 + 1).padStart(2, '0')}`);
    quarter -= 1;
    if (quarter < 0) {
      quarter = 3;
      year -= 1;
    }
  }
  return out;
}
