// Adding, reading, editing and quoting inventory items (catalogue doc sections 4, 5 and 7). The
// status actions live in inventory-actions.service.ts, bulk jobs in inventory-bulk.service.ts.
import crypto from 'node:crypto';
import {
  availableActions,
  canEdit,
  checkStoreRequestPrice,
  INVENTORY_CONSIGNER_FIELDS,
  INVENTORY_MESSAGES,
  INVENTORY_PLAIN_FIELDS,
  isInventoryStatus,
  isMoneyLocked,
  isMoneyStatus,
  isPreapproved,
  MONEY_STATUS_MESSAGES,
  isZeroPayoutWarning,
  ONLINE_MARKETPLACE,
  preapprovalRange,
  priceAlert,
  setStatusByHand,
  statusLabel,
  toMajor,
  validateInventoryRow,
  type InventoryStatus,
  type ZFeeQuote,
  type ZIntakeCheckRow,
  type ZInventoryItemDetail,
  type ZPreapprovalStatus,
} from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Actor } from '../../auth/actor.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, conflict, forbidden, notFound, toAppError, unprocessable } from '../../http/errors.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { actingUser, domainActor, stampOf, type ActingUser } from './inventory-actions.service.ts';
import { generateInventoryCode } from './inventory-code.ts';
import { consignerTypeFor, feeColumns, feesFor } from './inventory-fees.ts';
import { itemTermsOf, termsAtAcceptance } from './inventory-terms.ts';
import { createdOnField, logEntry, modifiedFields, writeInventoryLogs } from '../../shared/inventory-log.ts';
import { checkLocation, createLookups, type InventoryLookups } from './inventory-lookups.ts';
import { storeRequestRangeOf } from '../store-requests/index.ts';
import { toInventoryItem } from './inventory.mapper.ts';
import {
  canUpdateEach,
  inventoryRepository,
  type InventoryChanges,
  type InventoryConsignerRow,
  type InventoryRow,
  type NewInventoryRow,
} from './inventory.repository.ts';
import type { TFeesQuery, TInventoryRow, TUpdateInventory } from '@backroom/domain';

const INSERT_CHUNK = 200;
const CODE_ATTEMPTS = 8;

async function mapped(ctx: AppContext, storeId: string, ids: string[]) {
  return (await inventoryRepository.findWithRelations(ctx.db, storeId, ids)).map((r) => toInventoryItem(r));
}

/** '' and whitespace read as "no value"; undefined stays "not given". */
const clean = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);

// ---------------------------------------------------------------------------------------------
// POST /api/inventories

type Variant = { productId: string; option1Value: string | null; option2Value: string | null; option3Value: string | null };

/**
 * Validates every row first (a bad row rejects the whole request with the row's message), then writes
 * all items and their 'createdOn' log entries in one transaction.
 */
export async function createInventories(
  ctx: AppContext,
  store: Tenant,
  actor: Actor,
  rows: TInventoryRow[],
  opts: { newCode?: () => string } = {},
) {
  const newCode = opts.newCode ?? (() => generateInventoryCode());
  const by = actingUser(actor);
  const now = new Date();
  const values = await prepareInventories(ctx, store, actor, rows, now);

  const ids = await ctx.db.transaction(async (tx) => {
    const inserted = await insertWithFreeCodes(tx, values, newCode);
    const stamp = stampOf(by);
    await writeInventoryLogs(
      tx,
      inserted.map((item) => logEntry(item, stamp, [createdOnField(now)], now)),
    );
    return values.map((v) => v.id!);
  });
  return mapped(ctx, store.id, ids);
}

/**
 * POST /api/inventories/check: what the create would make of each row (status, pre-approval, payout),
 * from the very preparation the create runs, without writing. The consigner's review panel shows its
 * Pre-Approved and Request Drop Off lists from it, so they agree with the items the Submit makes
 * (unless the variant's lowest Active price moves in between; the created items then tell).
 */
