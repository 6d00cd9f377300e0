// The consigners API (docs/people.md): list, export, detail, changes, bank details, add, delete.
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { bankForm, otherStore, staff } from './consigners-fixtures.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, makeItem, type DemoRefs } from './inventory-fixtures.ts';

type Row = { id: string; name: string; email: string; hasAccount: boolean; isActive: boolean };
type Consigner = Row & { bankData?: Record<string, string | null>; bankDataSubmitted: boolean; canEditBankData: boolean; phone: string | null; accountType: string | null };

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let clerk: string; // Employee with Consigners access (not an Admin)
let stock: string; // Employee with Inventory only
let ava: string;
let other: Awaited<ReturnType<typeof otherStore>>;

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  owner = await t.signIn(DEMO.owner);
  stock = await t.signIn(DEMO.stock);
  ava = await t.signIn(DEMO.ava);
  clerk = await staff(t, refs.store.id, 'clerk@demo.backroom.test', { areas: ['Consigners'] });
  other = await otherStore(t);
}, 60_000);
afterAll(async () => t.close());

const get = (url: string, token: string, host?: string) => t.request({ method: 'GET', url, token, host });
const put = (url: string, token: string, body: unknown) => t.request({ method: 'PUT', url, token, body });
const post = (url: string, token: string, body?: unknown, host?: string) => t.request({ method: 'POST', url, token, body, host });

describe('GET /api/consigners', () => {
  it('answers a page of the store’s consigners with the total, name order by default', async () => {
    const res = await get('/api/consigners?pageSize=10', owner);
    expect(res.statusCode).toBe(200);
    const { rows, total } = json<{ data: { rows: Row[]; total: number } }>(res).data;
    expect(total).toBe(5);
    expect(rows.map((r) => r.name)).toEqual(['Ava Thompson', 'Backroom Stock', 'Ingrid Holm', 'Lena Park', 'Marco Rossi']);
    expect(rows[0]).not.toHaveProperty('bankData');
    const page2 = json<{ data: { rows: Row[]; total: number } }>(await get('/api/consigners?pageSize=10&page=2', owner)).data;
    expect(page2).toEqual({ rows: [], total: 5 });
    const desc = json<{ data: { rows: Row[] } }>(await get('/api/consigners?sort=nameDesc', owner)).data.rows;
    expect(desc[0].name).toBe('Marco Rossi');
  });

  it('searches every word in name, e-mail and phone, with % and _ literal', async () => {
    const search = async (q: string) => json<{ data: { rows: Row[]; total: number } }>(await get(`/api/consigners?search=${encodeURIComponent(q)}`, owner)).data;
    expect((await search('ava')).rows.map((r) => r.email)).toEqual([DEMO.ava]);
    expect((await search('ROSSI marco')).total).toBe(1);
    expect((await search('0104')).rows.map((r) => r.name)).toEqual(['Ingrid Holm']);
    expect((await search('demo.backroom')).total).toBe(5);
    expect((await search('%')).total).toBe(0);
    expect((await search('a_a')).total).toBe(0);
  });

  it('pages through every order the same from either end (later pages are read backwards)', async () => {
    await t.ctx.db.insert(s.consigners).values(
      Array.from({ length: 25 }, (_, i) => ({
        storeId: refs.store.id,
        firstName: `Bulk${String.fromCharCode(65 + (i % 7))}`,
        lastName: `Pager${i % 3}`,
        email: `bulk${i}@pager.test`,
        createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 5))),
      })),
    );
    for (const sort of ['name', 'nameDesc', 'email', 'newest', 'oldest']) {
      const pages: Row[][] = [];
      for (const page of [1, 2, 3, 4]) {
        const data = json<{ data: { rows: Row[]; total: number } }>(await get(`/api/consigners?search=pager&sort=${sort}&page=${page}`, owner)).data;
        expect(data.total).toBe(25);
        pages.push(data.rows);
      }
      // unsearched, the same pages (pages past the middle are read backwards)
      const unsearched: Row[] = [];
      for (const page of [1, 2, 3]) unsearched.push(...json<{ data: { rows: Row[] } }>(await get(`/api/consigners?sort=${sort}&page=${page}&pageSize=10`, owner)).data.rows);
      const everyone = json<{ data: { rows: Row[]; total: number } }>(await get(`/api/consigners?sort=${sort}&pageSize=50`, owner)).data;
      expect(everyone.total).toBe(30);
      expect(unsearched.map((r) => r.id)).toEqual(everyone.rows.map((r) => r.id));
      const all = json<{ data: { rows: Row[] } }>(await get(`/api/consigners?search=pager&sort=${sort}&pageSize=50`, owner)).data.rows;
      expect(pages.map((p) => p.length)).toEqual([10, 10, 5, 0]);
      expect(pages.flat().map((r) => r.id)).toEqual(all.map((r) => r.id));
    }
    const names = json<{ data: { rows: Row[] } }>(await get('/api/consigners?search=pager&pageSize=50', owner)).data.rows.map((r) => r.name);
    expect(names).toEqual([...names].sort());
    await t.ctx.db.delete(s.consigners).where(like(s.consigners.email, '%@pager.test'));
  });

  it('refuses page sizes the screen does not offer and bad pages', async () => {
    expect(json(await get('/api/consigners?pageSize=7', owner)).error).toBe('pageSize must be one of 10, 20, 50, 100, 250, 500');
    expect((await get('/api/consigners?page=0', owner)).statusCode).toBe(400);
    expect((await get(`/api/consigners?search=${'x'.repeat(201)}`, owner)).statusCode).toBe(400);
    expect((await get('/api/consigners?sort=age', owner)).statusCode).toBe(400);
  });

  it('needs Consigners access; consigners are refused', async () => {
    expect((await get('/api/consigners', stock)).statusCode).toBe(403);
    expect((await get('/api/consigners', ava)).statusCode).toBe(403);
    expect((await get('/api/consigners', clerk)).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/consigners' })).statusCode).toBe(401);
  });

  it('shows another store nothing of this one', async () => {
    const res = await get('/api/consigners', other.token, other.host);
    expect(json<{ data: { total: number } }>(res).data.total).toBe(0);
  });
});

