// Consignment terms (docs/consignment-terms.md): how long an accepted item stays, what a pickup
// before the minimum stay costs, what a renewal adds and costs, and what happens when the term is up.
// Dates are calendar days of the store ('YYYY-MM-DD'); today is always passed in, the domain has no clock.
import dayjs from 'dayjs';
import { z } from 'zod';
import { IN_STOCK_STATUSES } from './dashboard.ts';

export const END_OF_TERM_ACTIONS = ['return', 'donate', 'convert', 'renew'] as const;
export type EndOfTermAction = (typeof END_OF_TERM_ACTIONS)[number];

/** The words the activity feed and the screens use for each action ("term ended: donated"). */
export const END_OF_TERM_ACTION_LABELS: Record<EndOfTermAction, { action: string; done: string }> = {
  return: { action: 'Return to the consigner', done: 'returned' },
  donate: { action: 'Donate', done: 'donated' },
  convert: { action: 'Convert to store stock', done: 'converted to store stock' },
  renew: { action: 'Renew automatically', done: 'renewed' },
};

const DAYS_MAX = 3650;
const FEE_MAX = 100_000_000; // minor units: 1,000,000.00
const days = (label: string) => z.number({ error: `${label} must be a number of days` }).int(`${label} must be a whole number of days`).min(0, `${label} cannot be negative`).max(DAYS_MAX, `${label} can be at most ${DAYS_MAX} days`);
const fee = (label: string) => z.number({ error: `${label} must be an amount` }).int(`${label} must be in cents`).min(0, `${label} cannot be negative`).max(FEE_MAX, `${label} is too large`);

/** A consigner type's terms; the ones in force when an item is accepted are stored with the item. Fees in minor units. */
export const ZConsignmentTerms = z.object({
  /** null: the consignment never ends (today's behaviour). */
  periodDays: days('Consignment period').min(1, 'Consignment period must be at least 1 day').nullable(),
  /** 0: a pickup is never early. */
  minimumStayDays: days('Minimum stay'),
  earlyWithdrawalFee: fee('Early withdrawal fee'),
  /** null: a renewal adds the consignment period again. */
  renewalDays: days('Renewal period').min(1, 'Renewal period must be at least 1 day').nullable(),
  renewalFee: fee('Renewal fee'),
  endAction: z.enum(END_OF_TERM_ACTIONS, { error: 'Choose what happens when the term ends' }),
  graceDays: days('Days of grace'),
  markdownScheduleId: z.uuid('Choose a markdown schedule').nullable(),
});
export type ConsignmentTerms = z.infer<typeof ZConsignmentTerms>;

/** Terms that change nothing: no end, no early-pickup fee, no markdowns. */
export const NO_TERMS: ConsignmentTerms = {
  periodDays: null,
  minimumStayDays: 0,
  earlyWithdrawalFee: 0,
  renewalDays: null,
  renewalFee: 0,
  endAction: 'return',
  graceDays: 0,
  markdownScheduleId: null,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
function day(value: string, what: string) {
  const d = dayjs(value);
  if (!DAY.test(value) || !d.isValid() || d.format('YYYY-MM-DD') !== value) throw new RangeError(`${what} is not a calendar day: '${value}'`);
  return d;
}
const fmt = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return day(to, 'to').diff(day(from, 'from'), 'day');
}

export function addDays(date: string, n: number): string {
  return fmt(day(date, 'date').add(n, 'day'));
}

/** The last day of the consignment of an item accepted on `acceptedOn`, or null when the terms have no end. */
export function consignmentEndOf(acceptedOn: string, terms: Pick<ConsignmentTerms, 'periodDays'>): string | null {
  if (terms.periodDays === null) return null;
  return addDays(acceptedOn, terms.periodDays);
}

/**
 * The end after a renewal made on `today`: the renewal period (or the consignment period) added to
 * the current end, or to today when the term already ended, so a late renewal still gives a whole period.
 */
export function renewedEndOf(endsOn: string, today: string, terms: Pick<ConsignmentTerms, 'periodDays' | 'renewalDays'>): string {
  const length = terms.renewalDays ?? terms.periodDays;
  if (length === null) throw new RangeError('These terms have no period to renew');
  const from = daysBetween(today, endsOn) >= 0 ? endsOn : today;
  return addDays(from, length);
}

/** The end moved by staff ("extend"): never before today. */
export function extendedEndOf(endsOn: string | null, today: string, byDays: number): string {
  const from = endsOn && daysBetween(today, endsOn) >= 0 ? endsOn : today;
  return addDays(from, byDays);
}

export type TermState =
  | { state: 'open' } // no end
  | { state: 'running'; daysLeft: number }
  | { state: 'ending'; daysLeft: number } // ends within the window asked for
  | { state: 'grace'; daysOver: number } // ended, the automatic action waits for the grace days
  | { state: 'due'; daysOver: number }; // ended and past grace: the end-of-term action applies

/** Where an item stands on its term, for the expiring list (`withinDays`) and the daily job. */
export function termStateOf(endsOn: string | null, today: string, graceDays: number, withinDays = 0): TermState {
  if (endsOn === null) return { state: 'open' };
  const left = daysBetween(today, endsOn);
  if (left >= 0) return left <= withinDays ? { state: 'ending', daysLeft: left } : { state: 'running', daysLeft: left };
  const over = -left;
  return over > graceDays ? { state: 'due', daysOver: over } : { state: 'grace', daysOver: over };
}