export async function checkInventories(ctx: AppContext, store: Tenant, actor: Actor, rows: TInventoryRow[]): Promise<z.input<typeof ZIntakeCheckRow>[]> {
  const values = await prepareInventories(ctx, store, actor, rows, new Date());
  return values.map((v) => {
    const lowest = v.lowestPrice ?? null;
    const range = v.status === 'Pending' || v.status === 'Requested' ? preapprovalRange(lowest, store) : null;
    return {
      status: v.status as InventoryStatus,
      preapproved: v.preapprovalStatus === 'preapproved',
      lowestPrice: lowest === null ? null : toMajor(lowest),
      range: range ? { low: toMajor(range.low), high: toMajor(range.high) } : null,
      payout: toMajor(v.payout ?? 0),
      total: toMajor(v.total ?? 0),
    };
  });
}

/** Every row checked and turned into the item it makes (status, fees, placement), nothing written. */
async function prepareInventories(ctx: AppContext, store: Tenant, actor: Actor, rows: TInventoryRow[], now: Date): Promise<NewInventoryRow[]> {
  const by = actingUser(actor);
  const lookups = createLookups(store.id);
  const db = ctx.db;
  const products = new Map(
    (await inventoryRepository.productsWithTemplates(db, store.id, [...new Set(rows.map((r) => r.productId))])).map((p) => [p.product.id, p]),
  );
  if (actor.kind === 'employee') await lookups.consigners(db, rows.flatMap((r) => (r.consigner ? [r.consigner] : [])));
  const lowestByVariant = new Map<string, Promise<number | null>>();
  const lowestOf = (v: Variant) => {
    const key = JSON.stringify(v);
    if (!lowestByVariant.has(key)) lowestByVariant.set(key, inventoryRepository.lowestActivePrice(db, store.id, v));
    return lowestByVariant.get(key)!;
  };
  const values: NewInventoryRow[] = [];

  for (const row of rows) {
    const found = products.get(row.productId);
    if (!found) throw badRequest(INVENTORY_MESSAGES.selectProduct);
    const { product, template } = found;
    if (!template) throw badRequest(INVENTORY_MESSAGES.selectProductTemplate);
    const variant: Variant = {
      productId: product.id,
      option1Value: clean(row.option1Value) ?? null,
      option2Value: clean(row.option2Value) ?? null,
      option3Value: clean(row.option3Value) ?? null,
    };
    const consignerId = actor.kind === 'consigner' ? actor.id : row.consigner;
    const refused = validateInventoryRow({ ...variant, price: row.price, quantity: row.quantity, consignerId }, template, { requireConsigner: true });
    if (refused) throw badRequest(refused);
    if (typeof row.minimumPrice === 'number' && row.minimumPrice < 0) throw badRequest('Minimum price cannot be negative');
    const price = row.price!;
    const quantity = row.quantity!;

    // A consigner always lists for themselves; staff pick the owner.
    const owner = actor.kind === 'consigner' ? actor.consigner : await lookups.consigner(db, consignerId!);
    if (!owner) throw badRequest(INVENTORY_MESSAGES.selectConsigner);

    let placement: { location: string | null; subLocation: string | null } = { location: null, subLocation: null };
    if (actor.kind === 'employee' || clean(row.location)) {
      placement = await checkLocation(db, lookups, { location: row.location, subLocation: row.subLocation, owner });
    }

    const category = clean(row.category) ?? template.category ?? product.category;
    const fees = feesFor(store, owner, await lookups.consignerTypes(db), { ...variant, price, quantity, category, addOns: row.addOns, cost: row.cost });
    const item: NewInventoryRow = {
      id: crypto.randomUUID(),
      storeId: store.id,
      code: '',
      productTemplateId: template.id,
      consignerId: owner.id,
      sku: product.sku,
      title: product.title,
      category,
      ...variant,
      price,
      quantity,
      cost: row.cost ?? null,
      minimumPrice: row.minimumPrice ?? null,
      ...feeColumns(owner, fees),
      ...placement,
      notes: clean(row.notes) ?? null,
      image: clean(row.image) ?? product.image,
      addOns: row.addOns ?? null,
      lastUpdatedById: by.id,
      lastUpdatedByName: by.name,
      createdAt: now,
      updatedAt: now,
      status: 'Active',
    };

    if (actor.kind === 'employee') {
      // Staff add stock straight onto the shop floor.
      Object.assign(item, { status: 'Active', acceptedOn: now, ...termsAtAcceptance(await lookups.consignerTypes(db), owner, item, now) });
    } else if (row.saleType) {
      // Answering a store request: on consignment, or for the store to buy, at a location (the
      // request is the product at that location), within the range staff set on the request.
      if (!placement.location) throw badRequest(INVENTORY_MESSAGES.selectLocation);
      const range = await storeRequestRangeOf(db, store.id, product.id, placement.location);
      const outOfRange = checkStoreRequestPrice(price, range);
      if (outOfRange) throw unprocessable(outOfRange);
      Object.assign(item, { status: row.saleType, storeRequestPriceLow: range?.low ?? null, storeRequestPriceHigh: range?.high ?? null });
    } else {
      // Pre-approved (within the range around the lowest Active price of the variant): drop off
      // directly (Pending); otherwise the store reviews the request first (Requested).
      const lowest = await lowestOf(variant);
      const preapproved = isPreapproved(price, preapprovalRange(lowest, store));
      Object.assign(item, { status: preapproved ? 'Pending' : 'Requested', preapprovalStatus: preapproved ? 'preapproved' : 'notPreapproved', lowestPrice: lowest });
    }
    values.push(item);
  }
  return values;
}

