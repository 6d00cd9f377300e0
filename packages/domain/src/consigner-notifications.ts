// The consigner's notification e-mails (docs/consigner-portal.md "Notification e-mails"): who gets
// one, and its subject and plain text. One e-mail per consigner per action lists every item of theirs
// the action touched. The store's own paragraph (store settings emailMsgs / marketplaceEmailMsgs) takes
// the place of the default one; the facts, the item list and the link are always ours.
import { ONLINE_MARKETPLACE } from './constants.ts';
import { formatMoney } from './money.ts';
import { DEFAULT_NOTIFICATION_SETTINGS, type TNotificationSettings } from './schemas/consigner.ts';
import type { EmailMessageEvent } from './schemas/store-settings.ts';
import { formatEndDate } from './term-requests.ts';
import { cleanText } from './text.ts';

/** What happened; each kind belongs to one of the consigner's preferences (NOTICE_EVENT). */
export const NOTICE_KINDS = [
  'requestAccepted',
  'inventoryAccepted',
  'sold',
  'payout',
  'priceAccepted',
  'priceDeclined',
  'withdrawalAccepted',
  'withdrawalDeclined',
  // a reminder before the consignment ends (docs/consignment-terms.md "Reminders")
  'termEnding',
  'markedDown',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_EVENT = {
  requestAccepted: 'onInventoryAccept',
  inventoryAccepted: 'onInventoryAccept',
  sold: 'onProductSold',
  payout: 'onPayout',
  priceAccepted: 'onPriceAcceptOrDecline',
  priceDeclined: 'onPriceAcceptOrDecline',
  withdrawalAccepted: 'onWithdrawAcceptOrDecline',
  withdrawalDeclined: 'onWithdrawAcceptOrDecline',
  termEnding: 'onConsignmentEnding',
  // a markdown is a change of the item's price: the consigner's price-change preference
  markedDown: 'onPriceAcceptOrDecline',
} as const satisfies Record<NoticeKind, EmailMessageEvent>;

/** The portal screen an e-mail links to. */
export const NOTICE_PATH = {
  requestAccepted: '/dropoffPending',
  inventoryAccepted: '/inventory',
  sold: '/inventory',
  payout: '/payouts',
  priceAccepted: '/inventory',
  priceDeclined: '/inventory',
  withdrawalAccepted: '/inventory',
  withdrawalDeclined: '/inventory',
  termEnding: '/inventory',
  markedDown: '/inventory',
} as const satisfies Record<NoticeKind, string>;

/** At most this many items are written out; the rest are counted (the link shows them all). */
export const NOTICE_MAX_LINES = 200;

export type NoticeRecipient = {
  email: string | null;
  deletedAt: Date | string | null;
  isStoreAccount: boolean;
  emailNotifications: boolean;
  notificationSettings: Partial<TNotificationSettings> | null;
};

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

/**
 * Whether this consigner gets the e-mail of this kind: an address, not archived, not the store's own
 * account, the master flag on and the event's preference on (an absent preference is on, as in
 * DEFAULT_NOTIFICATION_SETTINGS).
 */
export function wantsNotice(c: NoticeRecipient, kind: NoticeKind): boolean {
  if (!c.email || !EMAIL_SHAPE.test(c.email.trim()) || c.deletedAt || c.isStoreAccount || !c.emailNotifications) return false;
  const event = NOTICE_EVENT[kind];
  return c.notificationSettings?.[event] ?? DEFAULT_NOTIFICATION_SETTINGS[event];
}

/** One item of the e-mail; money in minor units. */
export type NoticeLine = {
  code: string;
  title: string;
  size?: string | null;
  location?: string | null;
  /** The item's price (for a price change: the price it now has). */
  price?: number | null;
  /** A markdown's price before it. */
  wasPrice?: number | null;
  /** What the consigner gets: the item's payout (sold) or the amount paid (payout). */
  payout?: number | null;
  /** The last day of the item's consignment ('YYYY-MM-DD'), for the reminder before it. */
  endsOn?: string | null;
};

export type StoreTexts = { emailMsgs: Record<string, string> | null; marketplaceEmailMsgs: Record<string, string> | null };

/** Keeps line breaks and drops other control characters of a store's paragraph; empty is none. */
function cleanParagraph(text: string | null | undefined): string | null {
  const cleaned = cleanText(text ?? '', { oneLine: false });
  return cleaned || null;
}

/**
 * The store's paragraph for this e-mail: the marketplace one when every item is at ONLINE
 * MARKETPLACE and the store wrote one, else the store's own, else null (the default is used).
 */
export function storeParagraph(store: StoreTexts, kind: NoticeKind, lines: Pick<NoticeLine, 'location'>[]): string | null {
  const event = NOTICE_EVENT[kind];
  const marketplace = lines.length > 0 && lines.every((l) => l.location === ONLINE_MARKETPLACE);
  return (marketplace ? cleanParagraph(store.marketplaceEmailMsgs?.[event]) : null) ?? cleanParagraph(store.emailMsgs?.[event]);
}

const DEFAULT_PARAGRAPH: Record<NoticeKind, (store: string) => string> = {
  requestAccepted: (s) => `${s} accepted your request to sell the items below. Please bring them to the store so they can be checked in.`,
  inventoryAccepted: (s) => `${s} checked in your drop-off: the items below are accepted and now for sale.`,
  sold: () => 'Good news: the items below have sold. Their payout is added to your balance and paid to you with a coming payout.',
  payout: (s) => `${s} has paid you for the items below.`,
  priceAccepted: (s) => `${s} accepted your price change: the items below now sell at their new price.`,
  priceDeclined: (s) => `${s} declined your price change: the items below keep their price.`,
  withdrawalAccepted: (s) => `${s} accepted your withdrawal request. Please collect the items below from the store.`,
  withdrawalDeclined: (s) => `${s} declined your withdrawal request: the items below stay for sale. Please contact the store with any questions.`,
  termEnding: (s) => `The consignment of the items below with ${s} ends soon. To keep them for sale, ask to renew from your inventory; to take them back, ask to pick up.`,
  markedDown: (s) => `${s} marked down the items below, as the markdown schedule of your consignment terms sets (never below your minimum price).`,
};

const count = (n: number) => (n === 1 ? 'an item' : `${n} items`);

const SUBJECT: Record<NoticeKind, (store: string, n: number) => string> = {
  requestAccepted: (s, n) => `${s}: your drop-off request for ${count(n)} was accepted`,
  inventoryAccepted: (s, n) => `${s}: ${count(n)} of yours accepted and for sale`,
  sold: (s, n) => `${s}: you sold ${count(n)}`,
  payout: (s) => `${s}: you have been paid`,
  priceAccepted: (s, n) => `${s}: price change accepted for ${count(n)}`,
  priceDeclined: (s, n) => `${s}: price change declined for ${count(n)}`,
  withdrawalAccepted: (s, n) => `${s}: withdrawal accepted for ${count(n)}`,
  withdrawalDeclined: (s, n) => `${s}: withdrawal declined for ${count(n)}`,
  termEnding: (s, n) => `${s}: the consignment of ${count(n)} ends soon`,
  markedDown: (s, n) => `${s}: ${count(n)} marked down`,
};

const LINK_LINE: Record<NoticeKind, string> = {
  requestAccepted: 'See your drop-offs',
  inventoryAccepted: 'See your inventory',
  sold: 'See your inventory',
  payout: 'See your payouts',
  priceAccepted: 'See your inventory',
  priceDeclined: 'See your inventory',
  withdrawalAccepted: 'See your inventory',
  withdrawalDeclined: 'See your inventory',
  termEnding: 'Renew or pick up from your inventory',
  markedDown: 'See your inventory',
};

/** A header value on one line: the store's name may not add headers or lines to the subject. */
const oneLine = (s: string) => cleanText(s, { oneLine: true });

function lineOf(kind: NoticeKind, l: NoticeLine, currency: string): string {
  const money = (minor: number | null | undefined) => (typeof minor === 'number' ? formatMoney(minor, currency) : null);
  const name = [oneLine(l.title), l.size ? oneLine(l.size) : null].filter(Boolean).join(', ');
  const detail = (() => {
    switch (kind) {
      case 'sold':
        return [money(l.price) && `sold for ${money(l.price)}`, money(l.payout) && `your payout ${money(l.payout)}`].filter(Boolean).join(', ');
      case 'payout':
        return money(l.payout) ?? '';
      case 'priceAccepted':
        return money(l.price) ? `new price ${money(l.price)}` : '';
      case 'priceDeclined':
        return money(l.price) ? `price stays ${money(l.price)}` : '';
      case 'markedDown':
        return [money(l.wasPrice) && `was ${money(l.wasPrice)}`, money(l.price) && `now ${money(l.price)}`].filter(Boolean).join(', ');
      case 'termEnding':
        return l.endsOn ? `ends ${formatEndDate(l.endsOn)}` : '';
      case 'requestAccepted':
      case 'inventoryAccepted':
        return money(l.price) ? `price ${money(l.price)}` : '';
      default:
        return '';
    }
  })();
  return `- ${name} (${oneLine(l.code)})${detail ? `: ${detail}` : ''}`;
}

export type NoticeInput = {
  kind: NoticeKind;
  storeName: string;
  currency: string;
  firstName: string;
  lines: NoticeLine[];
  /** The store's paragraph (storeParagraph), or null for ours. */
  paragraph: string | null;
  /** The portal screen, from configuration (never from a request's Host). */
  link: string;
  /** A payout's name and total, for the payout e-mail; `creditBonus` when it was taken as store credit (the store's bonus on it). */
  payout?: { name: string; total: number; creditBonus?: number | null } | null;
};

/** The e-mail's subject and plain text (there is no HTML part: nothing the store wrote is markup). */
export function composeNotice(input: NoticeInput): { subject: string; text: string } {
  const store = oneLine(input.storeName) || 'Your store';
  const n = input.lines.length;
  const shown = input.lines.slice(0, NOTICE_MAX_LINES).map((l) => lineOf(input.kind, l, input.currency));
  if (n > NOTICE_MAX_LINES) shown.push(`- and ${n - NOTICE_MAX_LINES} more`);
  const facts =
    input.kind === 'payout' && input.payout
      ? [
          `Payout ${oneLine(input.payout.name)}: ${formatMoney(input.payout.total, input.currency)}${n ? ` for ${count(n)}` : ''}` +
            (input.payout.creditBonus != null ? `, taken as store credit${input.payout.creditBonus > 0 ? ` with a store bonus of ${formatMoney(input.payout.creditBonus, input.currency)}` : ''}` : ''),
        ]
      : [];
  const greeting = oneLine(input.firstName) ? `Hi ${oneLine(input.firstName)},` : 'Hello,';
  const text = [greeting, input.paragraph ?? DEFAULT_PARAGRAPH[input.kind](store), ...facts, shown.join('\n'), `${LINK_LINE[input.kind]}: ${input.link}`, store]
    .filter((part) => part !== '')
    .join('\n\n');
  return { subject: oneLine(SUBJECT[input.kind](store, n)).slice(0, 200), text };
}
