// Checkbook digital cheques for consigners paid by Bank (the spec's "Checkbooks"; docs/payouts-automated.md).
import { toMajor, type CheckbookCredentials } from '@backroom/domain';
import { isRetryableStatus, ProviderUnreachable, reasonText, type ChequeToSend, type PayoutProvider, type ProviderResult } from '../provider.ts';
import { CheckbookError, createCheckbookClient, type CheckbookCheck } from './checkbook-client.ts';

/** docs.checkbook.io "Idempotent Requests": a key lasts 24 hours. */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

// docs.checkbook.io "Payment Statuses": UNPAID (e-mailed, the recipient has not acted), IN_PROCESS,
// then PAID, PRINTED or MAILED. Each means the cheque exists and is the consigner's to deposit.
const ISSUED = new Set(['UNPAID', 'IN_PROCESS', 'PAID', 'PRINTED', 'MAILED', 'DEPOSITED']);
// Voided by the sender or expired: the consigner was not paid by it.
const VOIDED = new Set(['VOID', 'VOIDED', 'EXPIRED', 'REFUNDED']);

function resultOf(check: CheckbookCheck): ProviderResult {
  const status = check.status.trim().toUpperCase().replace(/\s+/g, '_');
  if (VOIDED.has(status)) return { outcome: 'failed', externalId: check.id, reason: `Checkbook cheque ${check.id} is ${status}` };
  if (ISSUED.has(status)) return { outcome: 'paid', externalId: check.id, detail: `Checkbook cheque ${check.number ?? check.id} ${status}` };
  // FAILED (a deposit was returned: the recipient may give new bank details) or a status we do not know.
  return { outcome: 'pending', externalId: check.id, detail: `Checkbook cheque ${check.id} ${status || 'without a status'}` };
}

/** `sending`: the error answered a new cheque (a refusal means nothing was made); else a look-up. */
function errorResult(err: unknown, sending: boolean): ProviderResult {
  if (err instanceof ProviderUnreachable) return { outcome: 'unknown', reason: err.message };
  if (err instanceof CheckbookError) {
    const reason = reasonText(`Checkbook answered ${err.status}: ${err.message}`);
    // A 5xx, a throttle or a conflict may hide a processed request: only the same key may be sent again.
    // A look-up that fails says nothing about the cheque.
    if (isRetryableStatus(err.status) || !sending) return { outcome: 'unknown', reason };
    if (err.status === 401 || err.status === 403) return { outcome: 'failed', externalId: null, reason: reasonText(`Checkbook refused the store's API keys (${err.status}): ${err.message}`) };
    return { outcome: 'failed', externalId: null, reason };
  }
  throw err;
}

export function checkbookProvider(opts: { baseUrl: string; credentials: CheckbookCredentials; timeoutMs: number; fetch?: typeof fetch }): PayoutProvider {
  const client = createCheckbookClient({ baseUrl: opts.baseUrl, apiKey: opts.credentials.apiKey, apiSecret: opts.credentials.apiSecret, timeoutMs: opts.timeoutMs, fetch: opts.fetch });
  return {
    name: 'checkbook',
    label: 'Checkbook',
    idempotencyWindowMs: IDEMPOTENCY_WINDOW_MS,
    async send(cheque: ChequeToSend) {
      // Checkbook pays US dollars from a US bank account.
      if (cheque.currency !== 'USD') return { outcome: 'failed', externalId: null, reason: `Checkbook pays in US dollars only; this store's currency is ${cheque.currency}` };
      try {
        const check = await client.createDigitalCheck(
          { name: cheque.recipient.name, recipient: cheque.recipient.email, amount: toMajor(cheque.amountMinor), description: cheque.description },
          cheque.key,
        );
        return resultOf(check);
      } catch (err) {
        return errorResult(err, true);
      }
    },
    async status(externalId: string) {
      try {
        return resultOf(await client.getCheck(externalId));
      } catch (err) {
        return errorResult(err, false);
      }
    },
  };
}
