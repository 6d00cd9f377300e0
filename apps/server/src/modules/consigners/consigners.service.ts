// The consigners API (issue 10; people doc sections 2, 3, 5, 7; docs/people.md "Consigners").
import type { Readable } from 'node:stream';
import {
  addConsignerSchema,
  bankDataForMode,
  bankDataIssues,
  canEditBankData,
  canSeeBankData,
  CONSIGNER_MESSAGES,
  hasArea,
  hasBankData,
  isConsignerAdmin,
  maskBankSnapshot,
  PEOPLE_MESSAGES,
  reportRange,
  searchWords,
  STAFF_ONLY_CONSIGNER_FIELDS,
  toMajor,
  ZBankData,
  type ConsignerViewer,
  type TBankData,
  type TConsignerReportQuery,
  type TConsignersQuery,
  type TConsignerUpdate,
  type TPayoutRecalculation,
  type TPayoutRecalculationQuery,
  type ZConsigner,
  type ZConsignerDeleted,
  type ZConsignerList,
  type ZConsignerReport,
} from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { actorStamp, type Actor } from '../../auth/actor.ts';
import { createIdentity, findIdentityByEmail, sendAuthMail, setIdentityPassword, changeOwnPassword } from '../../auth/identities.ts';
import { sessionCacheOf } from '../../auth/session-cache.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { BankData } from '../../db/schema/index.ts';
import { csvDocument } from '../../http/csv.ts';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../http/errors.ts';
import type { FastifyRequest } from 'fastify';
import { feesFor } from '../inventory/inventory-fees.ts';
import { logEntry, modifiedFields, writeInventoryLogs } from '../inventory/inventory-log.ts';
import type { StoreRow } from '../stores/stores.repository.ts';
import { consignersRepository as repo, exportHeaders, type ConsignerRow, type ConsignerTypeRow, type NewConsigner } from './consigners.repository.ts';
import { toBankChange, toConsigner, toConsignerRow } from './consigners.mapper.ts';

const EXPORT_BATCH = 2000;
/** Changed items listed in a recalculation answer. */
const RECALCULATION_ITEMS_SHOWN = 100;

function viewerOf(actor: Actor): ConsignerViewer {
  return actor.kind === 'employee' ? { kind: 'employee', role: actor.role, accessControls: actor.accessControls } : { kind: 'consigner', id: actor.id };
}

/** Staff (area checked by the route) see any consigner of the store; a consigner only themself (404 otherwise). */
function assertMaySee(actor: Actor, consignerId: string): void {
  if (actor.kind === 'consigner' && actor.id !== consignerId) throw notFound(CONSIGNER_MESSAGES.notFound);
}

function present(actor: Actor, c: ConsignerRow, emailVerified: boolean): z.input<typeof ZConsigner> {
  const viewer = viewerOf(actor);
  return toConsigner(c, emailVerified, { bank: canSeeBankData(viewer, c.id), canEditBank: canEditBankData(viewer, c.id, hasBankData(c.bankData)) });
}

function invalidate(ctx: AppContext, ...userIds: (string | null | undefined)[]): void {
  for (const id of userIds) if (id) sessionCacheOf(ctx).invalidateUser(id);
}

/** The legacy bank columns mirror bankData (the spec's entity has both). */
function bankColumns(payoutType: string | null, bankData: TBankData | null): Partial<NewConsigner> {
  return {
    payoutType,
    bankData: bankData as BankData | null,
    accountName: bankData?.accountName ?? null,
    accountNumber: bankData?.accountNumber ?? null,
    bank: bankData?.bank ?? null,
    bankType: bankData?.bankType ?? null,
    branchCode: bankData?.branchCode ?? null,
  };
}

