// The inventory action operations (POST /api/inventories/{name}): each one checks who may act,
// applies the domain transition table to the row-locked item, makes its change and writes the
// item's log entry in the same transaction.
import crypto from 'node:crypto';
import {
  assertActorMay,
  checkStoreRequestPrice,
  formatMoney,
  INVENTORY_MESSAGES,
  isInventoryStatus,
  transition,
  earlyWithdrawalFeeOf,
  storeDayOf,
  termsOf,
  type Area,
  type InventoryAction,
  type InventoryActor,
  type InventoryStatus,
  type LOCATION_OPTIONS,
  type NoticeKind,
  type ZActionResult,
} from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Actor } from '../../auth/actor.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ModifiedField } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden, notFound, toAppError, unprocessable } from '../../http/errors.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { consignerLedger } from '../ledger/index.ts';
import { consignerNotifier, noticeItemOf, type Notifier } from '../notifications/index.ts';
import { feeColumns, feesFor } from './inventory-fees.ts';
import { termsAtAcceptance } from './inventory-terms.ts';
import { logEntry, modifiedFields, removedFields, writeInventoryLogs, type LogAuthor } from '../../shared/inventory-log.ts';
import { checkLocation, createLookups, type InventoryLookups } from './inventory-lookups.ts';
import { toInventoryItem } from './inventory.mapper.ts';
import { inventoryRepository, type InventoryChanges, type InventoryConsignerRow, type InventoryRow } from './inventory.repository.ts';

/** Who acts: enough of the signed-in user to check rules and stamp changes (also kept in job payloads). */
export type ActingUser = { kind: 'employee'; id: string; name: string; accessControls: Area[] | null } | { kind: 'consigner'; id: string; name: string };

export function actingUser(actor: Actor): ActingUser {
  return actor.kind === 'employee'
    ? { kind: 'employee', id: actor.id, name: actor.name, accessControls: actor.accessControls }
    : { kind: 'consigner', id: actor.id, name: actor.name };
}

export const stampOf = (by: ActingUser): LogAuthor => ({ id: by.id, name: by.name });

export function domainActor(by: ActingUser, item?: Pick<InventoryRow, 'consignerId'>): InventoryActor {
  return by.kind === 'employee' ? { kind: 'staff', accessControls: by.accessControls } : { kind: 'consigner', ownsItem: item ? item.consignerId === by.id : true };
}

export type ActionScope = {
  ctx: AppContext;
  store: Tenant;
  by: ActingUser;
  lookups: InventoryLookups;
  /** Where the consigners' e-mails of the action go (delivered by whoever commits); groupKey: one e-mail across transactions. */
  notices?: { notifier: Notifier; groupKey?: string };
};

export const actionScope = (ctx: AppContext, store: Tenant, by: ActingUser): ActionScope => ({ ctx, store, by, lookups: createLookups(store.id) });

export type ActionInput = {
  location?: string | null;
  subLocation?: string | null;
  paymentType?: 'cash' | 'auto' | null;
  requestedPrice?: number | null;
  price?: number | null;
  isWithdrawnEarly?: boolean | null;
  withdrawalFee?: number | null;
  shouldOverrideLocationOption?: boolean | null;
  locationOption?: (typeof LOCATION_OPTIONS)[number] | null;
  buyingId?: string | null;
};

type EffectContext = {
  tx: DbOrTx;
  scope: ActionScope;
  item: InventoryRow;
  to: InventoryStatus;
  input: ActionInput;
  now: Date;
  owner: () => Promise<InventoryConsignerRow>;
};

type OperationDef = {
  rule: InventoryAction;
  effect?: (c: EffectContext) => InventoryChanges | Promise<InventoryChanges>;
  /** The answer's message (the spec's where it has one, ours otherwise). */
  message: (c: { items: InventoryRow[]; removed: InventoryRow[]; input: ActionInput; store: Tenant }) => string;
};

/** Price change with fees recomputed, except for store accounts whose payout is their cost. */
async function repriced(c: EffectContext, price: number): Promise<InventoryChanges> {
  const owner = await c.owner();
  if (owner.isStoreAccount) return { price };
  const types = await c.scope.lookups.consignerTypes(c.tx);
  const fees = feesFor(c.scope.store, owner, types, { ...c.item, price, addOns: c.item.addOns });
  return { price, ...feeColumns(owner, fees) };
}

