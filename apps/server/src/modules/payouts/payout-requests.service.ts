// The payout hold, the minimum and payouts on request (docs/consigner-account.md): the consigner's
// payable and held money, Ready to Pay's consigners, and the requests a consigner makes from the
// portal and staff pay through the one payout path (payouts.service.ts createPayoutIn).
import {
  formatMoney,
  meetsPayoutMinimum,
  PAYOUT_ACCOUNT_MESSAGES,
  payoutHoldOf,
  requestRefusalOf,
  storeDayOf,
  toMajor,
  type PayableSplit,
  type ZPayoutAccount,
  type ZPayoutCreated,
  type ZPayoutReadiness,
  type ZPayoutRequest,
} from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { actorStamp, type ConsignerActor, type EmployeeActor, type Actor } from '../../auth/actor.ts';
import { conflict, notFound, unprocessable } from '../../http/errors.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { consignerNotifier } from '../notifications/index.ts';
import { payoutsRepository as repo, type PayoutRequestRow } from './payouts.repository.ts';
import { afterPayoutMade, assertConsignerOf, createPayoutIn, heldUntilOf, inPayoutTransaction, payableSplits } from './payouts.service.ts';

const NONE: PayableSplit = { payable: 0, held: 0, heldUntil: [] };
const isActive = (r: PayoutRequestRow | null) => r !== null && (r.status === 'Open' || r.status === 'Paying');

function toPayoutRequest(r: PayoutRequestRow): z.input<typeof ZPayoutRequest> {
  return {
    id: r.id,
    consignerId: r.consignerId,
    consignerName: r.consignerName.trim(),
    status: r.status,
    amount: toMajor(r.amount),
    payoutId: r.payoutId,
    payoutName: r.payoutName,
    createdAt: r.createdAt.toISOString(),
    closedAt: r.closedAt?.toISOString() ?? null,
  };
}

const figuresOf = (s: PayableSplit) => ({ payable: toMajor(s.payable), held: toMajor(s.held), heldUntil: s.heldUntil.map((h) => ({ payableOn: h.payableOn, amount: toMajor(h.amount) })) });

/** GET /api/payouts/consigner/{id}/account: a consigner's payable and held money and their request (a consigner: their own). */
export async function getPayoutAccount(ctx: AppContext, store: Tenant, actor: Actor, consignerId: string, today = storeDayOf(new Date())): Promise<z.input<typeof ZPayoutAccount>> {
  await assertConsignerOf(ctx, store, actor, consignerId);
  const [splits, current] = await Promise.all([payableSplits(ctx.db, store, today, [consignerId]), repo.currentRequestOf(ctx.db, store.id, consignerId)]);
  const split = splits.get(consignerId) ?? NONE;
  const reason = isActive(current) ? null : requestRefusalOf(split, store.payoutMinimum, store.currency);
  return {
    ...figuresOf(split),
    holdDays: store.payoutHoldDays,
    holdFrom: store.payoutHoldFrom,
    minimum: toMajor(store.payoutMinimum),
    canRequest: !isActive(current) && reason === null,
    reason,
    request: current ? toPayoutRequest(current) : null,
  };
}

/**
 * GET /api/payouts/readiness: Ready to Pay's consigners, from the ledger: what is payable, what is held
 * and until when, who is below the minimum (a run leaves them out) and who asked to be paid.
 */
export async function getPayoutReadiness(ctx: AppContext, store: Tenant, today = storeDayOf(new Date())): Promise<z.input<typeof ZPayoutReadiness>> {
  const [splits, requests] = await Promise.all([payableSplits(ctx.db, store, today), repo.activeRequests(ctx.db, store.id)]);
  const requestOf = new Map(requests.map((r) => [r.consignerId, r]));
  const ids = [...new Set([...splits.keys(), ...requestOf.keys()])];
  const names = await repo.consignerNames(ctx.db, store.id, ids);
  const minimum = formatMoney(store.payoutMinimum, store.currency);
  const rows = ids
    .filter((id) => names.has(id))
    .map((id) => {
      const split = splits.get(id) ?? NONE;
      const request = requestOf.get(id) ?? null;
      const belowMinimum = store.payoutMinimum > 0 && split.payable > 0 && !meetsPayoutMinimum(split.payable, store.payoutMinimum);
      return { consignerId: id, name: names.get(id)!, ...figuresOf(split), belowMinimum, reason: belowMinimum ? PAYOUT_ACCOUNT_MESSAGES.staffBelowMinimum(minimum) : null, request: request ? toPayoutRequest(request) : null };
    })
    .filter((r) => r.payable > 0 || r.held !== 0 || r.request)
    // requests first (oldest first), then by name
    .sort((a, b) => (a.request && b.request ? a.request.createdAt.localeCompare(b.request.createdAt) : a.request ? -1 : b.request ? 1 : a.name.localeCompare(b.name)));
  return { holdDays: store.payoutHoldDays, holdFrom: store.payoutHoldFrom, minimum: toMajor(store.payoutMinimum), today, consigners: rows, requested: requests.filter((r) => r.status === 'Open').length };
}