/**
 * Codes are unique per store. Rows whose code is taken are skipped by the insert and retried with
 * fresh codes, inside the same transaction.
 */
async function insertWithFreeCodes(tx: DbOrTx, values: NewInventoryRow[], newCode: () => string): Promise<InventoryRow[]> {
  const used = new Set<string>();
  const fresh = () => {
    let code = newCode();
    for (let i = 0; used.has(code) && i < 100; i += 1) code = newCode();
    used.add(code);
    return code;
  };
  let pending = values.map((v) => ({ ...v, code: fresh() }));
  const inserted: InventoryRow[] = [];
  for (let attempt = 0; pending.length && attempt < CODE_ATTEMPTS; attempt += 1) {
    for (let i = 0; i < pending.length; i += INSERT_CHUNK) {
      inserted.push(...(await inventoryRepository.insertSkippingTakenCodes(tx, pending.slice(i, i + INSERT_CHUNK))));
    }
    const written = new Set(inserted.map((r) => r.id));
    pending = pending.filter((v) => !written.has(v.id!)).map((v) => ({ ...v, code: fresh() }));
  }
  if (pending.length) throw new Error('No free inventory code found');
  return inserted;
}

// ---------------------------------------------------------------------------------------------
// GET /api/inventories/{id} and /code/{code}

function visibleTo(actor: Actor, item: InventoryRow | null): InventoryRow {
  // Consigners only ever see their own items; someone else's reads as not found.
  if (!item || (actor.kind === 'consigner' && item.consignerId !== actor.id)) throw notFound('Inventory not found');
  return item;
}

async function withActions(ctx: AppContext, store: Tenant, actor: Actor, item: InventoryRow): Promise<z.input<typeof ZInventoryItemDetail>> {
  const [shown] = await mapped(ctx, store.id, [item.id]);
  const status = item.status;
  return {
    ...shown,
    availableActions: isInventoryStatus(status) ? availableActions(status, domainActor(actingUser(actor), item)) : [],
    consignmentTerms: itemTermsOf(item, new Date()),
  };
}

export async function getInventory(ctx: AppContext, store: Tenant, actor: Actor, id: string) {
  const item = visibleTo(actor, await inventoryRepository.findById(ctx.db, store.id, id));
  return withActions(ctx, store, actor, item);
}

export async function getInventoryByCode(ctx: AppContext, store: Tenant, actor: Actor, code: string) {
  const wanted = code.trim();
  const item =
    (await inventoryRepository.findByCode(ctx.db, store.id, wanted)) ??
    (wanted !== wanted.toUpperCase() ? await inventoryRepository.findByCode(ctx.db, store.id, wanted.toUpperCase()) : null);
  return withActions(ctx, store, actor, visibleTo(actor, item));
}

// ---------------------------------------------------------------------------------------------
// PUT /api/inventories/{id}

