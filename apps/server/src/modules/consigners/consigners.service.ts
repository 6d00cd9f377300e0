// The consigners API (people doc sections 2, 3, 5, 7; docs/people.md "Consigners").
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
import { createIdentity, endSessions, findIdentityByEmail, sendAuthMail, setIdentityPassword, changeOwnPassword } from '../../auth/identities.ts';
import { enqueueConsignerInvite, newInviteToken } from './consigner-invites.ts';
import { sessionCacheOf } from '../../auth/session-cache.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { BankData } from '../../db/schema/index.ts';
import { csvDocument } from '../../http/csv.ts';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../http/errors.ts';
import type { FastifyRequest } from 'fastify';
import { feesFor } from '../inventory/index.ts';
import { logEntry, modifiedFields, writeInventoryLogs } from '../../shared/inventory-log.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
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

export async function listConsigners(ctx: AppContext, store: Tenant, q: TConsignersQuery): Promise<z.input<typeof ZConsignerList>> {
  const { rows, total } = await repo.list(ctx.db, store.id, { words: searchWords(q.search), page: q.page, pageSize: q.pageSize, sort: q.sort });
  return { rows: rows.map(toConsignerRow), total };
}

/** consigners.csv: every match of the search in name order; bank columns only for Admins with Consigners access. */
export function exportConsigners(ctx: AppContext, store: Tenant, actor: Actor, q: Pick<TConsignersQuery, 'search'>): Readable {
  const withBank = isConsignerAdmin(viewerOf(actor));
  const batches = repo.exportCsvBatches(ctx.db, store.id, searchWords(q.search), withBank, EXPORT_BATCH);
  return csvDocument(exportHeaders(withBank), batches, (err) => ctx.log.error({ err }, 'consigners export failed'));
}

// ---- one consigner ----------------------------------------------------------------------------

export async function getConsigner(ctx: AppContext, store: Tenant, actor: Actor, id: string) {
  assertMaySee(actor, id);
  const found = await repo.findLive(ctx.db, store.id, id);
  if (!found) throw notFound(CONSIGNER_MESSAGES.notFound);
  return present(actor, found.consigner, found.emailVerified);
}

