import { z } from 'zod';
import { MAX_PAYOUT_ITEMS } from './payouts.ts';

// POST /api/checkbook/retryAutoPayout (people doc section 7; docs/payouts-automated.md).

const ZId = z.uuid({ error: 'Invalid id' });

/** A consigner of the payout: by id, or an object naming it (consignerId, consigner or id) with its items. */
const ZRetryConsigner = z.union(
  [
    ZId,
    z
      .object({ consignerId: ZId.optional(), consigner: ZId.optional(), id: ZId.optional() })
      .loose()
      .transform((o, ctx) => {
        const id = o.consignerId ?? o.consigner ?? o.id;
        if (!id) {
          ctx.addIssue({ code: 'custom', message: 'Invalid consigner id' });
          return z.NEVER;
        }
        return id;
      }),
  ],
  { error: 'Invalid consigner id' },
);

/**
 * `consignersAndInventories`: the consigners whose unpaid cheques to send again (absent or empty:
 * every unpaid cheque of the payout). A cheque pays a consigner's whole share, so their items are not
 * picked one by one: any items given are accepted and not read.
 */
export const ZRetryAutoPayoutBody = z.object({
  payoutId: ZId,
  consignersAndInventories: z
    .array(ZRetryConsigner)
    .max(MAX_PAYOUT_ITEMS, { error: 'Too many consigners' })
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
});
export type TRetryAutoPayoutBody = z.output<typeof ZRetryAutoPayoutBody>;

export const ZAutoPayoutRetry = z.object({
  payoutId: z.string(),
  /** Pending again: the payout job is sending its unpaid cheques. */
  status: z.literal('Pending'),
  /** 'Auto payout retry successful!' */
  message: z.string(),
  /** How many cheques are sent again (or looked up, for one the provider has). */
  chequeCount: z.number(),
  /** The background job to follow at GET /api/jobs/{id}. */
  jobId: z.string(),
});
export type TAutoPayoutRetry = z.output<typeof ZAutoPayoutRetry>;