async function logBankChange(
  tx: DbOrTx,
  actor: Actor,
  c: ConsignerRow,
  before: { payoutType: string | null; bankData: BankData | null } | null,
  after: { payoutType: string | null; bankData: BankData | null },
): Promise<void> {
  await repo.insertBankLog(tx, {
    storeId: c.storeId,
    consignerId: c.id,
    changedById: actor.id,
    changedByName: actor.name,
    changedByKind: actor.kind,
    before: before ? maskBankSnapshot(before.payoutType, before.bankData) : null,
    after: maskBankSnapshot(after.payoutType, after.bankData),
  });
}

// ---- list and export --------------------------------------------------------------------------

export async function listConsigners(ctx: AppContext, store: StoreRow, q: TConsignersQuery): Promise<z.input<typeof ZConsignerList>> {
  const { rows, total } = await repo.list(ctx.db, store.id, { words: searchWords(q.search), page: q.page, pageSize: q.pageSize, sort: q.sort });
  return { rows: rows.map(toConsignerRow), total };
}

/** consigners.csv: every match of the search in name order; bank columns only for Admins with Consigners access. */
export function exportConsigners(ctx: AppContext, store: StoreRow, actor: Actor, q: Pick<TConsignersQuery, 'search'>): Readable {
  const withBank = isConsignerAdmin(viewerOf(actor));
  const batches = repo.exportCsvBatches(ctx.db, store.id, searchWords(q.search), withBank, EXPORT_BATCH);
  return csvDocument(exportHeaders(withBank), batches, (err) => ctx.log.error({ err }, 'consigners export failed'));
}

// ---- one consigner ----------------------------------------------------------------------------

export async function getConsigner(ctx: AppContext, store: StoreRow, actor: Actor, id: string) {
  assertMaySee(actor, id);
  const found = await repo.findLive(ctx.db, store.id, id);
  if (!found) throw notFound(CONSIGNER_MESSAGES.notFound);
  return present(actor, found.consigner, found.emailVerified);
}

export async function getBankLog(ctx: AppContext, store: StoreRow, actor: Actor, id: string) {
  assertMaySee(actor, id);
  if (!canSeeBankData(viewerOf(actor), id)) throw forbidden('Only an Admin with Consigners access can see bank details');
  const found = await repo.findLive(ctx.db, store.id, id);
  if (!found) throw notFound(CONSIGNER_MESSAGES.notFound);
  return (await repo.bankLog(ctx.db, store.id, id)).map(toBankChange);
}

type FeeSettings = { accountType: string | null; consignerTypeId: string | null; chargeTax: boolean };

/**
 * The fee settings a request asks for: a pinned type (its accountType comes with it), a type name
 * (must be one of the store's; unpins), null (no type: the default applies), or the current ones.
 */
function resolveFeeSettings(
  types: ConsignerTypeRow[],
  current: FeeSettings,
  ask: { accountType?: string | null; consignerTypeId?: string | null; chargeTax?: boolean },
): FeeSettings {
  let accountType = current.accountType;
  let consignerTypeId = current.consignerTypeId;
  if (ask.consignerTypeId) {
    const type = types.find((t) => t.id === ask.consignerTypeId);
    if (!type) throw unprocessable(CONSIGNER_MESSAGES.unknownType);
    accountType = type.accountType;
    consignerTypeId = type.id;
  } else if (ask.accountType !== undefined && ask.accountType !== null && ask.accountType !== '') {
    const wanted = ask.accountType.trim().toLowerCase();
    const type = types.find((t) => t.accountType.trim().toLowerCase() === wanted);
    if (!type) throw unprocessable(CONSIGNER_MESSAGES.unknownType);
    accountType = type.accountType;
    consignerTypeId = null;
  } else if (ask.accountType === null || ask.accountType === '' || ask.consignerTypeId === null) {
    if (ask.accountType === null || ask.accountType === '') accountType = null;
    consignerTypeId = null;
  }
  return { accountType, consignerTypeId, chargeTax: ask.chargeTax ?? current.chargeTax };
}

type RecalculationPlan = {
  result: TPayoutRecalculation;
  changes: { item: Awaited<ReturnType<typeof repo.recalculableItems>>[number]; payout: number; payoutFee: number; total: number }[];
};

