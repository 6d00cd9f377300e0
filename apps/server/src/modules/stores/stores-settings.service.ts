// Store settings, usage and the storefront resync (people doc sections 2, 3, 5 and 7;
// docs/people.md, "Store settings" and "Billing").
import {
  INVENTORY_STATUSES,
  STORE_SETTINGS_MESSAGES,
  toMajor,
  ZStoreSettingsInput,
  type TStoreSettingsBody,
  type TStoreSettingsInput,
  type ZStoreResyncStarted,
  type TStoreSettingsPatch,
} from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { actorStamp, type EmployeeActor } from '../../auth/actor.ts';
import { isStoreRedirect, provenStoreHosts } from '../../tenancy/origins.ts';
import { sessionCacheOf } from '../../auth/session-cache.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { JobContext } from '../../jobs/queue.ts';
import { RESYNC_ALL_JOB, resyncStoreJob } from '../../storefront/storefront-resync.service.ts';
import { ALIAS_GRACE_DAYS, aliasCutoff, hostnameOf, hostsAnsweringOtherStores, isLoopbackHost } from '../../tenancy/resolve-store.ts';
import { storeCacheOf } from '../../tenancy/store-cache.ts';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../shared/pg-errors.ts';
import { toStoreHostAlias, toStoreSettings, toStoreUsage } from './stores.mapper.ts';
import { syncHostProofs } from './store-hosts.service.ts';
import { storeHostAliasesRepository, storeHostProofsRepository, storesRepository, storeUsageRepository, type StoreRow, type StoreSettingsValues } from './stores.repository.ts';
import { asSystem } from '../../db/row-security.ts';

/** The storefront resync of all inventory (POST /api/stores/resync). */
export const STORE_RESYNC_JOB = RESYNC_ALL_JOB;

const GRACE_MS = ALIAS_GRACE_DAYS * 24 * 60 * 60 * 1000;
const HOST_FIELDS = ['domain', 'consignerUrl', 'inStoreUrl'] as const;

type SettingsBody = TStoreSettingsPatch;

/** Only the store the request is for: any other id is not found (never another store's settings). */
function ownStore(store: StoreRow, id: string) {
  if (id !== store.id) throw notFound('Store not found');
}

async function settingsOf(db: DbOrTx, row: StoreRow) {
  const aliases = await storeHostAliasesRepository.listForStore(db, row.id);
  return toStoreSettings(
    row,
    aliases.map((a) => toStoreHostAlias(a, GRACE_MS)),
  );
}

/** GET /api/stores/{id} */
export async function getStoreSettings(ctx: AppContext, store: StoreRow, id: string) {
  ownStore(store, id);
  const row = await storesRepository.findById(ctx.db, store.id);
  if (!row) throw notFound('Store not found');
  return settingsOf(ctx.db, row);
}

/** The saved store as a PUT body, so a body that leaves a field out keeps it (money in major units). */
function savedSettings(s: StoreRow): TStoreSettingsBody {
  return {
    name: s.name,
    supportEmail: s.supportEmail,
    redirectURL: s.redirectURL ?? '',
    currency: s.currency as TStoreSettingsBody['currency'],
    logo: s.logo,
    domain: s.domain,
    consignerUrl: s.consignerUrl,
    inStoreUrl: s.inStoreUrl,
    signupInfo: s.signupInfo as TStoreSettingsBody['signupInfo'],
    payoutOptions: s.payoutOptions as TStoreSettingsBody['payoutOptions'],
    bankFields: s.bankFields,
    shipInstructions: s.shipInstructions,
    labelOptions: s.labelOptions as TStoreSettingsBody['labelOptions'],
    labelSize: s.labelSize,
    customBarcode: s.customBarcode,
    labelLayout: s.labelLayout === 32 || s.labelLayout === 101 ? s.labelLayout : null,
    customShopifyUrl: s.customShopifyUrl,
    shopifyTrackingParams: s.shopifyTrackingParams,
    emailMsgs: s.emailMsgs,
    marketplaceEmailMsgs: s.marketplaceEmailMsgs,
    termsOfService: s.termsOfService,
    autoPreapproval: s.autoPreapproval,
    minApproval: toMajor(s.minApproval),
    maxApproval: toMajor(s.maxApproval),
    warnAmount: toMajor(s.warnAmount),
    warnText: s.warnText,
    payoutFee: s.payoutFee,
    chargeTax: s.chargeTax,
    vatRate: s.vatRate,
    upPrice: toMajor(s.upPrice),
    markdownFloor: toMajor(s.markdownFloor),
    termReminderDays: s.termReminderDays,
    absorbDiscount: s.absorbDiscount,
    isBuyingStore: s.isBuyingStore,
    onlineMarketplace: s.onlineMarketplace,
    prioritizeStore: s.prioritizeStore,
    safeInventoryStatusMode: s.safeInventoryStatusMode,
    livePriceChanges: s.livePriceChanges,
    automatedPayout: s.automatedPayout,
    payoutHoldDays: s.payoutHoldDays,
    payoutHoldFrom: s.payoutHoldFrom,
    payoutMinimum: toMajor(s.payoutMinimum),
    storeCreditBonus: s.storeCreditBonus,
  };
}

