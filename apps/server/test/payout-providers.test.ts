// The payout provider adapters against local fakes of their documented APIs (docs/payouts.md): success, a
// failure answer, a timeout, and a retry of the same cheque that never pays twice.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkbookProvider } from '../src/modules/payouts/automated/checkbook/checkbook-provider.ts';
import { paypalProvider, paypalValue } from '../src/modules/payouts/automated/paypal/paypal-provider.ts';
import type { ChequeToSend } from '../src/modules/payouts/automated/provider.ts';
import { startCheckbookFake, type CheckbookFake } from './fakes/checkbook-fake.ts';
import { header } from './fakes/http-fake.ts';
import { startPaypalFake, type PaypalFake } from './fakes/paypal-fake.ts';

// long enough for a local fake's answer with test files running side by side (docs/testing.md "Speed")
const TIMEOUT_MS = 1_000;
let checkbook: CheckbookFake;
let paypal: PaypalFake;

beforeAll(async () => {
  [checkbook, paypal] = await Promise.all([startCheckbookFake(), startPaypalFake()]);
});
afterAll(async () => Promise.all([checkbook.close(), paypal.close()]));
beforeEach(() => {
  checkbook.reset();
  paypal.reset();
});

const cheque = (over: Partial<ChequeToSend> = {}): ChequeToSend => ({
  chequeId: '0b9f0f57-7c2e-4c43-9d0a-6c7d1e2f3a4b',
  key: '0b9f0f57-7c2e-4c43-9d0a-6c7d1e2f3a4b',
  amountMinor: 1250,
  currency: 'USD',
  recipient: { name: 'Ava Thompson', email: 'ava@example.test' },
  description: 'Demo Shop payout P-0001 (cheque 1 of 1)',
  storeName: 'Demo Shop',
  ...over,
});