/** Re-prices the consigner's unsold items with `settings` (domain fee formula); changes nothing. */
function planRecalculation(store: StoreRow, consigner: ConsignerRow, settings: FeeSettings, types: ConsignerTypeRow[], items: RecalculationPlan['changes'][number]['item'][]): RecalculationPlan {
  // A store account's items carry no fees (their payout is the cost): nothing to re-price.
  const priced = consigner.isStoreAccount ? [] : items;
  const owner = { accountType: settings.accountType, consignerTypeId: settings.consignerTypeId, chargeTax: settings.chargeTax, isStoreAccount: false };
  let before = 0;
  let after = 0;
  const changes: RecalculationPlan['changes'] = [];
  for (const item of priced) {
    const fees = feesFor(store, owner, types, item);
    before += item.total;
    after += fees.total;
    if (fees.payout !== item.payout || fees.payoutFee !== item.payoutFee || fees.total !== item.total) {
      changes.push({ item, payout: fees.payout, payoutFee: fees.payoutFee, total: fees.total });
    }
  }
  return {
    changes,
    result: {
      accountType: settings.accountType,
      consignerTypeId: settings.consignerTypeId,
      chargeTax: settings.chargeTax,
      itemCount: priced.length,
      changedCount: changes.length,
      payoutBefore: toMajor(before),
      payoutAfter: toMajor(after),
      difference: toMajor(after - before),
      items: changes.slice(0, RECALCULATION_ITEMS_SHOWN).map((c) => ({
        id: c.item.id,
        code: c.item.code,
        title: c.item.title,
        status: c.item.status as TPayoutRecalculation['items'][number]['status'],
        price: toMajor(c.item.price),
        quantity: c.item.quantity,
        payoutBefore: toMajor(c.item.payout),
        payoutAfter: toMajor(c.payout),
        totalBefore: toMajor(c.item.total),
        totalAfter: toMajor(c.total),
      })),
      itemsTruncated: changes.length > RECALCULATION_ITEMS_SHOWN,
    },
  };
}

/** GET /api/consigners/{id}/payoutRecalculation: what re-pricing with other fee settings would do. */
export async function previewPayoutRecalculation(ctx: AppContext, store: StoreRow, id: string, q: TPayoutRecalculationQuery): Promise<TPayoutRecalculation> {
  const found = await repo.findLive(ctx.db, store.id, id);
  if (!found) throw notFound(CONSIGNER_MESSAGES.notFound);
  const types = await repo.consignerTypes(ctx.db, store.id);
  const settings = resolveFeeSettings(types, found.consigner, q);
  const items = await repo.recalculableItems(ctx.db, store.id, id);
  return planRecalculation(store, found.consigner, settings, types, items).result;
}

/** Applies a plan in the caller's transaction: new fee columns and one inventory log entry per item. */
async function applyRecalculation(tx: DbOrTx, actor: Actor, plan: RecalculationPlan): Promise<void> {
  if (!plan.changes.length) return;
  const by = actorStamp(actor);
  await repo.updateItemFees(
    tx,
    plan.changes[0].item.storeId,
    plan.changes.map((c) => ({ id: c.item.id, payout: c.payout, payoutFee: c.payoutFee, total: c.total })),
    by,
  );
  const at = new Date();
  await writeInventoryLogs(
    tx,
    plan.changes.map((c) => logEntry(c.item, by, modifiedFields(c.item, { payout: c.payout, payoutFee: c.payoutFee, total: c.total }), at)),
  );
}

const differs = (a: unknown, b: unknown) => JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);

