// The consigner's requests at the end of a term and the reminder before it (docs/consignment-terms.md
// "The consigner's requests" and "Reminders"): pure rules, today passed in (the domain has no clock).
import { daysBetween, TERM_MESSAGES } from './consignment-terms.ts';
import { IN_STOCK_STATUSES } from './dashboard.ts';

/** What a consigner may ask for an item whose consignment has an end. */
export const TERM_REQUEST_KINDS = ['renew', 'pickup'] as const;
export type TermRequestKind = (typeof TERM_REQUEST_KINDS)[number];

/** A request is open until the consigner cancels it or staff act on the item. */
export const TERM_REQUEST_STATUSES = ['open', 'cancelled', 'closed'] as const;
export type TermRequestStatus = (typeof TERM_REQUEST_STATUSES)[number];

/** The words of the portal's buttons, the staff tag and the activity feed. */
export const TERM_REQUEST_LABELS: Record<TermRequestKind, { ask: string; asked: string; tag: string; log: string }> = {
  renew: { ask: 'Ask to renew', asked: 'Renewal requested', tag: 'Requested: renew', log: 'renew' },
  pickup: { ask: 'Ask to pick up', asked: 'Pickup requested', tag: 'Requested: pick up', log: 'pick up' },
};

export const TERM_REQUEST_MESSAGES = {
  otherOpen: 'This item already has an open request: cancel it first',
  notOpen: 'This request was already answered by the store',
  cancelled: 'Request cancelled',
  notFound: 'Request not found',
  onlyConsigners: 'Only the consigner of an item can ask this',
} as const;

/** Dates as the portal and the labels write them: "Dec 29, 2026" (a calendar day, no time zone involved). */
export function formatEndDate(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m[2]) - 1];
  return month ? `${month} ${Number(m[3])}, ${m[1]}` : day;
}

/**
 * What a consigner's request for `kind` does to an item: refused with the reason (not in stock, no
 * end, another kind already open), kept as the open one of the same kind (a request sent twice is
 * one), or made.
 */
export function termRequestOf(
  item: { status: string; endsOn: string | null },
  open: { kind: TermRequestKind } | null,
  kind: TermRequestKind,
): { kind: 'refuse'; reason: string } | { kind: 'same' } | { kind: 'create' } {
  if (!(IN_STOCK_STATUSES as readonly string[]).includes(item.status)) return { kind: 'refuse', reason: TERM_MESSAGES.notInStock };
  if (item.endsOn === null) return { kind: 'refuse', reason: TERM_MESSAGES.noEnd };
  if (open) return open.kind === kind ? { kind: 'same' } : { kind: 'refuse', reason: TERM_REQUEST_MESSAGES.otherOpen };
  return { kind: 'create' };
}

/**
 * Days before the end a reminder goes out when the store has not chosen (the store setting
 * `termReminderDays`, docs/consignment-terms.md "Reminders"): a week. 0 sends none.
 */
export const REMINDER_DAYS_BEFORE_END = 7;
/** The most days before an end a store may remind (two months: a reminder earlier than that is noise). */
export const TERM_REMINDER_DAYS_MAX = 60;

/**
 * Whether the reminder of an item ending on `endsOn` is due on `today`: from `daysBefore` days before
 * the end to the end itself (a day the job missed is caught up the next), once per end: `remindedFor`
 * is the end the last reminder was sent for, so a renewed item (a new end) gets one again.
 */
export function reminderDueOf(endsOn: string | null, today: string, remindedFor: string | null, daysBefore = REMINDER_DAYS_BEFORE_END): boolean {
  if (endsOn === null || remindedFor === endsOn || daysBefore <= 0) return false;
  const left = daysBetween(today, endsOn);
  return left >= 0 && left <= daysBefore;
}

/** The words a closed request leaves in the activity log: "closed: renewed". */
export const termRequestClosedText = (done: string) => `closed: ${done}`;