/** The read-only fields may come back as GET gave them; a change is refused, never silently dropped. */
function refuseReadOnlyChanges(saved: StoreRow, body: SettingsBody) {
  const same = (a: string | null | undefined, b: string | null | undefined) => (a?.trim() || null) === (b?.trim() || null);
  if (body.id != null && body.id !== saved.id) throw badRequest(STORE_SETTINGS_MESSAGES.readOnly('The store id'));
  if (body.handle != null && !same(body.handle.toLowerCase(), saved.handle)) throw badRequest(STORE_SETTINGS_MESSAGES.readOnly('The handle'));
  if (body.consignerCname !== undefined && !same(body.consignerCname, saved.consignerCname)) throw badRequest(STORE_SETTINGS_MESSAGES.readOnly('The consigner CNAME'));
  if (body.maintenanceMode != null && body.maintenanceMode !== saved.maintenanceMode) throw badRequest(STORE_SETTINGS_MESSAGES.readOnly('Maintenance mode'));
}

function toColumns(input: TStoreSettingsInput): StoreSettingsValues {
  return {
    ...input,
    // jsonb columns keep only what the store set
    emailMsgs: input.emailMsgs,
    marketplaceEmailMsgs: input.marketplaceEmailMsgs,
  };
}

/**
 * A redirect URL that changes must be on APP_URL or on a host the store has proven (one it keeps
 * in this save: a host that changes loses its proof). One saved before stays until it is edited;
 * the public store hides it while it is not allowed (stores.service.ts).
 */
function refuseUnprovenRedirect(ctx: AppContext, saved: StoreRow, input: TStoreSettingsInput) {
  if (!input.redirectURL || input.redirectURL === saved.redirectURL) return;
  const after = { ...input, provenHosts: saved.provenHosts.filter((h) => HOST_FIELDS.some((f) => input[f] === h)) };
  if (isStoreRedirect(ctx.config, after, input.redirectURL)) return;
  const allowed = [...provenStoreHosts(after).map((h) => `https://${h}`), ctx.config.appUrl].join(', ');
  throw badRequest(STORE_SETTINGS_MESSAGES.redirectNotProven(allowed));
}

/** The hosts no store may claim: the server's own address and this machine's names. */
function isReservedHost(ctx: AppContext, host: string) {
  return host === hostnameOf(new URL(ctx.config.appUrl).host) || isLoopbackHost(host);
}

/**
 * Keeps each replaced address answering (store_host_aliases) until its replacement has served the
 * store and the grace period has passed; an address the store takes back stops being an alias.
 */
async function recordReplacedHosts(tx: DbOrTx, saved: StoreRow, input: TStoreSettingsInput, now: Date) {
  const nextHosts = new Set(HOST_FIELDS.map((f) => input[f]).filter((h): h is string => !!h));
  for (const field of HOST_FIELDS) {
    const old = saved[field];
    const next = input[field];
    if (!old || old === next || nextHosts.has(old)) continue;
    // aliases still waiting for the old address now wait for its replacement
    await storeHostAliasesRepository.repoint(tx, saved.id, old, next, now);
    await storeHostAliasesRepository.upsert(tx, { storeId: saved.id, host: old, replacedBy: next, replacedAt: now, proven: saved.provenHosts.includes(old) });
  }
  await storeHostAliasesRepository.deleteHosts(tx, saved.id, [...nextHosts]);
}