/** Location given in the body, else the one the item already has; the spec's message when neither. */
async function placed(c: EffectContext, missingMessage: string = INVENTORY_MESSAGES.locationRequired): Promise<InventoryChanges> {
  const given = c.input.location?.trim();
  return checkLocation(
    c.tx,
    c.scope.lookups,
    { location: given || c.item.location, subLocation: given ? c.input.subLocation : (c.input.subLocation ?? c.item.subLocation), owner: await c.owner() },
    missingMessage,
  );
}

function requestedPriceOf(input: ActionInput): number {
  const price = input.requestedPrice;
  if (typeof price !== 'number' || !(price > 0)) throw badRequest(INVENTORY_MESSAGES.priceChangeValue);
  return price;
}

const OPERATIONS = {
  acceptRequestToSell: { rule: 'acceptRequestToSell', effect: (c) => placed(c), message: () => 'Drop-off request accepted' },
  declineInventory: { rule: 'declineInventory', message: ({ items }) => (items.length > 1 ? 'Inventories declined' : 'Inventory declined') },
  acceptInventory: {
    rule: 'acceptInventory',
    effect: async (c) => {
      const changes: InventoryChanges = { ...(await placed(c)), acceptedOn: c.now };
      // The consigner type's terms are locked on the item now, with the end they set (docs/consignment-terms.md).
      Object.assign(changes, termsAtAcceptance(await c.scope.lookups.consignerTypes(c.tx), await c.owner(), c.item, c.now));
      // A bought item: the store owes the agreed price, paid in cash or through Checkbooks.
      if (c.item.buyingId) {
        if (!c.input.paymentType) throw badRequest('Please select a payment type');
        Object.assign(changes, { paymentType: c.input.paymentType, payout: c.item.price, payoutFee: 0, total: c.item.price * c.item.quantity });
      }
      return changes;
    },
    message: ({ items }) => (items.length > 1 ? 'Inventories accepted' : 'Inventory accepted'),
  },
  storeBuyRequestedInventory: {
    rule: 'storeBuyRequestedInventory',
    effect: (c) => ({ buyingId: c.input.buyingId ?? crypto.randomUUID() }),
    message: () => 'The store is buying this item',
  },
  acceptStoreRequest: {
    rule: 'acceptStoreRequest',
    effect: async (c) => {
      const price = c.input.price;
      if (price === null || price === undefined || price === c.item.price) return {};
      const range = c.item.storeRequestPriceLow !== null && c.item.storeRequestPriceHigh !== null ? { low: c.item.storeRequestPriceLow, high: c.item.storeRequestPriceHigh } : null;
      const refused = checkStoreRequestPrice(price, range);
      if (refused) throw unprocessable(refused);
      return repriced(c, price);
    },
    message: () => INVENTORY_MESSAGES.storeRequestAccepted,
  },
  cancelDropoff: { rule: 'cancelDropoff', message: () => INVENTORY_MESSAGES.dropoffCancelled },
  deleteInventory: {
    rule: 'deleteInventory',
    message: ({ removed }) => (removed.every((r) => r.status === 'Pending') ? 'Inventory deleted' : INVENTORY_MESSAGES.dropoffCancelled),
  },
  storeRequestPriceChange: {
    rule: 'storeRequestPriceChange',
    effect: (c) => ({ requestedPrice: requestedPriceOf(c.input) }),
    message: ({ input, store }) => `Price change to ${formatMoney(input.requestedPrice ?? 0, store.currency)} sent to the consigner`,
  },
  // The consigner's answer to the store's price: accepting lists the item again at that price...
  acceptStoreRequestPrice: {
    rule: 'consignerAcceptStoreRequestPrice',
    effect: async (c) => {
      if (c.item.requestedPrice === null) throw conflict('There is no store price to accept');
      return { ...(await repriced(c, c.item.requestedPrice)), requestedPrice: null };
    },
    message: () => 'Price accepted',
  },
  // ...declining cancels the drop-off.
  declineStoreRequestPrice: { rule: 'consignerDeclineStoreRequestPrice', message: () => INVENTORY_MESSAGES.dropoffCancelled },
  requestPriceChange: {
    rule: 'requestPriceChange',
    effect: (c) => ({ requestedPrice: requestedPriceOf(c.input) }),
    message: ({ input, store }) => INVENTORY_MESSAGES.priceChangeRequested(formatMoney(input.requestedPrice ?? 0, store.currency)),
  },
  acceptInventoryPrice: {
    rule: 'acceptInventoryPrice',
    effect: async (c) => {
      if (c.item.requestedPrice === null) throw conflict('There is no requested price to accept');
      return { ...(await repriced(c, c.item.requestedPrice)), requestedPrice: null };
    },
    message: () => 'Price change accepted',
  },
  declineInventoryPrice: { rule: 'declineInventoryPrice', effect: () => ({ requestedPrice: null }), message: () => 'Price change declined' },
  requestInventoryWithdrawal: {
    rule: 'requestInventoryWithdrawal',
    effect: (c) => ({ withdrawalRequestedOn: c.now }),
    message: () => 'Withdrawal requested',
  },
  acceptInventoryWithdrawal: {
    rule: 'acceptInventoryWithdrawal',
    effect: (c) => ({ withdrawalAcceptedOn: c.now, withdrawalAcceptedBy: c.scope.by.name }),
    message: () => 'Withdrawal accepted',
  },
  declineInventoryWithdrawal: {
    rule: 'declineInventoryWithdrawal',
    effect: (c) => ({ withdrawalDeclinedOn: c.now, withdrawalDeclinedBy: c.scope.by.name }),
    message: () => 'Withdrawal declined',
  },
  withdrawInventory: {
    rule: 'withdrawInventory',
    effect: async (c) => {
      const changes: InventoryChanges = { withdrawalAcceptedOn: c.now, withdrawalAcceptedBy: c.scope.by.name };
      // By the item's locked terms (docs/consignment-terms.md "Choices"): marked early without a fee,
      // the locked fee; not marked, early inside the minimum stay; marked not early, no fee. No terms
      // (0 days, fee 0) are the spec's constants, today's behaviour.
      const terms = termsOf(c.item.consignmentTerms);
      const termsFee = earlyWithdrawalFeeOf(c.item.acceptedOn && storeDayOf(c.item.acceptedOn), storeDayOf(c.now), terms);
      const early = c.input.isWithdrawnEarly ?? termsFee > 0;
      if (!early && !c.input.withdrawalFee) return changes;
      if (c.scope.by.kind !== 'employee') throw forbidden('Only store staff can charge an early withdrawal fee');
      // Withdrawn early: the fee joins what the consigner owes, taken from a later payout.
      const fee = c.input.withdrawalFee ?? (c.input.isWithdrawnEarly ? terms.earlyWithdrawalFee : termsFee);
      if (fee > 0) {
        await inventoryRepository.addOutstandingWithdrawalFee(c.tx, c.scope.store.id, c.item.consignerId, fee);
        await consignerLedger.append(c.tx, [{ storeId: c.scope.store.id, consignerId: c.item.consignerId, kind: 'withdrawal_fee', amount: -fee, inventoryId: c.item.id, createdById: c.scope.by.id }]);
      }
      return { ...changes, isWithdrawnEarly: true, withdrawalFee: fee };
    },
    message: () => 'Inventory withdrawn',
  },
  transfer: {
    rule: 'transfer',
    effect: async (c) => {
      const at = await checkLocation(c.tx, c.scope.lookups, { location: c.input.location, subLocation: c.input.subLocation, owner: await c.owner() }, INVENTORY_MESSAGES.selectLocation);
      const changes: InventoryChanges = { ...at };
      // Items in transit may carry their destination in an option value (option3Value by default).
      if (c.input.shouldOverrideLocationOption) changes[c.input.locationOption ?? 'option3Value'] = at.location;
      return changes;
    },
    message: ({ input }) => `Inventory in transit to ${input.location}`,
  },
  acceptTransfer: { rule: 'acceptTransfer', effect: (c) => placed(c, INVENTORY_MESSAGES.selectLocation), message: () => 'Transfer accepted' },
  markPrinted: { rule: 'markPrinted', effect: () => ({ printed: true }), message: () => 'Marked as printed' },
} as const satisfies Record<string, OperationDef>;