describe('GET /api/consigners/export', () => {
  it('downloads consigners.csv, with bank columns for an Admin only', async () => {
    const res = await get('/api/consigners/export?search=ava', owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="consigners.csv"');
    const [header, line, end] = res.body.split('\n');
    expect(header).toContain('Account number');
    expect(line).toContain('000123456789');
    expect(end).toBe('');
    const plain = await get('/api/consigners/export', clerk);
    expect(plain.body.split('\n')[0]).not.toContain('Account number');
    expect(plain.body).not.toContain('000123456789');
    expect(plain.body.split('\n')).toHaveLength(7);
    expect((await get('/api/consigners/export', stock)).statusCode).toBe(403);
  });

  it('writes a formula-looking name as text', async () => {
    await t.ctx.db.update(s.consigners).set({ lastName: '=HYPERLINK("x")' }).where(eq(s.consigners.id, refs.consigner.lena.id));
    const res = await get('/api/consigners/export?search=lena', owner);
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    await t.ctx.db.update(s.consigners).set({ lastName: 'Park' }).where(eq(s.consigners.id, refs.consigner.lena.id));
  });
});

describe('GET /api/consigners/{id}', () => {
  it('shows bank details to an Admin with Consigners access and to the consigner themself only', async () => {
    const asOwner = json<{ data: Consigner }>(await get(`/api/consigners/${refs.consigner.ava.id}`, owner)).data;
    expect(asOwner.bankData).toMatchObject({ accountNumber: '000123456789', routingType: 'abaNumber' });
    expect(asOwner).toMatchObject({ hasAccount: true, bankDataSubmitted: true, canEditBankData: true });
    const asClerk = json<{ data: Consigner }>(await get(`/api/consigners/${refs.consigner.ava.id}`, clerk));
    expect(asClerk.data).not.toHaveProperty('bankData');
    expect(asClerk.data.canEditBankData).toBe(false);
    const asSelf = json<{ data: Consigner }>(await get(`/api/consigners/${refs.consigner.ava.id}`, ava)).data;
    expect(asSelf.bankData?.accountNumber).toBe('000123456789');
    expect(asSelf.canEditBankData).toBe(false);
  });

  it('refuses a consigner reading another consigner, staff without the area, and other stores', async () => {
    expect((await get(`/api/consigners/${refs.consigner.marco.id}`, ava)).statusCode).toBe(404);
    expect((await get(`/api/consigners/${refs.consigner.ava.id}`, stock)).statusCode).toBe(403);
    expect((await get(`/api/consigners/${refs.consigner.ava.id}`, other.token, other.host)).statusCode).toBe(404);
    expect((await get('/api/consigners/not-an-id', owner)).statusCode).toBe(400);
  });
});

describe('PUT /api/consigners/{id}', () => {
  it('changes profile and flags, and disables', async () => {
    const res = await put(`/api/consigners/${refs.consigner.lena.id}`, owner, { phone: '+1 555 0199', marketplaceLocation: true, isActive: false, emailNotifications: { onPayout: false } });
    expect(res.statusCode).toBe(200);
    const c = json<{ data: { consigner: Consigner & { marketplaceLocation: boolean; notificationSettings: Record<string, boolean> }; recalculation: null } }>(res).data;
    expect(c.consigner).toMatchObject({ phone: '+1 555 0199', marketplaceLocation: true, isActive: false });
    expect(c.consigner.notificationSettings).toMatchObject({ onPayout: false, onProductSold: true });
    expect(c.recalculation).toBeNull();
    await put(`/api/consigners/${refs.consigner.lena.id}`, owner, { isActive: true, idNumber: 'ID-77' });
    // fields left out stay as they are
    const after = json<{ data: { consigner: { idNumber: string; phone: string; isActive: boolean } } }>(await put(`/api/consigners/${refs.consigner.lena.id}`, owner, { address: '3 Elm Court' })).data.consigner;
    expect(after).toMatchObject({ idNumber: 'ID-77', phone: '+1 555 0199', isActive: true });
  });

  it('words every validation refusal', async () => {
    const id = refs.consigner.lena.id;
    const error = async (body: unknown) => json(await put(`/api/consigners/${id}`, owner, body)).error;
    expect(await error({ firstName: ' ' })).toBe('First name is required');
    expect(await error({ phone: '12' })).toBe('Please enter a phone number including the area code');
    expect(await error({ email: 'nope' })).toBe('Please enter a valid email');
    expect(await error({ payoutType: 'Bank', bankData: { routingType: 'abaNumber', accountName: 'L', accountNumber: '1' } })).toBe('Routing number is required');
    expect(await error({ payoutType: 'Bank', bankData: { routingType: 'abaNumber', accountName: 'L', routingNumber: '021000021' } })).toBe('Account number is required');
    expect(await error({ payoutType: 'Bank', bankData: { routingType: 'swiftCode', accountName: 'L', swiftCode: 'BUKBGB22' } })).toBe('Account number or IBAN is required');
    expect(await error({ payoutType: 'Bank', bankData: { routingType: 'swiftCode', accountName: 'L', accountNumber: '1' } })).toBe('Swift code is required');
    expect(await error({ payoutType: 'Bank', bankData: { routingType: 'ibanNumber', accountName: 'L' } })).toBe('IBAN number is required');
    expect(await error({ payoutType: 'Bank', bankData: { routingType: 'ibanNumber', ibanNumber: 'GB33' } })).toBe('Account name is required');
    expect(await error({ payoutType: 'PayPal', bankData: {} })).toBe('Payout account email is required');
    expect(await error({ payoutType: 'Zelle', bankData: { email: 'not-mail' } })).toBe('Payout account email is required');
    expect(await error({ accountType: 'Platinum' })).toBe('Unknown consigner type');
    expect(await error({ consignerTypeId: '00000000-0000-4000-8000-000000000000' })).toBe('Unknown consigner type');
  });

  it('lets an Admin change bank details, logging who, when, before and after with the number masked', async () => {
    const id = refs.consigner.ava.id;
    const res = await put(`/api/consigners/${id}`, owner, { payoutType: 'Bank', bankData: { routingType: 'swiftCode', accountName: 'Ava T', swiftCode: 'CHASUS33', accountNumber: '999988887777' } });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: { consigner: Consigner } }>(res).data.consigner.bankData).toMatchObject({ swiftCode: 'CHASUS33', accountNumber: '999988887777' });
    const log = json<{ data: { changedByName: string; changedByKind: string; before: Record<string, string>; after: Record<string, string>; changedAt: string }[] }>(await get(`/api/consigners/${id}/bankLog`, owner)).data;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ changedByName: 'Olivia Bennett', changedByKind: 'employee' });
    expect(log[0].before).toMatchObject({ routingType: 'abaNumber', accountNumber: '••••6789', payoutType: 'Bank' });
    expect(log[0].after).toMatchObject({ routingType: 'swiftCode', accountNumber: '••••7777', swiftCode: 'CHASUS33' });
    expect(JSON.stringify(log)).not.toContain('999988887777');
    // the consigner sees their log; other staff do not
    expect((await get(`/api/consigners/${id}/bankLog`, ava)).statusCode).toBe(200);
    expect((await get(`/api/consigners/${id}/bankLog`, clerk)).statusCode).toBe(403);
    // the same details again are no change and no log entry
    await put(`/api/consigners/${id}`, owner, { payoutType: 'Bank', bankData: { routingType: 'swiftCode', accountName: 'Ava T', swiftCode: 'CHASUS33', accountNumber: '999988887777' } });
    expect(json<{ data: unknown[] }>(await get(`/api/consigners/${id}/bankLog`, owner)).data).toHaveLength(1);
  });

  it('refuses bank changes by staff who cannot see them', async () => {
    const res = await put(`/api/consigners/${refs.consigner.lena.id}`, clerk, { payoutType: 'PayPal', bankData: { email: 'lena@paypal.test' } });
    expect(res.statusCode).toBe(403);
    expect((await put(`/api/consigners/${refs.consigner.lena.id}`, clerk, { phone: '+1 555 0142' })).statusCode).toBe(200);
  });

  it('lets a consigner change their own profile, never their submitted bank details or staff fields', async () => {
    const id = refs.consigner.ava.id;
    expect((await put(`/api/consigners/${id}`, ava, { address: '14 Oak Street, Springfield', isActive: true })).statusCode).toBe(200);
    const bank = await put(`/api/consigners/${id}`, ava, { payoutType: 'PayPal', bankData: { email: 'ava@paypal.test' } });
    expect(bank.statusCode).toBe(403);
    expect(json(bank).error).toBe('Bank information cannot be changed after submission. Contact the store to change it.');
    for (const body of [{ isActive: false }, { accountType: 'VIP' }, { chargeTax: true }, { marketplaceLocation: true }, { isRecalculateInventoryPayout: true }]) {
      expect((await put(`/api/consigners/${id}`, ava, body)).statusCode).toBe(403);
    }
    expect((await put(`/api/consigners/${refs.consigner.marco.id}`, ava, { address: 'x street' })).statusCode).toBe(404);
  });

  it('lets a consigner submit bank details once when they have none', async () => {
    await t.ctx.db.update(s.consigners).set({ bankData: null, payoutType: null }).where(eq(s.consigners.id, refs.consigner.ava.id));
    const first = await put(`/api/consigners/${refs.consigner.ava.id}`, ava, { payoutType: 'PayPal', bankData: { email: 'ava@paypal.test' } });
    expect(first.statusCode).toBe(200);
    expect(json<{ data: { consigner: Consigner } }>(first).data.consigner).toMatchObject({ bankDataSubmitted: true, canEditBankData: false });
    expect((await put(`/api/consigners/${refs.consigner.ava.id}`, ava, { payoutType: 'PayPal', bankData: { email: 'other@paypal.test' } })).statusCode).toBe(403);
    const log = json<{ data: { changedByKind: string; before: unknown }[] }>(await get(`/api/consigners/${refs.consigner.ava.id}/bankLog`, owner)).data;
    expect(log[0]).toMatchObject({ changedByKind: 'consigner', before: null });
  });

  it('refuses staff without the area and other stores', async () => {
    expect((await put(`/api/consigners/${refs.consigner.lena.id}`, stock, { phone: '+1 555 0100' })).statusCode).toBe(403);
    const res = await t.request({ method: 'PUT', url: `/api/consigners/${refs.consigner.lena.id}`, token: other.token, host: other.host, body: { phone: '+1 555 0100' } });
    expect(res.statusCode).toBe(404);
  });

  it('takes the disable at the next request of the consigner', async () => {
    const marco = await t.signIn(DEMO.marco);
    expect((await get(`/api/consigners/${refs.consigner.marco.id}`, marco)).statusCode).toBe(200);
    await put(`/api/consigners/${refs.consigner.marco.id}`, owner, { isActive: false });
    // signed out everywhere (docs/security.md "Identity model"), and refused at the next sign-in
    expect((await get(`/api/consigners/${refs.consigner.marco.id}`, marco)).statusCode).toBe(401);
    const refused = await get(`/api/consigners/${refs.consigner.marco.id}`, await t.signIn(DEMO.marco));
    expect(json(refused).code).toBe('DISABLED');
    await put(`/api/consigners/${refs.consigner.marco.id}`, owner, { isActive: true });
    expect((await put(`/api/consigners/${refs.consigner.store.id}`, owner, { isActive: false })).statusCode).toBe(409);
  });
});

