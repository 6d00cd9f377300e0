// Store credit (docs/consigner-account.md "Store credit"): a consigner's credit balance and its
// movements (the portal's card), and the counter's search for a consigner whose credit pays. Major units.
import { z } from 'zod';
import { STORE_CREDIT_KINDS } from '../payouts.ts';
import { STORE_CREDIT_MESSAGES } from '../consigner-account.ts';
import { boundedText } from './common.ts';

/** One movement of a consigner's store credit (a ledger entry of a credit kind). */
export const ZStoreCreditMovement = z.object({
  id: z.string(),
  kind: z.enum(STORE_CREDIT_KINDS),
  label: z.string(),
  /** + credit in, - credit spent */
  amount: z.number(),
  memo: z.string().nullable(),
  payoutId: z.string().nullable(),
  orderId: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601 date and time'),
});
export type TStoreCreditMovement = z.output<typeof ZStoreCreditMovement>;

/** The most movements the credit account answers (the newest). */
export const STORE_CREDIT_HISTORY_LIMIT = 100;

/** GET /api/payouts/consigner/{id}/credit: the consigner's credit balance and its newest movements. */
export const ZStoreCreditAccount = z.object({
  consignerId: z.string(),
  /** what staff type at the counter to find this account */
  code: z.string(),
  balance: z.number(),
  /** the store's bonus on a payout taken as credit, percent */
  bonusPercent: z.number(),
  /** true when the consigner takes their payouts as store credit */
  paidAsCredit: z.boolean(),
  /** the newest movements first, at most STORE_CREDIT_HISTORY_LIMIT */
  movements: z.array(ZStoreCreditMovement),
  movementCount: z.number(),
});
export type TStoreCreditAccount = z.output<typeof ZStoreCreditAccount>;

/** GET /api/sales/creditAccounts?search=: consigners found by name, e-mail or store credit code. */
export const ZStoreCreditSearchQuery = z.object({ search: boundedText('search', 'Search').trim().min(2, { error: STORE_CREDIT_MESSAGES.searchNeeded }) });
export const ZStoreCreditHolder = z.object({ consignerId: z.string(), name: z.string(), email: z.string(), code: z.string(), balance: z.number() });
export type TStoreCreditHolder = z.output<typeof ZStoreCreditHolder>;
export const ZStoreCreditHolders = z.object({ rows: z.array(ZStoreCreditHolder) });
export type TStoreCreditHolders = z.output<typeof ZStoreCreditHolders>;
