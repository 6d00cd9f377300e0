// The money loop, model-based (design.md "Money", "Fees", "Inventory statuses"; docs/payouts.md
// "How the money loop is tested"). fast-check draws random sequences of what people do to an item's
// money - a consigner adds and reprices items, staff accept, sell at the counter, set statuses and
// money fields by hand, withdraw early with a fee, pay, mark paid; Shopify orders, pays and refunds
// through the signed webhook; the consignment terms: renew with a renewal fee, convert to store stock,
// the markdown job on a test clock; the store's payout hold with time passed in (sale entries dated
// back); store credit: the store's bonus set, a consigner's payouts taken as credit, the credit spent
// at the counter on another consigner's item (beyond the balance, twice at once) and such a sale
// undone - as the Admin, the Inventory-only employee and the consigner, all through app.inject. A
// small model says what each step must do; after EVERY step the invariants are read back from the
// database and the API:
//   - a sold item's payout + fees = its price, total = payout x quantity;
//   - a payout's total = the sum of its items and the fees owed it took = the sum of its cheques, and
//     the fees it takes (early-withdrawal and renewal fees, net payable) are the model's own carry;
//   - the consigner report (staff) and the portal's cards (the consigner) = the ledger's sums;
//   - nothing is payable (Ready to Pay, in a payout, Paid) without its sale in the ledger, and a sale
//     inside the store's hold is not in Ready to Pay;
//   - fees are never negative;
//   - each consigner's store credit (the staff card, the portal's card) = the model's = the ledger's
//     credit kinds, never negative, one spend per order; the owed figures leave credit out.
// A violation names its flag. Flags in KNOWN_BROKEN are what today's code still breaks: they are
// recorded and printed, not failed, and the items they spoil are left out of the later checks
// (so one known bug does not hide another). Remove a flag once its fix is merged.
//   MONEY_MODEL_RUNS, MONEY_MODEL_STEPS  runs and steps per run (default 12 x 20)
//   MONEY_MODEL_STRICT=1                  fail on every flag (the shrunk counterexample is printed)
//   MONEY_MODEL_CHECK=<flag>              fail on that flag only, without the spoiling filter
//   MONEY_MODEL_SURVEY=1                  fail on nothing: print every flag the runs broke
//   MONEY_MODEL_SEED=<n>                  replay a seed (with MONEY_MODEL_PATH=<path> for a path)
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calculateFees, CHEQUE_LIMIT_MINOR, STORE_CREDIT_KINDS, storeDayOf } from '@backroom/domain';
import * as s from '../src/db/schema/index.ts';
import { applyDueMarkdowns } from '../src/modules/markdowns/markdowns.service.ts';
import { findTenant } from '../src/tenancy/resolve-store.ts';
import {
  api,
  bootWorld,
  dashboardProfit,
  deliver,
  LOCATION,
  major,
  MODEL_FEE_RULES,
  MODEL_MARKDOWN_STEPS,
  MODEL_TERMS,
  newConsigner,
  readMoney,
  shopifyOrder,
  shopifyRefund,
  type Answer,
  type MoneyRead,
  type RunConsigner,
  type World,
} from './money-model-fixtures.ts';

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
  'payoutCarryMatchesModel', // a payout takes the fees owed the model carries (withdrawal and renewal fees): its total = gross + the model's carry
  'renewalFeeCharged', // a renewal moves the end by the locked terms and charges the renewal fee once (sent twice too)
  'conversionEndsClaim', // a conversion makes the item the store's (cost 0, no end, no terms) with one term_converted entry of 0
  'markdownFollowsSchedule', // the markdown job on a test clock sets the schedule's price, fees by the type's rules, ledger untouched, once a day
  'heldSaleNotPayable', // a sale inside the hold is refused by pay and counted held, not payable, until its day
  'heldUndoNetsZero', // an undo inside the hold nets the item's entries to 0 and touches no payout
  'saleKeyReplayConflict', // a sale key sent again with other items is refused (409), not answered with the first sale
  'sellableNowAgrees', // the counter and the storefront agree on what is sellable now (Active)
  'dashboardProfitMatchesLedger', // the dashboard's profit moves by the store's commission in the ledger, less the credit bonuses granted
  'creditLeavesOwedAlone', // a credit spend leaves the holder's owed figures (report, portal, account) as they were
  'modelTransitions', // everything else a step should do (status, codes, who may)
  // invariants read back after every step
  'soldItemFeesAddUp',
  'payoutTotalsAgree',
  'reportMatchesLedger',
  'portalMatchesLedger',
  'payableHasSale',
  'readyToPayMatchesModel',
  'feesNeverNegative',
  'creditMatchesModel', // the credit balance (staff card, portal card) = the model's (share + bonus rounded down, spends, returns) = the ledger's credit kinds
  'creditNeverNegative', // a spend beyond the balance is refused with nothing written; spends at once take at most the balance; never below 0
  'creditSpendOnce', // an order spends credit at most once (its sale key sent again too) and returns at most what it spent
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

/** Converted: the model's own word for an item converted to store stock (the store's now: out of the run). */
type Status = 'Requested' | 'Pending' | 'Active' | 'RequestPriceChange' | 'PendingSale' | 'Sold' | 'Paid' | 'Withdrawn' | 'Converted' | (string & {});
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
  /** The store day it was accepted (its terms locked): the markdown's age counts from it. */
  acceptedOn: string | null;
  /** Its price at acceptance: the markdown steps' base. */
  basePrice: number | null;
  /** The end of its consignment (acceptance + the period; a renewal moves it). */
  endsOn: string | null;
  /** The store day of its latest sale entry while Sold (the hold counts from it; time passing moves it back). */
  soldOn: string | null;
  /** Changed by a tolerated bug: the model no longer vouches for it. */
  spoiled: boolean;
};
type MLine = { itemId: string; sold: boolean; taken: boolean };
/** A counter sale paid with store credit: whose credit paid it, and how much (its total). */
type MCredit = { c: number; amount: number };
type MOrder = { id: string; source: 'counter' | 'shopify'; shopifyNo: number | null; saleKey: string | null; lines: MLine[]; financial: 'paid' | 'pending'; undone: boolean; credit: MCredit | null };
/**
 * A payout: per consigner its items' gross and what it carries (the fees owed it takes: 0 or
 * negative); `settled` the consigners whose share is paid (marked paid, or taken as store credit when
 * it was made); `paid` once every share is.
 */
type MPayout = { id: string; itemIds: string[]; paid: boolean; gross: Map<number, number>; carried: Map<number, number>; settled: Set<number> };
type Model = {
  items: MItem[];
  orders: MOrder[];
  payouts: MPayout[];
  /** Outstanding early-withdrawal fees per consigner (consigners.outstanding_withdrawal_fees), as the model expects them. */
  owed: number[];
  /**
   * The model's own carry figure per consigner: their loose balance (docs/payouts.md "Net payable"),
   * the early-withdrawal and renewal fees they owe less what settled payouts took (0 or negative).
   */
  loose: number[];
  /** The store's payout hold in days. */
  holdDays: number;
  /** Days the run's sale entries were dated back (time passed). */
  shifted: number;
  /** The store's store credit bonus (whole percent). */
  bonus: number;
  /** Per consigner: whether their payout type is Store credit (their shares are settled into credit when a payout is made). */
  takesCredit: boolean[];
  /** Per consigner: their store credit balance as the model expects it (minor units). */
  credit: number[];
  spoiledConsigners: Set<number>;
  /** Steps run so far. */
  steps: number;
};
type Real = { w: World; cs: RunConsigner[] };