describe('POST /api/consigners/createFromAdmin', () => {
  it('adds a consigner with IBAN bank details, enabled, with the store’s default type and no account yet', async () => {
    const res = await post('/api/consigners/createFromAdmin', owner, { ...bankForm, storeId: 'ignored' });
    expect(res.statusCode).toBe(201);
    const c = json<{ data: Consigner }>(res).data;
    expect(c).toMatchObject({ email: 'nora@shop.test', hasAccount: false, isActive: true, accountType: 'Standard', bankDataSubmitted: true });
    expect(c.bankData).toMatchObject({ routingType: 'ibanNumber', ibanNumber: 'GB33BUKB20201555555555' });
    const log = json<{ data: { after: Record<string, string> }[] }>(await get(`/api/consigners/${c.id}/bankLog`, owner)).data;
    expect(log[0].after.ibanNumber).toBe('••••5555');
  });

  it('refuses a second consigner with the same e-mail, and an employee’s e-mail', async () => {
    const dup = await post('/api/consigners/createFromAdmin', owner, { ...bankForm, email: 'NORA@shop.test' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).error).toBe('A consigner with this e-mail already exists in this store');
    expect((await post('/api/consigners/createFromAdmin', owner, { ...bankForm, email: DEMO.stock })).statusCode).toBe(409);
  });

  it('words each validation refusal of the form', async () => {
    const error = async (over: Record<string, unknown>) => json(await post('/api/consigners/createFromAdmin', owner, { ...bankForm, email: 'new@shop.test', ...over })).error;
    expect(await error({ firstName: '' })).toBe('First name is required');
    expect(await error({ lastName: undefined })).toBe('Last name is required');
    expect(await error({ email: '' })).toBe('Please enter a valid email');
    expect(await error({ phone: 'call me' })).toBe('Please enter a phone number including the area code');
    expect(await error({ address: ' ' })).toBe('Address is required');
    expect(await error({ bankData: { routingType: 'ibanNumber', accountName: 'N' } })).toBe('IBAN number is required');
    expect(await error({ bankData: { routingType: 'abaNumber', accountName: 'N', accountNumber: '1' } })).toBe('Routing number is required');
    expect(await error({ bankData: { routingType: 'swiftCode', accountName: 'N', swiftCode: 'X' } })).toBe('Account number or IBAN is required');
    expect(await error({ payoutType: 'PayPal', bankData: {} })).toBe('Payout account email is required');
    expect(await error({ firstName: 'a\u0000b' })).toMatch(/not allowed/);
  });

  it('in a store collecting local bank fields, needs account name and number and drops routing fields', async () => {
    await t.ctx.db.update(s.stores).set({ bankFields: 'local' }).where(eq(s.stores.id, refs.store.id));
    try {
      const error = async (bankData: Record<string, unknown>) => json(await post('/api/consigners/createFromAdmin', owner, { ...bankForm, email: 'local@shop.test', bankData })).error;
      expect(await error({ accountName: 'Local One' })).toBe('Account number is required');
      expect(await error({ accountNumber: '62000000000' })).toBe('Account name is required');
      const res = await post('/api/consigners/createFromAdmin', owner, {
        ...bankForm,
        email: 'local@shop.test',
        bankData: { routingType: 'ibanNumber', ibanNumber: 'GB33', accountName: 'Local One', accountNumber: '62000000000', bank: 'Capitec Bank', branchCode: '470010' },
      });
      expect(res.statusCode).toBe(201);
      expect(json<{ data: Consigner }>(res).data.bankData).toMatchObject({ routingType: null, ibanNumber: null, accountNumber: '62000000000', branchCode: '470010' });
    } finally {
      await t.ctx.db.update(s.stores).set({ bankFields: 'routing' }).where(eq(s.stores.id, refs.store.id));
    }
  });

  it('needs Consigners access', async () => {
    expect((await post('/api/consigners/createFromAdmin', stock, { ...bankForm, email: 'x@shop.test' })).statusCode).toBe(403);
    expect((await post('/api/consigners/createFromAdmin', ava, { ...bankForm, email: 'x@shop.test' })).statusCode).toBe(403);
  });
});

