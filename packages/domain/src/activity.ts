// The Activity feed's wording and de-duplication (catalogue doc sections 2, 4 and 9).
import dayjs from 'dayjs';
import { inventoryFieldLabel } from './inventory-field-list.ts';

/** A log entry as the feed needs it (the API's ZInventoryLog has these fields and more). */
export type ActivityLogInput = {
  id: string;
  updatedAt: string;
  inventoryId: string;
  modifiedFields: readonly { variableChanged: string; beforeValue?: unknown; afterValue?: unknown; beforeLabel?: string | null; afterLabel?: string | null }[];
};

/**
 * One line of a card: "{field}: {from} -> {to}", or "{field}: {to}" when there was nothing before.
 * `reference` marks the line naming the payout the entry happened in (ACTIVITY_REFERENCE_FIELDS).
 */
export type ActivityChange = { field: string; from: string | null; to: string | null; reference?: true };

/** What a card says: a new item ('added this item') or the fields that changed. */
export type ActivityWording = { kind: 'added' } | { kind: 'changes'; changes: ActivityChange[] };

// An inventory item's fields as staff read them, the one table of the screens (the item's timeline,
// the Activity feed); the wording is the spec's (catalogue doc section 2: 'sub-location'). Others are
// split from camelCase ('trackingUrl' -> 'Tracking url').
export const INVENTORY_FIELD_LABELS: Readonly<Record<string, string>> = {
  consignerId: 'Owner',
  status: 'Status',
  option1Value: 'Size',
  option2Value: 'Condition',
  option3Value: 'Option 3',
  price: 'Price',
  requestedPrice: 'Requested price',
  payout: 'Payout',
  payoutFee: 'Fees',
  total: 'Total',
  cost: 'Cost',
  quantity: 'Quantity',
  location: 'Location',
  subLocation: 'Sub-location',
  notes: 'Notes',
  image: 'Image',
  trackingCode: 'Tracking code',
  acceptedOn: 'Accepted on',
  soldOn: 'Sold on',
  shippedOn: 'Shipped on',
  printed: 'Printed',
  isWithdrawnEarly: 'Withdrawn early',
  withdrawalFee: 'Withdrawal fee',
  withdrawalRequestedOn: 'Withdrawal requested on',
  withdrawalAcceptedOn: 'Withdrawal accepted on',
  withdrawalAcceptedBy: 'Withdrawal accepted by',
  withdrawalDeclinedOn: 'Withdrawal declined on',
  withdrawalDeclinedBy: 'Withdrawal declined by',
  paymentType: 'Payment type',
  buyingId: 'Buying id',
  orderId: 'Order',
  payoutId: 'Payout',
  deletedOn: 'Deleted on',
  termEnded: 'Term ended',
  renewalFee: 'Renewal fee',
  markdown: 'Markdown',
};

export function activityFieldLabel(field: string): string {
  // then the editable fields' own labels (inventory-field-list.ts)
  const known = INVENTORY_FIELD_LABELS[field] ?? inventoryFieldLabel(field);
  if (known) return known;
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as a card shows it; null for "nothing" (null, undefined, '', an empty list or object). */
export function activityValueText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? null : value.map((v) => activityValueText(v) ?? '').join(', ');
  if (typeof value === 'object') return Object.keys(value).length === 0 ? null : JSON.stringify(value);
  return null;
}

/**
 * Fields a card does not list: the ids of the order and purchase an item joined (a status change
 * beside them says what happened; the item screen links them).
 */
export const ACTIVITY_HIDDEN_FIELDS: readonly string[] = ['orderId', 'buyingId'];

/**
 * Fields a card names by what the server calls them (`beforeLabel`/`afterLabel`: the payout's name,
 * 'PO-1002'), never by id, and shows even when unchanged: making a payout only puts the item in it,
 * and marking it paid changes the status *in* that payout (docs/dashboard-and-activity.md "Payouts in
 * the feed"). Without a name the field is left out like the hidden ones.
 */
export const ACTIVITY_REFERENCE_FIELDS: readonly string[] = ['payoutId'];

/** How a screen names fields and shows values (money with the currency, dates, status labels). */
export type ActivityFormat = { label?: (field: string) => string; value?: (field: string, value: unknown) => string | null };

/**
 * The card's wording of one entry. A lone createdOn change reads 'added this item'; a consignerId
 * change is Owner with the consigners' names (the ids only when a name is unknown); a field with
 * nothing before shows only its new value (no 'empty ->'), and a field that did not really change
 * (same text before and after, or nothing on both sides) is left out.
 */
export function activityWording(log: Pick<ActivityLogInput, 'modifiedFields'>, format: ActivityFormat = {}): ActivityWording {
  const label = format.label ?? activityFieldLabel;
  const text = (field: string, value: unknown) => (activityValueText(value) === null ? null : format.value ? format.value(field, value) : activityValueText(value));
  const fields = log.modifiedFields;
  if (fields.length > 0 && fields.every((f) => f.variableChanged === 'createdOn')) return { kind: 'added' };
  const changes: ActivityChange[] = [];
  for (const f of fields) {
    if (f.variableChanged === 'createdOn' || ACTIVITY_HIDDEN_FIELDS.includes(f.variableChanged)) continue;
    if (ACTIVITY_REFERENCE_FIELDS.includes(f.variableChanged)) {
      const [from, to] = [f.beforeLabel || null, f.afterLabel || null];
      // unchanged: only the payout it happened in; without a name: nothing worth a line
      if (from !== null || to !== null) changes.push({ field: label(f.variableChanged), from: from === to ? null : from, to, reference: true });
      continue;
    }
    const isOwner = f.variableChanged === 'consignerId';
    const from = isOwner ? f.beforeLabel || activityValueText(f.beforeValue) : text(f.variableChanged, f.beforeValue);
    const to = isOwner ? f.afterLabel || activityValueText(f.afterValue) : text(f.variableChanged, f.afterValue);
    if (from === to) continue;
    changes.push({ field: label(f.variableChanged), from, to });
  }
  // An entry that also created the item still reads as added when nothing else is worth a line.
  if (changes.length === 0 && fields.some((f) => f.variableChanged === 'createdOn')) return { kind: 'added' };
  return { kind: 'changes', changes };
}

