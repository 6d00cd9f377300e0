// The payouts API (people doc sections 2 Payouts, 4, 5, 7; docs/payouts.md).
import type { Readable } from 'node:stream';
import {
  formatMoney,
  isConsignerAdmin,
  isStoreCreditPayout,
  STORE_CREDIT_MESSAGES,
  storeCreditBonusOf,
  storeCreditEntriesOf,
  isHeld,
  meetsPayoutMinimum,
  PAYOUT_ACCOUNT_MESSAGES,
  payoutHoldOf,
  type PayoutHold,
  payableOn,
  splitByHold,
  storeDayOf,
  type PayableSplit,
  nextPayoutName,
  PAYOUT_STATUS_LABELS,
  PAYOUT_STATUSES,
  PEOPLE_MESSAGES,
  payoutProviderOf,
  searchWords,
  shareProviderOf,
  splitIntoCheques,
  toMajor,
  type PayoutProvider,
  reportRange,
  type TConsignerBuyingQuery,
  type TConsignerPayoutsQuery,
  type TPayoutExportBody,
  type TPayoutPaidBody,
  type TPayoutPayBody,
  type TPayoutsQuery,
  type ZCheque,
  type ZConsignerBuyingList,
  type ZConsignerPayoutList,
  type ZPayout,
  type ZPayoutCreated,
  type ZPayoutDetail,
  type ZPayoutFilterOptions,
  type ZPayoutList,
  type ZPayoutPaidResult,
  type ZPayoutPreview,
} from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { actorStamp, type Actor } from '../../auth/actor.ts';
import type { DbOrTx } from '../../db/client.ts';
import { csvDocument } from '../../http/csv.ts';
import { conflict, notFound, unprocessable } from '../../http/errors.ts';
import { integrationRecords } from '../../integrations/index.ts';
import { startAutoPayout } from './automated/auto-payout.ts';
import { logEntry, writeInventoryLogs, type LogAuthor } from '../../shared/inventory-log.ts';
import { consignerLedger, type NewLedgerEntry } from '../ledger/index.ts';
import { consignerNotifier, noticeItemOf, type Notifier } from '../notifications/index.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../shared/pg-errors.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { toCheque, toConsignerBuyingItem, toConsignerPayout, toPayout, toPayoutItem, toShare, shareProvider } from './payouts.mapper.ts';
import { PAYOUT_EXPORT_HEADERS, payoutsRepository as repo, type ChequeRow, type PayCandidate, type PayoutRow, type ShareRow } from './payouts.repository.ts';

const PAYOUT_ERRORS = {
  notFound: 'Payout not found',
  itemNotFound: 'Item not found',
  consignerNotFound: 'Consigner not found',
  notInPayout: 'This consigner has no items in this payout',
  alreadyInPayout: (code: string) => `Item ${code} is already in a payout`,
  notReady: (code: string, status: string) => `Item ${code} is not ready to pay (it is ${status})`,
  storeAccount: (code: string) => `Item ${code} belongs to a store account: the store does not pay itself`,
  raced: 'These items were just put in another payout',
  autoFailed: 'The auto payout failed: retry it, or mark the consigners paid one by one if they were paid another way',
  notInAPayout: 'Item not found in a payout',
} as const;


const isBought = (it: Pick<PayCandidate, 'bought'>) => it.bought;
/** Ready to pay (as GET ordersPayoutInventories): sold, or bought by the store and accepted. */
const isReady = (it: PayCandidate) => it.status === 'Sold' || (it.bought && it.acceptedOn !== null);

/** Which providers the store may pay through (store_integrations 'checkbook' and 'paypal', enabled). */
async function enabledProviders(ctx: AppContext, storeId: string): Promise<PayoutProvider[]> {
  const rows = await integrationRecords.list(ctx.db, storeId);
  return rows.filter((r) => r.enabled && (r.kind === 'checkbook' || r.kind === 'paypal')).map((r) => r.kind as PayoutProvider);
}

/** Hands a payout to the provider seam once its transaction has committed; a failure there leaves the payout to retry. */
async function handToProvider(ctx: AppContext, storeId: string, payoutId: string): Promise<void> {
  try {
    await startAutoPayout(ctx, storeId, payoutId);
  } catch (err) {
    ctx.log.error({ err, payoutId }, 'starting the auto payout failed');
  }
}

/**
 * When the hold still keeps a sold item's money: `{ payableOn }`, the day it becomes payable (null: an
 * online order not shipped yet, under a hold counted from shipping); null when it is payable now.
 * Bought items are never held.
 */
