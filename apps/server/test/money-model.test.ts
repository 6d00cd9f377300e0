// The money loop, model-based (design.md "Money", "Fees", "Inventory statuses"; docs/payouts.md
// "How the money loop is tested"). fast-check draws random sequences of what people do to an item's
// money - a consigner adds and reprices items, staff accept, sell at the counter, set statuses and
// money fields by hand, withdraw early with a fee, pay, mark paid; Shopify orders, pays and refunds
// through the signed webhook - as the Admin, the Inventory-only employee and the consigner, all
// through app.inject. A small model says what each step must do; after EVERY step the invariants
// are read back from the database and the API:
//   - a sold item's payout + fees = its price, total = payout x quantity;
//   - a payout's total = the sum of its items and the fees owed it took = the sum of its cheques;
//   - the consigner report (staff) and the portal's cards (the consigner) = the ledger's sums;
//   - nothing is payable (Ready to Pay, in a payout, Paid) without its sale in the ledger;
//   - fees are never negative.
// A violation names its flag. Flags in KNOWN_BROKEN are what today's code still breaks: they are
// recorded and printed, not failed, and the items they spoil are left out of the later checks
// (so one known bug does not hide another). Remove a flag once its fix is merged.
//   MONEY_MODEL_RUNS, MONEY_MODEL_STEPS  runs and steps per run (default 12 x 20)
//   MONEY_MODEL_STRICT=1                  fail on every flag (the shrunk counterexample is printed)
//   MONEY_MODEL_CHECK=<flag>              fail on that flag only, without the spoiling filter
//   MONEY_MODEL_SURVEY=1                  fail on nothing: print every flag the runs broke
//   MONEY_MODEL_SEED=<n>                  replay a seed (with MONEY_MODEL_PATH=<path> for a path)
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHEQUE_LIMIT_MINOR } from '@backroom/domain';
import * as s from '../src/db/schema/index.ts';
import { api, bootWorld, dashboardProfit, deliver, LOCATION, major, newConsigner, readMoney, shopifyOrder, shopifyRefund, type Answer, type MoneyRead, type RunConsigner, type World } from './money-model-fixtures.ts';

// =================================================================================================
// 1. Flags: what each check is called, and which ones today's code is known to break
// =================================================================================================

const FLAGS = [
  // step outcomes the model predicts
  'statusByHandRefused', // PUT status to or from Sold, PendingSale or Paid is refused, for every role
  'soldItemMoneyLocked', // PUT price, payout or payoutFee of a Sold, PendingSale or Paid item is refused
  'withdrawalFeeCollectedAtPayout', // a payout takes the consigner's outstanding early-withdrawal fees (net payable)
  'payoutTotals64bit', // a payout whose total passes 21,474,836.47 is made, with the right totals
  'payoutLocks', // two pays of one item, or a pay and an undo of its sale at once: exactly one wins
  'requestedPayout', // a consigner's request paid by staff is one payout of exactly their ready items, also when paid twice at once
  'saleKeyReplayConflict', // a sale key sent again with other items is refused (409), not answered with the first sale
  'sellableNowAgrees', // the counter and the storefront agree on what is sellable now (Active)
  'dashboardProfitMatchesLedger', // the dashboard's profit moves by the store's commission in the ledger
  'modelTransitions', // everything else a step should do (status, codes, who may)
  // invariants read back after every step
  'soldItemFeesAddUp',
  'payoutTotalsAgree',
  'reportMatchesLedger',
  'portalMatchesLedger',
  'payableHasSale',
  'readyToPayMatchesModel',
  'feesNeverNegative',
] as const;
type Flag = (typeof FLAGS)[number];

/**
 * What today's code breaks (found by this test on PGlite and PostgreSQL; the counterexamples are in
 * the report of the branch that added it). Remove a flag when the fix is merged: the test then fails
 * if the bug comes back.
 */
const KNOWN_BROKEN: readonly Flag[] = [];

const STRICT = process.env.MONEY_MODEL_STRICT === '1';
const SURVEY = process.env.MONEY_MODEL_SURVEY === '1';
const ONLY = process.env.MONEY_MODEL_CHECK as Flag | undefined;
if (ONLY && !FLAGS.includes(ONLY)) throw new Error(`MONEY_MODEL_CHECK=${ONLY} is not one of ${FLAGS.join(', ')}`);
const tolerated = (flag: Flag) => (ONLY ? flag !== ONLY : SURVEY || (!STRICT && KNOWN_BROKEN.includes(flag)));
/** Items spoiled by a tolerated bug are left out of later checks, unless one flag is asked for. */
const SPOIL_SCOPING = !ONLY && !STRICT;

const RUNS = Number(process.env.MONEY_MODEL_RUNS ?? 12);
const STEPS = Number(process.env.MONEY_MODEL_STEPS ?? 20);

/** Tolerated violations seen: printed at the end so a flag whose bug is gone can be spotted. */
const seen = new Map<Flag, { count: number; first: string }>();

class Violation extends Error {}

/** A check that failed: thrown, unless its flag is tolerated (then recorded, and `spoil` runs). */
function violated(flag: Flag, message: string, spoil?: () => void): void {
  const text = `[${flag}] ${message}`;
  if (!tolerated(flag)) throw new Violation(text);
  const entry = seen.get(flag);
  if (entry) entry.count += 1;
  else seen.set(flag, { count: 1, first: text });
  spoil?.();
}
const ensure = (flag: Flag, ok: boolean, message: () => string, spoil?: () => void) => {
  if (!ok) violated(flag, message(), spoil);
};

// =================================================================================================
// 2. The model
// =================================================================================================

type Status = 'Requested' | 'Pending' | 'Active' | 'RequestPriceChange' | 'PendingSale' | 'Sold' | 'Paid' | 'Withdrawn' | (string & {});
const MONEY_STATUSES: readonly string[] = ['PendingSale', 'Sold', 'Paid'];
const isMoney = (status: string) => MONEY_STATUSES.includes(status);
const INT4_MAX = 2_147_483_647;
const MAX_SALE_TOTAL = 2_000_000_000;
const MAX_ITEMS = 14;

type MItem = {
  id: string;
  code: string;
  /** Index of its consigner in the run. */
  c: number;
  price: number;
  quantity: number;
  status: Status;
  orderId: string | null;
  payoutId: string | null;
  /** Changed by a tolerated bug: the model no longer vouches for it. */
  spoiled: boolean;
};
type MLine = { itemId: string; sold: boolean; taken: boolean };
type MOrder = { id: string; source: 'counter' | 'shopify'; shopifyNo: number | null; saleKey: string | null; lines: MLine[]; financial: 'paid' | 'pending'; undone: boolean };
type MPayout = { id: string; itemIds: string[]; paid: boolean; gross: Map<number, number>; collected: Map<number, number> };
type Model = {
  items: MItem[];
  orders: MOrder[];
  payouts: MPayout[];
  /** Outstanding early-withdrawal fees per consigner, as the model expects them. */
  owed: number[];
  spoiledConsigners: Set<number>;
  /** Steps run so far. */
  steps: number;
};
type Real = { w: World; cs: RunConsigner[] };

