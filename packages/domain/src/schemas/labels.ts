import { z } from 'zod';
import { CUSTOM_BARCODE_OPTIONS } from '../constants.ts';

// POST /api/labels (docs/labels.md): what printing the labels of some items needs, in one answer.

/** The most labels one request asks for (a list page holds at most 500 rows; the bench prints 1,000). */
export const MAX_LABELS_PER_REQUEST = 1000;

export const ZLabelsRequest = z.object({
  ids: z
    .array(z.string({ error: 'Invalid id' }).uuid('Invalid id'))
    .min(1, { error: 'Select the items to print first' })
    .max(MAX_LABELS_PER_REQUEST, { error: `Print at most ${MAX_LABELS_PER_REQUEST} labels at a time` }),
});

/** The store's label settings (catalogue doc section 3, "Label settings"), with where its links point. */
export const ZLabelSettings = z.object({
  id: z.string(),
  labelSize: z.object({ width: z.number(), height: z.number() }),
  labelOptions: z.array(z.string()),
  labelLayout: z.union([z.literal(32), z.literal(101)]).nullable(),
  customBarcode: z.enum(CUSTOM_BARCODE_OPTIONS).nullable(),
  currency: z.string(),
  logo: z.string().nullable(),
  customShopifyUrl: z.string().nullable(),
  shopifyTrackingParams: z.array(z.object({ param: z.string(), value: z.string() })),
  shop: z.string().nullable(),
  linkOrigin: z.string(),
  hasStorefront: z.boolean(),
});

/** One item as its label shows it (money in minor units, as the layout takes it). */
export const ZLabelItem = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  sku: z.string(),
  size: z.string().nullable(),
  consignerId: z.string(),
  consignerName: z.string(),
  payoutFee: z.number().int(),
  price: z.number().int(),
  subLocation: z.string().nullable(),
  /** the last day of the consignment, for the 'Consignment ends' field (null: none) */
  consignmentEndsAt: z.string().nullable(),
  gtin: z.string().nullable(),
  shopifyId: z.string().nullable(),
  storefrontHandle: z.string().nullable(),
  /** Sellable now (sellable.ts): only then does the shop list it, and its label link to the shop. Absent: yes. */
  sellableNow: z.boolean().optional(),
});

export const ZLabelData = z.object({ settings: ZLabelSettings, items: z.array(ZLabelItem) });
export type TLabelData = z.output<typeof ZLabelData>;