export function heldUntilOf(
  it: { status: string; bought: boolean; soldOn: string | null; online: boolean; shippedOn: string | null },
  hold: PayoutHold,
  today: string,
): { payableOn: string | null } | null {
  if (hold.days === 0 || it.bought || it.status !== 'Sold' || it.soldOn === null) return null;
  const on = payableOn({ soldOn: it.soldOn, shippedOn: it.shippedOn, online: it.online }, hold);
  return isHeld(on, today) ? { payableOn: on } : null;
}

/**
 * The consigners' payable money from the ledger, split by the hold (docs/consigner-account.md): their
 * unpaid sold items' proceeds and the rest of their balance (fees owed taken, as a payout takes them).
 */
export async function payableSplits(db: DbOrTx, store: Tenant, today: string, consignerIds?: readonly string[]): Promise<Map<string, PayableSplit>> {
  const hold = payoutHoldOf(store);
  const proceeds = await consignerLedger.unpaidProceeds(db, store.id, consignerIds, { shipping: hold.fromShipping });
  const byConsigner = groupBy(proceeds, (p) => p.consignerId);
  const ids = consignerIds ?? [...byConsigner.keys()];
  const carry = await consignerLedger.availableCarry(db, store.id, ids);
  return new Map(
    ids.map((id) => [
      id,
      splitByHold(
        (byConsigner.get(id) ?? []).map((p) => ({ amount: p.amount, soldOn: p.soldOn ?? '2000-01-01', online: p.online, shippedOn: p.shippedOn })),
        carry.get(id) ?? 0,
        hold,
        today,
      ),
    ]),
  );
}

/**
 * A payout run leaves out a consigner whose payable money is below the store's minimum: an item of
 * theirs asked for is refused (422, naming them). Only sold items count (the ledger's proceeds): a
 * share of items the store bought pays the agreed price whatever the minimum. No minimum, no check.
 */
async function refuseBelowMinimum(tx: DbOrTx, store: Tenant, items: readonly PayCandidate[], today: string) {
  if (store.payoutMinimum <= 0) return;
  const consignerIds = [...new Set(items.filter((it) => !it.bought).map((it) => it.consignerId))];
  if (consignerIds.length === 0) return;
  const splits = await payableSplits(tx, store, today, consignerIds);
  for (const id of consignerIds) {
    const payable = splits.get(id)?.payable ?? 0;
    if (!meetsPayoutMinimum(payable, store.payoutMinimum)) {
      const name = items.find((it) => it.consignerId === id)!.consignerName;
      throw unprocessable(PAYOUT_ACCOUNT_MESSAGES.consignerBelowMinimum(name, formatMoney(store.payoutMinimum, store.currency), formatMoney(payable, store.currency)));
    }
  }
}

/**
 * A share taken as store credit (docs/consigner-account.md "Store credit"): its consigner's payout
 * option is Store credit. A share holding an item the store bought for cash is paid in cash as agreed.
 */
const takesCredit = (s: Pick<PlannedShare, 'payoutType' | 'boughtForCash'>) => isStoreCreditPayout(s.payoutType) && !s.boughtForCash;

type PlannedShare = { name: string; itemCount: number; gross: number; carried: number; total: number; payoutType: string | null; boughtForCash: boolean };

/**
 * The asked items checked (all ready, none in a payout) and grouped into one share per consigner, each
 * with what it carries (net payable, docs/payouts.md): the fees its consigner owes taken, never below
 * zero (the rest stays owed), or a balance in their favour added. In the payout lock when making it.
 */