type Who = 'admin' | 'stock' | 'consigner';
const tokenOf = (r: Real, who: Who, item?: MItem) => (who === 'admin' ? r.w.admin : who === 'stock' ? r.w.stock : r.cs[item?.c ?? 0].token);

const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);
const accepted = (m: Model) => m.items.filter((i) => i.status !== 'Requested' && i.status !== 'Pending');
const spoil = (m: Model, item: MItem) => () => {
  item.spoiled = true;
  m.spoiledConsigners.add(item.c);
};
const ok = (a: Answer) => a.status >= 200 && a.status < 300;
const refused = (a: Answer) => a.status >= 400 && a.status < 500;
const said = (a: Answer) => `${a.status} ${JSON.stringify(a.body).slice(0, 300)}`;

/** The item's row as it is now (after a step the model did not predict). */
async function rowOf(r: Real, id: string) {
  const [row] = await r.w.t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.id, id));
  if (!row) throw new Error(`item ${id} is gone`);
  return row;
}
/** Takes the item's status, order, price and payout from the database. */
async function adopt(r: Real, item: MItem) {
  const row = await rowOf(r, item.id);
  item.status = row.status;
  item.orderId = row.orderId;
  item.price = row.price;
  item.payoutId = row.payoutId;
}

// =================================================================================================
// 3. Commands
// =================================================================================================

type Cmd = fc.AsyncCommand<Model, Real>;