/** PUT /api/consigners/{id} */
export async function updateConsigner(ctx: AppContext, store: StoreRow, actor: Actor, id: string, body: TConsignerUpdate) {
  assertMaySee(actor, id);
  const viewer = viewerOf(actor);
  const { updated, emailVerified, recalculation, before } = await ctx.db.transaction(async (tx) => {
    const found = await repo.findLive(tx, store.id, id, { lock: true });
    if (!found) throw notFound(CONSIGNER_MESSAGES.notFound);
    const c = found.consigner;
    const changes: Partial<NewConsigner> = {};

    if (actor.kind === 'consigner') {
      for (const field of STAFF_ONLY_CONSIGNER_FIELDS) {
        if (body[field] !== undefined && differs(body[field], c[field])) throw forbidden(CONSIGNER_MESSAGES.staffOnlyField(field));
      }
      if (body.isRecalculateInventoryPayout) throw forbidden(CONSIGNER_MESSAGES.staffOnlyField('isRecalculateInventoryPayout'));
      // the terms are accepted through the terms dialog (POST /api/me/acceptTerms), never set here
      if (body.acceptedTOS !== undefined && body.acceptedTOS !== c.acceptedTOS) throw forbidden(CONSIGNER_MESSAGES.staffOnlyField('acceptedTOS'));
    }

    // Profile.
    if (body.firstName !== undefined) changes.firstName = body.firstName;
    if (body.lastName !== undefined) changes.lastName = body.lastName;
    if (body.phone !== undefined) changes.phone = body.phone;
    if (body.address !== undefined) changes.address = body.address;
    if (body.idNumber !== undefined) changes.idNumber = body.idNumber;
    if (body.email !== undefined && body.email.toLowerCase() !== c.email.toLowerCase()) {
      const email = body.email.toLowerCase();
      // The sign-in identity owns the address; changing it here would split the two.
      if (c.fbUserId) throw conflict(CONSIGNER_MESSAGES.emailLinked);
      if (await repo.findByEmail(tx, store.id, email)) throw conflict(CONSIGNER_MESSAGES.duplicateEmail);
      if (await repo.employeeByEmailOrUser(tx, store.id, email, null)) throw conflict('This e-mail belongs to an employee of this store');
      changes.email = email;
    }

    // Payout details: validated as a whole with the store's bank fields, logged masked.
    if (body.bankData !== undefined || body.payoutType !== undefined) {
      const payoutType = body.payoutType ?? c.payoutType ?? '';
      const bankData = bankDataForMode(body.bankData ?? ZBankData.parse(c.bankData ?? {}), store.bankFields);
      const changed = payoutType !== (c.payoutType ?? '') || differs(bankData, ZBankData.parse(c.bankData ?? {}));
      if (changed) {
        if (!canEditBankData(viewer, c.id, hasBankData(c.bankData))) {
          throw forbidden(actor.kind === 'consigner' ? CONSIGNER_MESSAGES.bankLocked : 'Only an Admin with Consigners access can change bank details');
        }
        const issues = bankDataIssues(payoutType, bankData, store.bankFields);
        if (issues.length) throw badRequest(issues[0].message);
        Object.assign(changes, bankColumns(payoutType, bankData));
        await logBankChange(tx, actor, c, hasBankData(c.bankData) || c.payoutType ? { payoutType: c.payoutType, bankData: c.bankData } : null, {
          payoutType,
          bankData: bankData as BankData,
        });
      }
    }

    // Flags.
    if (body.acceptedTOS !== undefined) changes.acceptedTOS = body.acceptedTOS;
    if (body.isActive !== undefined) {
      if (c.isStoreAccount && body.isActive === false) throw conflict('A store account cannot be disabled');
      changes.isActive = body.isActive;
    }
    if (body.marketplaceLocation !== undefined) changes.marketplaceLocation = body.marketplaceLocation;
    if (typeof body.emailNotifications === 'boolean') changes.emailNotifications = body.emailNotifications;
    const settingsPatch = { ...(typeof body.emailNotifications === 'object' ? body.emailNotifications : {}), ...(body.notificationSettings ?? {}) };
    if (Object.keys(settingsPatch).length) changes.notificationSettings = { ...toConsigner(c, false, { bank: false, canEditBank: false }).notificationSettings, ...settingsPatch };

    // Fee settings: fixed at intake; existing items are re-priced only when asked.
    let recalculation: TPayoutRecalculation | null = null;
    const asksFees = body.accountType !== undefined || body.consignerTypeId !== undefined || body.chargeTax !== undefined;
    if (asksFees || body.isRecalculateInventoryPayout) {
      const types = await repo.consignerTypes(tx, store.id);
      const settings = resolveFeeSettings(types, c, body);
      changes.accountType = settings.accountType;
      changes.consignerTypeId = settings.consignerTypeId;
      changes.chargeTax = settings.chargeTax;
      if (body.isRecalculateInventoryPayout) {
        const plan = planRecalculation(store, c, settings, types, await repo.recalculableItems(tx, store.id, c.id, { lock: true }));
        await applyRecalculation(tx, actor, plan);
        recalculation = plan.result;
      }
    }

    const updated = Object.keys(changes).length ? await repo.update(tx, store.id, c.id, changes) : c;
    return { updated: updated!, emailVerified: found.emailVerified, recalculation, before: c };
  });
  invalidate(ctx, before.fbUserId);
  return { consigner: present(actor, updated, emailVerified), recalculation };
}