type Who = 'admin' | 'stock' | 'consigner';
const tokenOf = (r: Real, who: Who, item?: MItem) => (who === 'admin' ? r.w.admin : who === 'stock' ? r.w.stock : r.cs[item?.c ?? 0].token);

const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);
const accepted = (m: Model) => m.items.filter((i) => i.status !== 'Requested' && i.status !== 'Pending' && i.status !== 'Converted');
/** In stock with an end: what the expiring list's actions (renew, convert) apply to (IN_STOCK_STATUSES the model reaches). */
const onTerms = (m: Readonly<Model>) => m.items.filter((i) => (i.status === 'Active' || i.status === 'RequestPriceChange') && i.endsOn !== null && !i.spoiled);
/** The store's calendar day now (UTC, as storeDayOf). */
const today = () => storeDayOf(new Date());
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
    m.items.push({ id: row.id, code: row.code, c: this.c, price, quantity, status: row.status, orderId: null, payoutId: null, acceptedOn: null, basePrice: null, endsOn: null, soldOn: null, spoiled: false });
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
    // the type's terms are locked on it: its end, and the markdown base (its price now)
    const day = today();
    Object.assign(item, { status: 'Active', acceptedOn: day, basePrice: item.price, endsOn: addDays(day, MODEL_TERMS.periodDays) });
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
  // once a run (it is the heaviest step; one pair makes the payout past 32 bits)
  check = (m: Readonly<Model>) => m.items.length + 2 <= MAX_ITEMS && !m.items.some((i) => i.quantity === 2);
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
    for (const i of items) Object.assign(i, { status: 'Sold', orderId, soldOn: today() });
    m.orders.push({ id: orderId, source: 'counter', shopifyNo: null, saleKey, financial: 'paid', undone: false, credit: null, lines: items.map((i) => ({ itemId: i.id, sold: true, taken: false })) });
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
    // the same sale is the same basket: a sale paid with credit is sent again with its tender and holder
    const tender = !other && order.credit ? { paymentMethod: 'store_credit', creditConsignerId: r.cs[order.credit.c].id } : { paymentMethod: 'card' };
    const res = await api.post(r.w, '/api/sales', r.w.admin, { lines, ...tender, saleKey: order.saleKey });
    if (!other) {
      const id = ok(res) ? (res.body.data as { sale: { id: string } }).sale.id : null;
      ensure('modelTransitions', res.status === 200 && id === order.id, () => `the same sale sent again: ${said(res)}`);
      if (order.credit) {
        // the repeat finds the order before anything is spent: still one spend of the credit
        const spends = (await creditEntriesOfOrder(r, order.id)).filter((e) => e.kind === 'store_credit_spent');
        ensure('creditSpendOnce', spends.length === 1 && spends[0].amount === -order.credit.amount, () => `a credit sale of ${major(order.credit!.amount)} sent again: its spends ${spends.map((e) => major(e.amount)).join(', ')}`);
      }
      return;
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

const SALE_ENTRY_KINDS = new Set(['sale', 'fee', 'sale_undone', 'fee_undone']);
/** The store credit account's kinds: left out of every sum of what the store owes. */
const CREDIT_KINDS = new Set<string>(STORE_CREDIT_KINDS);

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
    // a sale paid with store credit gives the credit back (store_credit_returned)
    if (order.credit) {
      m.credit[order.credit.c] += order.credit.amount;
      creditSeen.undone += 1;
    }
    const insideHold = held.filter((i) => isHeld(m, i));
    for (const i of held) Object.assign(i, { status: 'Active', orderId: null, soldOn: null });
    // docs/consigner-account.md: an undo inside the hold reverses an item no payout holds, its entries net to 0
    for (const i of insideHold) {
      const db = r.w.t.ctx.db;
      const entries = await db.select().from(s.ledgerEntries).where(and(eq(s.ledgerEntries.storeId, r.w.refs.store.id), eq(s.ledgerEntries.inventoryId, i.id)));
      const inPayout = await db.select().from(s.payoutItems).where(and(eq(s.payoutItems.storeId, r.w.refs.store.id), eq(s.payoutItems.inventoryId, i.id)));
      // the sale's own entries: a renewal or withdrawal fee charged to the item stays when its sale is undone
      const ofSale = entries.filter((e) => SALE_ENTRY_KINDS.has(e.kind));
      const net = ofSale.reduce((t, e) => t + e.amount, 0);
      ensure('heldUndoNetsZero', net === 0 && inPayout.length === 0 && !ofSale.some((e) => e.payoutId), () => `${i.code} undone inside the hold: its entries net ${major(net)}, in ${inPayout.length} payouts`, spoil(m, i));
    }
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
      if (sold) Object.assign(i, { status: this.pending ? 'PendingSale' : 'Sold', orderId, soldOn: this.pending ? null : today() });
      ensure('modelTransitions', !sold || row.status === i.status, () => `a Shopify ${this.pending ? 'pending' : 'paid'} order made ${i.code} ${row.status}`, spoil(m, i));
      if (sold && row.status !== i.status) await adopt(r, i);
      lines.push({ itemId: i.id, sold, taken: false });
    }
    m.orders.push({ id: orderId, source: 'shopify', shopifyNo: no, saleKey: null, financial: this.pending ? 'pending' : 'paid', undone: false, credit: null, lines });
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
    for (const i of held) if (i.status === 'PendingSale') Object.assign(i, { status: 'Sold', soldOn: today() });
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
    if (holds) Object.assign(item, { status: 'Active', orderId: null, soldOn: null });
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
    m.loose[item.c] -= this.fee;
  }
  toString = () => `WithdrawEarly(#${this.n}, ${major(this.fee)}, ${this.who})`;
}

/** Sold and in no payout, its sale inside the store's hold: payable on its sale day + the hold, not before. */
const isHeld = (m: Readonly<Model>, i: MItem) => m.holdDays > 0 && i.status === 'Sold' && i.payoutId === null && i.soldOn !== null && addDays(i.soldOn, m.holdDays) > today();
/** The model's Ready to Pay: Sold, in no payout, and not held. */
const readyOf = (m: Readonly<Model>) => m.items.filter((i) => i.status === 'Sold' && i.payoutId === null && !isHeld(m, i));
const heldOf = (m: Readonly<Model>) => m.items.filter((i) => isHeld(m, i));
/** What payouts made but not yet paid have set aside of a consigner's loose balance (their carried, 0 or negative). */
const setAside = (m: Readonly<Model>, c: number) => m.payouts.filter((p) => !p.settled.has(c)).reduce((t, p) => t + (p.carried.get(c) ?? 0), 0);
/** The model's carry for a share of `gross` (docs/payouts.md "Net payable"): fees owed taken, never below zero. */
const carryOf = (m: Readonly<Model>, c: number, gross: number) => {
  const available = m.loose[c] - setAside(m, c);
  return available < 0 ? Math.max(available, -gross) : available;
};

/**
 * A payout made of these items, as the model keeps it: their payoutId, each consigner's gross (the
 * items' totals at payout) and what it carries: the model's own figure of the fees owed it takes
 * (early-withdrawal and renewal fees, less what unpaid payouts already set aside; design.md "Money",
 * docs/payouts.md "Net payable"). The payout's deductions and total must be the model's.
 */
