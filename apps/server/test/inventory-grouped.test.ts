// The grouped view (GET /api/inventories/paginatedInventories?groupBy=product): its products, counts,
// units and order for every sort option and the filters it supports, checked against the matching
// items grouped here; and inventory_product_stats, which serves the views filtered by status or
// product only, kept exact by every change of items (migration 0022).
import { SORT_OPTIONS, type SortOption } from '@backroom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, makeItem, type DemoRefs } from './inventory-fixtures.ts';

type Item = { id: string; productId: string; quantity: number; status: string };
type Group = { productId: string; product: { id: string; title: string }; units: number; count: number; items: Item[] };

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let stock: string;
let ava: string;
let products: { id: string; title: string }[];

const get = async <T,>(url: string, token: string) => {
  const res = await t.request({ method: 'GET', url, token });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return json<{ data: T }>(res).data;
};
const act = async (name: string, body: Record<string, unknown>, token = owner) => {
  const res = await t.request({ method: 'POST', url: `/api/inventories/${name}`, token, body });
  expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
};
const sql = async <T,>(text: string, values: unknown[] = []) => (await t.ctx.database.executeSql(text, values)).rows as T[];

// What the grouped view orders products by, written out again here for the reference query.
const GROUP_ORDER: Record<SortOption, string> = {
  oldestCreated: 'min(i.created_at) asc, i.product_id asc',
  newestCreated: 'max(i.created_at) desc, i.product_id desc',
  oldestUpdated: 'min(i.updated_at) asc, i.product_id asc',
  newestUpdated: 'max(i.updated_at) desc, i.product_id desc',
  lowestPrice: 'min(i.price) asc, i.product_id asc',
  inventoryPriority: 'min(i.price) asc, i.product_id asc',
  highestPrice: 'max(i.price) desc, i.product_id desc',
  lowestPayout: 'min(i.payout) asc, i.product_id asc',
  highestPayout: 'max(i.payout) desc, i.product_id desc',
  sizeLowToHigh: 'min(p.title) asc, i.product_id asc',
  sizeHighToLow: 'min(p.title) asc, i.product_id asc',
};

/** Every item of the flat list for this query (the filters' own tests hold the flat list to them), in its order. */
async function flatItems(query: string, token: string): Promise<Item[]> {
  const page = await get<{ rows: Item[]; count: number }>(`/api/inventories/paginatedInventories?${query}&pageSize=500`, token);
  expect(page.rows.length).toBe(page.count);
  return page.rows;
}

/** The groups those items make, grouped and ordered by the database from the items themselves. */
async function expectedGroups(items: Item[], sort: SortOption) {
  return sql<{ productId: string; count: number; units: number }>(
    `select i.product_id as "productId", count(*)::int as "count", sum(i.quantity)::int as "units"
     from inventory_items i join products p on p.store_id = i.store_id and p.id = i.product_id
     where i.id = any($1::uuid[]) group by i.product_id order by ${GROUP_ORDER[sort]}`,
    [items.map((i) => i.id)],
  );
}

/**
 * The grouped view for this query and sort, all of it in one page, its second page of 10 and a page past the end, against
 * the flat list's items grouped: the same products in the same order, with their counts, units, and
 * first 10 items in the list's order.
 */