async function planShares(tx: DbOrTx, store: Tenant, ids: readonly string[], opts: { lock: boolean }, today = storeDayOf(new Date())) {
  const storeId = store.id;
  const items = await repo.payCandidatesForUpdate(tx, storeId, ids, opts);
  if (items.length !== ids.length) throw notFound(PAYOUT_ERRORS.itemNotFound);
  for (const it of items) {
    if (it.isStoreAccount) throw unprocessable(PAYOUT_ERRORS.storeAccount(it.code));
    if (it.payoutId !== null || it.inPayout) throw conflict(PAYOUT_ERRORS.alreadyInPayout(it.code));
    if (!isReady(it)) throw conflict(PAYOUT_ERRORS.notReady(it.code, it.status));
    // a sale inside the store's hold is not payable yet: a refund then reverses it without a payout to undo
    const held = heldUntilOf(it, payoutHoldOf(store), today);
    if (held) throw conflict(held.payableOn ? PAYOUT_ACCOUNT_MESSAGES.itemHeld(it.code, held.payableOn) : PAYOUT_ACCOUNT_MESSAGES.itemAwaitingShipping(it.code));
  }
  await refuseBelowMinimum(tx, store, items, today);
  const shares = new Map<string, PlannedShare>();
  for (const it of items) {
    const s = shares.get(it.consignerId) ?? { name: it.consignerName, itemCount: 0, gross: 0, carried: 0, total: 0, payoutType: it.payoutType, boughtForCash: false };
    s.gross += it.total;
    s.itemCount += 1;
    s.boughtForCash ||= it.bought && it.paymentType === 'cash';
    shares.set(it.consignerId, s);
  }
  const carry = await consignerLedger.availableCarry(tx, storeId, [...shares.keys()]);
  for (const [consignerId, s] of shares) {
    s.carried = carriedOf(s.gross, carry.get(consignerId) ?? 0);
    s.total = s.gross + s.carried;
  }
  return { items, shares };
}

/** POST /api/payouts/preview: what paying these items would send each consigner, fees owed taken. Nothing written. */
export async function previewPayout(ctx: AppContext, store: Tenant, body: TPayoutPayBody): Promise<z.input<typeof ZPayoutPreview>> {
  const { shares } = await planShares(ctx.db, store, body.inventoriesToPay, { lock: false });
  const rows = [...shares].map(([consignerId, s]) => ({ consignerId, ...s })).sort((a, b) => a.name.localeCompare(b.name));
  const sum = (f: (s: PlannedShare) => number) => toMajor(rows.reduce((a, s) => a + f(s), 0));
  return {
    consigners: rows.map((s) => ({
      consignerId: s.consignerId,
      name: s.name,
      itemCount: s.itemCount,
      gross: toMajor(s.gross),
      carried: toMajor(s.carried),
      total: toMajor(s.total),
      chequeCount: splitIntoCheques(s.total).length,
      ...(takesCredit(s) ? { storeCredit: true, creditBonus: toMajor(storeCreditBonusOf(s.total, store.storeCreditBonus)) } : {}),
    })),
    gross: sum((s) => s.gross),
    carried: sum((s) => s.carried),
    total: sum((s) => s.total),
  };
}

// ---- POST /api/payouts/pay --------------------------------------------------------------------

/**
 * Makes a payout of the chosen ready items: grouped per consigner, one cheque per 2,000 of a
 * consigner's share (rounded up), total = the sum of the items' payouts = the sum of the cheques.
 * An item is in at most one payout: the store's payouts are made one at a time (an advisory lock),
 * items are row-locked, and the payout_items key refuses a second payout of an item whatever happens.
 */
export async function payInventories(ctx: AppContext, store: Tenant, actor: Actor, body: TPayoutPayBody): Promise<z.input<typeof ZPayoutCreated>> {
  const ids = body.inventoriesToPay;
  // shares taken as store credit are paid inside the transaction: their e-mails go after the commit
  const notifier = consignerNotifier(ctx, store.id, store);
  const payout = await inPayoutTransaction(ctx, store, (tx, providers) => createPayoutIn(tx, store, actorStamp(actor), ids, providers, notifier));
  await notifier.deliver();
  return afterPayoutMade(ctx, store, payout, ids);
}

/**
 * Runs `make` in one transaction holding the store's payout lock (payouts of one store are made one
 * at a time); the payout_items key (or the name) taken by a payout that committed in between is 409.
 * Every way of making a payout goes through here and createPayoutIn (Ready to Pay, a request).
 */
export async function inPayoutTransaction<T>(ctx: AppContext, store: Tenant, make: (tx: DbOrTx, providers: PayoutProvider[]) => Promise<T>): Promise<T> {
  const providers = await enabledProviders(ctx, store.id);
  try {
    return await ctx.db.transaction(async (tx) => {
      await repo.lockStorePayouts(tx, store.id);
      return make(tx, providers);
    });
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw conflict(PAYOUT_ERRORS.raced);
    throw err;
  }
}

/** After the commit: a payout with automated shares goes to its providers; the answer of the pay routes. */
export async function afterPayoutMade(ctx: AppContext, store: Tenant, payout: PayoutRow, ids: readonly string[]): Promise<z.input<typeof ZPayoutCreated>> {
  if (payout.status === 'Pending' && payout.provider !== 'manual') await handToProvider(ctx, store.id, payout.id);
  return { id: payout.id, name: payout.name, status: payout.status, total: toMajor(payout.total), inventories: [...ids] };
}