/** A consigner lists an item (Requested, or Pending when pre-approved). */
class AddItem implements Cmd {
  constructor(
    readonly c: number,
    readonly price: number,
    readonly big: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.items.length < MAX_ITEMS;
  async run(m: Model, r: Real) {
    // a big item: 10,000,000.00 x 2 fills an item's total column; two of them pass INT4 in a payout
    const price = this.big ? 1_000_000_000 : this.price;
    const quantity = this.big ? 2 : 1;
    const res = await api.post(r.w, '/api/inventories', r.cs[this.c].token, {
      inventoryFormArray: [{ productId: r.w.refs.sneaker.id, option1Value: '10', option2Value: 'New', option3Value: 'Good Box', price: major(price), quantity }],
    });
    if (res.status !== 201) return violated('modelTransitions', `consigner add: ${said(res)}`);
    const [row] = res.body.data as { id: string; code: string; status: string }[];
    ensure('modelTransitions', row.status === 'Requested' || row.status === 'Pending', () => `a consigner's new item is ${row.status}`);
    m.items.push({ id: row.id, code: row.code, c: this.c, price, quantity, status: row.status, orderId: null, payoutId: null, spoiled: false });
  }
  toString = () => `AddItem(c${this.c}, ${this.big ? 'big' : major(this.price)})`;
}

/** Staff accept a drop-off request and the drop-off: Active at the location. */
class Accept implements Cmd {
  constructor(
    readonly n: number,
    readonly who: 'admin' | 'stock',
  ) {}
  private item = (m: Readonly<Model>) => pick(m.items.filter((i) => i.status === 'Requested' || i.status === 'Pending'), this.n);
  check = (m: Readonly<Model>) => this.item(m) !== undefined;
  async run(m: Model, r: Real) {
    const item = this.item(m)!;
    const token = tokenOf(r, this.who);
    if (item.status === 'Requested') {
      const res = await api.post(r.w, '/api/inventories/acceptRequestToSell', token, { id: item.id, location: LOCATION });
      if (!ok(res)) return violated('modelTransitions', `acceptRequestToSell: ${said(res)}`);
    }
    const res = await api.post(r.w, '/api/inventories/acceptInventory', token, { id: item.id, location: LOCATION });
    if (!ok(res)) return violated('modelTransitions', `acceptInventory: ${said(res)}`);
    item.status = 'Active';
  }
  toString = () => `Accept(#${this.n}, ${this.who})`;
}

/** The consigner asks a new price, staff accept it: the fees are worked out again. */
class PriceChange implements Cmd {
  constructor(
    readonly n: number,
    readonly price: number,
    readonly who: 'admin' | 'stock',
  ) {}
  private item = (m: Readonly<Model>) => pick(m.items.filter((i) => i.status === 'Active' || i.status === 'RequestPriceChange'), this.n);
  check = (m: Readonly<Model>) => this.item(m) !== undefined;
  async run(m: Model, r: Real) {
    const item = this.item(m)!;
    const asked = await api.post(r.w, '/api/inventories/requestPriceChange', r.cs[item.c].token, { id: item.id, requestedPrice: major(this.price) });
    if (!ok(asked)) return violated('modelTransitions', `requestPriceChange: ${said(asked)}`);
    const res = await api.post(r.w, '/api/inventories/acceptInventoryPrice', tokenOf(r, this.who), { id: item.id });
    if (!ok(res)) return violated('modelTransitions', `acceptInventoryPrice: ${said(res)}`);
    Object.assign(item, { status: 'Active', price: this.price });
  }
  toString = () => `PriceChange(#${this.n}, ${major(this.price)}, ${this.who})`;
}

/** An edit of the item's money by hand (PUT): fine on stock, refused once the item is sold. */
class EditMoney implements Cmd {
  constructor(
    readonly n: number,
    readonly field: 'price' | 'payout' | 'payoutFee',
    /** Per mille of the current price (price: of a new price up to twice the old one). */
    readonly share: number,
    readonly who: Who,
  ) {}
  private item = (m: Readonly<Model>) => pick(accepted(m).filter((i) => i.status === 'Active' || isMoney(i.status)), this.n);
  check = (m: Readonly<Model>) => this.item(m) !== undefined;
  async run(m: Model, r: Real) {
    const item = this.item(m)!;
    const base = this.field === 'price' ? Math.min(Math.round((item.price * (1000 + this.share)) / 1000), 1_000_000_000) : item.price;
    const value = this.field === 'price' ? Math.max(base, 2_500) : Math.round((item.price * this.share) / 1000);
    // the same value again changes nothing (and is not refused): nothing to check
    if ((await rowOf(r, item.id))[this.field] === value) return;
    const res = await api.put(r.w, `/api/inventories/${item.id}`, tokenOf(r, this.who, item), { [this.field]: major(value) });
    if (this.who === 'consigner') return ensure('modelTransitions', refused(res), () => `a consigner edited ${this.field}: ${said(res)}`);
    if (isMoney(item.status)) {
      // design.md "Money": a sold item's money fields are locked, corrected only by an adjustment entry
      if (!refused(res)) {
        violated('soldItemMoneyLocked', `${this.who} set ${this.field} of a ${item.status} item to ${major(value)}: ${res.status}`, spoil(m, item));
        await adopt(r, item);
      }
      return;
    }
    if (!ok(res)) return violated('modelTransitions', `${this.who} edit of ${this.field} on an Active item: ${said(res)}`);
    if (this.field === 'price') item.price = value;
  }
  toString = () => `EditMoney(#${this.n}, ${this.field}, ${this.share}‰, ${this.who})`;
}

/** The item screen's status dropdown (PUT status): money statuses are reached only through their paths. */
class StatusByHand implements Cmd {
  constructor(
    readonly n: number,
    readonly to: 'Sold' | 'Paid' | 'PendingSale' | 'Active',
    readonly who: Who,
  ) {}
  private item = (m: Readonly<Model>) => pick(accepted(m), this.n);
  check = (m: Readonly<Model>) => this.item(m) !== undefined;
  async run(m: Model, r: Real) {
    const item = this.item(m)!;
    const from = item.status;
    const res = await api.put(r.w, `/api/inventories/${item.id}`, tokenOf(r, this.who, item), { status: this.to });
    if (this.who === 'consigner') return ensure('modelTransitions', refused(res) || from === this.to, () => `a consigner set status ${this.to}: ${said(res)}`);
    if (from === this.to) return;
    if (isMoney(this.to) || isMoney(from)) {
      if (!refused(res)) {
        violated('statusByHandRefused', `${this.who} set a ${from} item to ${this.to} by hand: ${res.status}`, spoil(m, item));
        await adopt(r, item);
      }
      return;
    }
    if (!ok(res)) return violated('modelTransitions', `${this.who} set a ${from} item Active: ${said(res)}`);
    item.status = 'Active';
  }
  toString = () => `StatusByHand(#${this.n}, ${this.to}, ${this.who})`;
}

/**
 * Two big items (10,000,000.00 x 2 each) listed, accepted and sold at the counter one by one: a
 * payout of both passes 21,474,836.47, the largest total a 32-bit column holds (design.md "Money":
 * sums are 64-bit). One step, so that random runs reach it.
 */
class BigPair implements Cmd {
  constructor(readonly c: number) {}
  check = (m: Readonly<Model>) => m.items.length + 2 <= MAX_ITEMS;
  async run(m: Model, r: Real) {
    for (const c of [this.c, 1 - this.c]) {
      const before = m.items.length;
      await new AddItem(c, 0, true).run(m, r);
      if (m.items.length === before) return;
      const item = m.items.at(-1)!;
      await new Accept(m.items.filter((i) => i.status === 'Requested' || i.status === 'Pending').indexOf(item), 'admin').run(m, r);
      if (item.status !== 'Active') return;
      await new CounterSale(m.items.filter((i) => i.status === 'Active').indexOf(item), null, 'admin').run(m, r);
    }
  }
  toString = () => `BigPair(c${this.c})`;
}

/** Held items of an order: the ones it sold and still holds (the model's view). */
const heldBy = (m: Readonly<Model>, order: MOrder) =>
  order.lines.filter((l) => l.sold && !l.taken).flatMap((l) => m.items.filter((i) => i.id === l.itemId && i.orderId === order.id && (i.status === 'Sold' || i.status === 'PendingSale')));
const paidOut = (i: MItem) => i.payoutId !== null || i.status === 'Paid';

/** A counter sale of one or two Active items (Orders access: the Admin; the stock employee is refused). */
class CounterSale implements Cmd {
  constructor(
    readonly a: number,
    readonly b: number | null,
    readonly who: 'admin' | 'stock',
  ) {}
  private items = (m: Readonly<Model>) => {
    const active = m.items.filter((i) => i.status === 'Active');
    const first = pick(active, this.a);
    const second = this.b === null ? undefined : pick(active, this.b);
    return first ? [first, ...(second && second !== first ? [second] : [])] : [];
  };
  check = (m: Readonly<Model>) => this.items(m).length > 0;
  async run(m: Model, r: Real) {
    const items = this.items(m);
    const saleKey = `mm-${randomUUID()}`;
    const res = await api.post(r.w, '/api/sales', tokenOf(r, this.who), { lines: items.map((i) => ({ inventoryId: i.id })), paymentMethod: 'card', saleKey });
    if (this.who === 'stock') return ensure('modelTransitions', refused(res), () => `an Inventory-only employee sold at the counter: ${said(res)}`);
    const total = items.reduce((t, i) => t + i.price * i.quantity, 0);
    if (total > MAX_SALE_TOTAL) return ensure('modelTransitions', res.status === 422, () => `a sale of ${major(total)}: ${said(res)}`);
    if (res.status !== 201) return violated('modelTransitions', `counter sale: ${said(res)}`);
    const orderId = (res.body.data as { sale: { id: string } }).sale.id;
    for (const i of items) Object.assign(i, { status: 'Sold', orderId });
    m.orders.push({ id: orderId, source: 'counter', shopifyNo: null, saleKey, financial: 'paid', undone: false, lines: items.map((i) => ({ itemId: i.id, sold: true, taken: false })) });
  }
  toString = () => `CounterSale(#${this.a}${this.b === null ? '' : `, #${this.b}`}, ${this.who})`;
}

/** The counter's sale key sent again: the same lines answer the first sale; other lines are refused. */
class ReplaySaleKey implements Cmd {
  constructor(
    readonly n: number,
    readonly other: number | null,
  ) {}
  private order = (m: Readonly<Model>) => pick(m.orders.filter((o) => o.saleKey), this.n);
  check = (m: Readonly<Model>) => this.order(m) !== undefined;
  async run(m: Model, r: Real) {
    const order = this.order(m)!;
    const others = m.items.filter((i) => i.status === 'Active' && !order.lines.some((l) => l.itemId === i.id) && i.price * i.quantity <= MAX_SALE_TOTAL);
    const other = this.other === null ? undefined : pick(others, this.other);
    const lines = other ? [{ inventoryId: other.id }] : order.lines.map((l) => ({ inventoryId: l.itemId }));
    const res = await api.post(r.w, '/api/sales', r.w.admin, { lines, paymentMethod: 'card', saleKey: order.saleKey });
    if (!other) {
      const id = ok(res) ? (res.body.data as { sale: { id: string } }).sale.id : null;
      return ensure('modelTransitions', res.status === 200 && id === order.id, () => `the same sale sent again: ${said(res)}`);
    }
    if (res.status !== 409) {
      violated('saleKeyReplayConflict', `sale key of ${order.id} sent again with another item: ${res.status}`);
      // whatever was answered, the other item must not have been sold silently by a repeat
      await adopt(r, other);
      ensure('modelTransitions', other.status === 'Active' || res.status === 201, () => `replay moved ${other.code} to ${other.status}`);
    }
  }
  toString = () => `ReplaySaleKey(#${this.n}${this.other === null ? '' : `, other #${this.other}`})`;
}

/** Undo a counter sale: items back to Active, refused once any of them is paid out. */
class UndoSale implements Cmd {
  constructor(readonly n: number) {}
  private order = (m: Readonly<Model>) => pick(m.orders.filter((o) => o.source === 'counter' && !o.undone), this.n);
  check = (m: Readonly<Model>) => this.order(m) !== undefined;
  async run(m: Model, r: Real) {
    const order = this.order(m)!;
    const res = await api.post(r.w, `/api/sales/${order.id}/undo`, r.w.admin);
    const held = heldBy(m, order);
    const lineItems = order.lines.flatMap((l) => m.items.filter((i) => i.id === l.itemId && i.orderId === order.id));
    if (lineItems.some(paidOut)) return ensure('modelTransitions', res.status === 409, () => `undo of a paid-out sale: ${said(res)}`);
    if (!ok(res)) return violated('modelTransitions', `undo: ${said(res)}`);
    order.undone = true;
    for (const i of held) Object.assign(i, { status: 'Active', orderId: null });
  }
  toString = () => `UndoSale(#${this.n})`;
}

let shopifySeq = 8_100_000_000;

/** Shopify places an order (paid or pending) for one or two items; the counter is asked first what it would sell. */
class ShopifyOrder implements Cmd {
  constructor(
    readonly a: number,
    readonly b: number | null,
    readonly pending: boolean,
  ) {}
  private items = (m: Readonly<Model>) => {
    const listed = accepted(m).filter((i) => i.quantity === 1);
    const first = pick(listed, this.a);
    const second = this.b === null ? undefined : pick(listed, this.b);
    return first ? [first, ...(second && second !== first ? [second] : [])] : [];
  };
  check = (m: Readonly<Model>) => this.items(m).length > 0;
  async run(m: Model, r: Real) {
    const items = this.items(m);
    // design.md "Money": one definition of sellable now for every path (the transition table: Active)
    const counterSays = new Map<string, boolean>();
    for (const i of items) {
      const res = await api.get(r.w, `/api/sales/item?code=${encodeURIComponent(i.code)}`, r.w.admin);
      counterSays.set(i.id, res.status === 200);
      ensure('sellableNowAgrees', (res.status === 200) === (i.status === 'Active'), () => `the counter says ${i.code} (${i.status}) ${res.status === 200 ? 'is' : 'is not'} sellable`);
    }
    const no = ++shopifySeq;
    const res = await deliver(r.w, 'orders/create', shopifyOrder('orders/create', { id: no, items, financialStatus: this.pending ? 'pending' : 'paid' }));
    if (!ok(res)) return violated('modelTransitions', `orders/create: ${said(res)}`);
    const orderId = (res.body.data as { orderId: string | null }).orderId;
    if (!orderId) return violated('modelTransitions', `orders/create recorded no order: ${said(res)}`);
    const lines: MLine[] = [];
    for (const i of items) {
      const before = i.status;
      const row = await rowOf(r, i.id);
      const sold = row.orderId === orderId;
      ensure('sellableNowAgrees', sold === counterSays.get(i.id), () => `Shopify ${sold ? 'sold' : 'did not sell'} ${i.code} (${before}) but the counter says it ${counterSays.get(i.id) ? 'is' : 'is not'} sellable`);
      ensure('modelTransitions', sold === (before === 'Active'), () => `Shopify ${sold ? 'sold' : 'did not sell'} a ${before} item`);
      if (sold) Object.assign(i, { status: this.pending ? 'PendingSale' : 'Sold', orderId });
      ensure('modelTransitions', !sold || row.status === i.status, () => `a Shopify ${this.pending ? 'pending' : 'paid'} order made ${i.code} ${row.status}`, spoil(m, i));
      if (sold && row.status !== i.status) await adopt(r, i);
      lines.push({ itemId: i.id, sold, taken: false });
    }
    m.orders.push({ id: orderId, source: 'shopify', shopifyNo: no, saleKey: null, financial: this.pending ? 'pending' : 'paid', undone: false, lines });
  }
  toString = () => `ShopifyOrder(#${this.a}${this.b === null ? '' : `, #${this.b}`}, ${this.pending ? 'pending' : 'paid'})`;
}

/** Shopify's orders/paid for a pending order: its held items become Sold. */
class ShopifyPaid implements Cmd {
  constructor(readonly n: number) {}
  private order = (m: Readonly<Model>) => pick(m.orders.filter((o) => o.source === 'shopify' && o.financial === 'pending' && !o.undone), this.n);
  check = (m: Readonly<Model>) => this.order(m) !== undefined;
  async run(m: Model, r: Real) {
    const order = this.order(m)!;
    const items = order.lines.map((l) => m.items.find((i) => i.id === l.itemId)!);
    const held = heldBy(m, order);
    const res = await deliver(r.w, 'orders/paid', shopifyOrder('orders/paid', { id: order.shopifyNo!, items, financialStatus: 'paid' }));
    if (!ok(res)) return violated('modelTransitions', `orders/paid: ${said(res)}`);
    order.financial = 'paid';
    for (const i of held) if (i.status === 'PendingSale') i.status = 'Sold';
  }
  toString = () => `ShopifyPaid(#${this.n})`;
}

/** Shopify refunds one line: its item back on sale, unless it is already paid out (then flagged, kept). */
class ShopifyRefund implements Cmd {
  constructor(
    readonly n: number,
    readonly line: number,
  ) {}
  private order = (m: Readonly<Model>) => pick(m.orders.filter((o) => o.source === 'shopify' && !o.undone && o.lines.some((l) => !l.taken)), this.n);
  check = (m: Readonly<Model>) => this.order(m) !== undefined;
  async run(m: Model, r: Real) {
    const order = this.order(m)!;
    const open = order.lines.map((l, index) => ({ l, index })).filter(({ l }) => !l.taken);
    const { l, index } = pick(open, this.line)!;
    const res = await deliver(r.w, 'refunds/create', shopifyRefund(order.shopifyNo!, index));
    if (!ok(res)) return violated('modelTransitions', `refunds/create: ${said(res)}`);
    const item = m.items.find((i) => i.id === l.itemId)!;
    const holds = l.sold && item.orderId === order.id && (item.status === 'Sold' || item.status === 'PendingSale');
    if (holds && paidOut(item)) return; // flagged on the order, the item stays paid out
    l.taken = true;
    if (holds) Object.assign(item, { status: 'Active', orderId: null });
    if (order.lines.every((x) => x.taken)) order.undone = true;
  }
  toString = () => `ShopifyRefund(#${this.n}, line ${this.line})`;
}

/** Staff withdraw an item early with a fee (owed by the consigner, taken from a later payout); a consigner may not charge it. */
class WithdrawEarly implements Cmd {
  constructor(
    readonly n: number,
    readonly fee: number,
    readonly who: Who,
  ) {}
  private item = (m: Readonly<Model>) => pick(m.items.filter((i) => i.status === 'Active' || i.status === 'RequestPriceChange'), this.n);
  check = (m: Readonly<Model>) => this.item(m) !== undefined;
  async run(m: Model, r: Real) {
    const item = this.item(m)!;
    const res = await api.post(r.w, '/api/inventories/withdrawInventory', tokenOf(r, this.who, item), { id: item.id, isWithdrawnEarly: true, withdrawalFee: major(this.fee) });
    if (this.who === 'consigner') return ensure('modelTransitions', refused(res), () => `a consigner withdrew early: ${said(res)}`);
    if (!ok(res)) return violated('modelTransitions', `withdraw early: ${said(res)}`);
    item.status = 'Withdrawn';
    m.owed[item.c] += this.fee;
  }
  toString = () => `WithdrawEarly(#${this.n}, ${major(this.fee)}, ${this.who})`;
}

/** The model's Ready to Pay: Sold and in no payout. */
const readyOf = (m: Readonly<Model>) => m.items.filter((i) => i.status === 'Sold' && i.payoutId === null);

/**
 * A payout made of these items, as the model keeps it: their payoutId, each consigner's gross (the
 * items' totals at payout) and what it takes of their outstanding fees (design.md "Money": a payout
 * deducts outstanding fees, net payable).
 */
async function recordPayout(m: Model, r: Real, payoutId: string, items: MItem[]): Promise<void> {
  const rows = await Promise.all(items.map((i) => rowOf(r, i.id)));
  const payout: MPayout = { id: payoutId, itemIds: items.map((i) => i.id), paid: false, gross: new Map(), collected: new Map() };
  items.forEach((i, k) => {
    i.payoutId = payoutId;
    payout.gross.set(i.c, (payout.gross.get(i.c) ?? 0) + rows[k].total);
  });
  for (const [c, gross] of payout.gross) {
    const taken = Math.min(m.owed[c], gross);
    payout.collected.set(c, taken);
    m.owed[c] -= taken;
  }
  m.payouts.push(payout);
}

const totalOf = async (r: Real, items: MItem[]) => (await Promise.all(items.map((i) => rowOf(r, i.id)))).reduce((t, row) => t + row.total, 0);

/** A payout of some (mask) or all ready items; only the Admin (Orders access) may. */
class Pay implements Cmd {
  constructor(
    readonly mask: number,
    readonly who: Who,
  ) {}
  check = (m: Readonly<Model>) => readyOf(m).some((i) => !i.spoiled);
  async run(m: Model, r: Real) {
    const ready = readyOf(m).filter((i) => !i.spoiled);
    const chosen = ready.filter((_, k) => (this.mask >> k) & 1);
    const items = chosen.length ? chosen : ready;
    const res = await api.post(r.w, '/api/payouts/pay', tokenOf(r, this.who, items[0]), { inventoriesToPay: items.map((i) => i.id), consignersAndInventories: [] });
    if (this.who !== 'admin') return ensure('modelTransitions', refused(res), () => `${this.who} made a payout: ${said(res)}`);
    if (res.status !== 201) {
      const total = await totalOf(r, items);
      if (total > INT4_MAX) return violated('payoutTotals64bit', `a payout of ${major(total)}: ${said(res)}`);
      return violated('modelTransitions', `pay: ${said(res)}`);
    }
    await recordPayout(m, r, (res.body.data as { id: string }).id, items);
  }
  toString = () => `Pay(mask ${this.mask.toString(2)}, ${this.who})`;
}

/** Mark a payout paid: its Sold items become Paid, each with a payout entry in the ledger. */
class MarkPaid implements Cmd {
  constructor(
    readonly n: number,
    readonly who: Who,
  ) {}
  private payout = (m: Readonly<Model>) => pick(m.payouts.filter((p) => !p.paid), this.n);
  check = (m: Readonly<Model>) => this.payout(m) !== undefined;
  async run(m: Model, r: Real) {
    const payout = this.payout(m)!;
    const items = payout.itemIds.map((id) => m.items.find((i) => i.id === id)!);
    const res = await api.post(r.w, `/api/payouts/paid/${payout.id}`, tokenOf(r, this.who, items[0]), {});
    if (this.who !== 'admin') return ensure('modelTransitions', refused(res), () => `${this.who} marked a payout paid: ${said(res)}`);
    if (!ok(res)) return violated('modelTransitions', `mark paid: ${said(res)}`);
    payout.paid = true;
    for (const i of items) if (i.status === 'Sold') i.status = 'Paid';
    const db = r.w.t.ctx.db;
    const consigners = await db.select().from(s.consigners).where(inArray(s.consigners.id, r.cs.map((x) => x.id)));
    // what the consigner was paid: the items' payout entries and the fees the payout took (net payable)
    const ledger = await db.select().from(s.ledgerEntries).where(and(eq(s.ledgerEntries.payoutId, payout.id), inArray(s.ledgerEntries.kind, ['payout', 'payout_deduction'])));
    for (const [c, gross] of payout.gross) {
      const owes = consigners.find((x) => x.id === r.cs[c].id)!.outstandingWithdrawalFees;
      const paid = -ledger.filter((e) => e.consignerId === r.cs[c].id).reduce((t, e) => t + e.amount, 0);
      const net = gross - payout.collected.get(c)!;
      ensure(
        'withdrawalFeeCollectedAtPayout',
        owes === m.owed[c] && paid === net,
        () => `c${c}: share ${major(gross)}, fees owed before ${major(m.owed[c] + payout.collected.get(c)!)}: paid ${major(paid)} (expected ${major(net)}), still owes ${major(owes)} (expected ${major(m.owed[c])})`,
        () => {
          m.owed[c] = owes;
        },
      );
    }
  }
  toString = () => `MarkPaid(#${this.n}, ${this.who})`;
}

/** Retry Auto Payout on a payout paid by hand: refused, nothing changes. */
class RetryAutoPayout implements Cmd {
  constructor(readonly n: number) {}
  check = (m: Readonly<Model>) => m.payouts.length > 0;
  async run(m: Model, r: Real) {
    const payout = pick(m.payouts, this.n)!;
    const res = await api.post(r.w, '/api/checkbook/retryAutoPayout', r.w.admin, { payoutId: payout.id });
    ensure('modelTransitions', res.status === 409, () => `retry of a manual payout: ${said(res)}`);
  }
  toString = () => `RetryAutoPayout(#${this.n})`;
}

/** Two pays of the same ready items at once: one payout, the other refused. */
class RacePayTwice implements Cmd {
  check = (m: Readonly<Model>) => readyOf(m).some((i) => !i.spoiled);
  async run(m: Model, r: Real) {
    const items = readyOf(m).filter((i) => !i.spoiled);
    const body = { inventoriesToPay: items.map((i) => i.id), consignersAndInventories: [] };
    const answers = await Promise.all([api.post(r.w, '/api/payouts/pay', r.w.admin, body), api.post(r.w, '/api/payouts/pay', r.w.admin, body)]);
    const won = answers.filter((a) => a.status === 201);
    if (won.length === 0 && (await totalOf(r, items)) > INT4_MAX) return violated('payoutTotals64bit', `a payout of ${major(await totalOf(r, items))}: ${answers.map(said).join(' | ')}`);
    ensure('payoutLocks', won.length === 1 && answers.some((a) => a.status === 409), () => `two pays at once: ${answers.map(said).join(' | ')}`, () => items.forEach((i) => spoil(m, i)()));
    if (won.length > 0) await recordPayout(m, r, (won[0].body.data as { id: string }).id, items);
  }
  toString = () => 'RacePayTwice()';
}

/**
 * Payouts on request (docs/consigner-account.md): the consigner of a ready item asks to be paid, then
 * staff pay the request (twice at once now and then): one payout of exactly that consigner's ready
 * items, the other pay refused. A refusal to ask (nothing payable after the fees they owe) writes nothing.
 */
class RequestAndPay implements Cmd {
  constructor(
    readonly n: number,
    readonly twice: boolean,
  ) {}
  private consigner = (m: Readonly<Model>) => pick([...new Set(readyOf(m).filter((i) => !i.spoiled && !m.spoiledConsigners.has(i.c)).map((i) => i.c))], this.n);
  check = (m: Readonly<Model>) => this.consigner(m) !== undefined;
  async run(m: Model, r: Real) {
    const c = this.consigner(m)!;
    const items = readyOf(m).filter((i) => i.c === c);
    const asked = await api.post(r.w, '/api/payouts/requests', tokenOf(r, 'consigner', items[0]), { confirm: true });
    if (asked.status === 422) {
      // nothing payable: the fees they owe (or corrections of paid items) take it all
      const message = (asked.body as { error?: string }).error;
      return ensure('requestedPayout', message === 'Nothing is ready to pay yet', () => `ask refused: ${said(asked)}`);
    }
    if (!ok(asked)) return violated('requestedPayout', `ask: ${said(asked)}`);
    const request = asked.body.data as { id: string; status: string };
    const url = `/api/payouts/requests/${request.id}/pay`;
    const answers = this.twice ? await Promise.all([api.post(r.w, url, r.w.admin), api.post(r.w, url, r.w.admin)]) : [await api.post(r.w, url, r.w.admin)];
    const won = answers.filter((a) => a.status === 201);
    if (request.status !== 'Open') return ensure('requestedPayout', won.length === 0, () => `a ${request.status} request paid again: ${answers.map(said).join(' | ')}`);
    if (won.length !== 1 || answers.some((a) => a.status !== 201 && a.status !== 409)) {
      if (won.length === 0 && (await totalOf(r, items)) > INT4_MAX) return violated('payoutTotals64bit', `a requested payout of ${major(await totalOf(r, items))}: ${answers.map(said).join(' | ')}`);
      return violated('requestedPayout', `pay request: ${answers.map(said).join(' | ')}`, () => items.forEach((i) => spoil(m, i)()));
    }
    const payout = won[0].body.data as { id: string; inventories: string[] };
    const expected = items.map((i) => i.id).sort();
    ensure('requestedPayout', JSON.stringify([...payout.inventories].sort()) === JSON.stringify(expected), () => `request paid ${payout.inventories.length} items, the model's ready items of c${c} are ${expected.length}`, () =>
      items.forEach((i) => spoil(m, i)()),
    );
    await recordPayout(m, r, payout.id, items);
  }
  toString = () => `RequestAndPay(#${this.n}${this.twice ? ', twice at once' : ''})`;
}

/** A pay and an undo of the same counter sale at once: exactly one of them happens. */
class RacePayAndUndo implements Cmd {
  constructor(readonly n: number) {}
  private order = (m: Readonly<Model>) =>
    pick(
      m.orders.filter((o) => o.source === 'counter' && !o.undone && heldBy(m, o).length > 0 && heldBy(m, o).every((i) => i.status === 'Sold' && i.payoutId === null && !i.spoiled)),
      this.n,
    );
  check = (m: Readonly<Model>) => this.order(m) !== undefined;
  async run(m: Model, r: Real) {
    const order = this.order(m)!;
    const items = heldBy(m, order);
    const [paid, undone] = await Promise.all([
      api.post(r.w, '/api/payouts/pay', r.w.admin, { inventoriesToPay: items.map((i) => i.id), consignersAndInventories: [] }),
      api.post(r.w, `/api/sales/${order.id}/undo`, r.w.admin),
    ]);
    const both = ok(paid) && ok(undone);
    ensure('payoutLocks', ok(paid) !== ok(undone), () => `pay ${said(paid)} and undo ${said(undone)} of ${order.id} at once`, () => items.forEach((i) => spoil(m, i)()));
    if (ok(undone)) {
      order.undone = true;
      for (const i of items) Object.assign(i, { status: 'Active', orderId: null });
    }
    if (ok(paid)) await recordPayout(m, r, (paid.body.data as { id: string }).id, items);
    if (both) for (const i of items) await adopt(r, i);
  }
  toString = () => `RacePayAndUndo(#${this.n})`;
}

/**
 * A correction of a sold item's money (docs/sales.md "Corrections"): an explicit adjustment through
 * POST /api/inventories/{id}/adjustments (staff with Orders), the sale and fee entries written with
 * it. It runs on a sold item no payout holds yet, so the next payout pays the corrected amount; the
 * Inventory-only employee is refused.
 */
const ADJUSTMENT_ROUTE = { method: 'POST' as const, url: '/api/inventories/:id/adjustments' };

class PayoutAdjustment implements Cmd {
  constructor(
    readonly n: number,
    readonly amount: number,
    readonly who: 'admin' | 'stock' = 'admin',
  ) {}
  private item = (m: Readonly<Model>) => pick(readyOf(m).filter((i) => !i.spoiled), this.n);
  check = (m: Readonly<Model>) => this.item(m) !== undefined;
  async run(m: Model, r: Real) {
    const item = this.item(m)!;
    const before = await rowOf(r, item.id);
    // within what a price may be (1.00 to 10,000,000.00: the domain's money bound)
    const price = Math.min(1_000_000_000, Math.max(100, before.price + this.amount));
    const res = await api.post(r.w, `/api/inventories/${item.id}/adjustments`, tokenOf(r, this.who, item), { price: major(price), reason: 'money model' });
    if (this.who !== 'admin') return ensure('modelTransitions', refused(res), () => `${this.who} corrected a sale: ${said(res)}`);
    if (price === before.price) return ensure('modelTransitions', refused(res), () => `a correction that changes nothing: ${said(res)}`);
    if (!ok(res)) return violated('modelTransitions', `correction of ${item.code}: ${said(res)}`);
    item.price = price;
  }
  toString = () => `PayoutAdjustment(#${this.n}, ${major(this.amount)}, ${this.who})`;
}

function commandArbitraries(features: { payoutAdjustment: boolean }) {
  const n = fc.nat(40);
  const price = fc.integer({ min: 3_000, max: 60_000 }); // 30.00 to 600.00: fees stay below the price
  const staff = fc.constantFrom<'admin' | 'stock'>('admin', 'stock');
  const anyone = fc.constantFrom<Who>('admin', 'admin', 'stock', 'consigner');
  const arbs: fc.Arbitrary<Cmd>[] = [
    fc.tuple(fc.nat(1), price, fc.nat(7)).map(([c, p, big]) => new AddItem(c, p, big === 0)),
    fc.tuple(fc.nat(1), price).map(([c, p]) => new AddItem(c, p, false)),
    fc.tuple(fc.nat(1), price).map(([c, p]) => new AddItem(c, p, false)),
    fc.tuple(n, staff).map(([k, who]) => new Accept(k, who)),
    fc.tuple(n, staff).map(([k, who]) => new Accept(k, who)),
    fc.tuple(n, staff).map(([k, who]) => new Accept(k, who)),
    fc.nat(1).map((c) => new BigPair(c)),
    fc.tuple(n, price, staff).map(([k, p, who]) => new PriceChange(k, p, who)),
    fc.tuple(n, fc.constantFrom<'price' | 'payout' | 'payoutFee'>('price', 'payout', 'payoutFee'), fc.integer({ min: 0, max: 1000 }), anyone).map(([k, f, sh, who]) => new EditMoney(k, f, sh, who)),
    fc.tuple(n, fc.constantFrom<'Sold' | 'Paid' | 'PendingSale' | 'Active'>('Sold', 'Paid', 'PendingSale', 'Active'), anyone).map(([k, to, who]) => new StatusByHand(k, to, who)),
    fc.tuple(n, fc.constantFrom<'Sold' | 'Paid' | 'PendingSale'>('Sold', 'Paid', 'PendingSale'), staff).map(([k, to, who]) => new StatusByHand(k, to, who)),
    fc.tuple(n, fc.option(n, { freq: 3 }), fc.constantFrom<'admin' | 'stock'>('admin', 'admin', 'admin', 'stock')).map(([a, b, who]) => new CounterSale(a, b, who)),
    fc.tuple(n, fc.option(n)).map(([k, o]) => new ReplaySaleKey(k, o)),
    fc.tuple(n, fc.option(n, { freq: 3 })).map(([a, b]) => new CounterSale(a, b, 'admin')),
    n.map((k) => new UndoSale(k)),
    fc.tuple(n, fc.option(n, { freq: 3 }), fc.boolean()).map(([a, b, pending]) => new ShopifyOrder(a, b, pending)),
    fc.tuple(n, fc.constant(null), fc.boolean()).map(([a, b, pending]) => new ShopifyOrder(a, b, pending)),
    n.map((k) => new ShopifyPaid(k)),
    fc.tuple(n, n).map(([k, l]) => new ShopifyRefund(k, l)),
    fc.tuple(n, fc.integer({ min: 100, max: 5_000 }), fc.constantFrom<Who>('admin', 'stock', 'consigner')).map(([k, fee, who]) => new WithdrawEarly(k, fee, who)),
    fc.tuple(fc.nat(1023), fc.constantFrom<Who>('admin', 'admin', 'admin', 'stock', 'consigner')).map(([mask, who]) => new Pay(mask, who)),
    fc.tuple(fc.nat(1023), fc.constant<Who>('admin')).map(([mask, who]) => new Pay(mask, who)),
    fc.tuple(n, fc.constantFrom<Who>('admin', 'admin', 'stock')).map(([k, who]) => new MarkPaid(k, who)),
    n.map((k) => new MarkPaid(k, 'admin')),
    n.map((k) => new RetryAutoPayout(k)),
    fc.constant(new RacePayTwice()),
    n.map((k) => new RacePayAndUndo(k)),
    fc.tuple(n, fc.boolean()).map(([k, twice]) => new RequestAndPay(k, twice)),
  ];
  if (features.payoutAdjustment) arbs.push(fc.tuple(n, fc.integer({ min: -5_000, max: 5_000 }), staff).map(([k, a, who]) => new PayoutAdjustment(k, a, who)));
  return arbs;
}

// =================================================================================================
// 4. Invariants, read back after every step
// =================================================================================================

const minor = (majorUnits: number) => Math.round(majorUnits * 100);

function checkInvariants(m: Model, r: Real, read: MoneyRead): void {
  const modelItem = new Map(m.items.map((i) => [i.id, i]));
  const fine = (id: string | null) => !SPOIL_SCOPING || !modelItem.get(id ?? '')?.spoiled;
  const entriesOf = (id: string) => read.ledger.filter((e) => e.inventoryId === id);

  // a sold item's payout + fees = its price; total = payout x quantity; fees never negative
  for (const item of read.items) {
    ensure('feesNeverNegative', item.payoutFee >= 0 && item.payout >= 0, () => `${item.code}: payoutFee ${major(item.payoutFee)}, payout ${major(item.payout)}`);
    if (!isMoney(item.status)) continue;
    ensure(
      'soldItemFeesAddUp',
      item.payout + item.payoutFee === item.price && item.total === item.payout * item.quantity,
      () => `${item.code} (${item.status}): price ${major(item.price)}, payout ${major(item.payout)}, fees ${major(item.payoutFee)}, total ${major(item.total)} x ${item.quantity}`,
    );
  }
  for (const c of read.consignerRows) ensure('feesNeverNegative', c.outstandingWithdrawalFees >= 0, () => `${c.email} owes ${major(c.outstandingWithdrawalFees)} of withdrawal fees`);
  for (const e of read.ledger) {
    const sign = e.kind === 'fee' || e.kind === 'withdrawal_fee' ? -1 : e.kind === 'fee_undone' ? 1 : 0;
    ensure('feesNeverNegative', sign === 0 || e.amount * sign >= 0, () => `a ${e.kind} entry of ${major(e.amount)}`);
  }

  // a payout's total = the sum of its items plus the fees owed it took (net payable, negative) = the
  // sum of its cheques (each cheque at most 2,000); a share never goes below zero
  for (const p of read.payouts) {
    const deductions = read.payoutDeductions.filter((x) => x.payoutId === p.id);
    const items = read.payoutItems.filter((x) => x.payoutId === p.id).reduce((t, x) => t + x.amount, 0) + deductions.reduce((t, x) => t + x.amount, 0);
    const cheques = read.cheques.filter((x) => x.payoutId === p.id);
    const chequeSum = cheques.reduce((t, x) => t + x.amount, 0);
    ensure(
      'payoutTotalsAgree',
      p.total === items && p.total === chequeSum && cheques.every((x) => x.amount > 0 && x.amount <= CHEQUE_LIMIT_MINOR),
      () => `${p.name}: total ${major(p.total)}, items ${major(items)}, cheques ${major(chequeSum)} in ${cheques.length}`,
    );
  }

  // the report (staff) and the portal's cards (the consigner) = the ledger's sums
  r.cs.forEach((c, k) => {
    if (SPOIL_SCOPING && m.spoiledConsigners.has(k)) return;
    const mine = read.ledger.filter((e) => e.consignerId === c.id);
    const sum = (...kinds: string[]) => mine.filter((e) => kinds.includes(e.kind)).reduce((t, e) => t + e.amount, 0);
    const ledger = { totalSold: sum('sale', 'sale_undone', 'sale_adjustment'), totalPaid: -sum('payout', 'payout_deduction'), totalPending: mine.reduce((t, e) => t + e.amount, 0) };
    for (const [flag, report] of [
      ['reportMatchesLedger', read.staffReports[k]],
      ['portalMatchesLedger', read.portalReports[k]],
    ] as const) {
      ensure(
        flag,
        minor(report.totalSold) === ledger.totalSold && minor(report.totalPaid) === ledger.totalPaid && minor(report.totalPending) === ledger.totalPending,
        () => `c${k}: report ${JSON.stringify({ totalSold: report.totalSold, totalPaid: report.totalPaid, totalPending: report.totalPending })}, ledger ${JSON.stringify({ totalSold: major(ledger.totalSold), totalPaid: major(ledger.totalPaid), totalPending: major(ledger.totalPending) })}`,
      );
    }
  });

  // nothing payable (Ready to Pay, in a payout, Paid) without its sale in the ledger
  const inPayout = new Set(read.payoutItems.map((x) => x.inventoryId));
  for (const item of read.items) {
    const payable = read.readyIds.includes(item.id) || inPayout.has(item.id) || item.status === 'Paid';
    if (!payable || !fine(item.id)) continue;
    const sale = entriesOf(item.id)
      .filter((e) => e.kind === 'sale' || e.kind === 'sale_undone' || e.kind === 'sale_adjustment')
      .reduce((t, e) => t + e.amount, 0);
    ensure('payableHasSale', sale === item.price * item.quantity, () => `${item.code} (${item.status}${inPayout.has(item.id) ? ', in a payout' : read.readyIds.includes(item.id) ? ', ready to pay' : ''}) has ${major(sale)} of sale in the ledger for a price of ${major(item.price)}`);
  }

  // Ready to Pay is what the model says; every item is where the model put it
  const expectedReady = readyOf(m)
    .filter((i) => fine(i.id))
    .map((i) => i.id)
    .sort();
  const actualReady = read.readyIds.filter(fine).sort();
  ensure('readyToPayMatchesModel', JSON.stringify(expectedReady) === JSON.stringify(actualReady), () => `Ready to Pay ${actualReady.length} items, the model ${expectedReady.length}`);
  for (const item of m.items) {
    if (item.spoiled) continue;
    const row = read.items.find((x) => x.id === item.id);
    ensure('modelTransitions', row?.status === item.status && (row?.payoutId ?? null) === item.payoutId, () => `${item.code}: ${row?.status} (payout ${row?.payoutId}), the model ${item.status} (payout ${item.payoutId})`);
  }
}

// =================================================================================================
// 5. The property
// =================================================================================================

let w: World;
let features: { payoutAdjustment: boolean };
let stepsRun = 0;
let runsRun = 0;

beforeAll(async () => {
  w = await bootWorld();
  features = { payoutAdjustment: w.t.app.hasRoute(ADJUSTMENT_ROUTE) };
}, 600_000);

afterAll(async () => {
  const lines = [...seen].map(([flag, e]) => `  ${flag}: ${e.count}x, first: ${e.first}`);
  const quiet = KNOWN_BROKEN.filter((f) => !seen.has(f));
  console.log(
    [
      `money model: ${runsRun} runs, ${stepsRun} steps on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; payout adjustment ${features?.payoutAdjustment ? 'exercised' : 'skipped (no endpoint)'}`,
      lines.length ? `tolerated (KNOWN_BROKEN):\n${lines.join('\n')}` : 'no tolerated violation',
      quiet.length ? `known-broken flags not seen in these runs (fixed, or not reached): ${quiet.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  await w?.close();
});

/** Wraps a command: runs it, then reads everything back and checks the invariants. */
class Checked implements Cmd {
  constructor(readonly inner: Cmd) {}
  // at most STEPS steps run; the generated list is longer, as many commands wait for items to exist
  check = (m: Readonly<Model>) => m.steps < STEPS && this.inner.check(m);
  async run(m: Model, r: Real) {
    const t0 = performance.now();
    await this.inner.run(m, r);
    const t1 = performance.now();
    stepsRun += 1;
    m.steps += 1;
    checkInvariants(m, r, await readMoney(r.w, r.cs));
    if (process.env.MONEY_MODEL_TIMING) console.log(`${this.inner.toString()}: ${Math.round(t1 - t0)} ms, invariants ${Math.round(performance.now() - t1)} ms`);
  }
  toString = () => this.inner.toString();
}

describe('the money loop (model-based)', () => {
  it(
    'keeps every sold item, payout, report and the ledger in step, whatever people do in whatever order',
    async () => {
      const property = fc.asyncProperty(fc.commands(commandArbitraries(features).map((a) => a.map((c) => new Checked(c) as Cmd)), { maxCommands: STEPS * 4, size: 'max' }), async (cmds) => {
        runsRun += 1;
        const cs = [await newConsigner(w, 0), await newConsigner(w, 1)];
        const profitBefore = await dashboardProfit(w);
        const model: Model = { items: [], orders: [], payouts: [], owed: [0, 0], spoiledConsigners: new Set(), steps: 0 };
        const real: Real = { w, cs };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        // the store's profit moved by its commission on what the ledger says was sold: the fees, their
        // corrections and their reversals (an undo takes back a corrected fee whole, correction included)
        const read = await readMoney(w, cs);
        const commission = -read.ledger.filter((e) => e.kind === 'fee' || e.kind === 'fee_undone' || e.kind === 'fee_adjustment').reduce((t, e) => t + e.amount, 0);
        const moved = minor((await dashboardProfit(w)) - profitBefore);
        if (!SPOIL_SCOPING || model.spoiledConsigners.size === 0) {
          ensure('dashboardProfitMatchesLedger', moved === commission, () => `the dashboard's profit moved by ${major(moved)}, the ledger's commission is ${major(commission)}`);
        }
      });
      const seed = process.env.MONEY_MODEL_SEED ? Number(process.env.MONEY_MODEL_SEED) : undefined;
      await fc.assert(property, { numRuns: RUNS, verbose: true, seed, path: process.env.MONEY_MODEL_PATH, endOnFailure: false });
      expect(runsRun).toBeGreaterThan(0);
    },
    30 * 60_000,
  );
});