async function recordPayout(m: Model, r: Real, payoutId: string, items: MItem[]): Promise<void> {
  const rows = await Promise.all(items.map((i) => rowOf(r, i.id)));
  const payout: MPayout = { id: payoutId, itemIds: items.map((i) => i.id), paid: false, gross: new Map(), carried: new Map(), settled: new Set() };
  items.forEach((i, k) => {
    i.payoutId = payoutId;
    payout.gross.set(i.c, (payout.gross.get(i.c) ?? 0) + rows[k].total);
  });
  for (const [c, gross] of payout.gross) payout.carried.set(c, carryOf(m, c, gross));
  const db = r.w.t.ctx.db;
  const [row] = await db.select().from(s.payouts).where(eq(s.payouts.id, payoutId));
  const deductions = await db.select().from(s.payoutDeductions).where(eq(s.payoutDeductions.payoutId, payoutId));
  // the payout may hold items of other consigners than the run's (never: the model pays only its own)
  const sum = (map: Map<number, number>) => [...map.values()].reduce((t, v) => t + v, 0);
  const expectedTotal = sum(payout.gross) + sum(payout.carried);
  for (const [c, carried] of payout.carried) {
    const real = deductions.filter((d) => d.consignerId === r.cs[c].id).reduce((t, d) => t + d.amount, 0);
    ensure(
      'payoutCarryMatchesModel',
      real === carried && row?.total === expectedTotal,
      () => `${row?.name}: c${c}'s share of ${major(payout.gross.get(c)!)} carried ${major(real)}, the model ${major(carried)} (fees owed ${major(m.loose[c])}, set aside ${major(setAside(m, c))}); total ${major(row?.total ?? 0)}, the model ${major(expectedTotal)}`,
      () => {
        payout.carried.set(c, real);
        m.spoiledConsigners.add(c);
      },
    );
  }
  m.payouts.push(payout);
  // the shares of consigners who take store credit are settled in the payout's transaction: their
  // items Paid, the share (gross + carry) into their credit and the store's bonus on it, rounded down
  for (const c of [...payout.gross.keys()].filter((x) => m.takesCredit[x])) {
    for (const i of items) if (i.c === c && i.status === 'Sold') i.status = 'Paid';
    creditSeen.payouts += 1;
    await settleShare(m, r, payout, c);
    const amount = payout.gross.get(c)! + payout.carried.get(c)!;
    const bonus = Math.floor((amount * m.bonus) / 100);
    m.credit[c] += amount + bonus;
    const entries = await db
      .select()
      .from(s.ledgerEntries)
      .where(and(eq(s.ledgerEntries.storeId, r.w.refs.store.id), eq(s.ledgerEntries.payoutId, payoutId), eq(s.ledgerEntries.consignerId, r.cs[c].id), inArray(s.ledgerEntries.kind, [...STORE_CREDIT_KINDS])));
    const written = entries.map((e) => `${e.kind} ${e.amount}`).sort();
    const expected = [...(amount > 0 ? [`store_credit ${amount}`] : []), ...(bonus > 0 ? [`store_credit_bonus ${bonus}`] : [])].sort();
    ensure('creditMatchesModel', JSON.stringify(written) === JSON.stringify(expected), () => `${row?.name}: c${c}'s share of ${major(amount)} taken as credit with a bonus of ${m.bonus}%: wrote [${written.join(', ')}], the model [${expected.join(', ')}]`, () => {
      m.credit[c] += entries.reduce((t, e) => t + e.amount, 0) - amount - bonus;
      m.spoiledConsigners.add(c);
    });
  }
  // a payout whose every share was taken as credit is Paid at once; a mixed one waits for its cash shares
  const [after] = await db.select().from(s.payouts).where(eq(s.payouts.id, payoutId));
  ensure('modelTransitions', (after?.status === 'Paid') === payout.paid, () => `${after?.name} is ${after?.status}, the model's shares settled: ${[...payout.settled].map((c) => `c${c}`).join(', ') || 'none'} of ${payout.gross.size}`);
}

/**
 * A share settled (marked paid, or taken as store credit when its payout was made): what it took of
 * the fees owed leaves the loose balance, and the early-withdrawal fees owed first (payouts.service
 * settleShares: outstanding fees less what was taken, never below zero); the consigner was paid
 * gross - taken (the share's payout and payout_deduction entries).
 */
async function settleShare(m: Model, r: Real, payout: MPayout, c: number): Promise<void> {
  const db = r.w.t.ctx.db;
  const [consigner] = await db.select().from(s.consigners).where(eq(s.consigners.id, r.cs[c].id));
  const ledger = await db
    .select()
    .from(s.ledgerEntries)
    .where(and(eq(s.ledgerEntries.payoutId, payout.id), eq(s.ledgerEntries.consignerId, r.cs[c].id), inArray(s.ledgerEntries.kind, ['payout', 'payout_deduction'])));
  const gross = payout.gross.get(c)!;
  const taken = -payout.carried.get(c)!;
  const owedBefore = m.owed[c];
  m.loose[c] += taken;
  m.owed[c] = Math.max(m.owed[c] - taken, 0);
  const owes = consigner.outstandingWithdrawalFees;
  const paid = -ledger.reduce((t, e) => t + e.amount, 0);
  const net = gross - taken;
  ensure(
    'withdrawalFeeCollectedAtPayout',
    owes === m.owed[c] && paid === net,
    () => `c${c}: share ${major(gross)}, took ${major(taken)} of fees owed (withdrawal fees owed before ${major(owedBefore)}): paid ${major(paid)} (expected ${major(net)}), still owes ${major(owes)} (expected ${major(m.owed[c])})`,
    () => {
      m.owed[c] = owes;
    },
  );
  payout.settled.add(c);
  payout.paid = [...payout.gross.keys()].every((x) => payout.settled.has(x));
}

/**
 * A consigner's account as the model sees it (docs/consigner-account.md): payable = their ready items
 * less the fees owed the model carries, never below 0; held = their sales inside the hold, never netted.
 */
async function accountOf(m: Readonly<Model>, r: Real, c: number) {
  const ready = await totalOf(r, readyOf(m).filter((i) => i.c === c));
  const held = await totalOf(r, heldOf(m).filter((i) => i.c === c));
  return { payable: ready <= 0 ? 0 : ready + carryOf(m, c, ready), held };
}

