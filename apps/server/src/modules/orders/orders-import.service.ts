// Order imports (docs/orders.md "Linnworks import"): a store's Linnworks account as an
// order source. New orders are fetched with the Linnworks adapter (integrations/linnworks) and
// recorded through recordSale, the one entry of every sale: an order is recorded once whatever the
// number of imports (orders.source = 'linnworks' + externalId, unique; recordSale answers an order
// already recorded with created: false).
import crypto from 'node:crypto';
import { cleanText, MAX_AMOUNT_MINOR, ORDER_MESSAGES, splitFullName, TEXT_LIMITS, type TOrderImportResult } from '@backroom/domain';
import type { AppContext } from '../../app-context.ts';
import type { Customer } from '../../db/schema/index.ts';
import { AppError, unprocessable } from '../../http/errors.ts';
import { integrationRecords, createLinnworksClient, LINNWORKS_IDS_PER_CALL, LinnworksError, type LinnworksClient, type LinnworksCredentials, type LinnworksOrder, decryptSecret } from '../../integrations/index.ts';
import { consignerNotifier } from '../notifications/index.ts';
import { recordSale, type SaleAuthor, type SaleInput } from '../sales/index.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { ordersRepository as repo } from './orders.repository.ts';

/** Who an imported sale is recorded by (inventory log entries, the order's createdByName). */
const LINNWORKS_AUTHOR: SaleAuthor = { id: null, name: 'Linnworks import' };

/** A first import reaches this far back for processed orders (open orders are read whole every time). */
const FIRST_IMPORT_DAYS = 30;
/** Each import looks again at this much time before the cursor: an order received late by Linnworks is not missed. */
const CURSOR_OVERLAP_MS = 60 * 60 * 1000;
/** SearchProcessedOrdersPaged: "Maximum range is 3 months"; windows of 90 days. */
const MAX_WINDOW_MS = 90 * 24 * 60 * 60 * 1000;
/** Pages read from one paged call at most in one import (200 orders each): bounds a run on a huge account. */
const MAX_PAGES = 50;

// GeneralInfo.Status of a Linnworks order (0 = UNPAID, 1 = PAID, 2 = RETURN, 3 = PENDING, 4 = RESEND).
const STATUS_PAID = 1;
const STATUS_RETURN = 2;
const STATUS_RESEND = 4;

type Progress = { setTotal?: (n: number) => Promise<void>; orderDone?: () => Promise<void>; orderFailed?: (externalId: string, error: string) => Promise<void> };

/** The credentials kept encrypted in store_integrations.secret (set in the store settings; docs/orders.md). */
function readCredentials(raw: Record<string, unknown> | null): LinnworksCredentials | null {
  if (!raw) return null;
  const pick = (...keys: string[]) => keys.map((k) => raw[k]).find((v): v is string => typeof v === 'string' && v.trim() !== '')?.trim();
  const applicationId = pick('applicationId', 'ApplicationId');
  const applicationSecret = pick('applicationSecret', 'ApplicationSecret');
  const token = pick('token', 'Token');
  return applicationId && applicationSecret && token ? { applicationId, applicationSecret, token } : null;
}

/** Whether the store's Linnworks import is turned on with credentials (what the screen asks before importing on load). */
export async function linnworksEnabled(ctx: AppContext, storeId: string): Promise<boolean> {
  const row = await integrationRecords.find(ctx.db, storeId, 'linnworks');
  return !!row?.enabled && !!row.secret;
}

/** The store's Linnworks client; 422 when the import is not turned on, has no credentials or they cannot be read. */
async function linnworksClientOf(ctx: AppContext, storeId: string): Promise<{ client: LinnworksClient; syncedUntil: Date | null }> {
  const row = await integrationRecords.find(ctx.db, storeId, 'linnworks');
  if (!row?.enabled || !row.secret) throw unprocessable(ORDER_MESSAGES.linnworksNotConfigured);
  const credentials = readCredentials(decryptSecret<Record<string, unknown>>(ctx.config.authSecret, row.secret));
  if (!credentials) throw unprocessable(ORDER_MESSAGES.linnworksCredentialsUnreadable);
  const client = createLinnworksClient(credentials, { apiUrl: ctx.config.linnworksApiUrl, timeoutMs: ctx.config.linnworksTimeoutMs });
  return { client, syncedUntil: row.syncedUntil };
}

/** A Linnworks failure as the shop sees it: 422 with what Linnworks said (never a 500). */
function linnworksFailure(err: unknown): never {
  if (err instanceof LinnworksError) throw unprocessable(`The Linnworks import failed: ${err.message}`);
  throw err;
}

// ---- mapping a Linnworks order to a sale ------------------------------------------------------

/** Outside text, cleaned (NUL and other control characters never reach a row) and cut to fit what the product stores. */
const clean = (value: string | null | undefined, max: number) => {
  const v = cleanText(value ?? '', { oneLine: false });
  return v ? [...v].slice(0, max).join('') : null;
};

