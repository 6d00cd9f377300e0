// A small fetch client of Checkbook's API (checkbook.io): only the calls automated payouts make.
// Sources (docs/payouts-automated.md cites them):
// - docs.checkbook.io "Authentication": `Authorization: <publishable key>:<secret key>`;
// - docs.checkbook.io "API Basics" / "Environments": https://api.sandbox.checkbook.io/v3/ and https://api.checkbook.io/v3/;
// - docs.checkbook.io "Quick Start" and the API reference: POST /v3/check/digital {name, recipient, amount, description};
//   GET /v3/check/{check_id};
// - docs.checkbook.io "Idempotent Requests": an `Idempotency-Key` header on POST; the same request with the
//   same key creates nothing new and gets the first answer; keys last 24 hours;
// - docs.checkbook.io "Errors": standard statuses, the message in the body's `error` (as Checkbook's own
//   Node library reads it); 429 with Retry-After when throttled.
import { callProvider, type HttpAnswer } from '../provider.ts';

export type CheckbookCheck = {
  id: string;
  status: string;
  amount?: number;
  number?: number | string | null;
  date?: string | null;
  description?: string | null;
  name?: string | null;
  recipient?: unknown;
  image_uri?: string | null;
};

type DigitalCheckRequest = { name: string; recipient: string; amount: number; description: string };

/** Checkbook answered with an error status. */
export class CheckbookError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type CheckbookClientOptions = { baseUrl: string; apiKey: string; apiSecret: string; timeoutMs: number; fetch?: typeof fetch };

export function createCheckbookClient(opts: CheckbookClientOptions) {
  const headers = { Accept: 'application/json', Authorization: `${opts.apiKey}:${opts.apiSecret}` };

  function checkOf(answer: HttpAnswer): CheckbookCheck {
    const body = answer.body as Partial<CheckbookCheck> & { error?: unknown } | null;
    if (answer.status >= 200 && answer.status < 300 && body && typeof body.id === 'string') {
      return { ...body, id: body.id, status: String(body.status ?? '') };
    }
    const message = body && typeof body.error === 'string' ? body.error : typeof answer.body === 'string' ? answer.body : `HTTP ${answer.status}`;
    throw new CheckbookError(answer.status >= 200 && answer.status < 300 ? 502 : answer.status, message);
  }

  return {
    /** POST /v3/check/digital: a digital cheque e-mailed to the recipient. */
    async createDigitalCheck(request: DigitalCheckRequest, idempotencyKey: string): Promise<CheckbookCheck> {
      const answer = await callProvider(
        'Checkbook',
        `${opts.baseUrl}/v3/check/digital`,
        { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey }, body: JSON.stringify(request) },
        opts.timeoutMs,
        opts.fetch,
      );
      return checkOf(answer);
    },
    /** GET /v3/check/{check_id} */
    async getCheck(id: string): Promise<CheckbookCheck> {
      const answer = await callProvider('Checkbook', `${opts.baseUrl}/v3/check/${encodeURIComponent(id)}`, { method: 'GET', headers }, opts.timeoutMs, opts.fetch);
      return checkOf(answer);
    },
  };
}

