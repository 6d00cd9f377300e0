// The payouts API (issue 11; people doc sections 2 Payouts, 4, 5, 7; docs/payouts.md).
import type { Readable } from 'node:stream';
import {
  isConsignerAdmin,
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
} from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { actorStamp, type Actor } from '../../auth/actor.ts';
import type { DbOrTx } from '../../db/client.ts';
import { csvDocument } from '../../http/csv.ts';
import { conflict, notFound, unprocessable } from '../../http/errors.ts';
import { integrationsRepository } from '../../integrations/integrations.repository.ts';
import { startAutoPayout } from '../../payouts/auto-payout.ts';
import { logEntry, writeInventoryLogs, type LogAuthor } from '../inventory/inventory-log.ts';
import { ledgerRepository, type NewLedgerEntry } from '../ledger/ledger.repository.ts';
import { consignerNotifier, noticeItemOf, type Notifier } from '../notifications/notifications.service.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../products/pg-errors.ts';
import type { StoreRow } from '../stores/stores.repository.ts';
import { toCheque, toConsignerBuyingItem, toConsignerPayout, toPayout, toPayoutItem, toShare, shareProvider } from './payouts.mapper.ts';
import { PAYOUT_EXPORT_HEADERS, payoutsRepository as repo, type ChequeRow, type PayCandidate, type PayoutRow, type ShareRow } from './payouts.repository.ts';