/** The payout of the given items, inside inPayoutTransaction (the store's payout lock held). */
export async function createPayoutIn(tx: DbOrTx, store: Tenant, by: LogAuthor, ids: readonly string[], providers: PayoutProvider[], notifier?: Notifier): Promise<PayoutRow> {
  const { items, shares } = await planShares(tx, store, ids, { lock: true });
  const settings = { automatedPayout: store.automatedPayout, enabledProviders: providers };
  // a share with nothing to send (its fees took it all) is settled by hand
  // a share taken as store credit is settled here, by the store itself
  const shareProviders = new Map([...shares].map(([id, s]) => [id, s.total === 0 || takesCredit(s) ? 'manual' : shareProviderOf(s.payoutType, settings, { boughtForCash: s.boughtForCash })]));
  const total = [...shares.values()].reduce((a, s) => a + s.total, 0);

  const created = await repo.insertPayout(tx, {
    storeId: store.id,
    name: nextPayoutName(await repo.highestPayoutNumber(tx, store.id)),
    // a payout of items the store bought waits for staff's Pay (docs/payouts.md)
    status: items.every(isBought) ? 'Buying' : 'Pending',
    total,
    itemCount: items.length,
    provider: payoutProviderOf([...shareProviders.values()]),
    createdById: by.id,
    createdByName: by.name,
  });
  await repo.addItems(tx, store.id, created.id, ids, by);
  await repo.insertDeductions(
    tx,
    [...shares].filter(([, s]) => s.carried !== 0).map(([consignerId, s]) => ({ storeId: store.id, payoutId: created.id, consignerId, amount: s.carried })),
  );
  const now = new Date();
  await writeInventoryLogs(
    tx,
    items.map((it) => logEntry({ id: it.id, storeId: store.id, title: it.title }, by, [{ variableChanged: 'payoutId', beforeValue: null, afterValue: created.id }], now)),
  );
  await repo.insertCheques(
    tx,
    [...shares].flatMap(([consignerId, s]) =>
      splitIntoCheques(s.total).map((amount, k) => ({ storeId: store.id, payoutId: created.id, consignerId, amount, status: 'Pending', sequence: k + 1, provider: shareProviders.get(consignerId)! })),
    ),
  );
  // an open request of a consigner paid here is being paid by this payout (closed when their share is settled)
  await repo.linkRequests(tx, store.id, created.id, [...shares.keys()]);
  return settleStoreCredit(tx, store, created, shares, by, notifier);
}

/**
 * The shares taken as store credit, settled in the payout's transaction (docs/consigner-account.md
 * "Store credit"): their items Paid and their 'payout' entries written as any settled share (the
 * balance the store owes goes down), then the credit account gets the share's amount
 * ('store_credit') and the store's bonus on it ('store_credit_bonus', the store's cost). The payout
 * is Paid at once when every share was credit.
 */
async function settleStoreCredit(tx: DbOrTx, store: Tenant, payout: PayoutRow, shares: Map<string, PlannedShare>, by: LogAuthor, notifier?: Notifier): Promise<PayoutRow> {
  const credit = [...shares].filter(([, s]) => takesCredit(s));
  if (credit.length === 0) return payout;
  // the consigner's payout e-mail (by their preference) says it was taken as credit, with the bonus
  const bonusOf = new Map(credit.map(([id, s]) => [id, storeCreditBonusOf(s.total, store.storeCreditBonus)]));
  await settlePayoutShares(
    tx,
    store.id,
    payout.id,
    credit.map(([id]) => id),
    by,
    notifier ? { notifier, payoutName: payout.name, creditBonus: (consignerId) => bonusOf.get(consignerId) ?? null } : undefined,
  );
  await consignerLedger.append(
    tx,
    credit.flatMap(([consignerId, s]) =>
      storeCreditEntriesOf(s.total, store.storeCreditBonus).map((e) => ({
        storeId: store.id,
        consignerId,
        kind: e.kind,
        amount: e.amount,
        payoutId: payout.id,
        memo: e.kind === 'store_credit' ? STORE_CREDIT_MESSAGES.payoutMemo(payout.name) : STORE_CREDIT_MESSAGES.bonusMemo(store.storeCreditBonus, payout.name),
        createdById: by.id || null,
      })),
    ),
  );
  return closeIfPaid(tx, store.id, payout);
}