export type Operation = keyof typeof OPERATIONS;

/**
 * The operations that e-mail the item's consigner (their notification preferences) and what about:
 * staff answering the consigner's drop-off, price change and withdrawal requests.
 */
const NOTICE_OF_OPERATION: Partial<Record<Operation, NoticeKind>> = {
  acceptRequestToSell: 'requestAccepted',
  acceptInventory: 'inventoryAccepted',
  acceptInventoryPrice: 'priceAccepted',
  declineInventoryPrice: 'priceDeclined',
  acceptInventoryWithdrawal: 'withdrawalAccepted',
  declineInventoryWithdrawal: 'withdrawalDeclined',
};

/** The e-mails of the items an operation changed, in its transaction (one per consigner). */
async function notifyOutcomes(tx: DbOrTx, scope: ActionScope, op: Operation, outcomes: ActionOutcome[]): Promise<void> {
  const kind = NOTICE_OF_OPERATION[op];
  if (!kind || !scope.notices) return;
  const changed = outcomes.filter((o) => !o.removed && o.changed).map((o) => noticeItemOf(o.item));
  await scope.notices.notifier.add(tx, kind, changed, { groupKey: scope.notices.groupKey });
}

/** The access check that comes before anything else: may this user ever do this? */
export function assertMayPerform(op: Operation, by: ActingUser): void {
  assertActorMay(OPERATIONS[op].rule, domainActor(by));
}

