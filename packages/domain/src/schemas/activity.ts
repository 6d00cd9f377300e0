import { z } from 'zod';

// Responses of the inventory logs API (catalogue doc section 7): the Activity feed and an item's timeline.

/** One changed field of a log entry; a consignerId change also names the consigners (beforeLabel, afterLabel). */
export const ZModifiedField = z.object({
  variableChanged: z.string(),
  beforeValue: z.unknown(),
  afterValue: z.unknown(),
  beforeLabel: z.string().nullish(),
  afterLabel: z.string().nullish(),
});
export type TModifiedField = z.output<typeof ZModifiedField>;

export const ZInventoryLog = z.object({
  id: z.string(),
  updatedAt: z.string().describe('ISO 8601 date and time'),
  lastUpdatedBy: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  inventoryId: z.string(),
  inventory: z.object({ id: z.string(), title: z.string().nullable(), product: z.object({ title: z.string().nullable() }) }),
  modifiedFields: z.array(ZModifiedField),
});
export type TInventoryLog = z.output<typeof ZInventoryLog>;

/** GET /api/inventoryLogs/{id}: an item's entries, newest first. */
export const ZItemLogs = z.object({ inventoryLogs: z.array(ZInventoryLog) });
export type TItemLogs = z.output<typeof ZItemLogs>;

/** GET /api/inventoryLogs: a page of the Activity feed, newest first. */
export const ZActivityPage = z.object({
  inventoryLogs: z.array(ZInventoryLog),
  page: z.number(),
  take: z.number(),
  hasMore: z.boolean(),
  /** The cursor of the next page (pass it as `cursor`), null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TActivityPage = z.output<typeof ZActivityPage>;

/** GET /api/inventoryLogs/employees: the Last Updated By list. */
export const ZActivityEmployees = z.object({ employees: z.array(z.object({ id: z.string(), name: z.string() })) });
export type TActivityEmployees = z.output<typeof ZActivityEmployees>;
