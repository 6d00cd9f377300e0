// The payout hold, the minimum and payouts on request (docs/consigner-account.md): what Ready to Pay
// and the portal's Payout page show, and the request routes' bodies and answers. Major units.
import { z } from 'zod';
import { PAYOUT_ACCOUNT_MESSAGES, PAYOUT_HOLD_FROM, PAYOUT_REQUEST_STATUSES } from '../consigner-account.ts';

/**
 * Held money grouped by the day it becomes payable (YYYY-MM-DD, the store's day); null: online orders
 * not shipped yet under a hold counted from shipping (payable the hold's days after they ship).
 */
export const ZHeldAmount = z.object({ payableOn: z.string().nullable(), amount: z.number() });

/** A consigner's request to be paid. */
export const ZPayoutRequest = z.object({
  id: z.string(),
  consignerId: z.string(),
  consignerName: z.string(),
  status: z.enum(PAYOUT_REQUEST_STATUSES),
  /** what was payable when asked */
  amount: z.number(),
  payoutId: z.string().nullable(),
  payoutName: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601 date and time'),
  closedAt: z.string().describe('ISO 8601 date and time').nullable(),
});
export type TPayoutRequest = z.output<typeof ZPayoutRequest>;

const ZPayableFigures = z.object({
  /** what a payout of every payable item would send now (fees owed taken) */
  payable: z.number(),
  /** sold, inside the hold: not payable yet */
  held: z.number(),
  heldUntil: z.array(ZHeldAmount),
});

/** GET /api/payouts/consigner/{id}/account: the consigner's payable and held money and their request. */
export const ZPayoutAccount = ZPayableFigures.extend({
  holdDays: z.number(),
  /** what the hold counts from for online orders */
  holdFrom: z.enum(PAYOUT_HOLD_FROM),
  minimum: z.number(),
  /** true when a request may be made now */
  canRequest: z.boolean(),
  /** why not, when it may not */
  reason: z.string().nullable(),
  /** the open (or being paid) request, else the last one */
  request: ZPayoutRequest.nullable(),
});
export type TPayoutAccount = z.output<typeof ZPayoutAccount>;

/** GET /api/payouts/readiness: Ready to Pay's consigners with payable or held money, or a request. */
export const ZPayoutReadinessRow = ZPayableFigures.extend({
  consignerId: z.string(),
  name: z.string(),
  /** below the store's minimum: a payout run leaves them out */
  belowMinimum: z.boolean(),
  reason: z.string().nullable(),
  request: ZPayoutRequest.nullable(),
});
export const ZPayoutReadiness = z.object({
  holdDays: z.number(),
  /** what the hold counts from for online orders */
  holdFrom: z.enum(PAYOUT_HOLD_FROM),
  minimum: z.number(),
  today: z.string(),
  consigners: z.array(ZPayoutReadinessRow),
  /** open requests (the Requested filter's count) */
  requested: z.number(),
});
export type TPayoutReadiness = z.output<typeof ZPayoutReadiness>;
export type TPayoutReadinessRow = z.output<typeof ZPayoutReadinessRow>;

/** POST /api/payouts/requests: the consigner confirms the request (the portal asks first). */
export const ZPayoutRequestBody = z.object({ confirm: z.literal(true, { error: PAYOUT_ACCOUNT_MESSAGES.confirm }) }, { error: PAYOUT_ACCOUNT_MESSAGES.confirm });
export type TPayoutRequestBody = z.input<typeof ZPayoutRequestBody>;