/** Prefixes a refusal with the item's code, so a refusal in a list says which item it was. */
function labelled(err: unknown, label: string | null): unknown {
  const appError = toAppError(err);
  return label && appError ? new AppError(appError.code, `${label}: ${appError.message}`, appError.reason) : err;
}

/**
 * The item as this user may reach it: a consigner reaches only their own items, and someone else's
 * reads as not found (404, as GET and PUT answer), so an id never tells whether it exists.
 */
function reachable(by: ActingUser, item: InventoryRow | null | undefined): InventoryRow {
  if (!item || (by.kind === 'consigner' && item.consignerId !== by.id)) throw notFound('Inventory not found');
  return item;
}

/** What an operation will do to one locked item; worked out before anything is written. */
type Plan = { item: InventoryRow; kind: 'remove' } | { item: InventoryRow; kind: 'update'; changes: InventoryChanges; fields: ModifiedField[] } | { item: InventoryRow; kind: 'none' };

/**
 * The rules for one row-locked item: status (the domain's transition table, checked against the
 * locked row), then the operation's effect. Throws the refusal; writes nothing (but for the early
 * withdrawal fee, which the effect adds to the consigner inside the same transaction).
 */
async function planAction(tx: DbOrTx, scope: ActionScope, op: Operation, item: InventoryRow, input: ActionInput, now: Date): Promise<Plan> {
  const def: OperationDef = OPERATIONS[op];
  if (!isInventoryStatus(item.status)) throw conflict(`Cannot change an item whose status is ${item.status}`);
  const to = transition(def.rule, item.status, domainActor(scope.by, item));
  if (to === 'removed') return { item, kind: 'remove' };
  const owner = async () => {
    const found = await scope.lookups.consigner(tx, item.consignerId);
    if (!found) throw notFound('Consigner not found');
    return found;
  };
  const effect = def.effect ? await def.effect({ tx, scope, item, to, input, now, owner }) : {};
  const changes: InventoryChanges = { ...effect, status: to };
  const fields = modifiedFields(item, changes);
  return fields.length ? { item, kind: 'update', changes, fields } : { item, kind: 'none' };
}

const changeKey = (changes: InventoryChanges) => JSON.stringify(Object.entries(changes).sort(([a], [b]) => a.localeCompare(b)));

/**
 * Writes planned changes: items with the same changes in one UPDATE, removals, and every log entry
 * in one INSERT, all stamped with the actor.
 */
async function applyPlans(tx: DbOrTx, scope: ActionScope, plans: Plan[], now: Date): Promise<ActionOutcome[]> {
  const storeId = scope.store.id;
  const by = stampOf(scope.by);
  const updated = new Map<string, InventoryRow>();
  const groups = new Map<string, { changes: InventoryChanges; ids: string[] }>();
  for (const plan of plans) {
    if (plan.kind !== 'update') continue;
    const key = changeKey(plan.changes);
    const group = groups.get(key) ?? { changes: plan.changes, ids: [] };
    group.ids.push(plan.item.id);
    groups.set(key, group);
  }
  for (const { changes, ids } of groups.values()) {
    for (const row of await inventoryRepository.updateMany(tx, storeId, ids, { ...changes, lastUpdatedById: by.id, lastUpdatedByName: by.name })) updated.set(row.id, row);
  }
  const removed = plans.filter((p) => p.kind === 'remove').map((p) => p.item.id);
  await inventoryRepository.removeMany(tx, storeId, removed);
  await writeInventoryLogs(
    tx,
    plans.flatMap((plan) => {
      if (plan.kind === 'remove') return [logEntry(plan.item, by, removedFields(plan.item, now), now)];
      if (plan.kind === 'update') return [logEntry(plan.item, by, plan.fields, now)];
      return [];
    }),
  );
  return plans.map((plan) =>
    plan.kind === 'remove' ? { item: plan.item, removed: true, changed: true } : { item: updated.get(plan.item.id) ?? plan.item, removed: false, changed: plan.kind === 'update' },
  );
}

