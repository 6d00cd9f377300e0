// Store requests (docs/store-requests.md): what a store asks consigners for. A product with no units
// on hand (Active) at a location is requested there; staff may give the request a price range, which
// a consigner's answer must lie in (checkStoreRequestPrice, preapproval.ts).
import type { PriceRange } from './preapproval.ts';
import { cleanText } from './text.ts';

export const STORE_REQUEST_MESSAGES = {
  selectLocation: 'Select a store location to begin',
  linkCopied: 'Link copied!',
  emailSent: 'Email sent!',
  rangeSaved: 'Price range saved',
  rangeCleared: 'Price range removed',
  rangeOrder: 'The lowest price cannot be above the highest price',
  offered: 'Your offer has been sent to the store',
} as const;

/** A range staff may set: both ends at least 0, low not above high. */
export function checkPriceRangeInput(range: PriceRange): string | null {
  if (range.low < 0 || range.high < 0) return 'Prices cannot be negative';
  return range.low > range.high ? STORE_REQUEST_MESSAGES.rangeOrder : null;
}

/** The public catalogue's path: /catalogue/{handle}, with the location when one is chosen. */
export function cataloguePath(handle: string, location?: string | null): string {
  const base = `/catalogue/${encodeURIComponent(handle)}`;
  return location ? `${base}?location=${encodeURIComponent(location)}` : base;
}

export type StoreRequestRecipient = {
  email: string;
  deletedAt: Date | null;
  isActive: boolean;
  isStoreAccount: boolean;
  emailNotifications: boolean;
};

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

/**
 * Who gets the store-request e-mail: an enabled consigner with an address, not archived, not the
 * store's own account, whose e-mail notifications are on (the master flag: no event of the detailed
 * form is about store requests).
 */
export function wantsStoreRequestEmail(c: StoreRequestRecipient): boolean {
  return Boolean(c.email) && EMAIL_SHAPE.test(c.email.trim()) && !c.deletedAt && c.isActive && !c.isStoreAccount && c.emailNotifications;
}

// control characters are dropped from e-mail text
const clean = (s: string) => cleanText(s, { oneLine: false });

/** The e-mail inviting a consigner to answer the store's requests (plain text). */
export function composeStoreRequestEmail(m: { storeName: string; firstName: string; location: string | null; count: number; link: string }): { subject: string; text: string } {
  const store = clean(m.storeName);
  const where = m.location ? ` at ${clean(m.location)}` : '';
  const what = m.count === 1 ? '1 item' : `${m.count.toLocaleString('en-US')} items`;
  return {
    subject: `${store} is looking for items${where}`,
    text: [
      `Hi ${clean(m.firstName) || 'there'},`,
      '',
      `${store} is asking for ${what}${where}. See what the store is looking for and offer an item:`,
      m.link,
      '',
      'You receive this e-mail because e-mail notifications are on in your settings.',
    ].join('\n'),
  };
}