// ---- create and delete ------------------------------------------------------------------------

/**
 * POST /api/consigners/createFromAdmin: a consigner of this store, enabled, terms not yet accepted
 * (they accept them at first sign-in). No e-mail is sent: staff send a password reset (or an Admin
 * sets a password) to let them in, and an identity that already proved this e-mail is linked at once.
 */
export async function createConsignerFromAdmin(ctx: AppContext, store: StoreRow, actor: Actor, input: unknown) {
  const parsed = addConsignerSchema(store.bankFields).safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  const form = parsed.data;
  const email = form.email.toLowerCase();
  const identity = await findIdentityByEmail(ctx, email);
  const created = await ctx.db.transaction(async (tx) => {
    if (await repo.findByEmail(tx, store.id, email)) throw conflict(CONSIGNER_MESSAGES.duplicateEmail);
    if (await repo.employeeByEmailOrUser(tx, store.id, email, identity?.id ?? null)) throw conflict('This e-mail belongs to an employee of this store');
    const types = await repo.consignerTypes(tx, store.id);
    const base: FeeSettings = { accountType: null, consignerTypeId: null, chargeTax: false };
    const asked = form.consignerTypeId || form.accountType ? { accountType: form.accountType, consignerTypeId: form.consignerTypeId } : { accountType: types.find((t) => t.isDefault)?.accountType ?? null };
    const settings = resolveFeeSettings(types, base, { ...asked, chargeTax: form.chargeTax ?? false });
    const bankData = bankDataForMode(form.bankData, store.bankFields);
    const consigner = await repo.insert(tx, {
      storeId: store.id,
      // Only an identity that proved this address may be linked (else it is linked when it does).
      fbUserId: identity?.emailVerified ? identity.id : null,
      firstName: form.firstName,
      lastName: form.lastName,
      email,
      phone: form.phone,
      address: form.address,
      idNumber: form.idNumber ?? null,
      accountType: settings.accountType,
      consignerTypeId: settings.consignerTypeId,
      chargeTax: settings.chargeTax,
      marketplaceLocation: form.marketplaceLocation ?? false,
      isActive: true,
      acceptedTOS: false,
      ...bankColumns(form.payoutType, bankData),
    });
    await logBankChange(tx, actor, consigner, null, { payoutType: form.payoutType, bankData: bankData as BankData });
    return consigner;
  });
  invalidate(ctx, created.fbUserId);
  return present(actor, created, identity?.emailVerified ?? false);
}

/**
 * POST /api/consigners/deleteConsigner/{id}: refused while the consigner has unsold items or sold
 * items not yet paid, and for store accounts. Without any history the row is removed; with sold,
 * paid, withdrawn or declined items (or cheques) it is archived: hidden, disabled, signed out,
 * e-mail free for a new consigner, history kept.
 */
