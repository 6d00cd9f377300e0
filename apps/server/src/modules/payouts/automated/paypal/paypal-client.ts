// A small fetch client of PayPal's REST API: only the calls PayPal Payouts needs.
// Sources (docs/payouts-automated.md cites them):
// - developer.paypal.com "Get started" / "Authentication": POST /v1/oauth2/token with HTTP Basic
//   client_id:secret and `grant_type=client_credentials` gives `access_token` (Bearer) and `expires_in`;
// - the Payouts API (paypal/paypal-rest-api-specifications openapi/payments_payouts_batch_v1.json, version 1.9):
//   POST /v1/payments/payouts {sender_batch_header, items} answers 201 {batch_header, links};
//   GET /v1/payments/payouts/{id} answers the payout_batch with its items' transaction_status;
//   errors are {name, message, debug_id, information_link, details[{field, location, issue}], links};
//   "If you specify a sender_batch_id that was used in the last 30 days, the API rejects the request with
//   an error message that shows the duplicate sender_batch_id and includes a HATEOAS link to the original
//   payout"; "If you receive an HTTP 5nn status code, you can safely retry the request with the same
//   sender_batch_id".
import { callProvider, ProviderUnreachable, type HttpAnswer } from '../provider.ts';

type PaypalAmount = { currency: string; value: string };
type PaypalLink = { href: string; rel: string; method?: string };
type PaypalErrorBody = {
  name?: string;
  message?: string;
  debug_id?: string;
  information_link?: string;
  details?: { field?: string; location?: string; issue?: string; description?: string }[];
  links?: PaypalLink[];
  // the OAuth endpoint's own error form
  error?: string;
  error_description?: string;
};

type PaypalPayoutItem = { recipient_type: 'EMAIL'; amount: PaypalAmount; receiver: string; note?: string; sender_item_id: string };
type CreatePayoutRequest = {
  sender_batch_header: { sender_batch_id: string; email_subject?: string; email_message?: string; recipient_type?: 'EMAIL' };
  items: PaypalPayoutItem[];
};
type PaypalBatchHeader = { payout_batch_id: string; batch_status: string; sender_batch_header?: { sender_batch_id?: string } };
type PaypalBatchItem = {
  payout_item_id: string;
  transaction_id?: string;
  transaction_status?: string;
  payout_batch_id: string;
  payout_item: { sender_item_id?: string; receiver?: string; amount?: PaypalAmount };
  errors?: { name?: string; message?: string };
};
export type PaypalBatch = { batch_header: PaypalBatchHeader; items?: PaypalBatchItem[]; links?: PaypalLink[] };

/** PayPal answered with an error status. */
export class PaypalError extends Error {
  constructor(
    readonly status: number,
    readonly body: PaypalErrorBody,
    message: string,
  ) {
    super(message);
  }
}

/** PayPal's error as one line: its name and message, and the issues of its details. */
function describe(body: PaypalErrorBody | null, status: number): string {
  if (!body || typeof body !== 'object') return `HTTP ${status}`;
  if (body.error) return `${body.error}${body.error_description ? `: ${body.error_description}` : ''}`;
  const issues = (body.details ?? []).map((d) => [d.field, d.issue ?? d.description].filter(Boolean).join(' ')).filter(Boolean);
  return [body.name, body.message].filter(Boolean).join(': ') + (issues.length ? ` (${issues.join('; ')})` : '') || `HTTP ${status}`;
}

type PaypalClientOptions = { baseUrl: string; clientId: string; clientSecret: string; timeoutMs: number; fetch?: typeof fetch };

export function createPaypalClient(opts: PaypalClientOptions) {
  let token: { value: string; expiresAt: number } | null = null;

  function fail(answer: HttpAnswer): never {
    const body = (answer.body && typeof answer.body === 'object' ? answer.body : {}) as PaypalErrorBody;
    throw new PaypalError(answer.status, body, describe(body, answer.status));
  }

  /** POST /v1/oauth2/token (client credentials), kept until a minute before it expires. */
  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const basic = Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64');
    const answer = await callProvider(
      'PayPal',
      `${opts.baseUrl}/v1/oauth2/token`,
      { method: 'POST', headers: { Accept: 'application/json', Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' },
      opts.timeoutMs,
      opts.fetch,
    );
    const body = answer.body as { access_token?: unknown; expires_in?: unknown } | null;
    if (answer.status !== 200 || !body || typeof body.access_token !== 'string') fail(answer);
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 300;
    token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, seconds - 60) * 1000 };
    return token.value;
  }

  async function authorised(path: string, init: RequestInit): Promise<HttpAnswer> {
    const bearer = await accessToken();
    return callProvider('PayPal', `${opts.baseUrl}${path}`, { ...init, headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}`, ...init.headers } }, opts.timeoutMs, opts.fetch);
  }

  return {
    accessToken,
    /** POST /v1/payments/payouts: 201 with the batch header (status PENDING once it passes the first checks). */
    async createPayout(request: CreatePayoutRequest): Promise<{ batch_header: PaypalBatchHeader; links?: PaypalLink[] }> {
      const answer = await authorised('/v1/payments/payouts', { method: 'POST', body: JSON.stringify(request) });
      const body = answer.body as { batch_header?: PaypalBatchHeader } | null;
      if (answer.status === 201 || answer.status === 200) {
        if (body?.batch_header && typeof body.batch_header.payout_batch_id === 'string') return body as { batch_header: PaypalBatchHeader };
        // Taken, but an answer we cannot read: the batch may exist.
        throw new ProviderUnreachable(`PayPal answered ${answer.status} without a payout_batch_id`);
      }
      return fail(answer);
    },
    /** GET /v1/payments/payouts/{id}: the batch and its items' transaction statuses. */
    async getPayout(payoutBatchId: string): Promise<PaypalBatch> {
      const answer = await authorised(`/v1/payments/payouts/${encodeURIComponent(payoutBatchId)}`, { method: 'GET' });
      const body = answer.body as PaypalBatch | null;
      if (answer.status === 200 && body?.batch_header) return body;
      return fail(answer);
    },
  };
}

/**
 * The original payout of a refused duplicate sender_batch_id: its id, from the HATEOAS link PayPal
 * includes (".../v1/payments/payouts/{payout_batch_id}"). Only the id is taken; the look-up goes to
 * the configured host, never to a link's host.
 */
export function duplicateBatchId(err: PaypalError): string | null | undefined {
  const body = err.body;
  const mentionsBatchId = (body.details ?? []).some((d) => /sender_batch_id/i.test(`${d.field ?? ''} ${d.issue ?? ''} ${d.description ?? ''}`)) || /sender_batch_id/i.test(body.message ?? '');
  if (err.status !== 400 && err.status !== 422) return undefined;
  if (!mentionsBatchId) return undefined;
  for (const link of body.links ?? []) {
    const match = /\/v1\/payments\/payouts\/([A-Za-z0-9_-]{1,64})(?:[/?#]|$)/.exec(link.href ?? '');
    if (match) return match[1];
  }
  // A duplicate without its link: the original exists but we cannot name it.
  return null;
}