/** PUT /api/stores/{id}: the whole store validated as one (section 5), domains unique across stores. */
export async function updateStoreSettings(ctx: AppContext, store: StoreRow, actor: EmployeeActor, id: string, body: SettingsBody, now: Date = new Date()) {
  ownStore(store, id);
  // addresses are unique across the installation: the checks read other stores' hosts, aliases and
  // proofs, so the save runs on the named cross-store path (db/row-security.ts); it writes this store's rows only
  const saved = await asSystem(() => ctx.db
    .transaction(async (tx) => {
      const current = await storesRepository.findForUpdate(tx, store.id);
      if (!current) throw notFound('Store not found');
      refuseReadOnlyChanges(current, body);
      const { id: _id, handle: _handle, consignerCname: _cname, maintenanceMode: _maintenance, ...changes } = body;
      const given = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      // a refusal is a ZodError: the error handler answers 400 with its message (and the field when the message is zod's own)
      const input = ZStoreSettingsInput.parse({ ...savedSettings(current), ...given });

      const hosts = [...new Set(HOST_FIELDS.map((f) => input[f]).filter((h): h is string => !!h))];
      const reserved = hosts.find((h) => isReservedHost(ctx, h));
      if (reserved) throw badRequest(STORE_SETTINGS_MESSAGES.hostReserved(reserved));
      const cutoff = aliasCutoff(now);
      await storeHostAliasesRepository.deleteExpired(tx, cutoff);
      const taken = await hostsAnsweringOtherStores(tx, hosts, current.id, cutoff);
      const clash = hosts.find((h) => taken.includes(h));
      if (clash) throw conflict(STORE_SETTINGS_MESSAGES.hostTaken(clash));
      const provenElsewhere = await storeHostProofsRepository.provenByOtherStores(tx, hosts, current.id);
      if (provenElsewhere.length) throw conflict(STORE_SETTINGS_MESSAGES.hostProvenElsewhere(provenElsewhere[0].host));
      refuseUnprovenRedirect(ctx, current, input);

      await recordReplacedHosts(tx, current, input, now);
      const updated = await storesRepository.updateSettings(tx, current.id, toColumns(input));
      if (!updated) throw notFound('Store not found');
      // a changed host starts again unproven, with a new token (docs/security.md)
      await syncHostProofs(tx, current.id, hosts);
      return settingsOf(tx, updated);
    })
    .catch((err: unknown) => {
      // another store took the domain between the check and the write (stores_domain_uq)
      if (pgErrorCode(err) === UNIQUE_VIOLATION) throw conflict(STORE_SETTINGS_MESSAGES.hostTaken('This domain'));
      throw err;
    }));
  // The store is resolved by host and kept for a few seconds: its new addresses, name and logo apply now.
  storeCacheOf(ctx).invalidate();
  sessionCacheOf(ctx).invalidateStore(store.id);
  ctx.log.info({ storeId: store.id, by: actorStamp(actor), fields: Object.keys(body) }, 'store settings saved');
  return saved;
}

/** POST /api/stores/resync: a background job; GET /api/jobs/{id} shows its result. */
export async function queueStoreResync(ctx: AppContext, store: StoreRow, actor: EmployeeActor): Promise<z.input<typeof ZStoreResyncStarted>> {
  const items = await storeUsageRepository.inventoryCount(ctx.db, store.id);
  const job = await ctx.jobs.create(ctx.db, { storeId: store.id, kind: STORE_RESYNC_JOB, payload: {}, total: items, createdBy: actorStamp(actor) });
  await ctx.jobs.dispatch(job);
  return { jobId: job.id, message: STORE_SETTINGS_MESSAGES.resyncQueued };
}

/**
 * The resync job: every item on sale at a location that sells online pushed to the shop again
 * (storefront/storefront-resync.service.ts); without a connection it says that nothing was sent.
 */
async function runStoreResync(ctx: AppContext, jobCtx: JobContext) {
  const items = await storeUsageRepository.inventoryCount(ctx.db, jobCtx.job.storeId);
  return resyncStoreJob(ctx, jobCtx.job.storeId, items, jobCtx);
}

export function registerStoreJobs(ctx: AppContext) {
  ctx.jobs.register(STORE_RESYNC_JOB, (jobCtx) => runStoreResync(ctx, jobCtx), { area: 'Settings' });
}

/** GET /api/stores/usage: what the store uses, for the Billing page. */
export async function getStoreUsage(ctx: AppContext, store: StoreRow) {
  const db = ctx.db;
  const [byStatus, consigners, employees, images, locations, products] = await Promise.all([
    storeUsageRepository.itemsByStatus(db, store.id),
    storeUsageRepository.consigners(db, store.id),
    storeUsageRepository.employees(db, store.id),
    storeUsageRepository.images(db, store.id),
    storeUsageRepository.locations(db, store.id),
    storeUsageRepository.products(db, store.id),
  ]);
  return toStoreUsage({ byStatus, consigners, employees, images, locations, products }, INVENTORY_STATUSES);
}
