// A fake of PayPal's REST API for Payouts, faithful to its documentation: POST /v1/oauth2/token (HTTP
// Basic client_id:secret, grant_type=client_credentials; 401 {"error":"invalid_client",...}); POST
// /v1/payments/payouts answering 201 {batch_header {payout_batch_id, batch_status PENDING,
// sender_batch_header}, links}; a sender_batch_id used before is refused (400 USER_BUSINESS_ERROR)
// with a HATEOAS link to the original payout; VALIDATION_ERROR for a bad item; GET
// /v1/payments/payouts/{id} with the items' transaction_status. How an item ends is chosen by its
// receiver: `pending...@` stays PENDING, `fail...@` FAILED (RECEIVER_UNREGISTERED), others SUCCESS.
import crypto from 'node:crypto';
import { header, startHttpFake, type FakeAnswer, type HttpFake, type RecordedRequest } from './http-fake.ts';

type Item = { recipient_type: string; amount: { currency: string; value: string }; receiver: string; note?: string; sender_item_id?: string };
export type FakeBatch = { id: string; senderBatchId: string; header: Record<string, unknown>; items: (Item & { payout_item_id: string; transaction_status: string })[]; createdAt: string };

export type PaypalFake = HttpFake & {
  batches: Map<string, FakeBatch>;
  credentials: { clientId: string; clientSecret: string };
  /** Sets the status later look-ups show for a batch's items (e.g. a PENDING item completing). */
  settle: (batchId: string, status: string) => void;
  /** Items paid (SUCCESS or UNCLAIMED): what the store actually sent. */
  paidItems: () => FakeBatch['items'];
};