describe('Checkbook digital cheques', () => {
  const provider = (keys = checkbook.keys) => checkbookProvider({ baseUrl: checkbook.url, credentials: keys, timeoutMs: TIMEOUT_MS });

  it('sends a digital cheque with the key pair, the idempotency key and the amount in dollars', async () => {
    const result = await provider().send(cheque());
    expect(result).toMatchObject({ outcome: 'paid', externalId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const [req] = checkbook.requests;
    expect(`${req.method} ${req.path}`).toBe('POST /v3/check/digital');
    expect(header(req, 'authorization')).toBe(`${checkbook.keys.apiKey}:${checkbook.keys.apiSecret}`);
    expect(header(req, 'idempotency-key')).toBe(cheque().key);
    expect(req.json).toEqual({ name: 'Ava Thompson', recipient: 'ava@example.test', amount: 12.5, description: 'Demo Shop payout P-0001 (cheque 1 of 1)' });
    expect(await provider().status(result.outcome === 'paid' ? result.externalId : '', cheque().chequeId)).toMatchObject({ outcome: 'paid' });
  });

  it('reports a refusal with Checkbook’s message, and refused keys', async () => {
    expect(await provider().send(cheque({ recipient: { name: 'X', email: 'refuse@example.test' } }))).toEqual({ outcome: 'failed', externalId: null, reason: 'Checkbook answered 400: Recipient is blocked' });
    expect(await provider({ apiKey: 'wrong', apiSecret: 'keys' }).send(cheque())).toEqual({ outcome: 'failed', externalId: null, reason: "Checkbook refused the store's API keys (401): Unauthorized" });
    expect(await provider().send(cheque({ currency: 'EUR' }))).toEqual({ outcome: 'failed', externalId: null, reason: "Checkbook pays in US dollars only; this store's currency is EUR" });
    expect(checkbook.created()).toHaveLength(0);
  });

  it('counts a timeout, a 5xx and a throttle as no answer (the cheque may exist)', async () => {
    checkbook.fail('POST /v3/check/digital', { kind: 'hang' });
    expect(await provider().send(cheque())).toEqual({ outcome: 'unknown', reason: `No answer from Checkbook within ${TIMEOUT_MS / 1000} s` });
    checkbook.fail('POST /v3/check/digital', { kind: 'answer', answer: { status: 503, body: { error: 'Service Unavailable' } } });
    expect(await provider().send(cheque({ key: 'k2' }))).toEqual({ outcome: 'unknown', reason: 'Checkbook answered 503: Service Unavailable' });
    checkbook.fail('POST /v3/check/digital', { kind: 'answer', answer: { status: 429, body: { error: 'Too Many Requests' }, headers: { 'retry-after': '1' } } });
    expect((await provider().send(cheque({ key: 'k3' }))).outcome).toBe('unknown');
  });

  it('retries a cheque whose answer was lost with the same key: one cheque, the same id', async () => {
    const c = cheque({ key: 'retry-key-1' });
    checkbook.fail('POST /v3/check/digital', { kind: 'lose-answer' });
    expect((await provider().send(c)).outcome).toBe('unknown');
    expect(checkbook.created()).toHaveLength(1);
    const again = await provider().send(c);
    expect(again).toEqual({ outcome: 'paid', externalId: checkbook.created()[0].id, detail: expect.any(String) });
    expect(checkbook.created()).toHaveLength(1);
  });
});

describe('PayPal Payouts', () => {
  const provider = (credentials = paypal.credentials) => paypalProvider({ baseUrl: paypal.url, credentials, timeoutMs: TIMEOUT_MS });

  it('gets a token, sends a one-item batch keyed by the cheque, and reads the item’s status', async () => {
    const result = await provider().send(cheque());
    expect(result).toMatchObject({ outcome: 'paid', externalId: expect.any(String) });
    expect(paypal.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/oauth2/token', 'POST /v1/payments/payouts', `GET /v1/payments/payouts/${result.outcome === 'paid' && result.externalId}`]);
    expect(paypal.requests[0].body).toBe('grant_type=client_credentials');
    expect(paypal.requests[1].json).toEqual({
      sender_batch_header: { sender_batch_id: cheque().key, recipient_type: 'EMAIL', email_subject: 'You have a payout from Demo Shop', email_message: cheque().description },
      items: [{ recipient_type: 'EMAIL', amount: { currency: 'USD', value: '12.50' }, receiver: 'ava@example.test', note: cheque().description, sender_item_id: cheque().chequeId }],
    });
    expect(header(paypal.requests[1], 'authorization')).toMatch(/^Bearer A21AA/);
  });

  it('follows a payment still in progress until it completes', async () => {
    const result = await provider().send(cheque({ key: 'pending-1', recipient: { name: 'P', email: 'pending@example.test' } }));
    expect(result).toMatchObject({ outcome: 'pending' });
    const id = result.outcome === 'pending' ? result.externalId : '';
    paypal.settle(id, 'SUCCESS');
    expect(await provider().status(id, cheque().chequeId)).toMatchObject({ outcome: 'paid', externalId: id });
  });

  it('reports a failed item, a refused request and refused credentials', async () => {
    expect(await provider().send(cheque({ key: 'fail-1', recipient: { name: 'F', email: 'fail@example.test' } }))).toMatchObject({
      outcome: 'failed',
      reason: 'PayPal payout FAILED (RECEIVER_UNREGISTERED: Receiver is unregistered)',
    });
    expect(await provider().send(cheque({ key: 'bad-1', recipient: { name: 'B', email: 'not-an-email' } }))).toEqual({
      outcome: 'failed',
      externalId: null,
      reason: 'PayPal answered 400: VALIDATION_ERROR: Invalid request - see details (items[0].receiver Receiver is invalid or does not match with type)',
    });
    expect(await provider({ clientId: 'x', clientSecret: 'y' }).send(cheque({ key: 'creds-1' }))).toEqual({
      outcome: 'failed',
      externalId: null,
      reason: "PayPal refused the store's client ID and secret: invalid_client: Client Authentication failed",
    });
    expect(paypal.paidItems()).toHaveLength(0);
  });

  it('counts a timeout and a 5xx as no answer', async () => {
    paypal.fail('POST /v1/payments/payouts', { kind: 'hang' });
    expect(await provider().send(cheque({ key: 'slow-1' }))).toEqual({ outcome: 'unknown', reason: `No answer from PayPal within ${TIMEOUT_MS / 1000} s` });
    paypal.fail('POST /v1/payments/payouts', { kind: 'answer', answer: { status: 500, body: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.', debug_id: 'x' } } });
    expect(await provider().send(cheque({ key: 'down-1' }))).toEqual({ outcome: 'unknown', reason: 'PayPal answered 500: INTERNAL_SERVER_ERROR: An internal server error occurred.' });
    expect(paypal.batches.size).toBe(0);
  });

  it('retries a cheque whose answer was lost: PayPal refuses the repeated sender_batch_id, links the original, nothing is paid twice', async () => {
    const c = cheque({ key: 'lost-1' });
    paypal.fail('POST /v1/payments/payouts', { kind: 'lose-answer' });
    expect((await provider().send(c)).outcome).toBe('unknown');
    expect(paypal.paidItems()).toHaveLength(1);
    const again = await provider().send(c);
    const original = [...paypal.batches.values()][0];
    expect(again).toMatchObject({ outcome: 'paid', externalId: original.id });
    const refusal = paypal.requests.filter((r) => r.path === '/v1/payments/payouts').length;
    expect(refusal).toBe(2);
    expect(paypal.paidItems()).toHaveLength(1);
  });

  it('does not guess when PayPal names a duplicate without its link', async () => {
    paypal.fail('POST /v1/payments/payouts', {
      kind: 'answer',
      answer: { status: 400, body: { name: 'USER_BUSINESS_ERROR', message: 'User business error.', debug_id: 'x', details: [{ field: 'SENDER_BATCH_ID', issue: 'Duplicate batch request' }] } },
    });
    expect(await provider().send(cheque({ key: 'nolink-1' }))).toMatchObject({ outcome: 'unknown', reason: expect.stringContaining('was sent before but gives no link') });
  });

  it('writes amounts as PayPal reads them', () => {
    expect([paypalValue(1250, 'USD'), paypalValue(5, 'EUR'), paypalValue(200000, 'GBP'), paypalValue(1200, 'JPY'), paypalValue(1250, 'JPY')]).toEqual(['12.50', '0.05', '2000.00', '12', null]);
  });
});