/**
 * What a share carries from its consigner's balance outside its items (`available`, minor units):
 * fees owed are taken, at most the whole share (never below zero; the rest stays owed for the next
 * payout); a balance in the consigner's favour is added.
 */
function carriedOf(gross: number, available: number): number {
  return available < 0 ? Math.max(available, -gross) : available;
}

// ---- reading ----------------------------------------------------------------------------------

const groupBy = <T>(rows: T[], key: (r: T) => string) => {
  const map = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = map.get(k);
    if (list) list.push(r);
    else map.set(k, [r]);
  }
  return map;
};
const shareKey = (payoutId: string, consignerId: string) => `${payoutId}:${consignerId}`;

/** Full bank details for those who may see them (Admins with Consigners access), masked for other staff. */
const seesFullBank = (actor: Actor) => actor.kind === 'employee' && isConsignerAdmin({ kind: 'employee', role: actor.role, accessControls: actor.accessControls });

async function withShares(db: DbOrTx, store: Tenant, actor: Actor, rows: PayoutRow[]): Promise<z.input<typeof ZPayout>[]> {
  const ids = rows.map((p) => p.id);
  const [shares, cheques] = await Promise.all([repo.shares(db, store.id, ids), repo.cheques(db, store.id, ids)]);
  const sharesOf = groupBy(shares, (s) => s.payoutId);
  const chequesOf = groupBy(cheques, (ch) => shareKey(ch.payoutId, ch.consignerId));
  const full = seesFullBank(actor);
  return rows.map((p) => toPayout(p, (sharesOf.get(p.id) ?? []).map((s) => toShare(s, chequesOf.get(shareKey(p.id, s.consignerId)) ?? [], full))));
}

/** GET /api/payouts */
export async function listPayouts(ctx: AppContext, store: Tenant, actor: Actor, q: TPayoutsQuery): Promise<z.input<typeof ZPayoutList>> {
  const { rows, count } = await repo.list(
    ctx.db,
    store.id,
    { words: searchWords(q.search), consignerId: q.consigner, status: q.status },
    { offset: (q.page - 1) * q.pageSize, limit: q.pageSize },
  );
  return { rows: await withShares(ctx.db, store, actor, rows), total: count };
}

/** GET /api/payouts/filterOptions */
export async function payoutFilterOptions(ctx: AppContext, store: Tenant): Promise<z.input<typeof ZPayoutFilterOptions>> {
  const consigners = await repo.consignersWithPayouts(ctx.db, store.id);
  return {
    statuses: PAYOUT_STATUSES.map((value) => ({ value, label: PAYOUT_STATUS_LABELS[value] })),
    consigners: consigners.map((c) => ({ value: c.id, label: `${c.firstName} ${c.lastName}`.trim() })),
  };
}

async function findPayout(db: DbOrTx, store: Tenant, id: string) {
  const payout = await repo.find(db, store.id, id);
  if (!payout) throw notFound(PAYOUT_ERRORS.notFound);
  return payout;
}

/** GET /api/payouts/{id}: the payout, its shares with their items, and every item. */
export async function getPayout(ctx: AppContext, store: Tenant, actor: Actor, id: string): Promise<z.input<typeof ZPayoutDetail>> {
  const payout = await findPayout(ctx.db, store, id);
  const [[summary], items] = await Promise.all([withShares(ctx.db, store, actor, [payout]), repo.items(ctx.db, store.id, [id])]);
  const inventories = items.map(toPayoutItem);
  const itemsOf = groupBy(inventories, (it) => it.consignerId);
  return {
    payout: { ...summary, consigners: summary.consigners.map((s) => ({ ...s, inventories: itemsOf.get(s.consignerId) ?? [] })) },
    inventories,
  };
}

/** A consigner asks for their own figures only; staff for a consigner of this store (404 otherwise, never their data). */
export async function assertConsignerOf(ctx: AppContext, store: Tenant, actor: Actor, consignerId: string): Promise<void> {
  if (actor.kind === 'consigner' && actor.id !== consignerId) throw notFound(PAYOUT_ERRORS.consignerNotFound);
  if (actor.kind === 'employee' && !(await repo.consignerExists(ctx.db, store.id, consignerId))) throw notFound(PAYOUT_ERRORS.consignerNotFound);
}

/**
 * GET /api/payouts/consigner/{id}/buying: the items the store bought from the consigner and still owes
 * them (the portal's Ready to Pay tab, the payout status Buying's label): accepted, not yet paid for.
 */