/** Linnworks amounts are decimal major units; ours integer minor units, within the columns. */
const toMinorAmount = (major: number | null | undefined) => Math.min(MAX_AMOUNT_MINOR, Math.max(0, Math.round((major ?? 0) * 100)));

function customerOf(order: LinnworksOrder): Customer {
  const address = order.CustomerInfo?.Address;
  const billing = order.CustomerInfo?.BillingAddress;
  const fullName = clean(address?.FullName, TEXT_LIMITS.name) ?? clean(billing?.FullName, TEXT_LIMITS.name) ?? clean(order.CustomerInfo?.ChannelBuyerName, TEXT_LIMITS.name);
  return {
    ...splitFullName(fullName),
    email: clean(address?.EmailAddress, TEXT_LIMITS.email) ?? clean(billing?.EmailAddress, TEXT_LIMITS.email),
    phone: clean(address?.PhoneNumber, TEXT_LIMITS.phone) ?? clean(billing?.PhoneNumber, TEXT_LIMITS.phone),
  };
}

/** The order's name in Backroom: Linnworks' own order number (recordSale makes it unique in the store). */
const linnworksOrderName = (order: LinnworksOrder) => `LW-${order.NumOrderId ?? order.OrderId.slice(0, 8)}`;

/** Why an order is left out of the import, or null to import it. */
function skipReason(order: LinnworksOrder): string | null {
  const status = order.GeneralInfo?.Status;
  if (status === STATUS_RETURN || status === STATUS_RESEND) return 'a return or resend of another order';
  if (order.GeneralInfo?.HoldOrCancel) return 'on hold or cancelled';
  return null;
}

type ItemRef = { id: string; code: string };

/**
 * The sale of a Linnworks order: a paid (or processed) order sells its items, an unpaid or pending
 * one holds them. Each line is matched by its SKU (else its channel SKU) to the item whose code it is;
 * a line matching no item, or an item already on an earlier line, is kept as a line without an item.
 * Service lines (shipping, gift wrap) are left out.
 */
function saleOfLinnworksOrder(order: LinnworksOrder, itemsByCode: Map<string, ItemRef>): { input: SaleInput; unmatched: number } {
  const used = new Set<string>();
  let unmatched = 0;
  const lines = (order.Items ?? [])
    .filter((line) => !line.IsService)
    .map((line) => {
      const sku = clean(line.SKU, TEXT_LIMITS.name) ?? clean(line.ChannelSKU, TEXT_LIMITS.name);
      const item = [line.SKU, line.ChannelSKU].map((s) => itemsByCode.get((s ?? '').trim())).find((i) => i && !used.has(i.id));
      if (item) used.add(item.id);
      else unmatched += 1;
      return {
        inventoryId: item?.id ?? null,
        price: toMinorAmount(line.PricePerUnit),
        title: clean(line.Title, TEXT_LIMITS.note) ?? clean(line.ChannelTitle, TEXT_LIMITS.note) ?? sku ?? 'Linnworks item',
        sku: sku ?? undefined,
        quantity: Math.max(1, Math.min(1_000_000, Math.trunc(line.Quantity ?? 1))),
        externalLineId: clean(line.RowId, TEXT_LIMITS.code),
      };
    });
  const received = order.GeneralInfo?.ReceivedDate ? new Date(order.GeneralInfo.ReceivedDate) : null;
  return {
    unmatched,
    input: {
      source: 'linnworks',
      externalId: order.OrderId,
      name: linnworksOrderName(order),
      financialStatus: order.Processed || order.GeneralInfo?.Status === STATUS_PAID ? 'paid' : 'pending',
      customer: customerOf(order),
      orderDate: received && !Number.isNaN(received.getTime()) ? received : undefined,
      lines,
    },
  };
}

// ---- fetching ---------------------------------------------------------------------------------

async function allPages<T>(fetchPage: (page: number) => Promise<{ Data?: T[] | null; TotalPages?: number | null }>): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await fetchPage(page);
    const data = answer.Data ?? [];
    out.push(...data);
    if (!data.length || page >= (answer.TotalPages ?? 1)) break;
  }
  return out;
}

/**
 * The orders to look at: every open order (they stay open until shipped, so an order held or not
 * yet matched is looked at again next time) and the orders processed since the cursor (received
 * from the cursor, less an overlap, to now; a first import reaches FIRST_IMPORT_DAYS back).
 */
async function fetchCandidates(client: LinnworksClient, from: Date, to: Date): Promise<{ full: LinnworksOrder[]; processedIds: string[] }> {
  const full = await allPages((page) => client.openOrders(page));
  const processedIds: string[] = [];
  for (let start = from.getTime(); start < to.getTime(); start += MAX_WINDOW_MS) {
    const end = new Date(Math.min(to.getTime(), start + MAX_WINDOW_MS));
    const rows = await allPages((page) => client.processedOrders(new Date(start), end, page));
    processedIds.push(...rows.map((r) => r.pkOrderID));
  }
  return { full, processedIds };
}