const debugId = () => crypto.randomBytes(6).toString('hex');
const error = (status: number, name: string, message: string, extra: Record<string, unknown> = {}): FakeAnswer => ({
  status,
  body: { name, message, debug_id: debugId(), information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors', ...extra },
});

export async function startPaypalFake(credentials = { clientId: 'AZ-fake-client-id-1234', clientSecret: 'EL-fake-client-secret-5678' }): Promise<PaypalFake> {
  const batches = new Map<string, FakeBatch>();
  const bySender = new Map<string, string>();
  const tokens = new Set<string>();
  let origin = '';

  function authorised(req: RecordedRequest): boolean {
    const auth = header(req, 'authorization') ?? '';
    return auth.startsWith('Bearer ') && tokens.has(auth.slice(7));
  }

  function batchBody(b: FakeBatch) {
    const done = b.items.every((i) => i.transaction_status !== 'PENDING');
    return {
      batch_header: { payout_batch_id: b.id, batch_status: done ? 'SUCCESS' : 'PENDING', time_created: b.createdAt, sender_batch_header: b.header },
      items: b.items.map((i) => ({
        payout_item_id: i.payout_item_id,
        transaction_id: i.transaction_status === 'SUCCESS' ? crypto.randomBytes(8).toString('hex').toUpperCase() : undefined,
        transaction_status: i.transaction_status,
        payout_batch_id: b.id,
        payout_item: { recipient_type: i.recipient_type, amount: i.amount, note: i.note, receiver: i.receiver, sender_item_id: i.sender_item_id },
        ...(i.transaction_status === 'FAILED' ? { errors: { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered' } } : {}),
        links: [{ href: `${origin}/v1/payments/payouts-item/${i.payout_item_id}`, rel: 'item', method: 'GET' }],
      })),
      links: [{ href: `${origin}/v1/payments/payouts/${b.id}`, rel: 'self', method: 'GET', encType: 'application/json' }],
    };
  }

  function createPayout(req: RecordedRequest): FakeAnswer {
    const body = req.json as { sender_batch_header?: { sender_batch_id?: unknown }; items?: Item[] } | null;
    const senderBatchId = body?.sender_batch_header?.sender_batch_id;
    if (!body || !Array.isArray(body.items) || body.items.length === 0) return error(400, 'VALIDATION_ERROR', 'Invalid request - see details', { details: [{ field: 'items', location: 'body', issue: 'Required field missing' }], links: [] });
    const details = body.items.flatMap((item, i) => {
      const issues = [];
      if (!item.amount || typeof item.amount.value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(item.amount.value) || typeof item.amount.currency !== 'string') issues.push({ field: `items[${i}].amount`, location: 'body', issue: 'Invalid amount' });
      if (typeof item.receiver !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(item.receiver)) issues.push({ field: `items[${i}].receiver`, location: 'body', issue: 'Receiver is invalid or does not match with type' });
      return issues;
    });
    if (details.length) return error(400, 'VALIDATION_ERROR', 'Invalid request - see details', { details, links: [] });
    if (typeof senderBatchId === 'string') {
      const original = bySender.get(senderBatchId);
      if (original) {
        return error(400, 'USER_BUSINESS_ERROR', 'User business error.', {
          details: [{ field: 'SENDER_BATCH_ID', location: 'body', issue: `Batch with given sender_batch_id already exists: ${senderBatchId}` }],
          links: [{ href: `${origin}/v1/payments/payouts/${original}`, rel: 'self', method: 'GET', encType: 'application/json' }],
        });
      }
    }
    const batch: FakeBatch = {
      id: crypto.randomBytes(7).toString('hex').toUpperCase(),
      senderBatchId: typeof senderBatchId === 'string' ? senderBatchId : '',
      header: { ...(body.sender_batch_header as Record<string, unknown>) },
      createdAt: new Date().toISOString(),
      items: body.items.map((item) => ({
        ...item,
        payout_item_id: crypto.randomBytes(7).toString('hex').toUpperCase(),
        transaction_status: item.receiver.startsWith('pending') ? 'PENDING' : item.receiver.startsWith('fail') ? 'FAILED' : 'SUCCESS',
      })),
    };
    batches.set(batch.id, batch);
    if (batch.senderBatchId) bySender.set(batch.senderBatchId, batch.id);
    return {
      status: 201,
      body: {
        batch_header: { payout_batch_id: batch.id, batch_status: 'PENDING', sender_batch_header: batch.header },
        links: [{ href: `${origin}/v1/payments/payouts/${batch.id}`, rel: 'self', method: 'GET', encType: 'application/json' }],
      },
    };
  }

  const fake = await startHttpFake((req) => {
    if (req.method === 'POST' && req.path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
      if (header(req, 'authorization') !== expected) return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      if (req.body !== 'grant_type=client_credentials') return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
      const token = `A21AA${crypto.randomBytes(24).toString('hex')}`;
      tokens.add(token);
      return { status: 200, body: { scope: 'https://uri.paypal.com/payments/payouts', access_token: token, token_type: 'Bearer', app_id: 'APP-80W284485P519543T', expires_in: 32400, nonce: debugId() } };
    }
    if (!authorised(req)) return error(401, 'AUTHENTICATION_FAILURE', 'Authentication failed due to invalid authentication credentials or a missing Authorization header.', { links: [] });
    if (req.method === 'POST' && req.path === '/v1/payments/payouts') return createPayout(req);
    const get = /^\/v1\/payments\/payouts\/([A-Z0-9]+)(\?.*)?$/.exec(req.path);
    if (req.method === 'GET' && get) {
      const batch = batches.get(get[1]);
      return batch ? { status: 200, body: batchBody(batch) } : error(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.');
    }
    return error(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.');
  });
  origin = fake.url;
  return {
    ...fake,
    batches,
    credentials,
    reset: () => {
      fake.reset();
      batches.clear();
      bySender.clear();
    },
    settle: (batchId, status) => {
      for (const item of batches.get(batchId)?.items ?? []) item.transaction_status = status;
    },
    paidItems: () => [...batches.values()].flatMap((b) => b.items.filter((i) => i.transaction_status === 'SUCCESS' || i.transaction_status === 'UNCLAIMED')),
  };
}
