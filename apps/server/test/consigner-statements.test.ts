// Consigner statements (docs/consigner-account.md "Statements"): a month or a year of a consigner's
// ledger, read-only; opening + movements = closing, each month opens where the one before closed, the
// CSV goes through the one writer (formula cells neutralised), and only staff with Consigners access
// or the consigner themself may read one.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeDayOf } from '@backroom/domain';
import * as s from '../src/db/schema/index.ts';
import { identity, otherStore, PASSWORD, staff } from './consigners-fixtures.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, makeItem, type DemoRefs } from './inventory-fixtures.ts';

type Statement = {
  consignerId: string;
  period: string;
  key: string;
  label: string;
  from: string;
  to: string;
  previous: string | null;
  next: string | null;
  opening: number;
  sales: number;
  fees: number;
  payouts: number;
  adjustments: number;
  closing: number;
  entries: { id: string; day: string; kind: string; kindLabel: string; group: string; amount: number; memo: string | null }[];
};

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let stella: { id: string; token: string };
let other: Awaited<ReturnType<typeof otherStore>>;

const get = (url: string, token?: string, host?: string) => t.request({ method: 'GET', url, token, host });
const statement = async (id: string, query: string, token = owner) => {
  const res = await get(`/api/consigners/${id}/statements?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: Statement }>(res).data;
};
const cents = (v: number) => Math.round(v * 100);
const movementsOf = (st: Statement) => cents(st.sales) + cents(st.fees) + cents(st.payouts) + cents(st.adjustments);
const thisMonth = storeDayOf(new Date()).slice(0, 7);

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  owner = await t.signIn(DEMO.owner);
  other = await otherStore(t);
  // A consigner of the demo store with a sign-in, and a ledger over three past months whose edges
  // are the store's day bounds (UTC days): the last instant of October is October's.
  const email = `stella-${crypto.randomBytes(3).toString('hex')}@statements.test`;
  const userId = await identity(t, email);
  const [row] = await t.ctx.db
    .insert(s.consigners)
    .values({ storeId: refs.store.id, firstName: 'Stella', lastName: 'Statement', email, phone: '+1 555 0101', isActive: true, acceptedTOS: true, fbUserId: userId })
    .returning();
  stella = { id: row.id, token: await t.signIn(email, PASSWORD) };
  const base = { storeId: refs.store.id, consignerId: row.id, createdById: refs.owner.id };
  await t.ctx.db.insert(s.ledgerEntries).values([
    { ...base, kind: 'sale', amount: 10_000, createdAt: new Date('2026-09-05T10:00:00Z') },
    { ...base, kind: 'fee', amount: -2_000, createdAt: new Date('2026-09-05T10:00:00Z') },
    { ...base, kind: 'payout', amount: -8_000, createdAt: new Date('2026-10-02T12:00:00Z') },
    { ...base, kind: 'withdrawal_fee', amount: -500, memo: '=HYPERLINK("http://evil.test","Click")', createdAt: new Date('2026-10-31T23:59:59.999Z') },
    { ...base, kind: 'sale', amount: 5_000, createdAt: new Date('2026-11-01T00:00:00Z') },
  ]);
}, 120_000);
afterAll(async () => t?.close());

describe('a month of the ledger', () => {
  it('gives the opening balance, the lines by group, the entries and the closing balance', async () => {
    const sep = await statement(stella.id, 'month=2026-09');
    expect(sep).toMatchObject({ period: 'month', key: '2026-09', label: 'September 2026', from: '2026-09-01', to: '2026-09-30', previous: '2026-08', next: '2026-10' });
    expect(sep).toMatchObject({ opening: 0, sales: 100, fees: -20, payouts: 0, adjustments: 0, closing: 80 });
    // the sale and its fee share an instant: entries of one instant come in id order, so compare them as a set
    expect(sep.entries.map((e) => [e.day, e.kind, e.kindLabel, e.group, e.amount]).sort()).toEqual([
      ['2026-09-05', 'fee', 'Fee', 'fees', -20],
      ['2026-09-05', 'sale', 'Sale', 'sales', 100],
    ]);

    const oct = await statement(stella.id, 'month=2026-10');
    expect(oct).toMatchObject({ opening: 80, sales: 0, fees: -5, payouts: -80, adjustments: 0, closing: -5 });
    // the last instant of the store's 31 October is October's; 1 November 00:00 is November's
    expect(oct.entries.map((e) => e.day)).toEqual(['2026-10-02', '2026-10-31']);

    const aug = await statement(stella.id, 'month=2026-08');
    expect(aug).toMatchObject({ opening: 0, closing: 0, entries: [] });
  });

  it('opening + movements = closing, and each month opens where the one before closed', async () => {
    const months = ['2026-08', '2026-09', '2026-10', '2026-11', '2026-12'];
    const all = await Promise.all(months.map((m) => statement(stella.id, `month=${m}`)));
    for (const [i, st] of all.entries()) {
      expect(cents(st.opening) + movementsOf(st)).toBe(cents(st.closing));
      expect(cents(st.entries.reduce((sum, e) => sum + e.amount, 0))).toBe(movementsOf(st));
      if (i > 0) expect(st.opening).toBe(all[i - 1].closing);
      if (i > 0) expect(all[i - 1].next).toBe(st.key);
    }
    // nothing but the ledger: the last closing is the sum of every entry
    expect(all.at(-1)!.closing).toBe(100 - 20 - 80 - 5 + 50);
  });

  it('follows a real flow: a correction of a sold item this month shows on this month', async () => {
    const item = await makeItem(t, refs, { status: 'Sold', consignerId: stella.id, soldOn: new Date() });
    const before = await statement(stella.id, `month=${thisMonth}`);
    const clerk = await staff(t, refs.store.id, `orders-${crypto.randomBytes(3).toString('hex')}@statements.test`, { areas: ['Orders'] });
    const res = await t.request({ method: 'POST', url: `/api/inventories/${item.id}/adjustments`, token: clerk, body: { price: 120, payout: 84, reason: '+SUM(A1:A9) price fix' } });
    expect(res.statusCode, res.body).toBe(201);
    const after = await statement(stella.id, `month=${thisMonth}`);
    expect(cents(after.sales) - cents(before.sales)).toBe(2_000);
    expect(cents(after.closing) - cents(before.closing)).toBe(700);
    expect(after.entries.filter((e) => e.memo === '+SUM(A1:A9) price fix').map((e) => e.kind).sort()).toEqual(['fee_adjustment', 'sale_adjustment']);
    expect(cents(after.opening) + movementsOf(after)).toBe(cents(after.closing));
  });

  it('adds up the seeded demo: a consigner with sales and a payout', async () => {
    const marco = refs.consigner.marco.id;
    const st = await statement(marco, `month=${thisMonth}`);
    const prev = await statement(marco, `month=${st.previous}`);
    expect(cents(st.opening) + movementsOf(st)).toBe(cents(st.closing));
    expect(st.opening).toBe(prev.closing);
    // the closing of this month is the balance, the sum of all of Marco's entries
    const rows = await t.ctx.db.select().from(s.ledgerEntries);
    const balance = rows.filter((r) => r.consignerId === marco).reduce((sum, r) => sum + r.amount, 0);
    expect(cents(st.closing)).toBe(balance);
  });

  it('gives the year-end summary: the year opening on 1 January, closing on 31 December', async () => {
    const year = await statement(stella.id, 'year=2026');
    expect(year).toMatchObject({ period: 'year', key: '2026', from: '2026-01-01', to: '2026-12-31', previous: '2025', next: '2027', opening: 0 });
    const dec = await statement(stella.id, 'month=2026-12');
    expect(year.closing).toBe(dec.closing);
    expect(cents(year.opening) + movementsOf(year)).toBe(cents(year.closing));
  });
});

describe('the CSV', () => {
  it('is a text/csv download of the statement, formula-looking text neutralised', async () => {
    const res = await get(`/api/consigners/${stella.id}/statements/export?month=2026-10`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="statement-2026-10.csv"');
    const lines = res.body.trimEnd().split('\n');
    expect(lines[0]).toBe('Date,Line,Entry,Memo,Item ID,Order ID,Payout ID,Amount');
    expect(lines[1]).toBe('2026-10-01,Opening balance,,,,,,80');
    expect(lines[2]).toBe('2026-10-02,Payouts,Payout,,,,,-80');
    // the memo is written as text: a quote in front, so no spreadsheet runs it
    expect(lines[3]).toBe(`2026-10-31,Fees,Withdrawal fee,"'=HYPERLINK(""http://evil.test"",""Click"")",,,,-5`);
    expect(lines.slice(4)).toEqual(['2026-10-31,Sales,,,,,,0', '2026-10-31,Fees,,,,,,-5', '2026-10-31,Payouts,,,,,,-80', '2026-10-31,Adjustments,,,,,,0', '2026-10-31,Closing balance,,,,,,-5']);
  });

  it('neutralises a correction reason that starts like a formula', async () => {
    const res = await get(`/api/consigners/${stella.id}/statements/export?month=${thisMonth}`, stella.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(",'+SUM(A1:A9) price fix,");
    expect(res.body).not.toMatch(/(^|,)\+SUM/m);
  });

  it('names a year-end summary by its year', async () => {
    const res = await get(`/api/consigners/${stella.id}/statements/export?year=2026`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="statement-2026.csv"');
  });
});

/** The text of a PDF, by poppler's pdftotext (installed with poppler-utils, as the label tests need). */
function pdfText(pdf: Buffer): { text: string; pages: number } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'statement-')), 'statement.pdf');
  fs.writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  return { text, pages };
}

describe('the PDF', () => {
  it('is an application/pdf download with the heading, the six figures and the entries', async () => {
    const res = await get(`/api/consigners/${stella.id}/statements/pdf?month=2026-10`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="statement-2026-10.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = pdfText(res.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain('Backroom Demo');
    expect(text).toContain('Statement of account, October 2026');
    expect(text).toContain('Stella Statement');
    expect(text).toContain('2026-10-01 to 2026-10-31');
    expect(text).toMatch(/Opening balance\s+\$80\.00/);
    expect(text).toMatch(/Payouts\s+-\$80\.00/);
    expect(text).toMatch(/Closing balance\s+-\$5\.00/);
    expect(text).toMatch(/2026-10-02\s+Payout\s+-\$80\.00/);
    expect(text).toMatch(/2026-10-31\s+Withdrawal fee\s+=HYPERLINK/);
    expect(text).toContain('page 1 of 1');
  });

  it('runs onto as many pages as the entries need, the header on each, and draws what its fonts cannot as ?', async () => {
    const email = `paige-${crypto.randomBytes(3).toString('hex')}@statements.test`;
    const [row] = await t.ctx.db.insert(s.consigners).values({ storeId: refs.store.id, firstName: 'Paige', lastName: 'Many', email, isActive: true }).returning();
    const base = { storeId: refs.store.id, consignerId: row.id, createdById: refs.owner.id };
    await t.ctx.db.insert(s.ledgerEntries).values(
      Array.from({ length: 120 }, (_, i) => ({ ...base, kind: 'sale' as const, amount: 100 + i, memo: i === 0 ? 'Sneakers 👟 日本 café' : `line ${i}`, createdAt: new Date(Date.UTC(2025, 2, 1 + (i % 28), 12)) })),
    );
    const res = await get(`/api/consigners/${row.id}/statements/pdf?month=2025-03`, owner);
    expect(res.statusCode).toBe(200);
    const { text, pages } = pdfText(res.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(text).toContain(`page ${pages} of ${pages}`);
    expect(text.match(/Date\s+Entry\s+Memo\s+Amount/g)).toHaveLength(pages);
    for (let i = 1; i < 120; i++) expect(text).toContain(`line ${i} `);
    expect(text).toContain('Sneakers ? ?? café');
    const total = Array.from({ length: 120 }, (_, i) => 100 + i).reduce((a, b) => a + b, 0);
    expect(text).toMatch(new RegExp(`Sales\\s+\\$${(total / 100).toFixed(2).replace('.', '\\.')}`));
  });

  it('is the consigner\'s own, and refused as the statement is', async () => {
    expect((await get(`/api/consigners/${stella.id}/statements/pdf?month=2026-10`, stella.token)).statusCode).toBe(200);
    const ava = await t.signIn(DEMO.ava);
    expect((await get(`/api/consigners/${stella.id}/statements/pdf?month=2026-10`, ava)).statusCode).toBe(404);
    expect((await get(`/api/consigners/${stella.id}/statements/pdf?month=2026-10`)).statusCode).toBe(401);
    expect((await get(`/api/consigners/${stella.id}/statements/pdf?month=2026-10`, await t.signIn(DEMO.stock))).statusCode).toBe(403);
    expect((await get(`/api/consigners/${stella.id}/statements/pdf?month=2026-10`, other.token, other.host)).statusCode).toBe(404);
    const bad = await get(`/api/consigners/${stella.id}/statements/pdf?month=2026-13`, owner);
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error).toBe('Month must be YYYY-MM, e.g. 2026-11');
  });
});

describe('who may ask, and for what', () => {
  it('refuses a month that is not YYYY-MM, or out of range, with a message', async () => {
    for (const month of ['2026-13', '2026-1', 'November', '2026-11-01', '1999-12', '2101-01', '=1+1']) {
      const res = await get(`/api/consigners/${stella.id}/statements?month=${encodeURIComponent(month)}`, owner);
      expect(res.statusCode, month).toBe(400);
      expect(json(res).error, month).toMatch(/^(Month must be YYYY-MM, e\.g\. 2026-11|Statements cover 2000-01 to 2100-12)$/);
    }
    expect(json(await get(`/api/consigners/${stella.id}/statements?month=2101-01`, owner)).error).toBe('Statements cover 2000-01 to 2100-12');
    const none = await get(`/api/consigners/${stella.id}/statements`, owner);
    expect(none.statusCode).toBe(400);
    expect(json(none).error).toBe('Ask for a month (month=YYYY-MM) or a year (year=YYYY), not both');
    expect((await get(`/api/consigners/${stella.id}/statements?year=26`, owner)).statusCode).toBe(400);
    expect((await get(`/api/consigners/${stella.id}/statements/export?month=2026-00`, owner)).statusCode).toBe(400);
  });

  it('answers 401 signed out, 403 without Consigners access, 404 for another store', async () => {
    expect((await get(`/api/consigners/${stella.id}/statements?month=2026-10`)).statusCode).toBe(401);
    expect((await get(`/api/consigners/${stella.id}/statements/export?month=2026-10`)).statusCode).toBe(401);
    const stock = await t.signIn(DEMO.stock);
    expect((await get(`/api/consigners/${stella.id}/statements?month=2026-10`, stock)).statusCode).toBe(403);
    expect((await get(`/api/consigners/${stella.id}/statements/export?month=2026-10`, stock)).statusCode).toBe(403);
    // another store's Admin, on their own host, naming this store's consigner
    const res = await get(`/api/consigners/${stella.id}/statements?month=2026-10`, other.token, other.host);
    expect(res.statusCode).toBe(404);
    expect(json(res).error).toBeTruthy();
    expect((await get(`/api/consigners/${stella.id}/statements/export?month=2026-10`, other.token, other.host)).statusCode).toBe(404);
    // an id that is no consigner
    expect((await get(`/api/consigners/${crypto.randomUUID()}/statements?month=2026-10`, owner)).statusCode).toBe(404);
  });

  it("lets a consigner read their own statement and no one else's", async () => {
    const own = await statement(stella.id, 'month=2026-10', stella.token);
    expect(own.closing).toBe(-5);
    const ava = await t.signIn(DEMO.ava);
    expect((await get(`/api/consigners/${stella.id}/statements?month=2026-10`, ava)).statusCode).toBe(404);
    const csv = await get(`/api/consigners/${stella.id}/statements/export?month=2026-10`, ava);
    expect(csv.statusCode).toBe(404);
    expect(csv.body).not.toContain('HYPERLINK');
  });
});
