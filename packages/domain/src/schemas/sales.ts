import { z } from 'zod';
import { STORE_CREDIT_MESSAGES } from '../consigner-account.ts';
import { PAYMENT_METHODS, SALE_MESSAGES, SALE_SOURCES } from '../sales.ts';
import { boundedText, optionalText, safeString } from './common.ts';
import { ZInventoryItem } from './inventory.ts';

// The counter sale API (/sell; docs/sales.md). Money in major units, dates as ISO strings.

const isoDate = z.string().describe('ISO 8601 date and time');

/** The most items one counter sale takes (a till receipt, not a bulk job). */
export const MAX_SALE_LINES = 100;

/** An item to sell: by its id (picked from a search) or its code (scanned or typed). */
export const ZCounterSaleLine = z
  .object({
    inventoryId: z.uuid({ error: 'Invalid inventory id' }).optional(),
    code: boundedText('code', 'Code').optional(),
  })
  .refine((l) => !!l.inventoryId || !!l.code, { error: 'Each line needs an inventory id or an item code' });

const optionalEmail = safeString('email', 'Email')
  .trim()
  .nullish()
  .transform((v) => v || null)
  .pipe(z.email({ error: 'Please enter a valid email' }).nullable());

/** POST /api/sales: a sale at the counter. */
export const ZCounterSaleBody = z.object({
  lines: z.array(ZCounterSaleLine, { error: SALE_MESSAGES.noLines }).min(1, { error: SALE_MESSAGES.noLines }).max(MAX_SALE_LINES, { error: `A sale takes at most ${MAX_SALE_LINES} items` }),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Please choose a payment method: cash, card, other or store credit' }),
  /** paid with store credit: the consigner whose credit pays the whole sale */
  creditConsignerId: z.uuid({ error: 'Invalid consigner id' }).nullish(),
  customerName: optionalText,
  customerEmail: optionalEmail,
  /**
   * The client's own key of this sale (a new one per sale): a sale sent twice with the same key is
   * recorded once and both answers name the same order.
   */
  saleKey: z
    .string({ error: 'Invalid sale key' })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'A sale key is 8 to 100 letters, digits, - or _' })
    .nullish(),
})
  .superRefine((b, ctx) => {
    if (b.paymentMethod === 'store_credit' && !b.creditConsignerId) ctx.addIssue({ code: 'custom', path: ['creditConsignerId'], message: STORE_CREDIT_MESSAGES.consignerNeeded });
    if (b.paymentMethod !== 'store_credit' && b.creditConsignerId) ctx.addIssue({ code: 'custom', path: ['creditConsignerId'], message: STORE_CREDIT_MESSAGES.onlyWithCredit });
  });
export type TCounterSaleBody = z.input<typeof ZCounterSaleBody>;

/** POST /api/sales/{id}/receipt: the receipt e-mailed (again) to an address. */
export const ZSaleReceiptBody = z.object({
  email: safeString('email', 'Email', { error: 'Email is required' }).trim().pipe(z.email({ error: 'Please enter a valid email' })),
});

/** GET /api/sales/item: the item a scanned or typed code names. */
export const ZSellableItemQuery = z.object({ code: boundedText('code', 'Code').min(1, { error: 'Please enter an item code' }) });
/** GET /api/sales/items: Active items matching a search (title, SKU, code, ...). */
export const ZSellableItemsQuery = z.object({ search: boundedText('search', 'Search').min(1, { error: 'Please enter a search' }) });

/** An item as the counter shows it before selling it. */
export const ZSellableItem = ZInventoryItem.pick({
  id: true,
  code: true,
  title: true,
  sku: true,
  status: true,
  option1Value: true,
  option2Value: true,
  option3Value: true,
  price: true,
  quantity: true,
  image: true,
  location: true,
  subLocation: true,
}).extend({ consignerName: z.string().nullable() });
export type TSellableItem = z.output<typeof ZSellableItem>;

export const ZSellableItems = z.object({ rows: z.array(ZSellableItem), count: z.number() });
export type TSellableItems = z.output<typeof ZSellableItems>;

/** A line of a sale, with its item's code and current status. */
export const ZSaleLine = z.object({
  id: z.string(),
  inventoryId: z.string().nullable(),
  code: z.string().nullable(),
  title: z.string(),
  sku: z.string().nullable(),
  option1Value: z.string().nullable(),
  option2Value: z.string().nullable(),
  option3Value: z.string().nullable(),
  price: z.number(),
  quantity: z.number(),
  active: z.boolean(),
  itemStatus: ZInventoryItem.shape.status.nullable(),
});
export type TSaleLine = z.output<typeof ZSaleLine>;

/** A sale (an order) as the counter and its receipt show it. */
export const ZSale = z.object({
  id: z.string(),
  name: z.string(),
  source: z.enum(SALE_SOURCES),
  status: z.enum(['open', 'undone']),
  financialStatus: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  total: z.number(),
  orderDate: isoDate,
  customer: z.object({ firstName: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() }),
  createdByName: z.string().nullable(),
  undoneAt: isoDate.nullable(),
  undoneByName: z.string().nullable(),
  lines: z.array(ZSaleLine),
  /** Undo is offered while the sale stands and none of its items is paid out. */
  canUndo: z.boolean(),
  /** Why not, when the sale stands but cannot be undone. */
  undoBlockedReason: z.string().nullable(),
  /** What the printed receipt heads with. */
  store: z.object({ name: z.string(), supportEmail: z.string(), currency: z.string(), logo: z.string().nullable() }),
});
export type TSale = z.output<typeof ZSale>;

/** GET /api/sales: the newest counter sales, for the counter's Recent sales. */
export const ZSaleSummary = ZSale.pick({ id: true, name: true, status: true, paymentMethod: true, total: true, orderDate: true, createdByName: true }).extend({
  itemCount: z.number(),
  customerName: z.string().nullable(),
});
export type TSaleSummary = z.output<typeof ZSaleSummary>;
export const ZSaleSummaries = z.object({ rows: z.array(ZSaleSummary) });
export type TSaleSummaries = z.output<typeof ZSaleSummaries>;

/** POST /api/sales: the sale (created, or the one its sale key recorded before) and the receipt e-mail. */
export const ZSaleResult = z.object({
  message: z.string(),
  created: z.boolean(),
  /** 'sent': e-mailed; 'limited': not sent, too many to this address lately; null: no e-mail given. */
  receipt: z.enum(['sent', 'limited']).nullable(),
  sale: ZSale,
});
export type TSaleResult = z.output<typeof ZSaleResult>;

/**
 * POST /api/sales answered 409: the sale key was already used for another basket (other items or
 * payment method). The recorded sale comes with it, so the counter can show what was sold.
 */
export const ZSaleKeyConflict = z.object({
  error: z.string(),
  code: z.literal('SALE_KEY_REUSED'),
  sale: ZSale,
});
export type TSaleKeyConflict = z.output<typeof ZSaleKeyConflict>;

export const ZSaleMessage = z.object({ message: z.string(), sale: ZSale });
export type TSaleMessage = z.output<typeof ZSaleMessage>;

export const ZSaleReceiptResult = z.object({ message: z.string() });