const OPTION_FIELDS = ['option1Value', 'option2Value', 'option3Value'] as const;
const CONSIGNER_EDITABLE: ReadonlySet<string> = new Set(INVENTORY_CONSIGNER_FIELDS);
const NOT_YET_ACCEPTED: readonly string[] = ['Requested', 'Pending', 'Consignment', 'Buying', 'StoreRequestPriceChange'];

/** Collects the fields whose value really changes. */
function changeSet(item: InventoryRow) {
  const changes: InventoryChanges = {};
  return {
    changes,
    set<K extends keyof InventoryChanges & keyof InventoryRow>(key: K, value: InventoryChanges[K] | undefined) {
      if (value === undefined) return;
      if (value === item[key] || (value === null && item[key] === null)) {
        delete changes[key];
        return;
      }
      changes[key] = value;
    },
  };
}

function assertNotNegative(body: TUpdateInventory) {
  for (const field of ['price', 'payout', 'payoutFee', 'cost', 'minimumPrice'] as const) {
    const v = body[field];
    if (typeof v === 'number' && v < 0) throw badRequest(`${field} cannot be negative`);
  }
}

/** Field edits of the item screen: every changed field is one log entry field, in one transaction. */
export async function updateInventory(ctx: AppContext, store: Tenant, actor: Actor, id: string, body: TUpdateInventory) {
  assertNotNegative(body);
  const lookups = createLookups(store.id);
  await ctx.db.transaction(async (tx) => {
    const item = visibleTo(actor, await inventoryRepository.lockById(tx, store.id, id));
    const entry = await applyEdits(tx, lookups, store, actor, item, body);
    if (entry) await writeInventoryLogs(tx, [entry]);
  });
  return (await mapped(ctx, store.id, [id]))[0];
}

/**
 * PUT /api/inventories: several items edited at once (the listing wizard places every item it made),
 * each by the rules of PUT /api/inventories/{id}, all in one transaction: one refused item refuses the
 * batch, with its code in the message, and no item changes.
 */
export async function updateInventories(ctx: AppContext, store: Tenant, actor: Actor, edits: (TUpdateInventory & { id: string })[]) {
  const ids = edits.map((e) => e.id);
  if (new Set(ids).size !== ids.length) throw badRequest('Each item can only be listed once');
  const lookups = createLookups(store.id);
  await ctx.db.transaction(async (tx) => {
    const rows = new Map((await inventoryRepository.lockByIds(tx, store.id, ids)).map((r) => [r.id, r]));
    const entries: NonNullable<Awaited<ReturnType<typeof applyEdits>>>[] = [];
    for (const { id, ...body } of edits) {
      const row = rows.get(id) ?? null;
      try {
        assertNotNegative(body);
        const item = visibleTo(actor, row);
        // The answer declares the known statuses; an item outside them is not edited in a batch.
        if (!isInventoryStatus(item.status)) throw conflict(`Cannot change an item whose status is ${item.status}`);
        const entry = await applyEdits(tx, lookups, store, actor, item, body);
        if (entry) entries.push(entry);
      } catch (err) {
        throw namingItem(err, row && visibleOrNull(actor, row) ? row.code : id);
      }
    }
    if (entries.length) await writeInventoryLogs(tx, entries);
  });
  return (await mapped(ctx, store.id, ids)).map((i) => ({
    id: i.id,
    code: i.code,
    status: i.status as InventoryStatus,
    price: i.price,
    quantity: i.quantity,
    option1Value: i.option1Value,
    option2Value: i.option2Value,
    option3Value: i.option3Value,
    location: i.location,
    subLocation: i.subLocation,
  }));
}

/**
 * Scan intake's confirmed reassignment (docs/scanning.md, "Another consigner's item"): the items become
 * `consignerId`'s by the item screen's owner rule (PUT /api/inventories/{id} with `consigner`: the fees
 * follow the new owner), each with its log entry, inside the caller's transaction, so the reassignment
 * and what follows it (the acceptance) stand or fall together.
 */