/**
 * POST /api/payouts/requests: the signed-in consigner asks to be paid. One request at a time: asked
 * again (also twice at once: the partial unique index) it answers the open one, created false.
 */
export async function requestPayout(ctx: AppContext, store: Tenant, actor: ConsignerActor, today = storeDayOf(new Date())): Promise<{ request: z.input<typeof ZPayoutRequest>; created: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const current = await repo.currentRequestOf(tx, store.id, actor.id);
    if (current && isActive(current)) return { request: toPayoutRequest(current), created: false };
    const split = (await payableSplits(tx, store, today, [actor.id])).get(actor.id) ?? NONE;
    const refusal = requestRefusalOf(split, store.payoutMinimum, store.currency);
    if (refusal) throw unprocessable(refusal);
    const inserted = await repo.insertRequest(tx, { storeId: store.id, consignerId: actor.id, amount: split.payable });
    const row = await (inserted ? repo.findRequest(tx, store.id, inserted.id) : repo.currentRequestOf(tx, store.id, actor.id));
    return { request: toPayoutRequest(row!), created: inserted !== null };
  });
}

/** A request of this store that the actor may see: a consigner only their own (404 otherwise, never their data). */
function visible(row: PayoutRequestRow | null, actor: Actor): PayoutRequestRow {
  if (!row || (actor.kind === 'consigner' && row.consignerId !== actor.id)) throw notFound(PAYOUT_ACCOUNT_MESSAGES.requestNotFound);
  return row;
}

function refuseUnlessOpen(row: PayoutRequestRow) {
  if (row.status === 'Paying') throw conflict(PAYOUT_ACCOUNT_MESSAGES.requestInPayout);
  if (row.status !== 'Open') throw conflict(PAYOUT_ACCOUNT_MESSAGES.requestNotOpen(row.status));
}

/** POST /api/payouts/requests/{id}/cancel: the consigner withdraws their own open request. */
export async function cancelPayoutRequest(ctx: AppContext, store: Tenant, actor: ConsignerActor, id: string): Promise<z.input<typeof ZPayoutRequest>> {
  return ctx.db.transaction(async (tx) => {
    const row = visible(await repo.findRequest(tx, store.id, id, { lock: true }), actor);
    refuseUnlessOpen(row);
    await repo.cancelRequest(tx, store.id, id);
    return toPayoutRequest((await repo.findRequest(tx, store.id, id))!);
  });
}

/**
 * POST /api/payouts/requests/{id}/pay: staff pay a request in one action: a payout of the consigner's
 * ready items that are not held, made by the same code as Ready to Pay's (the store's payout lock, the
 * item checks, the minimum, the providers). The request row is locked in that transaction and must be
 * Open, so sent twice, or twice at once, it makes one payout (the other is 409).
 */
export async function payPayoutRequest(ctx: AppContext, store: Tenant, actor: EmployeeActor, id: string, today = storeDayOf(new Date())): Promise<z.input<typeof ZPayoutCreated>> {
  // a share taken as store credit is paid inside the transaction: its e-mail goes after the commit
  const notifier = consignerNotifier(ctx, store.id, store);
  const { payout, ids } = await inPayoutTransaction(ctx, store, async (tx, providers) => {
    const row = visible(await repo.findRequest(tx, store.id, id, { lock: true }), actor);
    refuseUnlessOpen(row);
    const ready = await repo.readyItemsOf(tx, store.id, row.consignerId);
    const ids = ready.filter((it) => heldUntilOf(it, payoutHoldOf(store), today) === null).map((it) => it.id);
    if (ids.length === 0) throw unprocessable(PAYOUT_ACCOUNT_MESSAGES.nothingPayable);
    return { payout: await createPayoutIn(tx, store, actorStamp(actor), ids, providers, notifier), ids };
  });
  await notifier.deliver();
  return afterPayoutMade(ctx, store, payout, ids);
}