/**
 * POST /api/orders/linnworkOrders and the Resync All job: imports the Linnworks orders not yet
 * recorded, then moves the import cursor (store_integrations.syncedUntil) to the time the fetch
 * started. A Linnworks failure (refused credentials, an error answer, no answer in time) stops the
 * import before anything is recorded and leaves the cursor where it was (422 with the reason); an
 * order refused by recordSale (an item already sold elsewhere) is reported and the others go on.
 */
export async function importLinnworksOrders(ctx: AppContext, store: Tenant, progress: Progress = {}): Promise<TOrderImportResult> {
  const { client, syncedUntil } = await linnworksClientOf(ctx, store.id);
  const startedAt = new Date();
  const from = syncedUntil ? new Date(syncedUntil.getTime() - CURSOR_OVERLAP_MS) : new Date(startedAt.getTime() - FIRST_IMPORT_DAYS * 86_400_000);

  let orders: LinnworksOrder[];
  let fetched: number;
  let alreadyImported: number;
  try {
    const { full, processedIds } = await fetchCandidates(client, from, startedAt);
    const byId = new Map<string, LinnworksOrder | null>();
    for (const o of full) byId.set(o.OrderId, o);
    for (const id of processedIds) if (!byId.has(id)) byId.set(id, null);
    fetched = byId.size;
    const ids = [...byId.keys()];
    const known = new Set<string>();
    for (let i = 0; i < ids.length; i += 1000) for (const id of await repo.knownExternalIds(ctx.db, store.id, 'linnworks', ids.slice(i, i + 1000))) known.add(id);
    alreadyImported = known.size;
    const missing = ids.filter((id) => !known.has(id) && byId.get(id) === null);
    for (let i = 0; i < missing.length; i += LINNWORKS_IDS_PER_CALL) {
      for (const o of await client.ordersById(missing.slice(i, i + LINNWORKS_IDS_PER_CALL))) byId.set(o.OrderId, o);
    }
    orders = ids.filter((id) => !known.has(id)).flatMap((id) => byId.get(id) ?? []);
  } catch (err) {
    return linnworksFailure(err);
  }

  // oldest first, so order names and dates follow each other as in Linnworks
  orders.sort((a, b) => Date.parse(a.GeneralInfo?.ReceivedDate ?? '') - Date.parse(b.GeneralInfo?.ReceivedDate ?? '') || (a.NumOrderId ?? 0) - (b.NumOrderId ?? 0));
  await progress.setTotal?.(orders.length);

  const codes = [...new Set(orders.flatMap((o) => (o.Items ?? []).flatMap((l) => [l.SKU, l.ChannelSKU]).map((s) => (s ?? '').trim()).filter(Boolean)))];
  const itemsByCode = new Map<string, ItemRef>();
  for (let i = 0; i < codes.length; i += 1000) for (const item of await repo.itemsByCode(ctx.db, store.id, codes.slice(i, i + 1000))) itemsByCode.set(item.code, item);

  // One 'sold' e-mail per consigner for the whole import (its orders build it), sent at its end.
  const notices = { notifier: consignerNotifier(ctx, store.id, store), groupKey: `import:${crypto.randomUUID()}` };
  const result: TOrderImportResult = { source: 'linnworks', fetched, imported: 0, alreadyImported, skipped: 0, failed: [], unmatchedLines: 0, orders: [], syncedUntil: null };
  try {
    for (const order of orders) {
      const name = linnworksOrderName(order);
      const { input, unmatched } = saleOfLinnworksOrder(order, itemsByCode);
      if (skipReason(order) || input.lines.length === 0) {
        result.skipped += 1;
        await progress.orderDone?.();
        continue;
      }
      try {
        const { order: recorded, created } = await recordSale(ctx, store, LINNWORKS_AUTHOR, input, { notices });
        if (created) {
          result.imported += 1;
          result.unmatchedLines += unmatched;
          result.orders.push({ id: recorded.id, name: recorded.name });
        } else {
          result.alreadyImported += 1;
        }
        await progress.orderDone?.();
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        result.failed.push({ externalId: order.OrderId, name, error: err.message });
        await progress.orderFailed?.(order.OrderId, `${name}: ${err.message}`);
      }
    }
  } finally {
    // the orders recorded so far are committed: their e-mails go even when the import broke off
    await notices.notifier.deliver(notices.groupKey);
  }
  await integrationRecords.advanceSyncedUntil(ctx.db, store.id, 'linnworks', startedAt);
  result.syncedUntil = startedAt.toISOString();
  ctx.log.info({ storeId: store.id, imported: result.imported, failed: result.failed.length, skipped: result.skipped }, 'linnworks orders imported');
  return result;
}

/** One Linnworks order as Linnworks has it now (the order screen's Resync Line Items). */
export async function fetchLinnworksOrder(ctx: AppContext, storeId: string, externalId: string): Promise<LinnworksOrder | null> {
  const { client } = await linnworksClientOf(ctx, storeId);
  try {
    const [order] = await client.ordersById([externalId]);
    return order ?? null;
  } catch (err) {
    return linnworksFailure(err);
  }
}

export { customerOf as linnworksCustomerOf };