export async function reassignOwnerInTx(
  tx: DbOrTx,
  store: Tenant,
  // staff (the item screen's staff rules), or the end-of-term job acting for the store
  // (docs/consignment-terms.md "The daily job")
  by: ActingUser,
  ids: readonly string[],
  consignerId: string,
  // fields set with the owner, by the same rules (a conversion to store stock: cost 0, no end)
  with_: Pick<TUpdateInventory, 'cost' | 'consignmentEndsAt'> = {},
): Promise<void> {
  if (!ids.length) return;
  const lookups = createLookups(store.id);
  const rows = await inventoryRepository.lockByIds(tx, store.id, [...ids]);
  if (rows.length !== ids.length) throw notFound('Inventory not found');
  const stamp = stampOf(by);
  const entries: ReturnType<typeof logEntry>[] = [];
  for (const item of rows) {
    try {
      const changes = await staffEdits(tx, lookups, store, item, { ...with_, consigner: consignerId });
      const fields = modifiedFields(item, changes);
      if (!fields.length) continue;
      const updated = (await inventoryRepository.update(tx, store.id, item.id, { ...changes, lastUpdatedById: stamp.id, lastUpdatedByName: stamp.name }))!;
      entries.push(logEntry(updated, stamp, fields));
    } catch (err) {
      throw namingItem(err, item.code);
    }
  }
  if (entries.length) await writeInventoryLogs(tx, entries);
}

/**
 * A markdown of the daily job (docs/consignment-terms.md "Markdowns"): each item's new price through
 * the item screen's staff price edit (staffEdits: the fees recomputed as a staff price edit does),
 * its label flagged for re-print, the price the schedule counts from kept, and one log entry per item
 * with the markdown's words beside the changed fields, inside the caller's transaction. The storefront
 * sync marks the item by the trigger on inventory_items, as for any price edit. Money moves only at sale.
 */
export async function markDownInTx(
  tx: DbOrTx,
  store: Tenant,
  by: ActingUser,
  markdowns: readonly { item: InventoryRow; price: number; basePrice: number; words: string }[],
): Promise<InventoryRow[]> {
  const lookups = createLookups(store.id);
  // the chunk's consigners in one query (staffEdits reads each item's owner through the lookups)
  await lookups.consigners(tx, markdowns.map((m) => m.item.consignerId));
  const stamp = stampOf(by);
  const edits: { item: InventoryRow; values: InventoryChanges; fields: ReturnType<typeof modifiedFields>; words: string }[] = [];
  for (const { item, price, basePrice, words } of markdowns) {
    try {
      const changes: InventoryChanges = { ...(await staffEdits(tx, lookups, store, item, { price })), printed: false, markdownBasePrice: basePrice };
      const fields = modifiedFields(item, changes);
      if (!fields.some((f) => f.variableChanged === 'price')) continue;
      edits.push({ item, values: { ...changes, lastUpdatedById: stamp.id, lastUpdatedByName: stamp.name }, fields, words });
    } catch (err) {
      throw namingItem(err, item.code);
    }
  }
  // the price edits of the chunk in one statement (the table's statement triggers run once, not per
  // item); an edit with a column the batch does not carry is written on its own
  const each = edits.filter((e) => canUpdateEach(e.values));
  const written = new Map((await inventoryRepository.updateEach(tx, store.id, each)).map((r) => [r.id, r] as const));
  for (const e of edits) if (!canUpdateEach(e.values)) written.set(e.item.id, (await inventoryRepository.update(tx, store.id, e.item.id, e.values))!);
  const updated = edits.map((e) => written.get(e.item.id)!);
  const entries = edits.map((e, n) => logEntry(updated[n], stamp, [{ variableChanged: 'markdown', beforeValue: null, afterValue: e.words }, ...e.fields]));
  if (entries.length) await writeInventoryLogs(tx, entries);
  return updated;
}

const visibleOrNull = (actor: Actor, row: InventoryRow) => (actor.kind === 'consigner' && row.consignerId !== actor.id ? null : row);

/** The same error, its message prefixed with the item it is about. */
function namingItem(err: unknown, item: string): unknown {
  const app = toAppError(err);
  return app ? new AppError(app.code, `Item ${item}: ${app.message}`, app.reason) : err;
}