export async function getBankLog(ctx: AppContext, store: Tenant, actor: Actor, id: string) {
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
function planRecalculation(store: Tenant, consigner: ConsignerRow, settings: FeeSettings, types: ConsignerTypeRow[], items: RecalculationPlan['changes'][number]['item'][]): RecalculationPlan {
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
export async function previewPayoutRecalculation(ctx: AppContext, store: Tenant, id: string, q: TPayoutRecalculationQuery): Promise<TPayoutRecalculation> {
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
export async function updateConsigner(ctx: AppContext, store: Tenant, actor: Actor, id: string, body: TConsignerUpdate) {
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
    if (body.isActive !== undefined && body.isActive !== c.isActive) {
      if (c.isStoreAccount && body.isActive === false) throw conflict('A store account cannot be disabled');
      changes.isActive = body.isActive;
      // Only staff reach here with a change (a consigner is refused above): remembered, so accepting
      // the terms does not enable the consigner again (users.service acceptTerms).
      changes.disabledByStaff = !body.isActive;
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
  // A disabled person is signed out everywhere (docs/security.md "Identity model").
  if (before.fbUserId && before.isActive && !updated.isActive) await endSessions(ctx, before.fbUserId);
  return { consigner: present(actor, updated, emailVerified), recalculation };
}

// ---- create and delete ------------------------------------------------------------------------

/**
 * POST /api/consigners/createFromAdmin: a consigner of this store, enabled, terms not yet accepted
 * (they accept them at first sign-in). The record is never linked to a sign-in here: when the
 * address already has one, it belongs to a person who has not joined this store, so an invitation
 * is mailed and the record is linked only when that person accepts it (docs/security.md "Identity
 * model"). Without a sign-in, staff send a password reset (or an Admin sets a password).
 */
export async function createConsignerFromAdmin(ctx: AppContext, store: Tenant, actor: Actor, input: unknown) {
  const parsed = addConsignerSchema(store.bankFields).safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  const form = parsed.data;
  const email = form.email.toLowerCase();
  const identity = await findIdentityByEmail(ctx, email);
  const { created, mail } = await ctx.db.transaction(async (tx) => {
    if (await repo.findByEmail(tx, store.id, email)) throw conflict(CONSIGNER_MESSAGES.duplicateEmail);
    if (await repo.employeeByEmailOrUser(tx, store.id, email, identity?.id ?? null)) throw conflict('This e-mail belongs to an employee of this store');
    const types = await repo.consignerTypes(tx, store.id);
    const base: FeeSettings = { accountType: null, consignerTypeId: null, chargeTax: false };
    const asked = form.consignerTypeId || form.accountType ? { accountType: form.accountType, consignerTypeId: form.consignerTypeId } : { accountType: types.find((t) => t.isDefault)?.accountType ?? null };
    const settings = resolveFeeSettings(types, base, { ...asked, chargeTax: form.chargeTax ?? false });
    const bankData = bankDataForMode(form.bankData, store.bankFields);
    const consigner = await repo.insert(tx, {
      storeId: store.id,
      fbUserId: null,
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
      ...(identity ? { inviteToken: newInviteToken(), invitedAt: new Date() } : {}),
      ...bankColumns(form.payoutType, bankData),
    });
    await logBankChange(tx, actor, consigner, null, { payoutType: form.payoutType, bankData: bankData as BankData });
    return { created: consigner, mail: identity ? await enqueueConsignerInvite(ctx, tx, store, consigner) : null };
  });
  if (mail) await ctx.mailer.deliver(mail);
  return present(actor, created, false);
}

/**
 * POST /api/consigners/deleteConsigner/{id}: refused while the consigner has unsold items or sold
 * items not yet paid, and for store accounts. Without any history the row is removed; with sold,
 * paid, withdrawn or declined items (or cheques) it is archived: hidden, disabled, signed out,
 * e-mail free for a new consigner, history kept.
 */
export async function deleteConsigner(ctx: AppContext, store: Tenant, id: string): Promise<z.input<typeof ZConsignerDeleted>> {
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
export async function consignerReport(ctx: AppContext, store: Tenant, actor: Actor, q: TConsignerReportQuery): Promise<z.input<typeof ZConsignerReport>> {
  const consignerId = actor.kind === 'consigner' ? actor.id : q.consigner;
  if (consignerId && actor.kind === 'employee' && !(await repo.findById(ctx.db, store.id, consignerId))) throw notFound(CONSIGNER_MESSAGES.notFound);
  const range = reportRange(q.dateRangeStart, q.dateRangeEnd);
  const sums = await repo.report(ctx.db, store.id, { consignerId, statuses: q.status, categories: q.category, locations: q.location, start: range.start, end: range.end });
  // Summed from the ledger (repository report): unfiltered, Pending Payout is the consigner's balance,
  // early-withdrawal fees and other charges owed included, which the next payout takes (net payable).
  return {
    totalSold: toMajor(sums.totalSold),
    totalPaid: toMajor(sums.totalPaid),
    totalPending: toMajor(sums.totalPending),
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
 * The consigner's sign-in, made on demand for the store's own record: the linked one; or, when the
 * address has no sign-in at all, a new one without a password, linked. An address that already has a
 * sign-in belongs to a person who has not joined: `null`, and the caller sends an invitation instead
 * (never a reset or a password for someone else's sign-in: docs/security.md "Identity model").
 */
async function ensureIdentity(ctx: AppContext, store: Tenant, c: ConsignerRow): Promise<string | null> {
  if (c.fbUserId) return c.fbUserId;
  if (await findIdentityByEmail(ctx, c.email)) return null;
  const identity = await createIdentity(ctx, { email: c.email, name: `${c.firstName} ${c.lastName}`.trim() });
  if (await repo.employeeByEmailOrUser(ctx.db, store.id, c.email, identity.id)) throw conflict('This e-mail belongs to an employee of this store');
  const linked = await repo.update(ctx.db, store.id, c.id, { fbUserId: identity.id });
  invalidate(ctx, identity.id);
  return linked!.fbUserId!;
}

/** (Re)mails the invitation of an unlinked consigner whose address has a sign-in of its own. */
async function resendConsignerInvite(ctx: AppContext, store: Tenant, c: ConsignerRow): Promise<void> {
  const mail = await ctx.db.transaction(async (tx) => {
    const updated = await repo.update(tx, store.id, c.id, { inviteToken: c.inviteToken ?? newInviteToken(), invitedAt: new Date() });
    return enqueueConsignerInvite(ctx, tx, store, updated!);
  });
  await ctx.mailer.deliver(mail);
}

/**
 * POST /api/consigners/{id}/sendPasswordReset: better-auth's reset e-mail to a consigner who joined
 * this store. For a record whose address has a sign-in that has not joined, the invitation is sent
 * (again) instead: a store never resets the sign-in of a person who has not joined it.
 */
export async function sendPasswordReset(ctx: AppContext, store: Tenant, id: string, ip: string) {
  const found = await repo.findLive(ctx.db, store.id, id);
  if (!found) throw notFound(CONSIGNER_MESSAGES.notFound);
  const userId = await ensureIdentity(ctx, store, found.consigner);
  if (!userId) {
    await resendConsignerInvite(ctx, store, found.consigner);
    return { message: CONSIGNER_MESSAGES.invitationSent(found.consigner.email) };
  }
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
export async function sendVerification(ctx: AppContext, store: Tenant, actor: Actor, email: string, ip: string) {
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
export async function updatePassword(ctx: AppContext, store: Tenant, actor: Actor, request: FastifyRequest, body: { email: string; password: string; currentPassword?: string }) {
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
  if (!userId) throw conflict(CONSIGNER_MESSAGES.hasSignIn);
  const [asConsigner, asEmployee] = await Promise.all([repo.findByUserId(ctx.db, userId), repo.employeeStoresOfUser(ctx.db, userId)]);
  if (asConsigner.some((other) => other.storeId !== store.id) || asEmployee.some((storeId) => storeId !== store.id)) {
    throw conflict('This account is also used at another store: send a password reset instead');
  }
  await setIdentityPassword(ctx, userId, body.password);
  await endSessions(ctx, userId);
  return { message: PEOPLE_MESSAGES.passwordUpdated };
}