describe('POST /api/consigners/deleteConsigner/{id}', () => {
  it('refuses while the consigner has unsold or unpaid items, and for a store account', async () => {
    const res = await post(`/api/consigners/deleteConsigner/${refs.consigner.ava.id}`, owner);
    expect(res.statusCode).toBe(409);
    expect(json(res).error).toMatch(/^This consigner cannot be deleted: they have \d+ unsold items and \d+ sold items? not yet paid\. Withdraw or pay them out first\.$/);
    expect(json(await post(`/api/consigners/deleteConsigner/${refs.consigner.store.id}`, owner)).error).toBe('A store account cannot be deleted');
    expect((await get(`/api/consigners/${refs.consigner.ava.id}`, owner)).statusCode).toBe(200);
  });

  it('removes a consigner without history, and the list reloads without them', async () => {
    const created = json<{ data: { id: string } }>(await post('/api/consigners/createFromAdmin', owner, { ...bankForm, email: 'gone@shop.test' })).data;
    const res = await post(`/api/consigners/deleteConsigner/${created.id}`, owner);
    expect(json<{ data: { archived: boolean } }>(res).data.archived).toBe(false);
    expect((await get(`/api/consigners/${created.id}`, owner)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.id, created.id))).toHaveLength(0);
  });

  it('archives a consigner whose items are all paid or withdrawn: history kept, e-mail free again', async () => {
    const created = json<{ data: { id: string } }>(await post('/api/consigners/createFromAdmin', owner, { ...bankForm, email: 'paid@shop.test' })).data;
    const paid = await makeItem(t, refs, { consignerId: created.id, status: 'Paid', soldOn: new Date() });
    await makeItem(t, refs, { consignerId: created.id, status: 'Withdrawn' });
    const res = await post(`/api/consigners/deleteConsigner/${created.id}`, owner);
    expect(json<{ data: { archived: boolean; message: string } }>(res).data).toMatchObject({ archived: true, message: 'Consigner deleted; their sold and paid history is kept' });
    expect((await get(`/api/consigners/${created.id}`, owner)).statusCode).toBe(404);
    expect(json<{ data: { total: number } }>(await get('/api/consigners?search=paid@shop', owner)).data.total).toBe(0);
    const [kept] = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.id, paid.id));
    expect(kept.consignerId).toBe(created.id);
    expect((await post('/api/consigners/createFromAdmin', owner, { ...bankForm, email: 'paid@shop.test' })).statusCode).toBe(201);
  });

  it('needs Consigners access and the consigner in this store', async () => {
    expect((await post(`/api/consigners/deleteConsigner/${refs.consigner.lena.id}`, stock)).statusCode).toBe(403);
    expect((await post(`/api/consigners/deleteConsigner/${refs.consigner.lena.id}`, ava)).statusCode).toBe(403);
    expect((await post(`/api/consigners/deleteConsigner/${refs.consigner.lena.id}`, other.token, undefined, other.host)).statusCode).toBe(404);
  });
});
