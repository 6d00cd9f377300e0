// A fake of Checkbook's API, faithful to what docs.checkbook.io documents for the calls Backroom makes:
// `Authorization: <key>:<secret>`; POST /v3/check/digital {name, recipient, amount, description}
// answering 201 with the check (id, status UNPAID, number, amount, date, ...); GET /v3/check/{id};
// errors as {"error": "..."} with 400/401/404; the Idempotency-Key header: the same request with the
// same key creates nothing new and gets the first answer (a key used with other parameters is ignored).
import crypto from 'node:crypto';
import { header, startHttpFake, type FakeAnswer, type HttpFake, type RecordedRequest } from './http-fake.ts';

export type FakeCheck = { id: string; status: string; amount: number; number: number; date: string; description: string | null; name: string; recipient: string; image_uri: string };

export type CheckbookFake = HttpFake & {
  checks: Map<string, FakeCheck>;
  /** Checks created (not answers replayed): what the store actually paid. */
  created: () => FakeCheck[];
  keys: { apiKey: string; apiSecret: string };
};

export async function startCheckbookFake(keys = { apiKey: 'd6aa2703655f4ba2af2a56202961ca86', apiSecret: 'dXbCgzYBMibj8ZwuQMd2NXr6rtvjZ8' }): Promise<CheckbookFake> {
  const checks = new Map<string, FakeCheck>();
  const idempotent = new Map<string, { request: string; answer: FakeAnswer }>();
  let number = 1000;

  function createCheck(req: RecordedRequest): FakeAnswer {
    const body = req.json as Record<string, unknown> | null;
    if (!body || typeof body !== 'object') return { status: 400, body: { error: 'Invalid JSON body' } };
    if (typeof body.name !== 'string' || !body.name.trim()) return { status: 400, body: { error: 'Missing required parameter: name' } };
    if (typeof body.recipient !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(body.recipient)) return { status: 400, body: { error: 'Invalid recipient' } };
    if (typeof body.amount !== 'number' || !(body.amount > 0)) return { status: 400, body: { error: 'Invalid amount' } };
    if (body.recipient.startsWith('refuse')) return { status: 400, body: { error: 'Recipient is blocked' } };
    const check: FakeCheck = {
      id: crypto.randomBytes(16).toString('hex'),
      status: 'UNPAID',
      amount: body.amount,
      number: number++,
      date: new Date().toISOString().replace('T', ' ').slice(0, 19),
      description: typeof body.description === 'string' ? body.description : null,
      name: body.name,
      recipient: body.recipient,
      image_uri: 'https://checkbook-checks-dev.s3.amazonaws.com/fake.png',
    };
    checks.set(check.id, check);
    return { status: 201, body: check };
  }

  const fake = await startHttpFake((req) => {
    if (header(req, 'authorization') !== `${keys.apiKey}:${keys.apiSecret}`) return { status: 401, body: { error: 'Unauthorized' } };
    if (req.method === 'POST' && req.path === '/v3/check/digital') {
      const key = header(req, 'idempotency-key');
      if (key) {
        const seen = idempotent.get(key);
        // "If you make the same request with the same idempotent key, ... you will receive the same response"
        if (seen && seen.request === req.body) return seen.answer;
        const answer = createCheck(req);
        // "If you re-use an idempotent key with different parameters, the idempotent key will be ignored."
        if (!seen) idempotent.set(key, { request: req.body, answer });
        return answer;
      }
      return createCheck(req);
    }
    const get = /^\/v3\/check\/([0-9a-f]+)$/.exec(req.path);
    if (req.method === 'GET' && get) {
      const check = checks.get(get[1]);
      return check ? { status: 200, body: check } : { status: 404, body: { error: 'Check not found' } };
    }
    return { status: 404, body: { error: 'Not found' } };
  });
  return {
    ...fake,
    checks,
    keys,
    created: () => [...checks.values()],
    reset: () => {
      fake.reset();
      checks.clear();
      idempotent.clear();
    },
  };
}