type ActionOutcome = { item: InventoryRow; removed: boolean; changed: boolean };

/**
 * One operation on one item inside the caller's transaction. The row lock means a second request
 * for the same item waits here and then meets the new status (409), so nothing is done or logged twice.
 */
export async function performAction(tx: DbOrTx, scope: ActionScope, op: Operation, id: string, input: ActionInput): Promise<ActionOutcome> {
  const item = reachable(scope.by, await inventoryRepository.lockById(tx, scope.store.id, id));
  const now = new Date();
  const outcomes = await applyPlans(tx, scope, [await planAction(tx, scope, op, item, input, now)], now);
  await notifyOutcomes(tx, scope, op, outcomes);
  return outcomes[0];
}

/**
 * The same operation on many items inside the caller's transaction: all are locked at once (in id
 * order, so concurrent batches cannot deadlock), each is checked on its own, and the ones allowed are
 * written together. `onRefusal: 'throw'` makes the first refusal (named by code) fail the whole batch;
 * 'collect' returns the refused items and writes the others.
 */
export async function performActionBatch(
  tx: DbOrTx,
  scope: ActionScope,
  op: Operation,
  ids: string[],
  input: ActionInput,
  opts: { onRefusal: 'throw' | 'collect'; consignerId?: string | null },
): Promise<{ outcomes: ActionOutcome[]; refused: { id: string; error: string }[] }> {
  const locked = new Map((await inventoryRepository.lockByIds(tx, scope.store.id, ids)).map((r) => [r.id, r] as const));
  const now = new Date();
  const plans: Plan[] = [];
  const refused: { id: string; error: string }[] = [];
  for (const id of ids) {
    // An item the user may not reach is refused without its code: that would say it exists.
    let label: string | null = null;
    try {
      const item = reachable(scope.by, locked.get(id));
      label = item.code;
      if (opts.consignerId && item.consignerId !== opts.consignerId) throw badRequest('This item does not belong to this consigner');
      plans.push(await planAction(tx, scope, op, item, input, now));
    } catch (err) {
      const appError = toAppError(err);
      if (opts.onRefusal === 'throw' || !appError) throw ids.length > 1 ? labelled(err, label) : err;
      refused.push({ id, error: appError.message });
    }
  }
  const outcomes = await applyPlans(tx, scope, plans, now);
  await notifyOutcomes(tx, scope, op, outcomes);
  return { outcomes, refused };
}

/** `inventory` is the first (or only) item still there, for single-item callers. */
export type ActionResult = z.input<typeof ZActionResult>;

/**
 * An operation on one or a few items, all in one transaction: every item changes, or (on the first
 * refusal, named by the item's code) none does.
 */
export async function runAction(scope: ActionScope, op: Operation, ids: string[], input: ActionInput, opts: { consignerId?: string | null } = {}): Promise<ActionResult> {
  assertMayPerform(op, scope.by);
  const unique = [...new Set(ids)];
  const notifier = scope.notices?.notifier ?? consignerNotifier(scope.ctx, scope.store.id, scope.store);
  const notified: ActionScope = { ...scope, notices: { notifier, groupKey: scope.notices?.groupKey } };
  const outcomes = await scope.ctx.db.transaction(async (tx) =>
    unique.length === 1 && !opts.consignerId
      ? [await performAction(tx, notified, op, unique[0], input)]
      : (await performActionBatch(tx, notified, op, unique, input, { onRefusal: 'throw', consignerId: opts.consignerId })).outcomes,
  );
  if (!scope.notices) await notifier.deliver();
  const kept = outcomes.filter((o) => !o.removed).map((o) => o.item.id);
  const rows = await inventoryRepository.findWithRelations(scope.ctx.db, scope.store.id, kept);
  const def: OperationDef = OPERATIONS[op];
  const inventories = rows.map((r) => toInventoryItem(r));
  return {
    message: def.message({ items: outcomes.map((o) => o.item), removed: outcomes.filter((o) => o.removed).map((o) => o.item), input, store: scope.store }),
    inventory: inventories[0] ?? null,
    inventories,
    removedIds: outcomes.filter((o) => o.removed).map((o) => o.item.id),
  };
}
