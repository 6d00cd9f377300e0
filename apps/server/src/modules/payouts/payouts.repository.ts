import type { PayoutStatus, ShareStatus } from '@backroom/domain';
import { and, asc, desc, eq, gte, inArray, isNotNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { insertJsonRows } from '../../db/bulk-insert.ts';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { saleDaySql, saleOnlineSql, saleShippedDaySql } from '../../db/sale-hold.ts';
import { cheques, consigners, inventoryItems, orders, payoutDeductions, payoutItems, payoutRequests, payouts } from '../../db/schema/index.ts';
import { csvSql, type CsvSqlCell } from '../../http/csv.ts';

export type PayoutRow = typeof payouts.$inferSelect;
type NewPayout = typeof payouts.$inferInsert;
export type ChequeRow = typeof cheques.$inferSelect;
type NewCheque = typeof cheques.$inferInsert;

const i = inventoryItems;
const pi = payoutItems;
const c = consigners;

/** ids as one uuid[] parameter (not one parameter per id): a 2,000-item payout is one short statement. */
const uuids = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** An item asked to be paid, with what decides whether it may be. */
export type PayCandidate = {
  id: string;
  code: string;
  title: string;
  status: string;
  consignerId: string;
  total: number;
  payoutId: string | null;
  inPayout: boolean;
  bought: boolean;
  acceptedOn: Date | null;
  paymentType: 'cash' | 'auto' | null;
  isStoreAccount: boolean;
  payoutType: string | null;
  consignerName: string;
  /** the store day (UTC) of the item's latest 'sale' ledger entry: what the payout hold counts from */
  soldOn: string | null;
  /** whether that sale is an online order, and the store day it shipped (a hold may count from it) */
  online: boolean;
  shippedOn: string | null;
};

/** A consigner's share of a payout, summed from its items. */
export type ShareRow = {
  payoutId: string;
  consignerId: string;
  firstName: string;
  lastName: string;
  email: string;
  payoutType: string | null;
  bankData: (typeof consigners.$inferSelect)['bankData'];
  /** what the share sends: gross + carried (docs/payouts.md "Net payable") */
  total: number;
  /** the sum of its items' amounts */
  gross: number;
  /** taken from the items (negative: fees owed) or added to them (positive), payout_deductions */
  carried: number;
  itemCount: number;
  /** items still Sold (not yet marked Paid) */
  unpaidItems: number;
};

/** A payout item as the API shows it. */
export type PayoutItemRow = {
  id: string;
  code: string;
  title: string;
  sku: string;
  category: string | null;
  option1Value: string | null;
  option2Value: string | null;
  option3Value: string | null;
  image: string | null;
  status: string;
  price: number;
  quantity: number;
  payout: number;
  amount: number;
  consignerId: string;
  firstName: string;
  lastName: string;
  soldOn: Date | null;
  orderId: string | null;
  orderName: string | null;
  buyingId: string | null;
  paymentType: 'cash' | 'auto' | null;
};

type PayoutListFilter = { words: string[]; consignerId?: string; status?: PayoutStatus };

const payoutFilter = (storeId: string, f: PayoutListFilter): SQL | undefined =>
  and(
    eq(payouts.storeId, storeId),
    f.status ? eq(payouts.status, f.status) : undefined,
    f.consignerId
      ? sql`exists (select 1 from ${pi} where ${pi.storeId} = ${storeId} and ${pi.payoutId} = ${payouts.id} and ${pi.consignerId} = ${f.consignerId})`
      : undefined,
    // every word in the payout's name or in one of its consigners' names and e-mails
    ...f.words.map(
      (w) =>
        sql`(lower(${payouts.name}) like ${containsPattern(w)} or exists (select 1 from ${pi} join ${c} on ${c.storeId} = ${pi.storeId} and ${c.id} = ${pi.consignerId}
          where ${pi.storeId} = ${storeId} and ${pi.payoutId} = ${payouts.id} and ${like(c.searchText, containsPattern(w))}))`,
    ),
  );

type ConsignerPayoutFilter = Omit<PayoutListFilter, 'consignerId'> & { shareStatus?: ShareStatus; from?: Date | null; to?: Date | null };

/**
 * The consigner's share of the payout row has this status, as shareStatusOf reads it: Failed when a
 * cheque failed; Paid when every cheque is paid and none of their items is still Sold; else Pending.
 */
function shareStatusIs(storeId: string, consignerId: string, status: ShareStatus): SQL {
  const chequeOf = (cond: SQL) =>
    sql`exists (select 1 from ${cheques} where ${cheques.storeId} = ${storeId} and ${cheques.payoutId} = ${payouts.id} and ${cheques.consignerId} = ${consignerId} and ${cond})`;
  const failed = chequeOf(sql`${cheques.status} = 'Failed'`);
  const paid = sql`(not ${chequeOf(sql`${cheques.status} <> 'Paid'`)} and not exists (select 1 from ${pi} join ${i} on ${i.storeId} = ${pi.storeId} and ${i.id} = ${pi.inventoryId}
    where ${pi.storeId} = ${storeId} and ${pi.payoutId} = ${payouts.id} and ${pi.consignerId} = ${consignerId} and ${i.status} = 'Sold'))`;
  if (status === 'Failed') return failed;
  if (status === 'Paid') return sql`(not ${failed} and ${paid})`;
  return sql`(not ${failed} and not ${paid})`;
}

/**
 * Bought from the consigner and accepted (docs/payouts.md "What is ready to pay"), not yet paid for: in
 * no payout, or in one whose share for them still has a cheque to pay.
 */
const owedBought = (storeId: string, consignerId: string): SQL =>
  and(
    eq(i.storeId, storeId),
    eq(i.consignerId, consignerId),
    or(isNotNull(i.buyingId), isNotNull(i.paymentType)),
    isNotNull(i.acceptedOn),
    sql`not exists (select 1 from ${c} where ${c.storeId} = ${storeId} and ${c.id} = ${i.consignerId} and ${c.isStoreAccount})`,
    sql`(${i.payoutId} is null or exists (select 1 from ${cheques} where ${cheques.storeId} = ${storeId} and ${cheques.payoutId} = ${i.payoutId}
      and ${cheques.consignerId} = ${consignerId} and ${cheques.status} <> 'Paid'))`,
  )!;

const itemColumns = {
  id: i.id,
  code: i.code,
  title: i.title,
  sku: i.sku,
  category: i.category,
  option1Value: i.option1Value,
  option2Value: i.option2Value,
  option3Value: i.option3Value,
  image: i.image,
  status: i.status,
  price: i.price,
  quantity: i.quantity,
  payout: i.payout,
  amount: pi.amount,
  consignerId: pi.consignerId,
  firstName: c.firstName,
  lastName: c.lastName,
  soldOn: i.soldOn,
  orderId: i.orderId,
  orderName: orders.name,
  buyingId: i.buyingId,
  paymentType: i.paymentType,
};

/** payouts.csv (POST /api/payouts/export): one line per item, the payout and the consigner with it. */
const EXPORT_COLUMNS: [string, CsvSqlCell][] = [
  ['Payout', csvSql.text(payouts.name)],
  ['Payout status', csvSql.text(payouts.status)],
  ['Payout date', csvSql.timestamp(payouts.createdAt)],
  ['Consigner', csvSql.text(sql`${c.firstName} || ' ' || ${c.lastName}`)],
  ['Email', csvSql.text(c.email)],
  ['Payout type', csvSql.text(c.payoutType)],
  ['Code', csvSql.text(i.code)],
  ['Title', csvSql.text(i.title)],
  ['SKU', csvSql.text(i.sku)],
  ['Option 1', csvSql.text(i.option1Value)],
  ['Option 2', csvSql.text(i.option2Value)],
  ['Option 3', csvSql.text(i.option3Value)],
  ['Price', csvSql.number(sql`${i.price} / 100.0`, 2)],
  ['Quantity', csvSql.number(i.quantity)],
  ['Payout', csvSql.number(sql`${pi.amount} / 100.0`, 2)],
  ['Item status', csvSql.text(i.status)],
  ['Sold on', csvSql.timestamp(i.soldOn)],
];
export const PAYOUT_EXPORT_HEADERS = EXPORT_COLUMNS.map(([name]) => name);

/** A share's carried amount (payout_deductions), for a query grouped by payout and consigner. */
const carried = (storeId: string) =>
  sql`coalesce((select ${payoutDeductions.amount} from ${payoutDeductions} where ${payoutDeductions.storeId} = ${storeId}
    and ${payoutDeductions.payoutId} = ${pi.payoutId} and ${payoutDeductions.consignerId} = ${pi.consignerId}), 0)`;

export const payoutsRepository = {
  /** What each share takes from or adds to its items (net payable), written with the payout. */
  insertDeductions: async (tx: DbOrTx, values: (typeof payoutDeductions.$inferInsert)[]) => {
    if (values.length) await tx.insert(payoutDeductions).values(values);
  },
  /** The carried amounts of some shares of a payout, by consigner. */
  deductionsOf: async (db: DbOrTx, storeId: string, payoutId: string, consignerIds: readonly string[]) =>
    new Map(
      (
        await db
          .select({ consignerId: payoutDeductions.consignerId, amount: payoutDeductions.amount })
          .from(payoutDeductions)
          .where(and(eq(payoutDeductions.storeId, storeId), eq(payoutDeductions.payoutId, payoutId), inArray(payoutDeductions.consignerId, [...consignerIds])))
      ).map((r) => [r.consignerId, r.amount]),
    ),
  /** Early-withdrawal fees a payout took: no longer owed (never below zero). */
  settleWithdrawalFees: async (tx: DbOrTx, storeId: string, consignerId: string, taken: number) => {
    await tx
      .update(c)
      .set({ outstandingWithdrawalFees: sql`greatest(${c.outstandingWithdrawalFees} - ${taken}, 0)` })
      .where(and(eq(c.storeId, storeId), eq(c.id, consignerId)));
  },

  /**
   * Serialises the making of payouts in one store until the transaction ends: the next name is read
   * and used without a race, and a second request over the same items waits and then finds them taken.
   */
  lockStorePayouts: async (tx: DbOrTx, storeId: string) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payouts:${storeId}`}, 0))`);
  },

  /** The asked items of the store, row-locked, with their consigner's flags. Unknown ids are absent. */
  payCandidatesForUpdate: async (tx: DbOrTx, storeId: string, ids: readonly string[], opts: { lock?: boolean } = { lock: true }): Promise<PayCandidate[]> => {
    const q = tx
      .select({
        id: i.id,
        code: i.code,
        title: i.title,
        status: i.status,
        consignerId: i.consignerId,
        total: i.total,
        payoutId: i.payoutId,
        inPayout: sql<boolean>`exists (select 1 from ${pi} where ${pi.storeId} = ${storeId} and ${pi.inventoryId} = ${i.id})`,
        bought: sql<boolean>`(${i.buyingId} is not null or ${i.paymentType} is not null)`,
        acceptedOn: i.acceptedOn,
        paymentType: i.paymentType,
        isStoreAccount: c.isStoreAccount,
        payoutType: c.payoutType,
        consignerName: sql<string>`${c.firstName} || ' ' || ${c.lastName}`,
        soldOn: saleDaySql(i.storeId, i.id),
        online: saleOnlineSql(i.storeId, i.id),
        shippedOn: saleShippedDaySql(i.storeId, i.id),
      })
      .from(i)
      .innerJoin(c, and(eq(c.storeId, i.storeId), eq(c.id, i.consignerId)))
      .where(and(eq(i.storeId, storeId), sql`${i.id} = any(${uuids(ids)})`))
      .orderBy(asc(i.id));
    return opts.lock === false ? q : q.for('update', { of: i });
  },

  /** The highest PO-n number of the store's payouts (null when none). */
  highestPayoutNumber: async (tx: DbOrTx, storeId: string): Promise<number | null> => {
    const [row] = await tx
      .select({ n: sql<number | null>`max(substring(${payouts.name} from '^PO-([0-9]{1,9})$')::int)` })
      .from(payouts)
      .where(eq(payouts.storeId, storeId));
    return row?.n === null || row?.n === undefined ? null : Number(row.n);
  },

  insertPayout: async (tx: DbOrTx, values: NewPayout) => (await tx.insert(payouts).values(values).returning())[0],

  /** The items into the payout (what each consigner is owed: the item's total) and the items pointing at it. */
  addItems: async (tx: DbOrTx, storeId: string, payoutId: string, ids: readonly string[], by: { id: string; name: string }) => {
    await tx.execute(sql`
      insert into ${pi} (store_id, payout_id, inventory_id, consigner_id, amount)
      select ${i.storeId}, ${payoutId}::uuid, ${i.id}, ${i.consignerId}, ${i.total}
      from ${i} where ${i.storeId} = ${storeId} and ${i.id} = any(${uuids(ids)})`);
    await tx
      .update(i)
      .set({ payoutId, lastUpdatedById: by.id, lastUpdatedByName: by.name, updatedAt: new Date() })
      .where(and(eq(i.storeId, storeId), sql`${i.id} = any(${uuids(ids)})`));
  },

  insertCheques: async (tx: DbOrTx, values: NewCheque[]) => {
    await insertJsonRows(tx, cheques, values);
  },

  find: async (db: DbOrTx, storeId: string, id: string, opts: { lock?: boolean } = {}) => {
    const q = db
      .select()
      .from(payouts)
      .where(and(eq(payouts.storeId, storeId), eq(payouts.id, id)))
      .limit(1);
    return (opts.lock ? await q.for('update') : await q)[0] ?? null;
  },

  /**
   * The payout and its cheques, row-locked (SELECT ... FOR UPDATE), always in this order: the payout,
   * then its cheques by id. Every path that changes a payout's cheques takes it first (mark paid, the
   * retry, the payout job's claim of a send attempt and its answers, the settling of confirmed
   * shares), so each decides on cheques nobody else is changing, and no two of them deadlock.
   */
  lockPayoutWithCheques: async (tx: DbOrTx, storeId: string, id: string) => {
    const [payout] = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.storeId, storeId), eq(payouts.id, id)))
      .limit(1)
      .for('update');
    if (!payout) return null;
    const rows = await tx
      .select()
      .from(cheques)
      .where(and(eq(cheques.storeId, storeId), eq(cheques.payoutId, id)))
      .orderBy(asc(cheques.id))
      .for('update');
    return { payout, cheques: rows };
  },

  update: async (tx: DbOrTx, storeId: string, id: string, values: Partial<NewPayout>) =>
    (await tx.update(payouts).set(values).where(and(eq(payouts.storeId, storeId), eq(payouts.id, id))).returning())[0],

  /** A page of payouts, newest first, and the number of all matches. */
  list: async (db: DbOrTx, storeId: string, f: PayoutListFilter, page: { offset: number; limit: number }) => {
    const where = payoutFilter(storeId, f);
    const [rows, [{ count }]] = await Promise.all([
      db.select().from(payouts).where(where).orderBy(desc(payouts.createdAt), desc(payouts.id)).limit(page.limit).offset(page.offset),
      db.select({ count: sql<number>`count(*)::int` }).from(payouts).where(where),
    ]);
    return { rows, count };
  },

  /** The payouts a consigner has a share in, newest first (search: payout name, or an item's title, code or SKU). */
  listOfConsigner: async (db: DbOrTx, storeId: string, consignerId: string, f: ConsignerPayoutFilter, page: { offset: number; limit: number }) => {
    const where = and(
      eq(payouts.storeId, storeId),
      f.status ? eq(payouts.status, f.status) : undefined,
      f.shareStatus ? shareStatusIs(storeId, consignerId, f.shareStatus) : undefined,
      f.from ? gte(payouts.createdAt, f.from) : undefined,
      f.to ? lt(payouts.createdAt, f.to) : undefined,
      sql`exists (select 1 from ${pi} where ${pi.storeId} = ${storeId} and ${pi.payoutId} = ${payouts.id} and ${pi.consignerId} = ${consignerId})`,
      ...f.words.map(
        (w) =>
          sql`(lower(${payouts.name}) like ${containsPattern(w)} or exists (select 1 from ${pi} join ${i} on ${i.storeId} = ${pi.storeId} and ${i.id} = ${pi.inventoryId}
            where ${pi.storeId} = ${storeId} and ${pi.payoutId} = ${payouts.id} and ${pi.consignerId} = ${consignerId}
            and (lower(${i.title}) like ${containsPattern(w)} or lower(${i.code}) like ${containsPattern(w)} or lower(${i.sku}) like ${containsPattern(w)})))`,
      ),
    );
    const [rows, [{ count }]] = await Promise.all([
      db.select().from(payouts).where(where).orderBy(desc(payouts.createdAt), desc(payouts.id)).limit(page.limit).offset(page.offset),
      db.select({ count: sql<number>`count(*)::int` }).from(payouts).where(where),
    ]);
    return { rows, count };
  },

  /** Each consigner's share of the payouts (sums of their items), by name. */
  shares: async (db: DbOrTx, storeId: string, payoutIds: readonly string[], consignerId?: string): Promise<ShareRow[]> => {
    if (payoutIds.length === 0) return [];
    return db
      .select({
        payoutId: pi.payoutId,
        consignerId: pi.consignerId,
        firstName: c.firstName,
        lastName: c.lastName,
        email: c.email,
        payoutType: c.payoutType,
        bankData: c.bankData,
        total: sql<number>`(sum(${pi.amount}) + ${carried(storeId)})::bigint`.mapWith(Number),
        gross: sql<number>`sum(${pi.amount})::bigint`.mapWith(Number),
        carried: sql<number>`${carried(storeId)}::bigint`.mapWith(Number),
        itemCount: sql<number>`count(*)::int`,
        unpaidItems: sql<number>`(count(*) filter (where ${i.status} = 'Sold'))::int`,
      })
      .from(pi)
      .innerJoin(c, and(eq(c.storeId, pi.storeId), eq(c.id, pi.consignerId)))
      .innerJoin(i, and(eq(i.storeId, pi.storeId), eq(i.id, pi.inventoryId)))
      .where(and(eq(pi.storeId, storeId), sql`${pi.payoutId} = any(${uuids(payoutIds)})`, consignerId ? eq(pi.consignerId, consignerId) : undefined))
      .groupBy(pi.payoutId, pi.consignerId, c.firstName, c.lastName, c.email, c.payoutType, c.bankData)
      .orderBy(asc(c.firstName), asc(c.lastName), asc(pi.consignerId));
  },

  cheques: async (db: DbOrTx, storeId: string, payoutIds: readonly string[], consignerId?: string) => {
    if (payoutIds.length === 0) return [];
    return db
      .select()
      .from(cheques)
      .where(and(eq(cheques.storeId, storeId), sql`${cheques.payoutId} = any(${uuids(payoutIds)})`, consignerId ? eq(cheques.consignerId, consignerId) : undefined))
      .orderBy(asc(cheques.consignerId), asc(cheques.sequence), asc(cheques.id));
  },

  /** The items of payouts (optionally of one consigner), by consigner name then code. */
  items: async (db: DbOrTx, storeId: string, payoutIds: readonly string[], consignerId?: string): Promise<(PayoutItemRow & { payoutId: string })[]> => {
    if (payoutIds.length === 0) return [];
    return db
      .select({ ...itemColumns, payoutId: pi.payoutId })
      .from(pi)
      .innerJoin(i, and(eq(i.storeId, pi.storeId), eq(i.id, pi.inventoryId)))
      .innerJoin(c, and(eq(c.storeId, pi.storeId), eq(c.id, pi.consignerId)))
      .leftJoin(orders, and(eq(orders.storeId, i.storeId), eq(orders.id, i.orderId)))
      .where(and(eq(pi.storeId, storeId), sql`${pi.payoutId} = any(${uuids(payoutIds)})`, consignerId ? eq(pi.consignerId, consignerId) : undefined))
      .orderBy(asc(c.firstName), asc(c.lastName), asc(pi.consignerId), asc(i.code));
  },

  /** A page of the items the store bought from the consigner and still owes them (Ready to Pay), newest accepted first. */
  owedBoughtItems: async (
    db: DbOrTx,
    storeId: string,
    consignerId: string,
    f: { words: string[]; from?: Date | null; to?: Date | null },
    page: { offset: number; limit: number },
  ) => {
    const where = and(
      owedBought(storeId, consignerId),
      f.from ? gte(i.acceptedOn, f.from) : undefined,
      f.to ? lt(i.acceptedOn, f.to) : undefined,
      ...f.words.map((w) => sql`(lower(${i.title}) like ${containsPattern(w)} or lower(${i.code}) like ${containsPattern(w)} or lower(${i.sku}) like ${containsPattern(w)})`),
    );
    const owed = sql<number>`coalesce(${pi.amount}, ${i.total})`;
    const from = () =>
      db
        .select({
          id: i.id,
          code: i.code,
          title: i.title,
          sku: i.sku,
          option1Value: i.option1Value,
          option2Value: i.option2Value,
          option3Value: i.option3Value,
          image: i.image,
          status: i.status,
          quantity: i.quantity,
          amount: owed.mapWith(Number),
          paymentType: i.paymentType,
          acceptedOn: i.acceptedOn,
          payoutId: pi.payoutId,
          payoutName: payouts.name,
        })
        .from(i)
        .leftJoin(pi, and(eq(pi.storeId, i.storeId), eq(pi.inventoryId, i.id)))
        .leftJoin(payouts, and(eq(payouts.storeId, pi.storeId), eq(payouts.id, pi.payoutId)))
        .where(where);
    const [rows, [sums]] = await Promise.all([
      from().orderBy(desc(i.acceptedOn), desc(i.id)).limit(page.limit).offset(page.offset),
      db
        .select({ count: sql<number>`count(*)::int`, amount: sql<number>`coalesce(sum(${owed}), 0)::bigint`.mapWith(Number) })
        .from(i)
        .leftJoin(pi, and(eq(pi.storeId, i.storeId), eq(pi.inventoryId, i.id)))
        .where(where),
    ]);
    return { rows, count: sums.count, amount: sums.amount };
  },

  /** A consigner's payout option (whether their payouts are taken as store credit). */
  consignerPayoutType: async (db: DbOrTx, storeId: string, id: string) =>
    (await db.select({ payoutType: c.payoutType }).from(c).where(and(eq(c.storeId, storeId), eq(c.id, id))).limit(1))[0]?.payoutType ?? null,
  consignerExists: async (db: DbOrTx, storeId: string, id: string) =>
    (await db.select({ id: c.id }).from(c).where(and(eq(c.storeId, storeId), eq(c.id, id))).limit(1)).length > 0,

  /** Consigners with a share in some payout of the store, by name (the list's consigner filter). */
  consignersWithPayouts: async (db: DbOrTx, storeId: string) =>
    db
      .select({ id: c.id, firstName: c.firstName, lastName: c.lastName })
      .from(c)
      .where(and(eq(c.storeId, storeId), sql`exists (select 1 from ${pi} where ${pi.storeId} = ${storeId} and ${pi.consignerId} = ${c.id})`))
      .orderBy(asc(c.firstName), asc(c.lastName), asc(c.id)),

  /** The payout items among `ids` of the store (those in no payout, or of another store, are absent). */
  payoutItemIds: async (db: DbOrTx, storeId: string, ids: readonly string[]) =>
    (
      await db
        .select({ id: pi.inventoryId })
        .from(pi)
        .where(and(eq(pi.storeId, storeId), sql`${pi.inventoryId} = any(${uuids(ids)})`))
    ).map((r) => r.id),

  /** payouts.csv lines of the given payout items, or of every item of one payout. */
  exportLines: async (db: DbOrTx, storeId: string, by: { ids: readonly string[] } | { payoutId: string }) => {
    const rows = await db
      .select({ line: csvSql.line(EXPORT_COLUMNS.map(([, cell]) => cell)) })
      .from(pi)
      .innerJoin(payouts, and(eq(payouts.storeId, pi.storeId), eq(payouts.id, pi.payoutId)))
      .innerJoin(i, and(eq(i.storeId, pi.storeId), eq(i.id, pi.inventoryId)))
      .innerJoin(c, and(eq(c.storeId, pi.storeId), eq(c.id, pi.consignerId)))
      .where(and(eq(pi.storeId, storeId), 'payoutId' in by ? eq(pi.payoutId, by.payoutId) : sql`${pi.inventoryId} = any(${uuids(by.ids)})`))
      .orderBy(asc(payouts.createdAt), asc(payouts.id), asc(c.firstName), asc(c.lastName), asc(i.code));
    return rows.map((r) => r.line);
  },

  // ---- marking paid ----

  /** Items of the consigners' shares of a payout still Sold: now Paid. Returns them as they were. */
  markItemsPaid: async (tx: DbOrTx, storeId: string, payoutId: string, consignerIds: readonly string[], by: { id: string; name: string }) =>
    tx
      .update(i)
      .set({ status: 'Paid', lastUpdatedById: by.id, lastUpdatedByName: by.name, updatedAt: new Date() })
      .where(
        and(
          eq(i.storeId, storeId),
          eq(i.status, 'Sold'),
          sql`${i.id} in (select ${pi.inventoryId} from ${pi} where ${pi.storeId} = ${storeId} and ${pi.payoutId} = ${payoutId} and ${pi.consignerId} = any(${uuids(consignerIds)}))`,
        ),
      )
      .returning({ id: i.id, storeId: i.storeId, title: i.title }),

  /** The consigners' cheques of a payout not yet Paid: now Paid. */
  markChequesPaid: async (tx: DbOrTx, storeId: string, payoutId: string, consignerIds: readonly string[]) =>
    tx
      .update(cheques)
      .set({ status: 'Paid', failureReason: null })
      // never a cheque in flight (Sent): its provider may be paying it (docs/payouts-automated.md)
      .where(and(eq(cheques.storeId, storeId), eq(cheques.payoutId, payoutId), inArray(cheques.consignerId, [...consignerIds]), inArray(cheques.status, ['Pending', 'Failed'])))
      .returning({ id: cheques.id }),

  /** The payout items of the consigners' shares, for their ledger entries. */
  shareItems: async (tx: DbOrTx, storeId: string, payoutId: string, consignerIds: readonly string[]) =>
    tx
      .select({
        inventoryId: pi.inventoryId,
        consignerId: pi.consignerId,
        amount: pi.amount,
        status: i.status,
        orderId: i.orderId,
        code: i.code,
        title: i.title,
        option1Value: i.option1Value,
        location: i.location,
        bought: sql<boolean>`(${i.buyingId} is not null or ${i.paymentType} is not null)`,
      })
      .from(pi)
      .innerJoin(i, and(eq(i.storeId, pi.storeId), eq(i.id, pi.inventoryId)))
      .where(and(eq(pi.storeId, storeId), eq(pi.payoutId, payoutId), sql`${pi.consignerId} = any(${uuids(consignerIds)})`))
      .orderBy(asc(pi.consignerId), asc(pi.inventoryId)),

  /**
   * The ids of a consigner's items ready to pay (as Ready to Pay: sold or bought and accepted, in no
   * payout, not a store account's), with their sale day; the caller leaves out the held ones.
   */
  readyItemsOf: async (tx: DbOrTx, storeId: string, consignerId: string) =>
    tx
      .select({
        id: i.id,
        status: i.status,
        bought: sql<boolean>`(${i.buyingId} is not null or ${i.paymentType} is not null)`,
        soldOn: saleDaySql(i.storeId, i.id),
        online: saleOnlineSql(i.storeId, i.id),
        shippedOn: saleShippedDaySql(i.storeId, i.id),
      })
      .from(i)
      .innerJoin(c, and(eq(c.storeId, i.storeId), eq(c.id, i.consignerId)))
      .where(
        and(
          eq(i.storeId, storeId),
          eq(i.consignerId, consignerId),
          sql`${i.payoutId} is null`,
          eq(c.isStoreAccount, false),
          or(eq(i.status, 'Sold'), and(or(isNotNull(i.buyingId), isNotNull(i.paymentType)), isNotNull(i.acceptedOn))),
          sql`not exists (select 1 from ${pi} where ${pi.storeId} = ${i.storeId} and ${pi.inventoryId} = ${i.id})`,
        ),
      )
      .orderBy(asc(i.id)),

  /** Consigners' names by id (of this store). */
  consignerNames: async (db: DbOrTx, storeId: string, ids: readonly string[]) => {
    if (ids.length === 0) return new Map<string, string>();
    const rows = await db
      .select({ id: c.id, name: sql<string>`${c.firstName} || ' ' || ${c.lastName}` })
      .from(c)
      .where(and(eq(c.storeId, storeId), sql`${c.id} = any(${uuids(ids)})`, eq(c.isStoreAccount, false)));
    return new Map(rows.map((r) => [r.id, r.name.trim()]));
  },

  // ---- payout requests (docs/consigner-account.md "Payouts on request") ----

  /** A new open request; null when the consigner has one open already (the partial unique index, also at once). */
  insertRequest: async (tx: DbOrTx, values: { storeId: string; consignerId: string; amount: number }) =>
    (await tx.insert(payoutRequests).values(values).onConflictDoNothing().returning())[0] ?? null,
  /** The consigner's open (or being paid) request, else their latest one. */
  currentRequestOf: async (db: DbOrTx, storeId: string, consignerId: string) =>
    (
      await db
        .select(requestColumns)
        .from(payoutRequests)
        .innerJoin(c, and(eq(c.storeId, payoutRequests.storeId), eq(c.id, payoutRequests.consignerId)))
        .leftJoin(payouts, and(eq(payouts.storeId, payoutRequests.storeId), eq(payouts.id, payoutRequests.payoutId)))
        .where(and(eq(payoutRequests.storeId, storeId), eq(payoutRequests.consignerId, consignerId)))
        .orderBy(sql`(${payoutRequests.status} in ('Open', 'Paying')) desc`, desc(payoutRequests.createdAt))
        .limit(1)
    )[0] ?? null,
  /** A request of the store (locked for the change when asked). */
  findRequest: async (db: DbOrTx, storeId: string, id: string, opts: { lock?: boolean } = {}) => {
    const q = db
      .select(requestColumns)
      .from(payoutRequests)
      .innerJoin(c, and(eq(c.storeId, payoutRequests.storeId), eq(c.id, payoutRequests.consignerId)))
      .leftJoin(payouts, and(eq(payouts.storeId, payoutRequests.storeId), eq(payouts.id, payoutRequests.payoutId)))
      .where(and(eq(payoutRequests.storeId, storeId), eq(payoutRequests.id, id)));
    return (await (opts.lock ? q.for('update', { of: payoutRequests }) : q))[0] ?? null;
  },
  /** The store's open and being-paid requests. */
  activeRequests: async (db: DbOrTx, storeId: string) =>
    db
      .select(requestColumns)
      .from(payoutRequests)
      .innerJoin(c, and(eq(c.storeId, payoutRequests.storeId), eq(c.id, payoutRequests.consignerId)))
      .leftJoin(payouts, and(eq(payouts.storeId, payoutRequests.storeId), eq(payouts.id, payoutRequests.payoutId)))
      .where(and(eq(payoutRequests.storeId, storeId), inArray(payoutRequests.status, ['Open', 'Paying'])))
      .orderBy(asc(payoutRequests.createdAt)),
  cancelRequest: async (tx: DbOrTx, storeId: string, id: string) => {
    await tx
      .update(payoutRequests)
      .set({ status: 'Cancelled', closedAt: new Date() })
      .where(and(eq(payoutRequests.storeId, storeId), eq(payoutRequests.id, id), eq(payoutRequests.status, 'Open')));
  },
  /** A payout made for consigners with an open request: those requests are being paid by it. */
  linkRequests: async (tx: DbOrTx, storeId: string, payoutId: string, consignerIds: readonly string[]) => {
    if (consignerIds.length === 0) return;
    await tx
      .update(payoutRequests)
      .set({ status: 'Paying', payoutId })
      .where(and(eq(payoutRequests.storeId, storeId), eq(payoutRequests.status, 'Open'), sql`${payoutRequests.consignerId} = any(${uuids(consignerIds)})`));
  },
  /** Shares settled: the requests their payout was paying are closed, Paid. */
  closePaidRequests: async (tx: DbOrTx, storeId: string, payoutId: string, consignerIds: readonly string[]) => {
    if (consignerIds.length === 0) return;
    await tx
      .update(payoutRequests)
      .set({ status: 'Paid', closedAt: new Date() })
      .where(
        and(eq(payoutRequests.storeId, storeId), eq(payoutRequests.payoutId, payoutId), eq(payoutRequests.status, 'Paying'), sql`${payoutRequests.consignerId} = any(${uuids(consignerIds)})`),
      );
  },
};

const requestColumns = {
  id: payoutRequests.id,
  consignerId: payoutRequests.consignerId,
  consignerName: sql<string>`${c.firstName} || ' ' || ${c.lastName}`,
  status: payoutRequests.status,
  amount: payoutRequests.amount,
  payoutId: payoutRequests.payoutId,
  payoutName: payouts.name,
  createdAt: payoutRequests.createdAt,
  closedAt: payoutRequests.closedAt,
};
export type PayoutRequestRow = {
  id: string;
  consignerId: string;
  consignerName: string;
  status: 'Open' | 'Paying' | 'Paid' | 'Cancelled';
  amount: number;
  payoutId: string | null;
  payoutName: string | null;
  createdAt: Date;
  closedAt: Date | null;
};