export async function listConsignerBuyingItems(
  ctx: AppContext,
  store: Tenant,
  actor: Actor,
  consignerId: string,
  q: TConsignerBuyingQuery,
): Promise<z.input<typeof ZConsignerBuyingList>> {
  await assertConsignerOf(ctx, store, actor, consignerId);
  const range = reportRange(q.dateRangeStart, q.dateRangeEnd);
  const { rows, count, amount } = await repo.owedBoughtItems(
    ctx.db,
    store.id,
    consignerId,
    { words: searchWords(q.search), from: range.start, to: range.end },
    { offset: (q.page - 1) * q.pageSize, limit: q.pageSize },
  );
  return { rows: rows.map(toConsignerBuyingItem), total: count, amount: toMajor(amount) };
}

/** GET /api/payouts/consigner/{id}: a consigner's payouts, their share only. A consigner sees their own only. */
export async function listConsignerPayouts(
  ctx: AppContext,
  store: Tenant,
  actor: Actor,
  consignerId: string,
  q: TConsignerPayoutsQuery,
): Promise<z.input<typeof ZConsignerPayoutList>> {
  await assertConsignerOf(ctx, store, actor, consignerId);
  const range = reportRange(q.dateRangeStart, q.dateRangeEnd);
  const { rows, count } = await repo.listOfConsigner(
    ctx.db,
    store.id,
    consignerId,
    { words: searchWords(q.search), status: q.status, shareStatus: q.shareStatus, from: range.start, to: range.end },
    { offset: (q.page - 1) * q.pageSize, limit: q.pageSize },
  );
  const ids = rows.map((p) => p.id);
  const [shares, cheques, items] = await Promise.all([
    repo.shares(ctx.db, store.id, ids, consignerId),
    repo.cheques(ctx.db, store.id, ids, consignerId),
    repo.items(ctx.db, store.id, ids, consignerId),
  ]);
  const shareOf = new Map(shares.map((s) => [s.payoutId, s]));
  const chequesOf = groupBy(cheques, (ch) => ch.payoutId);
  const itemsOf = groupBy(items, (it) => it.payoutId);
  return {
    rows: rows.filter((p) => shareOf.has(p.id)).map((p) => toConsignerPayout(p, shareOf.get(p.id)!, chequesOf.get(p.id) ?? [], itemsOf.get(p.id) ?? [])),
    total: count,
  };
}

/** GET /api/cheques: a payout's cheques (a consigner: their own, of a payout they are in). */
export async function listCheques(ctx: AppContext, store: Tenant, actor: Actor, payoutId: string): Promise<z.input<typeof ZCheque>[]> {
  await findPayout(ctx.db, store, payoutId);
  const consignerId = actor.kind === 'consigner' ? actor.id : undefined;
  const cheques = await repo.cheques(ctx.db, store.id, [payoutId], consignerId);
  if (consignerId && cheques.length === 0 && (await repo.shares(ctx.db, store.id, [payoutId], consignerId)).length === 0) throw notFound(PAYOUT_ERRORS.notFound);
  return cheques.map(toCheque);
}

/** POST /api/payouts/export: payouts.csv of the given payout items (all must be in a payout of the store), or of one payout. */
export async function exportPayoutItems(ctx: AppContext, store: Tenant, body: TPayoutExportBody): Promise<Readable> {
  let lines: string[];
  if (body.inventoriesToExport.length > 0) {
    const found = await repo.payoutItemIds(ctx.db, store.id, body.inventoriesToExport);
    if (found.length !== body.inventoriesToExport.length) throw notFound(PAYOUT_ERRORS.notInAPayout);
    lines = await repo.exportLines(ctx.db, store.id, { ids: body.inventoriesToExport });
  } else {
    await findPayout(ctx.db, store, body.payoutId!);
    lines = await repo.exportLines(ctx.db, store.id, { payoutId: body.payoutId! });
  }
  async function* chunks() {
    yield lines.join('\n');
  }
  return csvDocument(PAYOUT_EXPORT_HEADERS, chunks(), (err) => ctx.log.error({ err }, 'payouts export failed'));
}

// ---- POST /api/payouts/paid/{id} --------------------------------------------------------------

const isUnpaid = (share: ShareRow, cheques: ChequeRow[]) => share.unpaidItems > 0 || cheques.some((ch) => ch.status !== 'Paid');

/**
 * Settles consigners' shares of a payout, in the caller's transaction (the payout row locked by it):
 * their Sold items become Paid (with log entries), their cheques Paid, and each item gets its ledger
 * entry - 'payout' of minus what the item paid; an item the store bought is first credited ('sale'
 * of the agreed price), as nothing else records that debt (docs/payouts.md). Also what an auto payout
 * calls when its provider confirms a share.
 */
