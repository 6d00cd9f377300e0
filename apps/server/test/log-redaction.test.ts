import { Writable } from 'node:stream';
import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { isSecretLogField, redactLogLine, SECRET_LOG_FIELDS } from '../src/ops/log-redaction.ts';

/** What the line must say: the object with every secret field's value, at any depth, "[Redacted]". */
function redactedObject(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactedObject);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isSecretLogField(k) ? '[Redacted]' : redactedObject(v)]));
  }
  return value;
}

const lineOf = (value: unknown) => `${JSON.stringify(value)}\n`;

describe('the log line redaction', () => {
  it('leaves a line without a secret field as it is (the same string)', () => {
    const line = lineOf({ level: 30, msg: 'request completed', req: { method: 'GET', url: '/api/me' }, res: { statusCode: 200 }, responseTime: 1.2 });
    expect(redactLogLine(line)).toBe(line);
  });

  it('replaces a secret at the top, one level down and deeper, whatever its value', () => {
    const logged = {
      password: 'hunter2',
      req: { headers: { authorization: 'Bearer abc.def', cookie: 'better-auth.session_token=xyz', accept: '*/*' } },
      outbound: { headers: { Authorization: 'Basic Zm9vOmJhcg==', 'Set-Cookie': 'sid=1' }, PASSWORD: 'upper' },
      res: { headers: { 'set-cookie': ['a=1', 'b=2'], 'set-auth-token': 'tok' } },
      err: { config: { data: { credentials: { apiKey: 'k', nested: [1, { token: 't' }] } } } },
      payout: { accountNumber: 123456789, routingNumber: null, bankAccount: true },
      msg: 'kept',
    };
    const redacted = JSON.parse(redactLogLine(lineOf(logged)));
    expect(redacted).toEqual(redactedObject(logged));
    expect(redacted.req.headers.accept).toBe('*/*');
    expect(redacted.err.config.data.credentials).toBe('[Redacted]');
    expect(redacted.outbound).toEqual({ headers: { Authorization: '[Redacted]', 'Set-Cookie': '[Redacted]' }, PASSWORD: '[Redacted]' });
  });

  it('does not take a secret name inside a string for a field, and reads escaped strings and keys right', () => {
    const logged = { msg: 'body was {"password":"not a field"}', note: 'a "quoted" \\ value', password: 'x"y\\z\n' };
    const line = lineOf(logged);
    const redacted = JSON.parse(redactLogLine(line));
    expect(redacted).toEqual({ ...logged, password: '[Redacted]' });
    // a key written with an escape is the same name
    expect(JSON.parse(redactLogLine('{"pass\\u0077ord":"p","a":1}\n'))).toEqual({ password: '[Redacted]', a: 1 });
  });

  it('gives the same object as redacting the logged object, for any JSON a line may hold', () => {
    const key = fc.oneof(fc.constantFrom(...SECRET_LOG_FIELDS, 'msg', 'req', 'headers', 'tokens', 'Password', 'ACCESSTOKEN', 'passwords'), fc.string({ maxLength: 6 }));
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
      array: fc.array(tie('value'), { maxLength: 4 }),
      object: fc.dictionary(key, tie('value'), { maxKeys: 5 }),
    }));
    fc.assert(
      fc.property(json.object, (logged) => {
        const line = lineOf(logged);
        const redacted = redactLogLine(line);
        expect(redacted.endsWith('\n')).toBe(true);
        expect(JSON.parse(redacted)).toEqual(JSON.parse(JSON.stringify(redactedObject(logged))));
      }),
      { numRuns: 500 },
    );
  });

  it('is what pino writes through: a child logger bindings and an error included', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino({ hooks: { streamWrite: redactLogLine } }, sink).child({ reqId: 'r1', token: 'child-secret' });
    log.info({ body: { user: { newPassword: 'new-secret' } } }, 'changed');
    log.error(Object.assign(new Error('refused'), { response: { headers: { authorization: 'Bearer err-secret' } } }));
    const text = lines.join('');
    expect(lines).toHaveLength(2);
    for (const secret of ['child-secret', 'new-secret', 'err-secret']) expect(text).not.toContain(secret);
    expect(JSON.parse(lines[0]).reqId).toBe('r1');
  });
});