/** The fee of a pickup on `today` of an item accepted on `acceptedOn`: the early-withdrawal fee inside the minimum stay, else 0. */
export function earlyWithdrawalFeeOf(acceptedOn: string | null, today: string, terms: Pick<ConsignmentTerms, 'minimumStayDays' | 'earlyWithdrawalFee'>): number {
  if (!acceptedOn || terms.minimumStayDays === 0) return 0;
  return daysBetween(acceptedOn, today) < terms.minimumStayDays ? terms.earlyWithdrawalFee : 0;
}

/** The terms an item carries: the ones locked at its acceptance, or none (accepted before terms existed). */
export const termsOf = (locked: ConsignmentTerms | null | undefined): ConsignmentTerms => locked ?? NO_TERMS;

/** The expiring list's window and a staff extension, in days (docs/consignment-terms.md "Expiring inventory"). */
export const EXPIRING_WINDOW_DAYS = { default: 14, max: 365 } as const;
export const EXTEND_DAYS_MAX = 365;

export const TERM_MESSAGES = {
  noEnd: 'This item has no consignment end',
  notRenewable: 'These terms have no period to renew',
  alreadyChanged: 'Already changed: the end date is no longer the one shown',
  notInStock: 'Not in stock any more',
  storeStock: 'Already store stock',
  noStoreAccount: 'This store has no store account to take the items: add one on Consigners first',
} as const;

/**
 * What a renewal sent for an item whose end the sender saw as `seenEndsOn` does on `today`.
 * The end is the item's state: when it is no longer the one seen, the renewal was already made
 * (a request sent twice) and nothing changes or is charged again.
 */
export type TermChange = { kind: 'change'; endsOn: string; fee: number } | { kind: 'skip'; reason: string };

export function renewalOf(item: { endsOn: string | null; terms: ConsignmentTerms }, seenEndsOn: string, today: string): TermChange {
  if (item.endsOn === null) return { kind: 'skip', reason: TERM_MESSAGES.noEnd };
  if (item.endsOn !== seenEndsOn) return { kind: 'skip', reason: TERM_MESSAGES.alreadyChanged };
  if ((item.terms.renewalDays ?? item.terms.periodDays) === null) return { kind: 'skip', reason: TERM_MESSAGES.notRenewable };
  return { kind: 'change', endsOn: renewedEndOf(item.endsOn, today, item.terms), fee: item.terms.renewalFee };
}

/** A staff extension by `byDays` of an item whose end the sender saw as `seenEndsOn`: no fee, same guard as a renewal. */
export function extensionOf(item: { endsOn: string | null }, seenEndsOn: string, today: string, byDays: number): TermChange {
  if (item.endsOn === null) return { kind: 'skip', reason: TERM_MESSAGES.noEnd };
  if (item.endsOn !== seenEndsOn) return { kind: 'skip', reason: TERM_MESSAGES.alreadyChanged };
  return { kind: 'change', endsOn: extendedEndOf(item.endsOn, today, byDays), fee: 0 };
}

/**
 * The end-of-term action the daily job applies to an item on `today`: its locked `endAction` once
 * the term has ended and its grace days are over (`termStateOf` 'due'), else null.
 */
export function dueEndActionOf(endsOn: string | null, today: string, terms: Pick<ConsignmentTerms, 'graceDays' | 'endAction'>): EndOfTermAction | null {
  return termStateOf(endsOn, today, terms.graceDays).state === 'due' ? terms.endAction : null;
}

/** The actions that end a term and take the item from the consigner (docs/consignment-terms.md "Expiring inventory"). */
export type TermEnding = Exclude<EndOfTermAction, 'renew'>;

/**
 * Whether `ending` may end this item's term now, or the reason it is skipped: only an item still in
 * stock (`IN_STOCK_STATUSES`) with a consignment end; a conversion only of an item the store does not
 * own yet. An item already ended (withdrawn, converted) is skipped, so a second send changes nothing.
 */
export function termEndingOf(
  item: { status: string; endsOn: string | null; isStoreStock: boolean },
  ending: TermEnding,
): { kind: 'end' } | { kind: 'skip'; reason: string } {
  if (!(IN_STOCK_STATUSES as readonly string[]).includes(item.status)) return { kind: 'skip', reason: TERM_MESSAGES.notInStock };
  if (ending === 'convert' && item.isStoreStock) return { kind: 'skip', reason: TERM_MESSAGES.storeStock };
  if (item.endsOn === null) return { kind: 'skip', reason: TERM_MESSAGES.noEnd };
  return { kind: 'end' };
}

/**
 * The store's calendar day of an instant. Stores have no time zone setting yet, so it is the UTC day,
 * as the dashboard's days are (docs/consignment-terms.md "Choices").
 */
export const storeDayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** A type's terms in a few words for the /fees table: "60 days, then return · 30-day minimum". */
export function termsSummaryOf(terms: Pick<ConsignmentTerms, 'periodDays' | 'minimumStayDays' | 'endAction'>): string {
  if (terms.periodDays === null) return terms.minimumStayDays > 0 ? `No end · ${terms.minimumStayDays}-day minimum` : 'No end';
  const end = `${terms.periodDays} days, then ${END_OF_TERM_ACTIONS_SHORT[terms.endAction]}`;
  return terms.minimumStayDays > 0 ? `${end} · ${terms.minimumStayDays}-day minimum` : end;
}
const END_OF_TERM_ACTIONS_SHORT: Record<EndOfTermAction, string> = { return: 'return', donate: 'donate', convert: 'convert', renew: 'renew' };