async function expectGroupedAsItems(query: string, sort: SortOption, token = owner) {
  const q = [query, `sortOption=${sort}`].filter(Boolean).join('&');
  const items = await flatItems(q, token);
  const expected = await expectedGroups(items, sort);
  const all = await get<{ rows: Group[]; count: number; countIsEstimate: boolean }>(`/api/inventories/paginatedInventories?groupBy=product&${q}&pageSize=500`, token);
  const where = `${q} (${token === ava ? 'as Ava' : 'as the owner'})`;
  expect(all.count, where).toBe(expected.length);
  expect(all.countIsEstimate).toBe(false);
  expect(
    all.rows.map((g) => ({ productId: g.productId, count: g.count, units: g.units })),
    where,
  ).toEqual(expected);
  for (const g of all.rows) {
    expect(g.product.id).toBe(g.productId);
    const mine = items.filter((i) => i.productId === g.productId);
    expect(g.items.map((i) => i.id), `${where}: items of ${g.product.title}`).toEqual(mine.slice(0, 10).map((i) => i.id));
  }
  // as the web asks (groupItems=0): the same groups, with their products, without items
  const bare = await get<{ rows: Group[]; count: number }>(`/api/inventories/paginatedInventories?groupBy=product&groupItems=0&${q}&pageSize=500`, token);
  expect(bare.count).toBe(expected.length);
  expect(bare.rows).toEqual(all.rows.map((g) => ({ ...g, items: [] })));
  const second = await get<{ rows: Group[]; count: number }>(`/api/inventories/paginatedInventories?groupBy=product&${q}&pageSize=10&currentPage=2`, token);
  expect(second.count).toBe(expected.length);
  expect(second.rows.map((g) => g.productId)).toEqual(expected.slice(10, 20).map((g) => g.productId));
  const past = await get<{ rows: Group[]; count: number }>(`/api/inventories/paginatedInventories?groupBy=product&${q}&pageSize=10&currentPage=100`, token);
  expect(past).toMatchObject({ rows: [], count: expected.length });
  return expected;
}

/** inventory_product_stats is exactly what the items make. */
async function expectStatsExact() {
  const [diff] = await sql<{ missing: number; extra: number; rows: number }>(`
    with truth as (
      select store_id, status, product_id, count(*)::int as items, sum(quantity)::int as units, min(created_at) as c0, max(created_at) as c1,
        min(updated_at) as u0, max(updated_at) as u1, min(price) as p0, max(price) as p1, min(payout) as y0, max(payout) as y1
      from inventory_items group by store_id, status, product_id),
    kept as (
      select store_id, status, product_id, items, units, min_created_at, max_created_at, min_updated_at, max_updated_at, min_price, max_price, min_payout, max_payout
      from inventory_product_stats)
    select (select count(*) from (select * from truth except select * from kept) x)::int as missing,
      (select count(*) from (select * from kept except select * from truth) x)::int as extra,
      (select count(*) from kept)::int as rows`);
  expect(diff).toEqual({ missing: 0, extra: 0, rows: diff.rows });
  expect(diff.rows).toBeGreaterThan(0);
}

// Filters the grouped view supports; the first three are answered from inventory_product_stats.
const FILTERS = (): string[] => [
  '',
  'status=Active',
  'status=Active&status=Pending&status=Sold',
  `productId=${products[0].id}&productId=${products[1].id}`,
  'status=Active&location=Downtown',
  'search=grouped',
  `status=Active&consigner=${refs.consigner.marco.id}`,
  'status=Active&option1Value=10&printed=false',
];

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  [owner, stock, ava] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.stock), t.signIn(DEMO.ava)]);
  // Six products of their own with several items each: ties of price across products, quantities
  // above 1, different consigners, locations, sizes and dates.
  products = await sql<{ id: string; title: string }>(
    `insert into products (store_id, title, brand, sku, category, gender, product_template_id)
     select $1, 'Grouped Runner ' || chr(64 + g), 'Nike', 'GRP-' || g, 'Sneakers', 'Unisex', $2 from generate_series(1, 6) g
     returning id, title`,
    [refs.store.id, refs.sneakers.id],
  );
  products.sort((a, b) => a.title.localeCompare(b.title));
  const statuses = ['Active', 'Active', 'Active', 'Pending', 'Sold', 'Withdrawn'];
  const who = ['ava', 'marco', 'lena', 'store'] as const;
  const locations = ['Downtown', 'Warehouse', 'Uptown'];
  let n = 0;
  for (const [p, product] of products.entries()) {
    for (let k = 0; k < 4 + p * 3; k++, n++) {
      const status = statuses[(n * 7 + p) % statuses.length];
      await makeItem(t, refs, {
        productId: product.id,
        sku: `GRP-${p + 1}`,
        title: product.title,
        status,
        who: who[n % who.length],
        option1Value: ['9', '10', '11', '10.5'][n % 4],
        price: 10000 + ((n * 37) % 5) * 1000,
        payout: 8000 + ((n * 13) % 7) * 500,
        quantity: 1 + (n % 3),
        location: status === 'Pending' ? null : locations[n % 3],
        printed: n % 2 === 0,
        createdAt: new Date(Date.UTC(2026, 8, 1 + ((n * 11) % 60), 9, n % 60)),
        updatedAt: new Date(Date.UTC(2026, 9, 1 + ((n * 5) % 30), 12, (n * 17) % 60)),
      });
    }
  }
}, 120_000);
afterAll(async () => t?.close());