export async function deleteConsigner(ctx: AppContext, store: StoreRow, id: string): Promise<z.input<typeof ZConsignerDeleted>> {
  const { archived, userId } = await ctx.db.transaction(async (tx) => {
    const found = await repo.findLive(tx, store.id, id, { lock: true });
    if (!found) throw notFound(CONSIGNER_MESSAGES.notFound);
    const c = found.consigner;
    if (c.isStoreAccount) throw conflict(CONSIGNER_MESSAGES.storeAccountDelete);
    const { unsold, unpaid } = await repo.blockingItemCounts(tx, store.id, id);
    if (unsold || unpaid) throw conflict(CONSIGNER_MESSAGES.deleteBlocked(unsold, unpaid));
    if (await repo.hasHistory(tx, store.id, id)) {
      await repo.update(tx, store.id, id, { deletedAt: new Date(), isActive: false, fbUserId: null });
      return { archived: true, userId: c.fbUserId };
    }
    await repo.remove(tx, store.id, id);
    return { archived: false, userId: c.fbUserId };
  });
  invalidate(ctx, userId);
  return { id, archived, message: archived ? CONSIGNER_MESSAGES.archived : CONSIGNER_MESSAGES.deleted };
}

// ---- report -----------------------------------------------------------------------------------

/** GET /api/consigners/consignerReport: a consigner's own figures only; staff any consigner's or the store's. */
export async function consignerReport(ctx: AppContext, store: StoreRow, actor: Actor, q: TConsignerReportQuery): Promise<z.input<typeof ZConsignerReport>> {
  const consignerId = actor.kind === 'consigner' ? actor.id : q.consigner;
  if (consignerId && actor.kind === 'employee' && !(await repo.findById(ctx.db, store.id, consignerId))) throw notFound(CONSIGNER_MESSAGES.notFound);
  const range = reportRange(q.dateRangeStart, q.dateRangeEnd);
  const sums = await repo.report(ctx.db, store.id, { consignerId, statuses: q.status, categories: q.category, locations: q.location, start: range.start, end: range.end });
  // Unfiltered, Pending Payout is what the next payout owes: the Sold items' payouts less the early
  // withdrawal fees it takes (docs/sales.md), so it equals the consigner's ledger balance. A filtered
  // report sums its items only (a fee belongs to no date, category or location).
  const unfiltered = !range.start && !range.end && !q.status.length && !q.category.length && !q.location.length;
  const owed = unfiltered ? await repo.outstandingWithdrawalFees(ctx.db, store.id, consignerId) : 0;
  return {
    totalSold: toMajor(sums.totalSold),
    totalPaid: toMajor(sums.totalPaid),
    totalPending: toMajor(sums.totalPending - owed),
    dateRangeStart: range.start?.toISOString() ?? null,
    dateRangeEnd: range.end?.toISOString() ?? null,
  };
}

/**
 * One consigner's analytics over [start, end) by sale date, unfiltered: the figures of the portal's
 * summary cards for those dates (consignerReport above), which the dashboard's consigner report shows
 * too, so the owner and the consigner read the same numbers.
 */
export async function consignerSalesTotals(ctx: AppContext, storeId: string, consignerId: string, range: { start: Date; end: Date }) {
  const sums = await repo.report(ctx.db, storeId, { consignerId, statuses: [], categories: [], locations: [], start: range.start, end: range.end });
  return { totalSold: toMajor(sums.totalSold), totalPaid: toMajor(sums.totalPaid), totalPending: toMajor(sums.totalPending) };
}

// ---- sign-in account --------------------------------------------------------------------------

/**
 * The consigner's sign-in identity, linked on demand: the linked one; else the identity that has the
 * address (refused when it is an employee of this store); else a new one without a password.
 */