/** The account's payable and held figures (GET /api/payouts/consigner/{id}/account, staff) = the model's. */
async function checkAccounts(m: Model, r: Real, why: string) {
  for (let c = 0; c < r.cs.length; c += 1) {
    if (m.spoiledConsigners.has(c)) continue;
    const res = await api.get(r.w, `/api/payouts/consigner/${r.cs[c].id}/account`, r.w.admin);
    if (!ok(res)) return violated('modelTransitions', `account of c${c}: ${said(res)}`);
    const real = res.body.data as { payable: number; held: number; holdDays: number };
    const expected = await accountOf(m, r, c);
    ensure(
      'heldSaleNotPayable',
      minor(real.payable) === expected.payable && minor(real.held) === expected.held && real.holdDays === m.holdDays,
      () => `${why}: c${c}'s account payable ${real.payable}, held ${real.held} (hold ${real.holdDays} days); the model ${major(expected.payable)}, ${major(expected.held)} (hold ${m.holdDays})`,
      () => m.spoiledConsigners.add(c),
    );
  }
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
    for (const i of items) if (i.status === 'Sold') i.status = 'Paid';
    // the shares not settled yet (a share taken as store credit was settled when the payout was made)
    for (const c of [...payout.gross.keys()].filter((x) => !payout.settled.has(x))) await settleShare(m, r, payout, c);
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
    const expected = await accountOf(m, r, c);
    const asked = await api.post(r.w, '/api/payouts/requests', tokenOf(r, 'consigner', items[0]), { confirm: true });
    if (asked.status === 422) {
      // nothing payable: the fees they owe (withdrawal, renewal) take it all; with sales on hold it says until when
      const message = (asked.body as { error?: string }).error ?? '';
      return ensure(
        'requestedPayout',
        expected.payable === 0 && (message === 'Nothing is ready to pay yet' || message.startsWith('Your sales are on hold until')),
        () => `ask refused (the model's payable ${major(expected.payable)}): ${said(asked)}`,
      );
    }
    if (!ok(asked)) return violated('requestedPayout', `ask: ${said(asked)}`);
    ensure('requestedPayout', expected.payable > 0 || asked.status === 200, () => `asked with nothing payable by the model (its fees owed ${major(m.loose[c])}): ${said(asked)}`);
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
    const expectedIds = items.map((i) => i.id).sort();
    ensure('requestedPayout', JSON.stringify([...payout.inventories].sort()) === JSON.stringify(expectedIds), () => `request paid ${payout.inventories.length} items, the model's ready items of c${c} are ${expectedIds.length}`, () =>
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
      if (order.credit) {
        m.credit[order.credit.c] += order.credit.amount;
        creditSeen.undone += 1;
      }
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

// ---- consignment terms (docs/consignment-terms.md) ------------------------------------------------

type TermResult = { changed: string[]; skipped: { id: string; reason: string }[] };
const termResult = (a: Answer) => (ok(a) ? (a.body.data as TermResult) : { changed: [], skipped: [] });
const entriesOfItem = async (r: Real, id: string, kind: 'renewal_fee' | 'term_converted') =>
  r.w.t.ctx.db
    .select()
    .from(s.ledgerEntries)
    .where(and(eq(s.ledgerEntries.storeId, r.w.refs.store.id), eq(s.ledgerEntries.inventoryId, id), eq(s.ledgerEntries.kind, kind)));

/**
 * Staff renew an item on the expiring list (POST /api/expiringInventory/renew, Inventory access): the
 * end moves by the locked renewal days (from the end, or from today once it has passed), and the
 * renewal fee is a ledger entry charged to the consigner, taken at their next payout as the
 * early-withdrawal fee is (the model's loose balance). Sent twice (or twice at once) with the end the
 * sender saw: one renewal, one fee. A consigner is refused.
 */
class Renew implements Cmd {
  constructor(
    readonly n: number,
    readonly who: Who,
    readonly twice: boolean,
  ) {}
  private item = (m: Readonly<Model>) => pick(onTerms(m), this.n);
  check = (m: Readonly<Model>) => this.item(m) !== undefined;
  async run(m: Model, r: Real) {
    const item = this.item(m)!;
    const body = { items: [{ id: item.id, endsOn: item.endsOn }] };
    const send = () => api.post(r.w, '/api/expiringInventory/renew', tokenOf(r, this.who, item), body);
    const feesBefore = (await entriesOfItem(r, item.id, 'renewal_fee')).length;
    const answers = this.twice ? await Promise.all([send(), send()]) : [await send()];
    if (this.who === 'consigner') return ensure('modelTransitions', answers.every(refused), () => `a consigner renewed: ${answers.map(said).join(' | ')}`);
    if (!answers.every(ok)) return violated('renewalFeeCharged', `renew: ${answers.map(said).join(' | ')}`, spoil(m, item));
    const changed = answers.filter((a) => termResult(a).changed.includes(item.id)).length;
    const day = today();
    const endsOn = addDays(item.endsOn! >= day ? item.endsOn! : day, MODEL_TERMS.renewalDays);
    const row = await rowOf(r, item.id);
    const fees = await entriesOfItem(r, item.id, 'renewal_fee');
    ensure(
      'renewalFeeCharged',
      changed === 1 && row.consignmentEndsAt === endsOn && fees.length === feesBefore + 1 && fees.at(-1)?.amount === -MODEL_TERMS.renewalFee && fees.at(-1)?.consignerId === r.cs[item.c].id,
      () => `renew${this.twice ? ' twice at once' : ''} of ${item.code} (ends ${item.endsOn}): changed ${changed}x, ends ${row.consignmentEndsAt} (the model ${endsOn}), renewal fees ${fees.map((f) => major(f.amount)).join(', ')}`,
      spoil(m, item),
    );
    item.endsOn = row.consignmentEndsAt;
    m.loose[item.c] -= MODEL_TERMS.renewalFee * Math.max(0, fees.length - feesBefore);
  }
  toString = () => `Renew(#${this.n}, ${this.who}${this.twice ? ', twice at once' : ''})`;
}

/**
 * Staff convert an item to store stock (POST /api/expiringInventory/convert): the store account owns
 * it at cost 0, with no end and no terms, and the consigner's claim ends with one term_converted entry
 * of 0 (their balance unchanged). It leaves the run's consigners: the model keeps it as Converted.
 * Sent twice: the second skips it. A consigner is refused.
 */
class Convert implements Cmd {
  constructor(
    readonly n: number,
    readonly who: Who,
    readonly twice: boolean,
  ) {}
  private item = (m: Readonly<Model>) => pick(onTerms(m), this.n);
  check = (m: Readonly<Model>) => this.item(m) !== undefined;
  async run(m: Model, r: Real) {
    const item = this.item(m)!;
    const send = () => api.post(r.w, '/api/expiringInventory/convert', tokenOf(r, this.who, item), { ids: [item.id] });
    const answers = this.twice ? [await send(), await send()] : [await send()];
    if (this.who === 'consigner') return ensure('modelTransitions', answers.every(refused), () => `a consigner converted an item: ${answers.map(said).join(' | ')}`);
    if (!answers.every(ok)) return violated('conversionEndsClaim', `convert: ${answers.map(said).join(' | ')}`, spoil(m, item));
    const changed = answers.filter((a) => termResult(a).changed.includes(item.id)).length;
    const row = await rowOf(r, item.id);
    const claims = await entriesOfItem(r, item.id, 'term_converted');
    const before = item.status;
    ensure(
      'conversionEndsClaim',
      changed === 1 &&
        row.consignerId === r.w.terms.storeAccountId &&
        row.cost === 0 &&
        row.consignmentEndsAt === null &&
        row.consignmentTerms === null &&
        row.status === before &&
        claims.length === 1 &&
        claims[0].amount === 0 &&
        claims[0].consignerId === r.cs[item.c].id,
      () =>
        `convert${this.twice ? ' twice' : ''} of ${item.code}: changed ${changed}x; owner ${row.consignerId === r.w.terms.storeAccountId ? 'the store' : row.consignerId}, cost ${row.cost}, ends ${row.consignmentEndsAt}, terms ${row.consignmentTerms ? 'kept' : 'none'}, ${row.status} (was ${before}); term_converted entries ${claims.map((e) => major(e.amount)).join(', ')}`,
      spoil(m, item),
    );
    item.status = 'Converted';
  }
  toString = () => `Convert(#${this.n}, ${this.who}${this.twice ? ', twice' : ''})`;
}

/** The price a markdown step sets: the base less its percentage, half up to whole minor units (docs/consignment-terms.md). */
const stepPrice = (base: number, percentOff: number) => Math.floor((base * (100 - percentOff) + 50) / 100);
const daysFrom = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The markdown job (markdowns.applyDue) run with a test clock `days` ahead: each of the run's Active
 * items takes the step its age has reached, from its price at acceptance, never up and never below the
 * floor; the fees are those of the type's rules at the new price; the ledger is not touched. Run again
 * the same day (now and then): nothing changes. A sale afterwards pays out at the new price (the
 * invariants: its sale entry is the model's price).
 */
class MarkdownRun implements Cmd {
  constructor(
    readonly days: number,
    readonly twice: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.items.some((i) => i.status === 'Active' && i.basePrice !== null && !i.spoiled);
  async run(m: Model, r: Real) {
    const day = addDays(today(), this.days);
    const floor = r.w.terms.store.markdownFloor;
    const expected = new Map<string, number>();
    for (const i of m.items) {
      if (i.status !== 'Active' || i.basePrice === null || i.acceptedOn === null) continue;
      const age = daysFrom(i.acceptedOn, day);
      const step = MODEL_MARKDOWN_STEPS.filter((x) => x.afterDays <= age).at(-1);
      const target = step ? Math.max(stepPrice(i.basePrice, step.percentOff), floor) : i.price;
      expected.set(i.id, target < i.price ? target : i.price);
    }
    const db = r.w.t.ctx.db;
    const ledgerOfRun = async () => (await db.select().from(s.ledgerEntries).where(and(eq(s.ledgerEntries.storeId, r.w.refs.store.id), inArray(s.ledgerEntries.consignerId, r.cs.map((c) => c.id))))).length;
    const entriesBefore = await ledgerOfRun();
    const store = (await findTenant(db, r.w.refs.store.id))!;
    const at = new Date(`${day}T12:00:00Z`);
    await applyDueMarkdowns(r.w.t.ctx, store, at);
    const again = this.twice ? await applyDueMarkdowns(r.w.t.ctx, store, at) : { changed: 0 };
    const entriesAfter = await ledgerOfRun();
    ensure('markdownFollowsSchedule', entriesAfter === entriesBefore && again.changed === 0, () => `markdown run on ${day}: the run's ledger went from ${entriesBefore} to ${entriesAfter} entries; a second run the same day changed ${again.changed}`);
    const { store: fees } = r.w.terms;
    for (const i of m.items) {
      if (i.spoiled || i.status === 'Converted' || i.status === 'Requested' || i.status === 'Pending') continue;
      const row = await rowOf(r, i.id);
      const price = expected.get(i.id) ?? i.price;
      const rules = calculateFees({ price, quantity: row.quantity, consignerType: { id: r.w.terms.typeId, accountType: 'Money model', isDefault: false, ...MODEL_FEE_RULES }, storePayoutFeePercent: fees.payoutFee, vatRatePercent: fees.vatRate, chargeTax: fees.chargeTax });
      const markedDown = price !== i.price;
      ensure(
        'markdownFollowsSchedule',
        row.price === price && (!markedDown || (row.payout === rules.payout && row.payoutFee === rules.payoutFee && row.total === rules.total && row.markdownBasePrice === i.basePrice)),
        () =>
          `${i.code} (${i.status}, accepted ${i.acceptedOn} at ${major(i.basePrice ?? 0)}, ${major(i.price)} now) on ${day}: price ${major(row.price)}, the model ${major(price)}; payout ${major(row.payout)} + fees ${major(row.payoutFee)}, the type's rules ${major(rules.payout)} + ${major(rules.payoutFee)}`,
        spoil(m, i),
      );
      i.price = row.price;
    }
  }
  toString = () => `MarkdownRun(+${this.days} days${this.twice ? ', twice' : ''})`;
}

// ---- the payout hold (docs/consigner-account.md "Holds and the payout minimum") ------------------

/** The Admin sets the store's payout hold (PUT /api/stores/{id}); the accounts then count by it. */
class SetHold implements Cmd {
  constructor(readonly days: number) {}
  // a hold matters once something is on sale or sold
  check = (m: Readonly<Model>) => m.holdDays !== this.days && m.items.some((i) => i.status === 'Active' || i.status === 'Sold');
  async run(m: Model, r: Real) {
    const res = await api.put(r.w, `/api/stores/${r.w.refs.store.id}`, r.w.admin, { payoutHoldDays: this.days });
    if (!ok(res)) return violated('modelTransitions', `hold of ${this.days} days: ${said(res)}`);
    m.holdDays = this.days;
    await checkAccounts(m, r, `hold set to ${this.days} days`);
  }
  toString = () => `SetHold(${this.days} days)`;
}

/**
 * Time passes: the run's sale entries are dated `days` back (the app reads the clock; the hold counts
 * from the store day of an item's latest sale entry, as payout-holds.test.ts dates them). A held sale
 * becomes payable on its day: Ready to Pay (the invariants) and the accounts follow.
 */
const MAX_SHIFT = 25;
class TimePasses implements Cmd {
  constructor(readonly days: number) {}
  check = (m: Readonly<Model>) => m.holdDays > 0 && m.shifted + this.days <= MAX_SHIFT && m.items.some((i) => i.soldOn !== null);
  async run(m: Model, r: Real) {
    const e = s.ledgerEntries;
    // the ledger is append-only (a trigger refuses updates); the test's time machine alone steps
    // around it, inside one transaction (the tables' owner, who ran the migrations, may; the app never does)
    await r.w.t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`alter table ledger_entries disable trigger ledger_entries_no_update`);
      await tx
        .update(e)
        .set({ createdAt: sql`${e.createdAt} - make_interval(days => ${this.days})` })
        .where(and(eq(e.storeId, r.w.refs.store.id), inArray(e.consignerId, r.cs.map((c) => c.id)), eq(e.kind, 'sale')));
      // the update's deferred checks first: a table with pending trigger events cannot be altered
      await tx.execute(sql`set constraints all immediate`);
      await tx.execute(sql`alter table ledger_entries enable trigger ledger_entries_no_update`);
    });
    m.shifted += this.days;
    for (const i of m.items) if (i.soldOn !== null) i.soldOn = addDays(i.soldOn, -this.days);
    await checkAccounts(m, r, `${this.days} days passed`);
  }
  toString = () => `TimePasses(${this.days} days)`;
}

/** A pay of a sale inside the hold: refused (409, on hold until its day), nothing written. */
class PayHeld implements Cmd {
  constructor(readonly n: number) {}
  private item = (m: Readonly<Model>) => pick(heldOf(m).filter((i) => !i.spoiled), this.n);
  check = (m: Readonly<Model>) => this.item(m) !== undefined;
  async run(m: Model, r: Real) {
    const item = this.item(m)!;
    const res = await api.post(r.w, '/api/payouts/pay', r.w.admin, { inventoriesToPay: [item.id], consignersAndInventories: [] });
    const payableOn = addDays(item.soldOn!, m.holdDays);
    if (res.status !== 409 || !(res.body.error ?? '').startsWith(`Item ${item.code} is on hold until`)) {
      violated('heldSaleNotPayable', `a pay of ${item.code}, sold ${item.soldOn} with a hold of ${m.holdDays} days (payable on ${payableOn}): ${said(res)}`, spoil(m, item));
      if (res.status === 201) await recordPayout(m, r, (res.body.data as { id: string }).id, [item]);
    }
  }
  toString = () => `PayHeld(#${this.n})`;
}

// ---- store credit (docs/consigner-account.md "Store credit") -------------------------------------

/** What the credit steps met (printed at the end): spends paid and refused, races by winners, payouts to credit, credit sales undone. */
const creditSeen = { paid: 0, refused: 0, raceOne: 0, raceBoth: 0, raceNone: 0, payouts: 0, undone: 0 };

const creditEntriesOfOrder = async (r: Real, orderId: string) =>
  r.w.t.ctx.db
    .select()
    .from(s.ledgerEntries)
    .where(and(eq(s.ledgerEntries.storeId, r.w.refs.store.id), eq(s.ledgerEntries.orderId, orderId), inArray(s.ledgerEntries.kind, [...STORE_CREDIT_KINDS])));
/** The run's ledger entries: a refused spend must leave their number as it was. */
const runEntryCount = async (r: Real) =>
  (await r.w.t.ctx.db.select({ id: s.ledgerEntries.id }).from(s.ledgerEntries).where(and(eq(s.ledgerEntries.storeId, r.w.refs.store.id), inArray(s.ledgerEntries.consignerId, r.cs.map((c) => c.id))))).length;

/** The Admin sets the store's store credit bonus (PUT /api/stores/{id}); 101 % is refused (400), nothing changes. */
class SetBonus implements Cmd {
  constructor(readonly percent: number) {}
  check = (m: Readonly<Model>) => m.bonus !== this.percent;
  async run(m: Model, r: Real) {
    const res = await api.put(r.w, `/api/stores/${r.w.refs.store.id}`, r.w.admin, { storeCreditBonus: this.percent });
    if (this.percent > 100) return ensure('modelTransitions', res.status === 400, () => `a bonus of ${this.percent}%: ${said(res)}`);
    if (!ok(res)) return violated('modelTransitions', `bonus of ${this.percent}%: ${said(res)}`);
    m.bonus = this.percent;
  }
  toString = () => `SetBonus(${this.percent}%)`;
}

/**
 * Staff set a consigner's payout type (PUT /api/consigners/{id}, the Details' payout option): Store
 * credit, or Zelle with a payout e-mail (paid by hand). The share of a payout made afterwards takes it.
 */
class TakeCredit implements Cmd {
  constructor(
    readonly c: number,
    readonly on: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.takesCredit[this.c] !== this.on;
  async run(m: Model, r: Real) {
    const body = this.on ? { payoutType: 'Store credit' } : { payoutType: 'Zelle', bankData: { email: r.cs[this.c].email } };
    const res = await api.put(r.w, `/api/consigners/${r.cs[this.c].id}`, r.w.admin, body);
    if (!ok(res)) return violated('modelTransitions', `payout type of c${this.c} to ${body.payoutType}: ${said(res)}`);
    m.takesCredit[this.c] = this.on;
  }
  toString = () => `TakeCredit(c${this.c}, ${this.on ? 'store credit' : 'Zelle'})`;
}

/** What a holder's owed figures are: the report (staff), the portal's cards, the account's payable and held. */
async function owedFiguresOf(r: Real, c: number) {
  const staff = await api.get(r.w, `/api/consigners/consignerReport?consigner=${r.cs[c].id}`, r.w.admin);
  const portal = await api.get(r.w, '/api/consigners/consignerReport', r.cs[c].token);
  const account = await api.get(r.w, `/api/payouts/consigner/${r.cs[c].id}/account`, r.w.admin);
  const pickReport = (a: Answer) => {
    const d = a.body.data as Record<string, number> | undefined;
    return d ? { totalSold: d.totalSold, totalPaid: d.totalPaid, totalPending: d.totalPending } : a.status;
  };
  const acc = account.body.data as { payable: number; held: number } | undefined;
  return JSON.stringify({ staff: pickReport(staff), portal: pickReport(portal), account: acc ? { payable: acc.payable, held: acc.held } : account.status });
}

/** Active items of the other consigners a holder's credit may buy (their own items would move their owed figures). */
const creditBuys = (m: Readonly<Model>, holder: number) => m.items.filter((i) => i.status === 'Active' && i.c !== holder && !i.spoiled && i.price * i.quantity <= MAX_SALE_TOTAL);
const totalOfItems = (items: readonly MItem[]) => items.reduce((t, i) => t + i.price * i.quantity, 0);

/** A counter sale paid with the holder's credit, as the model records it: items Sold, the credit spent. */
function recordCreditSale(m: Model, holder: number, orderId: string, saleKey: string, items: MItem[]) {
  const amount = totalOfItems(items);
  for (const i of items) Object.assign(i, { status: 'Sold', orderId, soldOn: today() });
  m.credit[holder] -= amount;
  m.orders.push({ id: orderId, source: 'counter', shopifyNo: null, saleKey, financial: 'paid', undone: false, credit: { c: holder, amount }, lines: items.map((i) => ({ itemId: i.id, sold: true, taken: false })) });
}

const creditSale = (r: Real, holder: number, items: readonly MItem[], saleKey: string) =>
  api.post(r.w, '/api/sales', r.w.admin, { lines: items.map((i) => ({ inventoryId: i.id })), paymentMethod: 'store_credit', creditConsignerId: r.cs[holder].id, saleKey });

/**
 * A holder's store credit spent at the counter on another consigner's item (sometimes two): paid
 * when the credit covers the total (the credit falls by it, the holder's owed figures stay as they
 * were), refused 422 with nothing written when it does not (`over` picks a sale beyond the balance).
 */
class CreditSpend implements Cmd {
  constructor(
    readonly holder: number,
    readonly a: number,
    readonly b: number | null,
    readonly over: boolean,
  ) {}
  private items = (m: Readonly<Model>) => {
    const all = creditBuys(m, this.holder);
    const fits = (i: MItem) => i.price * i.quantity <= m.credit[this.holder];
    // beyond the balance, or within it, when there is such an item
    const wanted = all.filter((i) => fits(i) !== this.over);
    const first = pick(wanted.length ? wanted : all, this.a);
    const second = this.b === null ? undefined : pick(all, this.b);
    return first ? [first, ...(second && second !== first ? [second] : [])] : [];
  };
  check = (m: Readonly<Model>) => m.credit[this.holder] > 0 && !m.spoiledConsigners.has(this.holder) && this.items(m).length > 0;
  async run(m: Model, r: Real) {
    const items = this.items(m);
    const total = totalOfItems(items);
    const balance = m.credit[this.holder];
    const owedBefore = await owedFiguresOf(r, this.holder);
    const entriesBefore = await runEntryCount(r);
    const saleKey = `mm-${randomUUID()}`;
    const res = await creditSale(r, this.holder, items, saleKey);
    if (total > balance) {
      creditSeen.refused += 1;
      // never beyond the balance: refused, nothing written, the items still on sale
      const rows = await Promise.all(items.map((i) => rowOf(r, i.id)));
      const entriesAfter = await runEntryCount(r);
      ensure(
        'creditNeverNegative',
        res.status === 422 && entriesAfter === entriesBefore && rows.every((x) => x.status === 'Active'),
        () => `a sale of ${major(total)} on c${this.holder}'s credit of ${major(balance)}: ${said(res)}; the run's ledger ${entriesBefore} -> ${entriesAfter} entries, items ${rows.map((x) => x.status).join(', ')}`,
        () => m.spoiledConsigners.add(this.holder),
      );
      if (res.status === 201) recordCreditSale(m, this.holder, (res.body.data as { sale: { id: string } }).sale.id, saleKey, items);
      return;
    }
    if (res.status !== 201) return violated('modelTransitions', `a sale of ${major(total)} on c${this.holder}'s credit of ${major(balance)}: ${said(res)}`);
    const orderId = (res.body.data as { sale: { id: string } }).sale.id;
    creditSeen.paid += 1;
    recordCreditSale(m, this.holder, orderId, saleKey, items);
    const spends = (await creditEntriesOfOrder(r, orderId)).map((e) => `${e.kind} ${e.amount} c${r.cs.findIndex((c) => c.id === e.consignerId)}`);
    const expected = [`store_credit_spent ${-total} c${this.holder}`];
    ensure('creditSpendOnce', JSON.stringify(spends) === JSON.stringify(expected), () => `a credit sale of ${major(total)}: its credit entries [${spends.join(', ')}], the model [${expected.join(', ')}]`, () => m.spoiledConsigners.add(this.holder));
    // the credit is its own account: the money the store owes the holder does not move
    const owedAfter = await owedFiguresOf(r, this.holder);
    ensure('creditLeavesOwedAlone', owedAfter === owedBefore, () => `c${this.holder}'s owed figures before a credit spend of ${major(total)}: ${owedBefore}; after: ${owedAfter}`, () => m.spoiledConsigners.add(this.holder));
  }
  toString = () => `CreditSpend(c${this.holder}, #${this.a}${this.b === null ? '' : `, #${this.b}`}${this.over ? ', over' : ''})`;
}

/**
 * Two sales on one holder's credit sent at once (other items, other keys): at most the balance is
 * spent, as if one ran after the other (the first paid when it fits, the second when what is left
 * covers it); a refused one is 422. Picked so that each fits alone and both do not, when there are such.
 */
class RaceCreditSpend implements Cmd {
  constructor(
    readonly holder: number,
    readonly n: number,
  ) {}
  private pair = (m: Readonly<Model>): [MItem, MItem] | undefined => {
    const all = creditBuys(m, this.holder);
    const pairs = all.flatMap((x, k) => all.slice(k + 1).map((y) => [x, y] as [MItem, MItem]));
    const balance = m.credit[this.holder];
    const t = (i: MItem) => i.price * i.quantity;
    const oneWins = pairs.filter(([x, y]) => t(x) <= balance && t(y) <= balance && t(x) + t(y) > balance);
    return pick(oneWins.length ? oneWins : pairs, this.n);
  };
  check = (m: Readonly<Model>) => m.credit[this.holder] > 0 && !m.spoiledConsigners.has(this.holder) && this.pair(m) !== undefined;
  async run(m: Model, r: Real) {
    const pair = this.pair(m)!;
    const balance = m.credit[this.holder];
    const keys = pair.map(() => `mm-${randomUUID()}`);
    const answers = await Promise.all(pair.map((i, k) => creditSale(r, this.holder, [i], keys[k])));
    const won = answers.map((a) => a.status === 201);
    const t = pair.map((i) => i.price * i.quantity);
    // the outcomes of running them one after the other, in either order
    const serial = (first: number) => {
      const out = [false, false];
      let left = balance;
      for (const k of [first, 1 - first]) if (t[k] <= left) [out[k], left] = [true, left - t[k]];
      return out;
    };
    const possible = [serial(0), serial(1)].some((o) => o[0] === won[0] && o[1] === won[1]);
    const spent = t.reduce((x, v, k) => x + (won[k] ? v : 0), 0);
    const winners = won.filter(Boolean).length;
    creditSeen[winners === 2 ? 'raceBoth' : winners === 1 ? 'raceOne' : 'raceNone'] += 1;
    ensure(
      'creditNeverNegative',
      possible && spent <= balance && answers.every((a) => a.status === 201 || a.status === 422),
      () => `two sales of ${t.map(major).join(' and ')} at once on c${this.holder}'s credit of ${major(balance)}: ${answers.map(said).join(' | ')}`,
      () => m.spoiledConsigners.add(this.holder),
    );
    pair.forEach((i, k) => {
      if (won[k]) recordCreditSale(m, this.holder, (answers[k].body.data as { sale: { id: string } }).sale.id, keys[k], [i]);
    });
  }
  toString = () => `RaceCreditSpend(c${this.holder}, #${this.n})`;
}

/**
 * The credit read back after every step: each consigner's balance on the staff card and on the
 * portal's card = the model's = the ledger's sum of the credit kinds, never below 0; an order spends
 * at most once (one store_credit_spent) and returns at most what it spent.
 */
async function checkCredit(m: Model, r: Real, read: MoneyRead) {
  for (let c = 0; c < r.cs.length; c += 1) {
    const ledger = read.ledger.filter((e) => e.consignerId === r.cs[c].id && CREDIT_KINDS.has(e.kind)).reduce((t, e) => t + e.amount, 0);
    const staff = await api.get(r.w, `/api/payouts/consigner/${r.cs[c].id}/credit`, r.w.admin);
    const portal = await api.get(r.w, `/api/payouts/consigner/${r.cs[c].id}/credit`, r.cs[c].token);
    if (!ok(staff) || !ok(portal)) return violated('modelTransitions', `credit card of c${c}: ${said(staff)} | ${said(portal)}`);
    const cards = [staff, portal].map((a) => minor((a.body.data as { balance: number }).balance));
    ensure('creditNeverNegative', ledger >= 0 && cards.every((x) => x >= 0), () => `c${c}'s credit: ledger ${major(ledger)}, cards ${cards.map(major).join(', ')}`);
    if (SPOIL_SCOPING && m.spoiledConsigners.has(c)) continue;
    ensure(
      'creditMatchesModel',
      cards.every((x) => x === ledger) && ledger === m.credit[c],
      () => `c${c}'s credit: staff card ${major(cards[0])}, portal ${major(cards[1])}, ledger ${major(ledger)}, the model ${major(m.credit[c])} (bonus ${m.bonus}%)`,
      () => {
        m.credit[c] = ledger;
        m.spoiledConsigners.add(c);
      },
    );
  }
  const byOrder = new Map<string, { spent: number[]; returned: number }>();
  for (const e of read.ledger) {
    if (!e.orderId || (e.kind !== 'store_credit_spent' && e.kind !== 'store_credit_returned')) continue;
    const o = byOrder.get(e.orderId) ?? { spent: [], returned: 0 };
    if (e.kind === 'store_credit_spent') o.spent.push(e.amount);
    else o.returned += e.amount;
    byOrder.set(e.orderId, o);
  }
  for (const [orderId, o] of byOrder) {
    const spent = -o.spent.reduce((t, v) => t + v, 0);
    ensure('creditSpendOnce', o.spent.length <= 1 && o.returned >= 0 && o.returned <= spent, () => `order ${orderId}: credit spent ${o.spent.map(major).join(', ')}, returned ${major(o.returned)}`);
  }
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
    // the consignment terms: renewals (their fee carried to the next payout), conversions, markdowns
    fc.tuple(n, fc.constantFrom<Who>('admin', 'admin', 'stock', 'consigner'), fc.boolean()).map(([k, who, twice]) => new Renew(k, who, twice)),
    fc.tuple(n, fc.constant<Who>('admin'), fc.boolean()).map(([k, who, twice]) => new Renew(k, who, twice)),
    fc.tuple(n, fc.constant<Who>('stock'), fc.constant(false)).map(([k, who, twice]) => new Renew(k, who, twice)),
    fc.tuple(n, fc.constantFrom<Who>('admin', 'stock', 'consigner'), fc.boolean()).map(([k, who, twice]) => new Convert(k, who, twice)),
    fc.tuple(n, fc.constant<Who>('admin'), fc.boolean()).map(([k, who, twice]) => new Convert(k, who, twice)),
    fc.tuple(fc.constantFrom(5, 12, 35, 70), fc.boolean()).map(([days, twice]) => new MarkdownRun(days, twice)),
    fc.tuple(fc.constantFrom(12, 35, 70), fc.constant(false)).map(([days, twice]) => new MarkdownRun(days, twice)),
    fc.tuple(fc.constantFrom(12, 35, 70), fc.constant(false)).map(([days, twice]) => new MarkdownRun(days, twice)),
    // the payout hold: set, time passing, a held sale paid
    fc.constantFrom(2, 5, 0).map((days) => new SetHold(days)),
    fc.integer({ min: 1, max: 4 }).map((days) => new TimePasses(days)),
    fc.integer({ min: 1, max: 4 }).map((days) => new TimePasses(days)),
    n.map((k) => new PayHeld(k)),
    // store credit: the bonus, a consigner taking their payouts as credit, spends (beyond the balance, at once)
    fc.constantFrom(0, 15, 20, 33, 101).map((p) => new SetBonus(p)),
    fc.tuple(fc.nat(1), fc.boolean()).map(([c, on]) => new TakeCredit(c, on)),
    // (skipped while nobody has credit: four entries so that a run with credit reaches them)
    fc.tuple(fc.nat(1), n, fc.option(n, { freq: 4 }), fc.boolean()).map(([c, a, b, over]) => new CreditSpend(c, a, b, over)),
    fc.tuple(fc.nat(1), n, fc.option(n, { freq: 4 }), fc.boolean()).map(([c, a, b, over]) => new CreditSpend(c, a, b, over)),
    fc.tuple(n, fc.boolean()).map(([a, over]) => new CreditSpend(0, a, null, over)),
    fc.tuple(n, fc.boolean()).map(([a, over]) => new CreditSpend(0, a, null, over)),
    fc.tuple(fc.nat(1), n).map(([c, k]) => new RaceCreditSpend(c, k)),
    n.map((k) => new RaceCreditSpend(0, k)),
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
    // what the store owes leaves the credit account out (docs/consigner-account.md "Store credit")
    const mine = read.ledger.filter((e) => e.consignerId === c.id && !CREDIT_KINDS.has(e.kind));
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
    if (item.spoiled || item.status === 'Converted') continue;
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
/** Steps run by kind (the command's class): printed at the end, to see what the distribution reaches. */
const stepKinds = new Map<string, number>();

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
      `store credit: ${creditSeen.payouts} shares paid as credit, ${creditSeen.paid} spends paid, ${creditSeen.refused} refused beyond the balance, races of two spends: ${creditSeen.raceOne} one won, ${creditSeen.raceBoth} both, ${creditSeen.raceNone} none; ${creditSeen.undone} credit sales undone`,
      `steps by kind: ${[...stepKinds].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ')}`,
      lines.length ? `tolerated (KNOWN_BROKEN):\n${lines.join('\n')}` : 'no tolerated violation',
      quiet.length ? `known-broken flags not seen in these runs (fixed, or not reached): ${quiet.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  await w?.close();
});

/**
 * A run's start with store credit, so that random runs reach its spends in their few steps: c0 takes
 * payouts as store credit, lists an item that is accepted, sold at the counter and paid (into their
 * credit, with the store's bonus; after the hold, time passing when the run has one), and c1 has two
 * items on sale to spend it on (one at 10 to 60 % of c0's price, within the credit; one drawn). The same commands as the run's, checked once at the end.
 */
async function creditPrelude(m: Model, r: Real, [mine, percent, more]: [number, number, number]) {
  await new TakeCredit(0, true).run(m, r);
  await new AddItem(0, mine, false).run(m, r);
  // one of c1's items a part of c0's price, so that a spend within the credit is there to draw
  await new AddItem(1, Math.max(3_000, Math.floor((mine * percent) / 100)), false).run(m, r);
  await new AddItem(1, more, false).run(m, r);
  const [sold] = m.items;
  const waiting = () => m.items.filter((i) => i.status === 'Requested' || i.status === 'Pending');
  for (const item of [...m.items]) await new Accept(waiting().indexOf(item), 'admin').run(m, r);
  await new CounterSale(m.items.filter((i) => i.status === 'Active').indexOf(sold), null, 'admin').run(m, r);
  if (m.holdDays > 0) await new TimePasses(m.holdDays).run(m, r);
  await new Pay(0, 'admin').run(m, r);
  const read = await readMoney(r.w, r.cs);
  checkInvariants(m, r, read);
  await checkCredit(m, r, read);
}

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
    stepKinds.set(this.inner.constructor.name, (stepKinds.get(this.inner.constructor.name) ?? 0) + 1);
    const read = await readMoney(r.w, r.cs);
    checkInvariants(m, r, read);
    await checkCredit(m, r, read);
    if (process.env.MONEY_MODEL_TIMING) console.log(`${this.inner.toString()}: ${Math.round(t1 - t0)} ms, invariants ${Math.round(performance.now() - t1)} ms`);
  }
  toString = () => this.inner.toString();
}

describe('the money loop (model-based)', () => {
  it(
    'keeps every sold item, payout, report and the ledger in step, whatever people do in whatever order',
    async () => {
      const commands = fc.commands(commandArbitraries(features).map((a) => a.map((c) => new Checked(c) as Cmd)), { maxCommands: STEPS * 4, size: 'max' });
      // a run in four starts with the store's payout hold on (2 days), so its sales are held until time
      // passes; a run in two starts with store credit (creditPrelude: c0's price, c1's first as a percentage of it, c1's second)
      const price = fc.integer({ min: 3_000, max: 60_000 });
      const prelude = fc.option(fc.tuple(fc.integer({ min: 6_000, max: 60_000 }), fc.integer({ min: 10, max: 60 }), price), { freq: 2 });
      const property = fc.asyncProperty(commands, fc.constantFrom(0, 0, 0, 2), fc.constantFrom(0, 20, 15), prelude, async (cmds, holdDays, bonus, credit) => {
        runsRun += 1;
        const cs = [await newConsigner(w, 0), await newConsigner(w, 1)];
        // the store's hold and bonus as the run starts (a run's SetHold and SetBonus leave the store's settings behind)
        const hold = await api.put(w, `/api/stores/${w.refs.store.id}`, w.admin, { payoutHoldDays: holdDays, storeCreditBonus: bonus });
        if (!ok(hold)) throw new Error(`hold of ${holdDays} days, bonus ${bonus}%: ${said(hold)}`);
        const profitBefore = await dashboardProfit(w);
        const model: Model = { items: [], orders: [], payouts: [], owed: [0, 0], loose: [0, 0], holdDays, shifted: 0, bonus, takesCredit: [false, false], credit: [0, 0], spoiledConsigners: new Set(), steps: 0 };
        const real: Real = { w, cs };
        if (credit) await creditPrelude(model, real, credit);
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        // the store's profit moved by its commission on what the ledger says was sold: the fees, their
        // corrections and their reversals (an undo takes back a corrected fee whole, correction included),
        // less the store credit bonuses it granted (its cost, docs/dashboard-and-activity.md)
        const read = await readMoney(w, cs);
        const commission = -read.ledger.filter((e) => e.kind === 'fee' || e.kind === 'fee_undone' || e.kind === 'fee_adjustment').reduce((t, e) => t + e.amount, 0);
        const bonuses = read.ledger.filter((e) => e.kind === 'store_credit_bonus').reduce((t, e) => t + e.amount, 0);
        const moved = minor((await dashboardProfit(w)) - profitBefore);
        if (!SPOIL_SCOPING || model.spoiledConsigners.size === 0) {
          ensure('dashboardProfitMatchesLedger', moved === commission - bonuses, () => `the dashboard's profit moved by ${major(moved)}, the ledger's commission is ${major(commission)} and the bonuses granted ${major(bonuses)}`);
        }
      });
      const seed = process.env.MONEY_MODEL_SEED ? Number(process.env.MONEY_MODEL_SEED) : undefined;
      await fc.assert(property, { numRuns: RUNS, verbose: true, seed, path: process.env.MONEY_MODEL_PATH, endOnFailure: false });
      expect(runsRun).toBeGreaterThan(0);
    },
    30 * 60_000,
  );
});