export const PAYOUT_ERRORS = {
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
  const rows = await integrationsRepository.list(ctx.db, storeId);
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

// ---- POST /api/payouts/pay --------------------------------------------------------------------

/**
 * Makes a payout of the chosen ready items: grouped per consigner, one cheque per 2,000 of a
 * consigner's share (rounded up), total = the sum of the items' payouts = the sum of the cheques.
 * An item is in at most one payout: the store's payouts are made one at a time (an advisory lock),
 * items are row-locked, and the payout_items key refuses a second payout of an item whatever happens.
 */
export async function payInventories(ctx: AppContext, store: StoreRow, actor: Actor, body: TPayoutPayBody): Promise<z.input<typeof ZPayoutCreated>> {
  const ids = body.inventoriesToPay;
  const by = actorStamp(actor);
  const providers = await enabledProviders(ctx, store.id);
  let payout: PayoutRow;
  try {
    payout = await ctx.db.transaction(async (tx) => {
      await repo.lockStorePayouts(tx, store.id);
      const items = await repo.payCandidatesForUpdate(tx, store.id, ids);
      if (items.length !== ids.length) throw notFound(PAYOUT_ERRORS.itemNotFound);
      for (const it of items) {
        if (it.isStoreAccount) throw unprocessable(PAYOUT_ERRORS.storeAccount(it.code));
        if (it.payoutId !== null || it.inPayout) throw conflict(PAYOUT_ERRORS.alreadyInPayout(it.code));
        if (!isReady(it)) throw conflict(PAYOUT_ERRORS.notReady(it.code, it.status));
      }

      // one share per consigner, its provider decided now and kept on its cheques
      const shares = new Map<string, { total: number; payoutType: string | null; boughtForCash: boolean }>();
      for (const it of items) {
        const s = shares.get(it.consignerId) ?? { total: 0, payoutType: it.payoutType, boughtForCash: false };
        s.total += it.total;
        s.boughtForCash ||= it.bought && it.paymentType === 'cash';
        shares.set(it.consignerId, s);
      }
      const settings = { automatedPayout: store.automatedPayout, enabledProviders: providers };
      const shareProviders = new Map([...shares].map(([id, s]) => [id, shareProviderOf(s.payoutType, settings, { boughtForCash: s.boughtForCash })]));
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
      return created;
    });
  } catch (err) {
    // the payout_items key (or the name) taken by a payout that committed in between
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw conflict(PAYOUT_ERRORS.raced);
    throw err;
  }
  if (payout.status === 'Pending' && payout.provider !== 'manual') await handToProvider(ctx, store.id, payout.id);
  return { id: payout.id, name: payout.name, status: payout.status, total: toMajor(payout.total), inventories: ids };
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

async function withShares(db: DbOrTx, store: StoreRow, actor: Actor, rows: PayoutRow[]): Promise<z.input<typeof ZPayout>[]> {
  const ids = rows.map((p) => p.id);
  const [shares, cheques] = await Promise.all([repo.shares(db, store.id, ids), repo.cheques(db, store.id, ids)]);
  const sharesOf = groupBy(shares, (s) => s.payoutId);
  const chequesOf = groupBy(cheques, (ch) => shareKey(ch.payoutId, ch.consignerId));
  const full = seesFullBank(actor);
  return rows.map((p) => toPayout(p, (sharesOf.get(p.id) ?? []).map((s) => toShare(s, chequesOf.get(shareKey(p.id, s.consignerId)) ?? [], full))));
}

/** GET /api/payouts */
export async function listPayouts(ctx: AppContext, store: StoreRow, actor: Actor, q: TPayoutsQuery): Promise<z.input<typeof ZPayoutList>> {
  const { rows, count } = await repo.list(
    ctx.db,
    store.id,
    { words: searchWords(q.search), consignerId: q.consigner, status: q.status },
    { offset: (q.page - 1) * q.pageSize, limit: q.pageSize },
  );
  return { rows: await withShares(ctx.db, store, actor, rows), total: count };
}

/** GET /api/payouts/filterOptions */
export async function payoutFilterOptions(ctx: AppContext, store: StoreRow): Promise<z.input<typeof ZPayoutFilterOptions>> {
  const consigners = await repo.consignersWithPayouts(ctx.db, store.id);
  return {
    statuses: PAYOUT_STATUSES.map((value) => ({ value, label: PAYOUT_STATUS_LABELS[value] })),
    consigners: consigners.map((c) => ({ value: c.id, label: `${c.firstName} ${c.lastName}`.trim() })),
  };
}

async function findPayout(db: DbOrTx, store: StoreRow, id: string) {
  const payout = await repo.find(db, store.id, id);
  if (!payout) throw notFound(PAYOUT_ERRORS.notFound);
  return payout;
}

/** GET /api/payouts/{id}: the payout, its shares with their items, and every item. */
export async function getPayout(ctx: AppContext, store: StoreRow, actor: Actor, id: string): Promise<z.input<typeof ZPayoutDetail>> {
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
async function assertConsignerOf(ctx: AppContext, store: StoreRow, actor: Actor, consignerId: string): Promise<void> {
  if (actor.kind === 'consigner' && actor.id !== consignerId) throw notFound(PAYOUT_ERRORS.consignerNotFound);
  if (actor.kind === 'employee' && !(await repo.consignerExists(ctx.db, store.id, consignerId))) throw notFound(PAYOUT_ERRORS.consignerNotFound);
}

/**
 * GET /api/payouts/consigner/{id}/buying: the items the store bought from the consigner and still owes
 * them (the portal's Ready to Pay tab, the payout status Buying's label): accepted, not yet paid for.
 */
export async function listConsignerBuyingItems(
  ctx: AppContext,
  store: StoreRow,
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
  store: StoreRow,
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
export async function listCheques(ctx: AppContext, store: StoreRow, actor: Actor, payoutId: string): Promise<z.input<typeof ZCheque>[]> {
  await findPayout(ctx.db, store, payoutId);
  const consignerId = actor.kind === 'consigner' ? actor.id : undefined;
  const cheques = await repo.cheques(ctx.db, store.id, [payoutId], consignerId);
  if (consignerId && cheques.length === 0 && (await repo.shares(ctx.db, store.id, [payoutId], consignerId)).length === 0) throw notFound(PAYOUT_ERRORS.notFound);
  return cheques.map(toCheque);
}

/** POST /api/payouts/export: payouts.csv of the given payout items (all must be in a payout of the store), or of one payout. */
export async function exportPayoutItems(ctx: AppContext, store: StoreRow, body: TPayoutExportBody): Promise<Readable> {
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
  await ledgerRepository.append(tx, entries);
  const now = new Date();
  await writeInventoryLogs(
    tx,
    paid.map((it) => logEntry(it, by, [{ variableChanged: 'status', beforeValue: 'Sold', afterValue: 'Paid' }], now)),
  );
  if (notice) {
    // the moment a consigner's share is paid (by hand, or confirmed by its provider): one e-mail each
    const totals = new Map<string, number>();
    for (const it of items) totals.set(it.consignerId, (totals.get(it.consignerId) ?? 0) + it.amount);
    await notice.notifier.add(
      tx,
      'payout',
      items.map((it) => noticeItemOf({ ...it, price: null, payout: it.amount })),
      { payout: { name: notice.payoutName, total: (consignerId) => totals.get(consignerId) ?? 0 } },
    );
  }
  return { itemCount: items.length };
}

/** The payout e-mails of settled shares: the action's notifier (delivered after commit) and the payout's name. */
export type PayoutNotice = { notifier: Notifier; payoutName: string };

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
  const payout = await repo.find(tx, storeId, payoutId, { lock: true });
  if (!payout) return null;
  const [shares, settled] = await Promise.all([repo.shares(tx, storeId, [payoutId]), ledgerRepository.payoutSettledConsignerIds(tx, storeId, payoutId)]);
  const unpaid = shares.filter((s) => consignerIds.includes(s.consignerId) && !settled.has(s.consignerId)).map((s) => s.consignerId);
  await settlePayoutShares(tx, storeId, payoutId, unpaid, by, notifier ? { notifier, payoutName: payout.name } : undefined);
  return closeIfPaid(tx, storeId, payout);
}

/** After shares were settled: Paid (with paidAt) when no share is left to pay. */
export async function closeIfPaid(tx: DbOrTx, storeId: string, payout: PayoutRow): Promise<PayoutRow> {
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
export async function markPayoutPaid(ctx: AppContext, store: StoreRow, actor: Actor, id: string, body: TPayoutPaidBody): Promise<z.input<typeof ZPayoutPaidResult>> {
  const by = actorStamp(actor);
  const given = body.consignersInventoryToBeMarkedAsPaid;
  const notifier = consignerNotifier(ctx, store.id, store);
  const outcome = await ctx.db.transaction(async (tx) => {
    const payout = await repo.find(tx, store.id, id, { lock: true });
    if (!payout) throw notFound(PAYOUT_ERRORS.notFound);
    const [shares, cheques] = await Promise.all([repo.shares(tx, store.id, [id]), repo.cheques(tx, store.id, [id])]);
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
      throw conflict(inFlight.some((own) => own.some((ch) => ch.status === 'Failed')) ? PAYOUT_ERRORS.autoFailed : PEOPLE_MESSAGES.autoPayoutInProgress);
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