/** One item's edits by the actor's rules, written; the log entry to write, or null when nothing changed. */
async function applyEdits(tx: DbOrTx, lookups: InventoryLookups, store: Tenant, actor: Actor, item: InventoryRow, body: TUpdateInventory) {
  const changes = actor.kind === 'consigner' ? await consignerEdits(tx, lookups, item, body, actor.consigner) : await staffEdits(tx, lookups, store, item, body);
  const fields = modifiedFields(item, changes);
  if (!fields.length) return null;
  const stamp = stampOf(actingUser(actor));
  const updated = (await inventoryRepository.update(tx, store.id, item.id, { ...changes, lastUpdatedById: stamp.id, lastUpdatedByName: stamp.name }))!;
  return logEntry(updated, stamp, fields);
}

/** A consigner may place their own drop-off (the wizard's location step) and add notes, image and tracking. */
async function consignerEdits(tx: DbOrTx, lookups: InventoryLookups, item: InventoryRow, body: TUpdateInventory, owner: InventoryConsignerRow): Promise<InventoryChanges> {
  const { changes, set } = changeSet(item);
  for (const [field, value] of Object.entries(body)) {
    if (value === undefined || CONSIGNER_EDITABLE.has(field)) continue;
    const current = field === 'consigner' ? item.consignerId : item[field as keyof InventoryRow];
    if (value !== current && !(value === null && current === null)) throw forbidden(`Consigners cannot change ${field}`);
  }
  for (const field of INVENTORY_PLAIN_FIELDS) if (CONSIGNER_EDITABLE.has(field)) set(field, clean(body[field]));
  // The consigner ships what the marketplace sold (Add tracking): a tracking code belongs to their Sold
  // item at ONLINE MARKETPLACE only (catalogue doc section 4, Tracking).
  if ('trackingCode' in changes && !(item.status === 'Sold' && item.location === ONLINE_MARKETPLACE)) {
    throw conflict(`A tracking code can only be added to a sold item at ${ONLINE_MARKETPLACE}`);
  }
  const location = clean(body.location);
  const subLocation = clean(body.subLocation);
  if ((location !== undefined && location !== item.location) || (subLocation !== undefined && subLocation !== item.subLocation)) {
    if (!NOT_YET_ACCEPTED.includes(item.status)) throw conflict('The location can only be changed before the store accepts the item');
    const nextLocation = location === undefined ? item.location : location;
    if (!nextLocation) {
      set('location', null);
      set('subLocation', null);
    } else {
      const placed = await checkLocation(tx, lookups, { location: nextLocation, subLocation: subLocation === undefined ? null : subLocation, owner });
      set('location', placed.location);
      set('subLocation', placed.subLocation);
    }
  }
  return changes;
}

