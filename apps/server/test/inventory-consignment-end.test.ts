// The date an item's consignment ends: a field added through the domain's one list of editable
// fields (docs/inventory-item-screens.md "The item's editable fields"), end to end through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, itemRow, logsOf, makeItem, type DemoRefs } from './inventory-fixtures.ts';

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let ava: string;

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  [owner, ava] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.ava)]);
});
afterAll(async () => t.close());

const put = (token: string, id: string, body: Record<string, unknown>) => t.request({ method: 'PUT', url: `/api/inventories/${id}`, token, body });
const get = (token: string, url: string) => t.request({ method: 'GET', url, token });

describe('consignmentEndsAt', () => {
  it('round-trips: staff set it, GET answers it, the export has it, the activity logs it; null clears it', async () => {
    const item = await makeItem(t, refs);
    expect(json<{ data: { consignmentEndsAt: string | null } }>(await get(owner, `/api/inventories/${item.id}`)).data.consignmentEndsAt).toBeNull();

    const set = await put(owner, item.id, { consignmentEndsAt: '2027-03-31' });
    expect(set.statusCode).toBe(200);
    expect(json<{ data: { consignmentEndsAt: string } }>(set).data.consignmentEndsAt).toBe('2027-03-31');
    expect(json<{ data: { consignmentEndsAt: string } }>(await get(owner, `/api/inventories/${item.id}`)).data.consignmentEndsAt).toBe('2027-03-31');
    expect(await itemRow(t, item.id)).toMatchObject({ consignmentEndsAt: '2027-03-31' });

    const csv = (await get(owner, `/api/inventories/exportInventory?search=${item.code}`)).body.trim().split('\n');
    const header = csv[0].split(',');
    const column = header.indexOf('Consignment ends');
    expect(column).toBeGreaterThan(header.indexOf('Notes'));
    expect(csv).toHaveLength(2);
    expect(csv[1].split(',')[column]).toBe('2027-03-31');

    const cleared = await put(owner, item.id, { consignmentEndsAt: null });
    expect(json<{ data: { consignmentEndsAt: string | null } }>(cleared).data.consignmentEndsAt).toBeNull();

    const logs = await logsOf(t, item.id);
    const changes = logs.flatMap((l) => l.modifiedFields).filter((f) => f.variableChanged === 'consignmentEndsAt');
    expect(changes).toEqual([
      { variableChanged: 'consignmentEndsAt', beforeValue: null, afterValue: '2027-03-31' },
      { variableChanged: 'consignmentEndsAt', beforeValue: '2027-03-31', afterValue: null },
    ]);
    // the Activity feed and the item's timeline read the same entries
    const timeline = json<{ data: { inventoryLogs: { modifiedFields: { variableChanged: string }[] }[] } }>(await get(owner, `/api/inventoryLogs/${item.id}`)).data.inventoryLogs;
    expect(timeline.flatMap((l) => l.modifiedFields.map((f) => f.variableChanged))).toContain('consignmentEndsAt');
  });

  it('refuses a date that is not a calendar day with a 400 and changes nothing', async () => {
    const item = await makeItem(t, refs);
    for (const bad of ['2027-02-30', '31/03/2027', 'soon', '', 20270331]) {
      const res = await put(owner, item.id, { consignmentEndsAt: bad });
      expect(res.statusCode).toBe(400);
      expect(json<{ error: string }>(res).error).toMatch(/date/i);
    }
    expect(await itemRow(t, item.id)).toMatchObject({ consignmentEndsAt: null });
    expect(await logsOf(t, item.id)).toHaveLength(0);
  });

  it('is staff-only: a consigner cannot change it on their own item', async () => {
    const item = await makeItem(t, refs, { status: 'Requested' });
    const res = await put(ava, item.id, { consignmentEndsAt: '2027-03-31' });
    expect(res.statusCode).toBe(403);
    expect(await itemRow(t, item.id)).toMatchObject({ consignmentEndsAt: null });
  });
});