export async function settlePayoutShares(
  tx: DbOrTx,
  storeId: string,
  payoutId: string,
  consignerIds: readonly string[],
  by: LogAuthor,
  notice?: PayoutNotice,
): Promise<{ itemCount: number }> {
  if (consignerIds.length === 0) return { itemCount: 0 };
  const items = await repo.shareItems(tx, storeId, payoutId, consignerIds);
  const paid = await repo.markItemsPaid(tx, storeId, payoutId, consignerIds, by);
  await repo.markChequesPaid(tx, storeId, payoutId, consignerIds);
  const base = { storeId, payoutId, createdById: by.id };
  const entries: NewLedgerEntry[] = items.flatMap((it) => [
    ...(it.bought ? [{ ...base, consignerId: it.consignerId, kind: 'sale' as const, amount: it.amount, inventoryId: it.inventoryId, orderId: it.orderId, memo: 'Bought by the store' }] : []),
    { ...base, consignerId: it.consignerId, kind: 'payout' as const, amount: -it.amount, inventoryId: it.inventoryId, orderId: it.orderId },
  ]);
  // what the share took for fees owed (or added): its ledger entry, so the balance ends where the cash does
  const carried = await repo.deductionsOf(tx, storeId, payoutId, consignerIds);
  for (const [consignerId, amount] of carried) {
    if (amount === 0) continue;
    entries.push({ ...base, consignerId, kind: 'payout_deduction', amount: -amount, memo: amount < 0 ? 'Fees owed, taken from this payout' : 'Balance paid with this payout' });
    if (amount < 0) await repo.settleWithdrawalFees(tx, storeId, consignerId, -amount);
  }
  await consignerLedger.append(tx, entries);
  // the requests this payout was paying for these consigners are done (docs/consigner-account.md)
  await repo.closePaidRequests(tx, storeId, payoutId, consignerIds);
  const now = new Date();
  await writeInventoryLogs(
    tx,
    // the payout the status changed in rides along (unchanged), so the feed can name it (docs/dashboard-and-activity.md)
    paid.map((it) =>
      logEntry(
        it,
        by,
        [
          { variableChanged: 'status', beforeValue: 'Sold', afterValue: 'Paid' },
          { variableChanged: 'payoutId', beforeValue: payoutId, afterValue: payoutId },
        ],
        now,
      ),
    ),
  );
  if (notice) {
    // the moment a consigner's share is paid (by hand, or confirmed by its provider): one e-mail each
    const totals = new Map<string, number>();
    for (const it of items) totals.set(it.consignerId, (totals.get(it.consignerId) ?? 0) + it.amount);
    for (const [consignerId, amount] of carried) totals.set(consignerId, (totals.get(consignerId) ?? 0) + amount);
    await notice.notifier.add(
      tx,
      'payout',
      items.map((it) => noticeItemOf({ ...it, price: null, payout: it.amount })),
      { payout: { name: notice.payoutName, total: (consignerId) => totals.get(consignerId) ?? 0, creditBonus: notice.creditBonus } },
    );
  }
  return { itemCount: items.length };
}

/** The payout e-mails of settled shares: the action's notifier (delivered after commit) and the payout's name. */
type PayoutNotice = { notifier: Notifier; payoutName: string; creditBonus?: (consignerId: string) => number | null };

/**
 * For an auto payout whose provider confirmed some shares: in the caller's transaction, locks the
 * payout, settles those shares (settlePayoutShares) and closes the payout when nothing is left to pay.
 * Shares already settled are skipped, so a repeated confirmation settles nothing twice. Settled is
 * told by the ledger, not by the cheques: the payout job marks each cheque Paid as its provider pays
 * it, before the share's last one, and a share of items the store bought has no Sold item to count.
 */
export async function settleConfirmedShares(
  tx: DbOrTx,
  storeId: string,
  payoutId: string,
  consignerIds: readonly string[],
  by: LogAuthor,
  notifier?: Notifier,
): Promise<PayoutRow | null> {
  const locked = await repo.lockPayoutWithCheques(tx, storeId, payoutId);
  if (!locked) return null;
  const { payout } = locked;
  const [shares, settled] = await Promise.all([repo.shares(tx, storeId, [payoutId]), consignerLedger.payoutSettledConsignerIds(tx, storeId, payoutId)]);
  const unpaid = shares.filter((s) => consignerIds.includes(s.consignerId) && !settled.has(s.consignerId)).map((s) => s.consignerId);
  await settlePayoutShares(tx, storeId, payoutId, unpaid, by, notifier ? { notifier, payoutName: payout.name } : undefined);
  return closeIfPaid(tx, storeId, payout);
}