async function staffEdits(tx: DbOrTx, lookups: InventoryLookups, store: Tenant, item: InventoryRow, body: TUpdateInventory): Promise<InventoryChanges> {
  const { changes, set } = changeSet(item);
  if (!isInventoryStatus(item.status)) throw conflict(`Cannot change an item whose status is ${item.status}`);

  let owner = await lookups.consigner(tx, item.consignerId);
  // Sold, paid or in a payout: the money is the ledger's; a correction is an adjustment (docs/sales.md).
  const locked = isMoneyLocked(item);
  if (locked) assertMoneyUnchanged(item, body);
  if (body.consigner !== undefined && body.consigner !== item.consignerId) {
    owner = await lookups.consigner(tx, body.consigner);
    if (!owner) throw badRequest(INVENTORY_MESSAGES.selectConsigner);
    set('consignerId', owner.id);
  }
  if (!owner) throw notFound('Consigner not found');

  // the fields stored as sent (option values, notes, image, tracking code ...): the domain's one list
  for (const field of INVENTORY_PLAIN_FIELDS) set(field, clean(body[field]));
  // the consigner's minimum price (markdowns stop there): not money of the ledger, so editable while sold too
  set('minimumPrice', body.minimumPrice);

  // Location and sub-location: a new location drops the old sub-location unless one is given.
  const location = clean(body.location);
  const subLocation = clean(body.subLocation);
  const nextLocation = location === undefined ? item.location : location;
  const nextSub = subLocation !== undefined ? subLocation : nextLocation === item.location ? item.subLocation : null;
  if (nextLocation !== item.location || nextSub !== item.subLocation) {
    if (nextLocation) {
      const placed = await checkLocation(tx, lookups, { location: nextLocation, subLocation: nextSub, owner });
      set('location', placed.location);
      set('subLocation', placed.subLocation);
    } else {
      set('location', null);
      set('subLocation', null);
    }
  } else if (changes.consignerId && nextLocation === ONLINE_MARKETPLACE && !owner.marketplaceLocation) {
    throw unprocessable(`Only consigners with the online marketplace can use ${ONLINE_MARKETPLACE}`);
  }

  // Status by hand (the item screen's dropdown): setStatusByHand's rules.
  if (body.status !== undefined && body.status !== item.status) {
    set('status', setStatusByHand(item.status, body.status, { safeInventoryStatusMode: store.safeInventoryStatusMode, hasLocation: Boolean(nextLocation), hasAcceptedOn: item.acceptedOn !== null }));
  }
  const nextStatus = (changes.status ?? item.status) as InventoryStatus;
  if (nextStatus === 'Active' && !nextLocation) throw badRequest(INVENTORY_MESSAGES.locationRequired);

  if (!locked) await money(tx, lookups, store, item, owner, body, changes, set);

  // Edit is hidden for Withdrawn and Declined items; the status itself may still be changed.
  const edited = Object.keys(changes).some((k) => k !== 'status');
  if (edited && !canEdit(nextStatus)) throw conflict(`Cannot edit an item that is ${statusLabel(nextStatus)}`);
  return changes;
}

/** A sold, paid or paid-out item's price, payout, fees, cost and consigner are locked (409 when an edit changes one). */
function assertMoneyUnchanged(item: InventoryRow, body: TUpdateInventory) {
  const asked: [unknown, unknown][] = [
    [body.price, item.price],
    [body.payout, item.payout],
    [body.payoutFee, item.payoutFee],
    [body.cost, item.cost],
    [body.consigner, item.consignerId],
  ];
  if (asked.some(([value, current]) => value !== undefined && value !== current && !(value === null && current === null))) {
    throw conflict(isMoneyStatus(item.status) ? MONEY_STATUS_MESSAGES.locked(item.status) : MONEY_STATUS_MESSAGES.lockedInPayout);
  }
}

/**
 * Price and payout. Store accounts: no fees, the payout is the Cost and price edits leave it alone.
 * Others: a payout or fee typed by hand wins; otherwise a new price, owner or option values recompute
 * the fees.
 */
async function money(
  tx: DbOrTx,
  lookups: InventoryLookups,
  store: Tenant,
  item: InventoryRow,
  owner: InventoryConsignerRow,
  body: TUpdateInventory,
  changes: InventoryChanges,
  set: ReturnType<typeof changeSet>['set'],
) {
  set('price', body.price);
  const price = changes.price ?? item.price;
  if (owner.isStoreAccount) {
    const cost = body.cost ?? body.payout;
    if (cost !== undefined && cost !== null && cost !== item.cost) {
      set('cost', cost);
      set('payout', cost);
      set('payoutFee', 0);
      set('total', cost * item.quantity);
    } else if (changes.consignerId) {
      const fees = feesFor(store, owner, [], { ...item, price, cost: item.cost ?? price });
      for (const [k, v] of Object.entries(feeColumns(owner, fees))) set(k as 'payout', v as number);
    }
    return;
  }
  set('cost', body.cost);
  if (body.payoutFee !== undefined && body.payoutFee !== item.payoutFee) {
    const payout = Math.max(price - body.payoutFee, 0);
    set('payoutFee', body.payoutFee);
    set('payout', payout);
    set('total', payout * item.quantity);
  } else if (body.payout !== undefined && body.payout !== item.payout) {
    set('payout', body.payout);
    set('payoutFee', Math.max(price - body.payout, 0));
    set('total', body.payout * item.quantity);
  } else if (changes.price !== undefined || changes.consignerId || OPTION_FIELDS.some((f) => f in changes)) {
    const fees = feesFor(store, owner, await lookups.consignerTypes(tx), {
      ...item,
      ...pick(changes, OPTION_FIELDS),
      price,
    });
    for (const [k, v] of Object.entries(feeColumns(owner, fees))) set(k as 'payout', v as number);
  }
}

