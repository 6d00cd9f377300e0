// The payout provider interface (design.md "payouts"; docs/payouts-automated.md): a provider sends one
// cheque (an amount to one consigner) under an idempotency key and tells how a sent one stands.
// Adapters: checkbook/ (digital cheques, consigners paid by Bank) and paypal/ (PayPal Payouts).

import { cleanText } from '@backroom/domain';
import type { ChequeSentRequest } from '../../../db/schema/index.ts';

export type ProviderName = 'checkbook' | 'paypal';

/** One cheque to send: an amount in minor units to one consigner, as recorded before it is sent. */
export type ChequeToSend = ChequeSentRequest & {
  chequeId: string;
  /**
   * The idempotency key of this attempt (docs/payouts-automated.md "Idempotency"): the cheque id on
   * the first attempt, `<id>-<n>` on the n-th after a definite failure. A resend with the same key
   * never pays twice: Checkbook's Idempotency-Key header, PayPal's sender_batch_id.
   */
  key: string;
};

/**
 * What a provider answered:
 * - paid: the provider took the cheque and it is issued (Checkbook) or completed (PayPal);
 * - pending: the provider took it and is still processing it (look again later with `status`);
 * - failed: a definite refusal or failure; no money moved, a new attempt may be made;
 * - unknown: no answer (timeout, network, 5xx, rate limit): the cheque may or may not exist, so it is
 *   only ever sent again under the same key, inside the provider's idempotency window.
 */
export type ProviderResult =
  | { outcome: 'paid'; externalId: string; detail: string }
  | { outcome: 'pending'; externalId: string; detail: string }
  | { outcome: 'failed'; externalId: string | null; reason: string }
  | { outcome: 'unknown'; reason: string };

export interface PayoutProvider {
  readonly name: ProviderName;
  readonly label: string;
  /** How long the provider recognises a key it has seen: a resend within it cannot pay twice. */
  readonly idempotencyWindowMs: number;
  send(cheque: ChequeToSend): Promise<ProviderResult>;
  /** How a cheque the provider took (its externalId) stands now. */
  status(externalId: string, chequeId: string): Promise<ProviderResult>;
}

/** No answer we can read: the call may or may not have reached the provider. */
export class ProviderUnreachable extends Error {}

export type HttpAnswer = { status: number; body: unknown; headers: Headers };

/**
 * One HTTP call with a deadline. A timeout or a network failure throws ProviderUnreachable (the
 * caller cannot know whether it was processed); any answer, error statuses included, is returned.
 */
export async function callProvider(label: string, url: string, init: RequestInit, timeoutMs: number, fetchImpl: typeof fetch = fetch): Promise<HttpAnswer> {
  let res: Response;
  try {
    res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') throw new ProviderUnreachable(`No answer from ${label} within ${formatSeconds(timeoutMs)}`);
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : err instanceof Error ? err.message : String(err);
    throw new ProviderUnreachable(`Could not reach ${label}: ${cause}`);
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new ProviderUnreachable(`${label} answered ${res.status} but the answer was cut off`);
  }
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text.slice(0, 500);
    }
  }
  return { status: res.status, body, headers: res.headers };
}

const formatSeconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);

/** Statuses after which the same request may be sent again: the provider may not have processed it. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 425 || status === 429 || status >= 500;
}

/** A provider's text shown to staff as a failure reason: one line, bounded. */
export function reasonText(text: string): string {
  // control characters never reach a reason
  return cleanText(text, { oneLine: true }).slice(0, 500);
}
