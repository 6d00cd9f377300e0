import type { AppContext } from '../app-context.ts';

/**
 * The seam between creating a payout (modules/payouts) and sending it through a payout provider
 * (this folder: provider interface, checkbook/, paypal/). modules/payouts calls startAutoPayout after
 * the payout's transaction has committed, when the payout's provider is not 'manual'.
 *
 * Placeholder until the providers land (issue 11, branch autopay): it sends nothing, so a payout stays
 * Pending and is marked paid by hand.
 */
export async function startAutoPayout(_ctx: AppContext, _storeId: string, _payoutId: string): Promise<void> {}