function pick<T extends object, K extends keyof T>(obj: T, keys: readonly K[]): Partial<T> {
  const out: Partial<T> = {};
  for (const k of keys) if (k in obj) out[k] = obj[k];
  return out;
}

// ---------------------------------------------------------------------------------------------
// POST /api/inventories/fees and GET /api/inventories/preapprovalStatus

/** The fee quote of the intake forms, with the spec's labelled breakdown. Money in major units. */
export async function quoteFees(ctx: AppContext, store: Tenant, actor: Actor, q: TFeesQuery): Promise<z.input<typeof ZFeeQuote>> {
  const db = ctx.db;
  const base = q.id ? visibleTo(actor, await inventoryRepository.findById(db, store.id, q.id)) : null;
  const consignerId = actor.kind === 'consigner' ? actor.id : (q.consigner ?? base?.consignerId);
  // Fee calculation requires a consigner (catalogue doc section 5).
  if (!consignerId) throw badRequest(INVENTORY_MESSAGES.selectConsigner);
  const [owner] = await inventoryRepository.consignersByIds(db, store.id, [consignerId]);
  if (!owner) throw badRequest(INVENTORY_MESSAGES.selectConsigner);
  let category = clean(q.category) ?? base?.category ?? null;
  if (!category && q.productId) {
    const [found] = await inventoryRepository.productsWithTemplates(db, store.id, [q.productId]);
    category = found?.template?.category ?? found?.product.category ?? null;
  }
  const types = await inventoryRepository.consignerTypes(db, store.id);
  const subject = {
    price: q.price,
    quantity: q.quantity ?? base?.quantity ?? 1,
    category,
    option1Value: clean(q.option1Value) ?? base?.option1Value ?? null,
    option2Value: clean(q.option2Value) ?? base?.option2Value ?? null,
    option3Value: clean(q.option3Value) ?? base?.option3Value ?? null,
    addOns: q.addOns ?? base?.addOns ?? null,
    cost: q.cost ?? base?.cost ?? null,
  };
  const fees = feesFor(store, owner, types, subject);
  const type = owner.isStoreAccount ? null : consignerTypeFor(types, owner, subject);
  return {
    payout: toMajor(fees.payout),
    payoutFee: toMajor(fees.payoutFee),
    total: toMajor(fees.total),
    transcation: toMajor(fees.transcation),
    selling: toMajor(fees.selling),
    vat: toMajor(fees.vat),
    negativeBalance: toMajor(fees.negativeBalance),
    breakdown: fees.breakdown.map((b) => ({ label: b.label, amount: toMajor(b.amount) })),
    consignerType: type?.accountType ?? null,
    isStoreAccount: owner.isStoreAccount,
    zeroPayoutWarning: isZeroPayoutWarning(type?.sellingFee ?? 0, fees.payout),
    // Owed from early withdrawals; settled at payout, shown so the consigner knows.
    outstandingWithdrawalFees: toMajor(owner.outstandingWithdrawalFees),
  };
}

export async function preapprovalStatus(
  ctx: AppContext,
  store: Tenant,
  q: { productId: string; option1Value?: string | null; option2Value?: string | null; option3Value?: string | null; price: number },
): Promise<z.input<typeof ZPreapprovalStatus>> {
  const lowest = await inventoryRepository.lowestActivePrice(ctx.db, store.id, {
    productId: q.productId,
    option1Value: clean(q.option1Value),
    option2Value: clean(q.option2Value),
    option3Value: clean(q.option3Value),
  });
  const range = preapprovalRange(lowest, store);
  const alert = priceAlert(q.price, lowest, store.warnAmount);
  return {
    label: INVENTORY_MESSAGES.preapprovalRange,
    range: range ? { low: toMajor(range.low), high: toMajor(range.high) } : null,
    lowestPrice: lowest === null ? null : toMajor(lowest),
    preapproved: isPreapproved(q.price, range),
    priceAlert: alert,
    warnText: alert ? (store.warnText ?? null) : null,
  };
}
