// PayPal Payouts for consigners paid by PayPal (docs/payouts-automated.md). One cheque is one payout
// batch of one item: sender_batch_id = the cheque's key, sender_item_id = the cheque id.
import type { PaypalCredentials } from '@backroom/domain';
import { isRetryableStatus, ProviderUnreachable, reasonText, type ChequeToSend, type PayoutProvider, type ProviderResult } from '../provider.ts';
import { createPaypalClient, duplicateBatchId, PaypalError, type PaypalBatch } from './paypal-client.ts';

/** A sender_batch_id is refused for 30 days after its first use (the Payouts API, sender_batch_header). */
const IDEMPOTENCY_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

// Currencies PayPal takes in whole units only (developer.paypal.com "Currency codes": no decimals).
const WHOLE_UNIT_CURRENCIES = new Set(['HUF', 'JPY', 'TWD']);

/** The amount as PayPal's `value`: a decimal string ("12.50"), whole units for JPY, HUF and TWD. */
export function paypalValue(minor: number, currency: string): string | null {
  if (WHOLE_UNIT_CURRENCIES.has(currency)) return minor % 100 === 0 ? String(minor / 100) : null;
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

// The item's transaction_status (the Payouts API, transaction_enum).
// SUCCESS: paid. UNCLAIMED: sent to an e-mail without a PayPal account yet; PayPal holds it for the
// recipient for 30 days (docs/payouts-automated.md: counted as sent, as a Checkbook cheque not yet deposited).
const SENT = new Set(['SUCCESS', 'UNCLAIMED']);
const IN_PROGRESS = new Set(['PENDING', 'ONHOLD', 'NEW', 'PROCESSING']);
// FAILED, RETURNED, BLOCKED, REFUNDED, REVERSED: the recipient does not have the money.

function resultOfBatch(batch: PaypalBatch, chequeId: string): ProviderResult {
  const id = batch.batch_header.payout_batch_id;
  const batchStatus = (batch.batch_header.batch_status ?? '').toUpperCase();
  const item = (batch.items ?? []).find((i) => i.payout_item?.sender_item_id === chequeId) ?? batch.items?.[0];
  if (!item) {
    if (batchStatus === 'DENIED' || batchStatus === 'CANCELED') return { outcome: 'failed', externalId: id, reason: `PayPal ${batchStatus.toLowerCase()} payout ${id}` };
    return { outcome: 'pending', externalId: id, detail: `PayPal payout ${id} ${batchStatus || 'PENDING'}` };
  }
  const status = (item.transaction_status ?? '').toUpperCase();
  if (SENT.has(status)) return { outcome: 'paid', externalId: id, detail: `PayPal payout item ${item.payout_item_id} ${status}` };
  if (IN_PROGRESS.has(status) || (!status && batchStatus !== 'DENIED' && batchStatus !== 'CANCELED')) {
    return { outcome: 'pending', externalId: id, detail: `PayPal payout item ${item.payout_item_id} ${status || batchStatus}` };
  }
  const why = [item.errors?.name, item.errors?.message].filter(Boolean).join(': ');
  return { outcome: 'failed', externalId: id, reason: reasonText(`PayPal payout ${status || batchStatus}${why ? ` (${why})` : ''}`) };
}

function errorResult(err: unknown, sending: boolean): ProviderResult {
  if (err instanceof ProviderUnreachable) return { outcome: 'unknown', reason: err.message };
  if (err instanceof PaypalError) {
    const reason = reasonText(`PayPal answered ${err.status}: ${err.message}`);
    if (isRetryableStatus(err.status) || !sending) return { outcome: 'unknown', reason };
    if (err.status === 401) return { outcome: 'failed', externalId: null, reason: reasonText(`PayPal refused the store's client ID and secret: ${err.message}`) };
    return { outcome: 'failed', externalId: null, reason };
  }
  throw err;
}

export function paypalProvider(opts: { baseUrl: string; credentials: PaypalCredentials; timeoutMs: number; fetch?: typeof fetch }): PayoutProvider {
  const client = createPaypalClient({ baseUrl: opts.baseUrl, clientId: opts.credentials.clientId, clientSecret: opts.credentials.clientSecret, timeoutMs: opts.timeoutMs, fetch: opts.fetch });

  async function lookUp(payoutBatchId: string, chequeId: string): Promise<ProviderResult> {
    try {
      return resultOfBatch(await client.getPayout(payoutBatchId), chequeId);
    } catch (err) {
      return errorResult(err, false);
    }
  }

  return {
    name: 'paypal',
    label: 'PayPal',
    idempotencyWindowMs: IDEMPOTENCY_WINDOW_MS,
    async send(cheque: ChequeToSend) {
      const value = paypalValue(cheque.amountMinor, cheque.currency);
      if (value === null) return { outcome: 'failed', externalId: null, reason: `PayPal pays ${cheque.currency} in whole units only` };
      try {
        const created = await client.createPayout({
          sender_batch_header: {
            sender_batch_id: cheque.key,
            recipient_type: 'EMAIL',
            email_subject: `You have a payout from ${cheque.storeName}`.slice(0, 255),
            email_message: cheque.description.slice(0, 1000),
          },
          items: [{ recipient_type: 'EMAIL', amount: { currency: cheque.currency, value }, receiver: cheque.recipient.email, note: cheque.description.slice(0, 4000), sender_item_id: cheque.chequeId }],
        });
        const id = created.batch_header.payout_batch_id;
        // The batch is taken (PENDING): its item's outcome comes from GET /v1/payments/payouts/{id}.
        return lookUp(id, cheque.chequeId).then((r) => (r.outcome === 'unknown' ? { outcome: 'pending' as const, externalId: id, detail: `PayPal payout ${id} ${created.batch_header.batch_status}` } : r));
      } catch (err) {
        if (err instanceof PaypalError) {
          const original = duplicateBatchId(err);
          // The key was used before (an earlier attempt whose answer was lost): that payout is this cheque's.
          if (original) return lookUp(original, cheque.chequeId);
          if (original === null) return { outcome: 'unknown', reason: reasonText(`PayPal says ${cheque.key} was sent before but gives no link to it: ${err.message}`) };
        }
        return errorResult(err, true);
      }
    },
    status: (externalId: string, chequeId: string) => lookUp(externalId, chequeId),
  };
}