describe('the grouped view', () => {
  it('keeps inventory_product_stats exact for the items the store starts with', async () => {
    await expectStatsExact();
  });

  it('answers the products of the matching items, counted and ordered, for every sort option and filter', async () => {
    for (const filter of FILTERS()) {
      for (const sort of SORT_OPTIONS) await expectGroupedAsItems(filter, sort);
    }
    // a few of them are not empty, and some products have more than the 10 items a group shows
    // the cases are not empty: many groups (a second page), groups of more than the 10 items shown
    const every = await expectGroupedAsItems('', 'newestUpdated');
    expect(every.length).toBeGreaterThan(20);
    expect(Math.max(...every.map((g) => g.count))).toBeGreaterThan(10);
    expect((await expectGroupedAsItems('search=grouped', 'lowestPrice')).length).toBe(6);
  }, 240_000); // every filter times every sort: many requests, and a shared machine is slow

  it("gives a consigner the groups of their own items only", async () => {
    for (const sort of SORT_OPTIONS) {
      await expectGroupedAsItems('', sort, ava);
      await expectGroupedAsItems('status=Active', sort, ava);
    }
    const mine = await get<{ rows: Group[] }>('/api/inventories/paginatedInventories?groupBy=product&pageSize=500', ava);
    const owners = await sql<{ consigner_id: string }>('select distinct consigner_id from inventory_items where id = any($1::uuid[])', [mine.rows.flatMap((g) => g.items.map((i) => i.id))]);
    expect(owners).toEqual([{ consigner_id: refs.consigner.ava.id }]);
  });

  it('stays exact after items are added, accepted, sold, withdrawn, transferred, edited and deleted', async () => {
    const [a, b, c] = products;
    const check = async (what: string) => {
      await expectStatsExact();
      for (const sort of ['newestUpdated', 'oldestUpdated', 'lowestPrice', 'highestPayout'] as const) {
        for (const filter of ['', 'status=Active']) {
          try {
            await expectGroupedAsItems(filter, sort);
          } catch (error) {
            throw new Error(`after ${what}: ${(error as Error).message}`);
          }
        }
      }
    };

    // added by staff through the API (on the floor at once); a drop-off accepted at a location
    const add = await t.request({
      method: 'POST',
      url: '/api/inventories',
      token: owner,
      body: { inventoryFormArray: [{ productId: a.id, option1Value: '12', option2Value: 'New', option3Value: 'Good Box', price: 5, quantity: 4, consigner: refs.consigner.ava.id, location: 'Downtown' }] },
    });
    expect(add.statusCode, add.body).toBe(201);
    expect(json<{ data: { status: string }[] }>(add).data[0].status).toBe('Active');
    await check('an item added');
    const dropOff = await makeItem(t, refs, { productId: c.id, sku: 'GRP-3', title: c.title, status: 'Pending', quantity: 2, price: 99000 });
    await check('a drop-off written');
    await act('acceptInventory', { ids: [dropOff.id], location: 'Warehouse' });
    await check('an item accepted');

    // the cheapest Active item of a product sold at the counter: its least price leaves the group
    const [cheapest] = await sql<{ id: string }>(`select id from inventory_items where product_id = $1 and status = 'Active' order by price, id limit 1`, [b.id]);
    const sale = await t.request({ method: 'POST', url: '/api/sales', token: owner, body: { lines: [{ inventoryId: cheapest.id }], paymentMethod: 'cash' } });
    expect(sale.statusCode, sale.body).toBe(201);
    await check('a sale');

    // withdrawn by staff; transferred (Active -> InTransit) and accepted back
    const [oldest] = await sql<{ id: string }>(`select id from inventory_items where product_id = $1 and status = 'Active' order by updated_at, id limit 1`, [c.id]);
    await act('withdrawInventory', { id: oldest.id }, stock);
    await check('a withdrawal');
    const actives = await sql<{ id: string }>(`select id from inventory_items where product_id = any($1::uuid[]) and status = 'Active' order by id limit 3`, [[a.id, c.id]]);
    await act('transfer', { inventories: actives.map((r) => r.id), location: 'Uptown' });
    await check('a transfer');
    await act('acceptTransfer', { ids: actives.slice(0, 2).map((r) => r.id), location: 'Downtown' });
    await check('a transfer accepted');

    // quantity and price edits: the newest item's price up, another's quantity to 5
    const [priciest] = await sql<{ id: string }>(`select id from inventory_items where product_id = $1 and status = 'Active' order by price desc, id limit 1`, [a.id]);
    const edit = await t.request({ method: 'PUT', url: `/api/inventories/${priciest.id}`, token: owner, body: { quantity: 5, price: 1 } });
    expect(edit.statusCode, edit.body).toBe(200);
    await check('a quantity and price edit');

    // a Pending item deleted; the last Pending item of a product deleted (its group goes)
    const pendings = await sql<{ id: string; product_id: string }>(`select id, product_id from inventory_items where product_id = any($1::uuid[]) and status = 'Pending' order by id`, [products.map((p) => p.id)]);
    expect(pendings.length).toBeGreaterThan(0);
    for (const p of pendings) await act('deleteInventory', { id: p.id });
    await check('deletions');
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from inventory_product_stats where status = 'Pending' and product_id = any($1::uuid[])`, [products.map((p) => p.id)]);
    expect(n).toBe(0);
  }, 240_000); // nine checks of every sort and filter, one after each change: many requests, and a shared machine is slow

  it('stays exact through transactions of several statements, rolled back ones and savepoints', async () => {
    const ids = products.map((p) => `'${p.id}'`).join(', ');
    const store = `'${refs.store.id}'`;
    const statements = [
      `update inventory_items set status = 'Sold', updated_at = now() where store_id = ${store} and product_id in (${ids}) and status = 'Active' and price >= 13000`,
      `update inventory_items set price = price + 500, payout = payout - 100 where store_id = ${store} and product_id in (${ids}) and status = 'Active' and quantity = 2`,
      `update inventory_items set product_id = '${products[5].id}' where store_id = ${store} and product_id = '${products[4].id}' and status = 'Withdrawn'`,
      `update inventory_items set created_at = created_at - interval '1 year' where store_id = ${store} and product_id in (${ids}) and price = 10000`,
      `delete from inventory_items where store_id = ${store} and product_id in (${ids}) and status = 'Withdrawn' and quantity = 3`,
    ];
    await t.ctx.database.executeSql(`begin; ${statements[0]}; ${statements[1]}; rollback;`);
    await expectStatsExact();
    await t.ctx.database.executeSql(`begin; ${statements[0]}; savepoint s; ${statements[1]}; ${statements[2]}; rollback to savepoint s; ${statements[3]}; commit;`);
    await expectStatsExact();
    await t.ctx.database.executeSql(`begin; ${statements[1]}; ${statements[2]}; ${statements[4]}; ${statements[1]}; commit;`);
    await expectStatsExact();
    for (const sort of SORT_OPTIONS) await expectGroupedAsItems('status=Active', sort);
  });

  it('stays exact, and never deadlocks, with transactions changing items of the same products at once', async () => {
    // Each "till" changes only its own items, so the items never wait on each other; every till
    // changes items of the same six products, several statements per transaction, in random order.
    const store = refs.store.id;
    const consigner = refs.consigner.lena.id;
    await sql(
      `insert into inventory_items (store_id, code, product_id, consigner_id, status, price, payout, quantity, notes)
       select $1, 'TILL' || g, ($2::uuid[])[1 + g % 6], $3, (array['Active', 'Sold'])[1 + g % 2], 9000 + g, 7000, 1, 'till ' || (g % 6)
       from generate_series(1, 120) g`,
      [store, products.map((p) => p.id), consigner],
    );
    const statuses = ['Active', 'Sold', 'Pending', 'Withdrawn'];
    let seed = 42;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const pick = <T,>(list: T[]) => list[Math.floor(random() * list.length)];
    const step = (till: number) => {
      const mine = `store_id = '${store}' and notes = 'till ${till}' and product_id = '${pick(products).id}'`;
      const one = `(select id from inventory_items where ${mine} order by id limit 2)`;
      switch (Math.floor(random() * 5)) {
        case 0:
          return `update inventory_items set status = '${pick(statuses)}', updated_at = clock_timestamp() where id in ${one}`;
        case 1:
          return `update inventory_items set price = ${Math.floor(random() * 20000)}, payout = ${Math.floor(random() * 9000)}, quantity = ${1 + Math.floor(random() * 3)} where id in ${one}`;
        case 2:
          return `update inventory_items set product_id = '${pick(products).id}' where id in ${one}`;
        case 3:
          return `insert into inventory_items (store_id, code, product_id, consigner_id, status, price, payout, quantity, notes, created_at)
                  values ('${store}', 'T${till}-' || gen_random_uuid(), '${pick(products).id}', '${consigner}', '${pick(statuses)}', ${Math.floor(random() * 20000)}, 500, 2, 'till ${till}', now() - interval '3 days' * ${Math.floor(random() * 100)})`;
        default:
          return `delete from inventory_items where id in (select id from inventory_items where ${mine} order by id limit 1)`;
      }
    };
    const till = async (n: number) => {
      for (let k = 0; k < 25; k++) {
        const body = Array.from({ length: 2 + Math.floor(random() * 3) }, () => step(n)).join('; ');
        await t.ctx.database.executeSql(`begin; ${body}; ${random() < 0.15 ? 'rollback' : 'commit'};`);
      }
    };
    // on PostgreSQL the six tills run on their own connections at once (PGlite has one: in turn)
    await Promise.all([0, 1, 2, 3, 4, 5].map(till));
    await expectStatsExact();
    for (const sort of ['newestUpdated', 'lowestPrice', 'highestPrice', 'oldestCreated'] as const) {
      await expectGroupedAsItems('', sort);
      await expectGroupedAsItems('status=Active&status=Sold', sort);
    }
  });

  it('removes the stats of items that go, by TRUNCATE too', async () => {
    const other = await createTestApp({ seed: true });
    try {
      const before = (await other.ctx.database.executeSql('select count(*)::int as n from inventory_product_stats')).rows as { n: number }[];
      expect(before[0].n).toBeGreaterThan(0);
      await other.ctx.database.executeSql('truncate inventory_items cascade');
      const after = (await other.ctx.database.executeSql('select count(*)::int as n from inventory_product_stats')).rows as { n: number }[];
      expect(after[0].n).toBe(0);
    } finally {
      await other.close();
    }
  });
});
