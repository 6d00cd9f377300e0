import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { desc, eq } from 'drizzle-orm';
import { createMailer } from '../src/mail/mailer.ts';
import { Writable } from 'node:stream';
import * as schema from '../src/db/schema/index.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';

let t: TestApp;
let server: SMTPServer;
let port: number;
let storeId: string;
const received: { to: string[]; body: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  // every e-mail belongs to a store
  const [store] = await t.ctx.db.insert(schema.stores).values({ name: 'Mail Shop', handle: 'mail', supportEmail: 'help@mail.test' }).returning();
  storeId = store.id;
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

describe('mailer', () => {
  it('delivers over SMTP when SMTP_URL is set, and marks the outbox row sent', async () => {
    const mailer = createMailer({ db: t.ctx.db, smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Backroom <no-reply@backroom.test>', log: pino({ level: 'silent' }) });
    const row = await mailer.send({ storeId, to: 'someone@shop.test', subject: 'Hello', text: 'Open http://localhost/verify?x=1' });
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(['someone@shop.test']);
    expect(received[0].body).toContain('Subject: Hello');
    const [stored] = await mailer.list(storeId);
    expect(stored.id).toBe(row.id);
    expect(stored.sentAt).not.toBeNull();
    expect(stored.links).toEqual(['http://localhost/verify?x=1']);
  });

  it('keeps mail in the outbox without SMTP', async () => {
    const mailer = createMailer({ db: t.ctx.db, from: 'x@y.z', log: pino({ level: 'silent' }) });
    const row = await mailer.send({ storeId, to: 'other@shop.test', subject: 'Stored', text: 'no link' });
    expect(row.sentAt).toBeNull();
    expect(received).toHaveLength(1);
  });
});

describe('e-mail of the running app', () => {
  const resetFor = (app: TestApp, email: string) =>
    app.request({ method: 'POST', url: '/api/auth/request-password-reset', body: { email, redirectTo: '/reset-password' }, headers: { origin: 'http://localhost' } });

  it('sends the password reset through SMTP_URL to a real SMTP server', async () => {
    const app = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
    try {
      expect((await resetFor(app, DEMO.ava)).statusCode).toBe(200);
      const mail = received.find((m) => m.to.includes(DEMO.ava));
      expect(mail?.body).toContain('/api/auth/reset-password/');
    } finally {
      await app.close();
    }
  }, 120_000);

  it("without SMTP_URL keeps it in the outbox, logs it without its links, and lists it in the Admin's dev mailbox (development mode)", async () => {
    const lines: { msg?: string; mail?: { to: string; links?: string[] } }[] = [];
    const logStream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as (typeof lines)[number]);
        done();
      },
    });
    const app = await createTestApp({ logStream, config: { env: 'development' } });
    try {
      expect((await resetFor(app, DEMO.marco)).statusCode).toBe(200);
      // following the link logs the request without its token
      const [row] = await app.ctx.db.select().from(schema.outbox).where(eq(schema.outbox.to, DEMO.marco)).orderBy(desc(schema.outbox.createdAt)).limit(1);
      const link = new URL(row.text.match(/https?:\/\/\S+/)![0]);
      await app.request({ method: 'GET', url: link.pathname + link.search });
      const logged = lines.find((l) => l.msg === 'e-mail stored in outbox' && l.mail?.to === DEMO.marco);
      // a link is its recipient's credential: never in a log line (docs/security.md "Identity model")
      expect(logged).toBeDefined();
      const secret = link.pathname.split('/').pop()!;
      expect(secret.length).toBeGreaterThan(10);
      expect(JSON.stringify(lines)).not.toContain(secret);
      expect(JSON.stringify(lines)).toContain('/api/auth/reset-password/[hidden]');

      const owner = await app.signIn(DEMO.owner);
      const box = json<{ data: { to: string; links: string[] }[] }>(await app.request({ method: 'GET', url: '/api/dev/outbox', token: owner })).data;
      expect(box.find((m) => m.to === DEMO.marco)?.links[0]).toContain('/api/auth/reset-password/');

      const consigner = await app.signIn(DEMO.ava);
      expect((await app.request({ method: 'GET', url: '/api/dev/outbox', token: consigner })).statusCode).toBe(403);
    } finally {
      await app.close();
    }
  }, 120_000);
});