/** After shares were settled: Paid (with paidAt) when no share is left to pay. */
async function closeIfPaid(tx: DbOrTx, storeId: string, payout: PayoutRow): Promise<PayoutRow> {
  const [shares, cheques] = await Promise.all([repo.shares(tx, storeId, [payout.id]), repo.cheques(tx, storeId, [payout.id])]);
  const chequesOf = groupBy(cheques, (ch) => ch.consignerId);
  if (shares.some((s) => isUnpaid(s, chequesOf.get(s.consignerId) ?? []))) return payout;
  return repo.update(tx, storeId, payout.id, { status: 'Paid', paidAt: new Date(), failureReason: null });
}

/**
 * POST /api/payouts/paid/{id}: marks the given consigners' shares paid (all shares paid by hand when
 * none is given). Sent twice, or twice at once, it pays once: the payout row is locked and only
 * shares still unpaid are settled. A share sent by a provider is not marked by hand while in flight
 * (409); one whose auto payout failed may be, when named (paid another way). On a Buying payout this
 * is its Pay: hand-paid shares are marked, automated ones handed to their provider.
 */
export async function markPayoutPaid(ctx: AppContext, store: Tenant, actor: Actor, id: string, body: TPayoutPaidBody): Promise<z.input<typeof ZPayoutPaidResult>> {
  const by = actorStamp(actor);
  const given = body.consignersInventoryToBeMarkedAsPaid;
  const notifier = consignerNotifier(ctx, store.id, store);
  const outcome = await ctx.db.transaction(async (tx) => {
    // the payout and its cheques locked (the lock the retry and the payout job take too): a cheque
    // the job is claiming is seen Sent here, never overwritten by a stale read
    const locked = await repo.lockPayoutWithCheques(tx, store.id, id);
    if (!locked) throw notFound(PAYOUT_ERRORS.notFound);
    const { payout, cheques } = locked;
    const shares = await repo.shares(tx, store.id, [id]);
    const chequesOf = groupBy(cheques, (ch) => ch.consignerId);
    const known = new Set(shares.map((s) => s.consignerId));
    if (given.some((c) => !known.has(c))) throw notFound(PAYOUT_ERRORS.notInPayout);

    const toMark: string[] = [];
    const toSend: string[] = [];
    const inFlight: ChequeRow[][] = [];
    for (const share of given.length ? shares.filter((s) => given.includes(s.consignerId)) : shares) {
      const own = chequesOf.get(share.consignerId) ?? [];
      if (!isUnpaid(share, own)) continue;
      if (shareProvider(own) === 'manual') toMark.push(share.consignerId);
      else if (payout.status === 'Buying') toSend.push(share.consignerId);
      else if (given.length && own.some((ch) => ch.status === 'Failed') && !own.some((ch) => ch.status === 'Sent')) toMark.push(share.consignerId);
      else inFlight.push(own);
    }
    if (inFlight.length && (given.length || toMark.length + toSend.length === 0)) {
      // a cheque in flight (Sent: being sent, or at its provider) is never marked paid by hand
      const sending = inFlight.some((own) => own.some((ch) => ch.status === 'Sent'));
      throw conflict(!sending && inFlight.some((own) => own.some((ch) => ch.status === 'Failed')) ? PAYOUT_ERRORS.autoFailed : PEOPLE_MESSAGES.autoPayoutInProgress);
    }

    const { itemCount } = await settlePayoutShares(tx, store.id, id, toMark, by, { notifier, payoutName: payout.name });
    let after = toMark.length ? await closeIfPaid(tx, store.id, payout) : payout;
    // a Buying payout's Pay hands its automated shares to their provider: in progress from now on
    if (toSend.length && after.status === 'Buying') after = await repo.update(tx, store.id, id, { status: 'Pending' });
    return { after, toMark, toSend, itemCount };
  });
  await notifier.deliver();
  if (outcome.toSend.length) await handToProvider(ctx, store.id, id);
  const [payout] = await withShares(ctx.db, store, actor, [(await repo.find(ctx.db, store.id, id)) ?? outcome.after]);
  return { payout, markedConsignerIds: outcome.toMark, markedItemCount: outcome.itemCount, sentConsignerIds: outcome.toSend };
}