/**
 * What follows the name on a card or a timeline entry: 'added this item', 'changed Price, Payout';
 * an entry that only put the item in a payout (or took it out) says so with the payout's name, not
 * an empty 'changed this item'.
 */
export function activitySummary(wording: ActivityWording): string {
  if (wording.kind === 'added') return 'added this item';
  const fields = wording.changes.filter((c) => !c.reference);
  if (fields.length > 0) return `changed ${fields.map((c) => c.field).join(', ')}`;
  const ref = wording.changes.find((c) => c.reference);
  if (ref?.to && ref.from === null) return `added this item to payout ${ref.to}`;
  if (ref?.to === null && ref.from) return `took this item out of payout ${ref.from}`;
  if (ref?.to && ref.from) return `moved this item from payout ${ref.from} to ${ref.to}`;
  return 'changed this item';
}

const statusChangeOf = (log: ActivityLogInput) => log.modifiedFields.find((f) => f.variableChanged === 'status');
const minuteOf = (iso: string) => Math.floor(Date.parse(iso) / 60_000);

/**
 * Catalogue doc section 4: "Activity feed drops duplicate status-change entries in the same minute
 * with empty before values." An entry whose status change has an empty before value is dropped when
 * the same item has another entry changing the status to the same value in the same minute that
 * names a before value or came earlier: of a burst of duplicates exactly one stays, the informative
 * one when there is one. The server applies the same rule in SQL over the whole feed
 * (activity.repository.ts); the web applies this one to the pages it has joined.
 */
export function dropBlankDuplicates<T extends ActivityLogInput>(logs: readonly T[]): T[] {
  const byKey = new Map<string, T[]>();
  for (const log of logs) {
    const s = statusChangeOf(log);
    if (!s) continue;
    const key = `${log.inventoryId}|${minuteOf(log.updatedAt)}|${JSON.stringify(s.afterValue ?? null)}`;
    const list = byKey.get(key);
    if (list) list.push(log);
    else byKey.set(key, [log]);
  }
  const blank = (log: T) => activityValueText(statusChangeOf(log)?.beforeValue) === null;
  const earlier = (a: T, b: T) => a.updatedAt < b.updatedAt || (a.updatedAt === b.updatedAt && a.id < b.id);
  return logs.filter((log) => {
    const s = statusChangeOf(log);
    if (!s || !blank(log)) return true;
    const key = `${log.inventoryId}|${minuteOf(log.updatedAt)}|${JSON.stringify(s.afterValue ?? null)}`;
    const others = (byKey.get(key) ?? []).filter((o) => o.id !== log.id);
    return !others.some((o) => !blank(o) || earlier(o, log));
  });
}

function ordinal(n: number): string {
  const rem100 = n % 100;
  if (rem100 >= 11 && rem100 <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** A day heading of the feed, 'MMMM do, yyyy': 'November 26th, 2026' (local time). */
export function activityDayHeading(date: string | Date): string {
  const d = dayjs(date);
  return `${d.format('MMMM')} ${ordinal(d.date())}, ${d.format('YYYY')}`;
}

/** Entries grouped by local day, in the order given (the feed is newest first). */
export function groupActivityByDay<T extends { updatedAt: string }>(logs: readonly T[]): { day: string; heading: string; logs: T[] }[] {
  const groups: { day: string; heading: string; logs: T[] }[] = [];
  for (const log of logs) {
    const day = dayjs(log.updatedAt).format('YYYY-MM-DD');
    const last = groups.at(-1);
    if (last && last.day === day) last.logs.push(log);
    else groups.push({ day, heading: activityDayHeading(log.updatedAt), logs: [log] });
  }
  return groups;
}

/** The keyset cursor of the feed: the last entry's time and id ('<ISO time>_<id>'). */
export function activityCursorOf(log: { updatedAt: string; id: string }): string {
  return `${log.updatedAt}_${log.id}`;
}

/**
 * The cursor's parts, or null when it is not one this server made. The time stays text (UTC, up to
 * microseconds, as the database keeps it): a JS Date would drop the microseconds and skip entries.
 */
export function parseActivityCursor(cursor: string): { updatedAt: string; id: string } | null {
  const at = cursor.lastIndexOf('_');
  if (at <= 0) return null;
  const time = cursor.slice(0, at);
  const id = cursor.slice(at + 1);
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?Z$/.exec(time);
  if (!m || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  const probe = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  if (probe.getUTCMonth() !== mo! - 1 || probe.getUTCDate() !== d! || h! > 23 || mi! > 59 || s! > 59) return null;
  return { updatedAt: time, id };
}
