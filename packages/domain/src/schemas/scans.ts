import { z } from 'zod';
import { requiredString, boundedText } from './common.ts';
import { ZInventoryItem } from './inventory.ts';

// The stock-take API (catalogue doc section 7, Scans; docs/scanning.md). Dates as ISO strings.

/** The most items one stock-take sends (a location's count; a larger count is split by location). */
export const MAX_SCAN_ITEMS = 20_000;

/** An item as the stock-take lists it: compact, so a count of thousands stays light. */
export const ZScanItem = ZInventoryItem.pick({
  id: true,
  code: true,
  title: true,
  sku: true,
  status: true,
  option1Value: true,
  price: true,
  image: true,
  location: true,
  subLocation: true,
  consignerId: true,
}).extend({ consignerName: z.string() });
export type TScanItem = z.output<typeof ZScanItem>;

/** A stock-take (section 3, Scan): status defaults to new. */
export const ZScan = z.object({
  id: z.string(),
  createdAt: z.string(),
  status: z.string(),
  location: z.string().nullable(),
  expectedCount: z.number(),
  scannedCount: z.number(),
  createdByName: z.string().nullable(),
});
export type TScan = z.output<typeof ZScan>;

export const ZScans = z.array(ZScan);

/** GET /api/scans/{id}: the scan, what was expected at its location (inventories) and what was scanned. */
export const ZScanDetail = z.object({ scan: ZScan, inventories: z.array(ZScanItem), scannedInventories: z.array(ZScanItem) });
export type TScanDetail = z.output<typeof ZScanDetail>;

/** POST /api/scans answers the scan and the items expected at its location. */
export const ZScanCreated = z.object({ scan: ZScan, inventories: z.array(ZScanItem) });

const ZItemId = z.string({ error: 'Inventory not found' }).uuid('Inventory not found');

/** POST /api/scans: the location counted and every item scanned there. */
export const ZCreateScanBody = z.object({
  status: boundedText('code', 'Status').pipe(z.enum(['new', 'done'], { error: 'Status is new or done' })).optional(),
  location: requiredString('Please select a location', 'name', 'Location'),
  inventories: z
    .array(ZItemId, { error: 'Scan at least one item' })
    .min(1, { error: 'Scan at least one item' })
    .max(MAX_SCAN_ITEMS, { error: `A stock-take takes at most ${MAX_SCAN_ITEMS} items` }),
});
export type TCreateScanBody = z.input<typeof ZCreateScanBody>;

/** The most items GET /api/scans/expected sends (a larger location is looked up code by code). */
export const MAX_EXPECTED_ITEMS = 5000;

/** GET /api/scans/expected: the items a location should hold, fetched at START so most scans resolve at once. */
export const ZScanExpectedQuery = z.object({ location: requiredString('Please select a location', 'name', 'Location') });
export const ZScanExpected = z.object({ items: z.array(ZScanItem), complete: z.boolean() });

/** GET /api/scans/item: an item by its scanned code (any status, any location), or null. */
export const ZScanLookupQuery = z.object({ code: requiredString('Please scan a code', 'code', 'Code') });
export const ZScanLookup = z.object({ item: ZScanItem.nullable() });

/** POST /api/scans/{id}/move: a misplaced item moved to the counted location in one tap. */
export const ZScanMoveBody = z.object({ inventory: ZItemId });

/** POST /api/scans/intake: scan intake's Save, every scanned item accepted at the location (docs/scanning.md). */
export const ZScanIntakeBody = z.object({
  location: requiredString('Please select a location', 'name', 'Location'),
  subLocation: boundedText('name', 'Sub-location').nullish(),
  ids: z.array(ZItemId, { error: 'Scan at least one item' }).min(1, { error: 'Scan at least one item' }).max(500, { error: 'Save at most 500 items at once' }),
  /** The consigner chosen on the first step: every item is theirs, or reassigned to them (`reassign`). */
  consigner: z.string({ error: 'Please select a consigner' }).uuid('Please select a consigner'),
  /** Items of another consigner whose reassignment to `consigner` staff confirmed on the screen. */
  reassign: z.array(ZItemId).max(500, { error: 'Save at most 500 items at once' }).optional(),
});
export const ZScanIntakeResult = z.object({ message: z.string(), accepted: z.number() });

/** POST /api/scans/intake/attach: the attach dialog (section 5 messages). */
export const ZScanAttachBody = z.object({
  product: z.string({ error: 'Select a product' }).uuid('Select a product'),
  size: requiredString('Please select an option', 'name', 'Size'),
  code: requiredString('Please scan a code', 'code', 'Code'),
});
export const ZScanAttachResult = z.object({ id: z.string(), title: z.string(), sku: z.string(), image: z.string().nullable() });