async function ensureIdentity(ctx: AppContext, store: StoreRow, c: ConsignerRow): Promise<string> {
  if (c.fbUserId) return c.fbUserId;
  const identity = (await findIdentityByEmail(ctx, c.email)) ?? (await createIdentity(ctx, { email: c.email, name: `${c.firstName} ${c.lastName}`.trim() }));
  if (await repo.employeeByEmailOrUser(ctx.db, store.id, c.email, identity.id)) throw conflict('This e-mail belongs to an employee of this store');
  const linked = await repo.update(ctx.db, store.id, c.id, { fbUserId: identity.id });
  invalidate(ctx, identity.id);
  return linked!.fbUserId!;
}

/** POST /api/consigners/{id}/sendPasswordReset: better-auth's reset e-mail to the consigner. */
export async function sendPasswordReset(ctx: AppContext, store: StoreRow, id: string, ip: string) {
  const found = await repo.findLive(ctx.db, store.id, id);
  if (!found) throw notFound(CONSIGNER_MESSAGES.notFound);
  await ensureIdentity(ctx, store, found.consigner);
  await sendAuthMail(ctx, store, '/request-password-reset', found.consigner.email, ip);
  return { message: PEOPLE_MESSAGES.emailInstructionsSent(found.consigner.email) };
}

/** The floor of a verify answer's time, found or not (as better-auth's own), so timing tells nothing. */
const VERIFY_MIN_MS = 500;

/**
 * POST /api/consigners/verify: (re)sends the verification e-mail of a consigner account of this
 * store. The same answer whether or not the address has one; counted by the same limits as
 * /api/auth/send-verification-email.
 */
export async function sendVerification(ctx: AppContext, store: StoreRow, actor: Actor, email: string, ip: string) {
  if (actor.kind === 'employee' && !hasArea(actor.accessControls, 'Consigners')) throw forbidden('You need Consigners access for this');
  const started = Date.now();
  // A consigner asks for their own address only; another one is answered alike and sent nothing.
  const own = actor.kind === 'employee' || actor.email.toLowerCase() === email.toLowerCase();
  const found = own ? await repo.findByEmail(ctx.db, store.id, email) : null;
  if (found?.fbUserId) await sendAuthMail(ctx, store, '/send-verification-email', found.email, ip);
  const wait = VERIFY_MIN_MS - (Date.now() - started);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return { message: CONSIGNER_MESSAGES.verifySent };
}

/**
 * PUT /api/consigners/updatePassword: an Admin with Consigners access sets a consigner's password
 * (not for an account also used at another store: send a reset instead); a consigner changes their
 * own, giving the current one.
 */
export async function updatePassword(ctx: AppContext, store: StoreRow, actor: Actor, request: FastifyRequest, body: { email: string; password: string; currentPassword?: string }) {
  if (actor.kind === 'consigner') {
    if (body.email.toLowerCase() !== actor.email.toLowerCase()) throw forbidden(CONSIGNER_MESSAGES.ownPasswordOnly);
    if (!body.currentPassword) throw badRequest(CONSIGNER_MESSAGES.currentPasswordRequired);
    if (!(await changeOwnPassword(ctx, request, body.currentPassword, body.password))) throw badRequest(CONSIGNER_MESSAGES.currentPasswordWrong);
    invalidate(ctx, actor.identity.userId);
    return { message: PEOPLE_MESSAGES.passwordUpdated };
  }
  if (!isConsignerAdmin(viewerOf(actor))) throw forbidden("Only an Admin with Consigners access can set a consigner's password");
  const c = await repo.findByEmail(ctx.db, store.id, body.email);
  if (!c) throw notFound(CONSIGNER_MESSAGES.notFound);
  const userId = await ensureIdentity(ctx, store, c);
  const [asConsigner, asEmployee] = await Promise.all([repo.findByUserId(ctx.db, userId), repo.employeeStoresOfUser(ctx.db, userId)]);
  if (asConsigner.some((other) => other.storeId !== store.id) || asEmployee.some((storeId) => storeId !== store.id)) {
    throw conflict('This account is also used at another store: send a password reset instead');
  }
  await setIdentityPassword(ctx, userId, body.password);
  invalidate(ctx, userId);
  return { message: PEOPLE_MESSAGES.passwordUpdated };
}
