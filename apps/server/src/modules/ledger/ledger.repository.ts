import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, like, lt, notInArray, or, sql } from 'drizzle-orm';
import { STORE_CREDIT_CODE, STORE_CREDIT_KINDS } from '@backroom/domain';
import { insertJsonRows } from '../../db/bulk-insert.ts';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { saleOnlineSql, saleShippedDaySql } from '../../db/sale-hold.ts';
import { consigners, employees, ledgerEntries, payoutDeductions, payoutItems } from '../../db/schema/index.ts';

/**
 * The kinds that are an item's proceeds (its sale, fees, their corrections and reversals): owed to the
 * consigner through a payout of that item. Every other kind (fees owed, payouts, deductions) is loose.
 */
const PROCEEDS_KINDS = ['sale', 'fee', 'sale_undone', 'fee_undone', 'sale_adjustment', 'fee_adjustment', 'refund'] as const;
const uuids = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
/**
 * The store credit account's kinds (docs/consigner-account.md "Store credit") are a balance of their
 * own: every sum of the money the store owes (the balance, net payable, statements) leaves them out.
 */
const CREDIT_KINDS = [...STORE_CREDIT_KINDS];
const notCredit = () => notInArray(ledgerEntries.kind, CREDIT_KINDS);
const isCredit = () => inArray(ledgerEntries.kind, CREDIT_KINDS);
const creditKindList = sql.join(
  CREDIT_KINDS.map((k) => sql`${k}`),
  sql`, `,
);

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type NewLedgerEntry = Omit<typeof ledgerEntries.$inferInsert, 'id' | 'createdAt'>;

/**
 * The consigner money ledger (db/schema/money.ts): entries are only ever appended, in the transaction
 * of the change that causes them (pass that transaction). A balance is the sum of a consigner's entries.
 */
export const ledgerRepository = {
  append: async (tx: DbOrTx, entries: NewLedgerEntry[]) => {
    // As one JSON parameter (db/bulk-insert.ts): a 2,000-item payout's entries in one short statement.
    await insertJsonRows(tx, ledgerEntries, entries);
  },
  /**
   * The consigners whose share of a payout is settled: its 'payout' entries are written (one per item,
   * in the transaction that marks the share paid). What settles a share once, whatever its items are.
   */
  payoutSettledConsignerIds: async (db: DbOrTx, storeId: string, payoutId: string): Promise<Set<string>> =>
    new Set(
      (
        await db
          .selectDistinct({ consignerId: ledgerEntries.consignerId })
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.storeId, storeId), eq(ledgerEntries.payoutId, payoutId), eq(ledgerEntries.kind, 'payout')))
      ).map((r) => r.consignerId),
    ),
  /** Each consigner's balance (minor units), for the given consigners or the whole store. */
  balances: async (db: DbOrTx, storeId: string, consignerIds?: string[]) => {
    const rows = await db
      .select({ consignerId: ledgerEntries.consignerId, balance: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.storeId, storeId), consignerIds ? inArray(ledgerEntries.consignerId, consignerIds) : undefined, notCredit()))
      .groupBy(ledgerEntries.consignerId);
    return new Map(rows.map((r) => [r.consignerId, r.balance]));
  },
  /**
   * Each consigner's balance outside the items a payout has yet to pay (docs/payouts.md "Net payable"):
   * fees owed (negative), corrections of items already paid, less what payouts not yet settled have
   * already set aside (payout_deductions without their ledger entry). What the next payout takes
   * (negative) or adds (positive). Call inside the store's payout lock.
   */
  availableCarry: async (db: DbOrTx, storeId: string, consignerIds: readonly string[]): Promise<Map<string, number>> => {
    if (consignerIds.length === 0) return new Map();
    const e = ledgerEntries;
    const pd = payoutDeductions;
    const result = await db.execute(sql`
      select consigner_id, sum(amount)::text as amount from (
        select ${e.consignerId} as consigner_id, ${e.amount} as amount from ${e}
        where ${e.storeId} = ${storeId} and ${e.consignerId} = any(${uuids(consignerIds)})
          and (${e.kind} not in (${sql.join(
            PROCEEDS_KINDS.map((k) => sql`${k}`),
            sql`, `,
          )}) or exists (select 1 from ${e} p where p.store_id = ${e.storeId} and p.inventory_id = ${e.inventoryId} and p.kind = 'payout'))
          and ${e.kind} not in (${creditKindList})
        union all
        select ${pd.consignerId}, -${pd.amount} from ${pd}
        where ${pd.storeId} = ${storeId} and ${pd.consignerId} = any(${uuids(consignerIds)})
          and not exists (select 1 from ${e} s where s.store_id = ${pd.storeId} and s.payout_id = ${pd.payoutId} and s.consigner_id = ${pd.consignerId} and s.kind = 'payout')
      ) t group by consigner_id`);
    const rows = (result as unknown as { rows: { consigner_id: string; amount: string }[] }).rows;
    return new Map(rows.map((r) => [r.consigner_id, Number(r.amount)]));
  },
  /**
   * Each unpaid sold item's proceeds as the ledger holds them (docs/consigner-account.md "Holds and the
   * payout minimum"): the sum of its proceeds entries, for items in no payout (neither made nor settled),
   * with the store day (UTC, as storeDayOf) of its latest 'sale' entry, which the hold counts from,
   * and, with `shipping` (a store whose hold counts from shipping), whether that sale is an online order
   * and the day it shipped.
   * Items whose proceeds net to zero (an undone sale) are left out.
   */
  unpaidProceeds: async (db: DbOrTx, storeId: string, consignerIds?: readonly string[], opts: { shipping?: boolean } = {}) => {
    const e = ledgerEntries;
    const pi = payoutItems;
    if (consignerIds && consignerIds.length === 0) return [];
    const result = await db.execute(sql`
      select ${e.consignerId} as consigner_id, ${e.inventoryId} as inventory_id, sum(${e.amount})::text as amount,
        to_char(max(${e.createdAt}) filter (where ${e.kind} = 'sale') at time zone 'UTC', 'YYYY-MM-DD') as sold_on,
        ${opts.shipping ? sql`${saleOnlineSql(storeId, e.inventoryId)} as online, ${saleShippedDaySql(storeId, e.inventoryId)} as shipped_on` : sql`false as online, null as shipped_on`}
      from ${e}
      where ${e.storeId} = ${storeId} and ${e.inventoryId} is not null
        ${consignerIds ? sql`and ${e.consignerId} = any(${uuids(consignerIds)})` : sql``}
        and ${e.kind} in (${sql.join(
          PROCEEDS_KINDS.map((k) => sql`${k}`),
          sql`, `,
        )})
        and not exists (select 1 from ${pi} where ${pi.storeId} = ${e.storeId} and ${pi.inventoryId} = ${e.inventoryId})
        and not exists (select 1 from ${e} p where p.store_id = ${e.storeId} and p.inventory_id = ${e.inventoryId} and p.kind = 'payout')
      group by ${e.consignerId}, ${e.inventoryId}
      having sum(${e.amount}) <> 0`);
    const rows = (result as unknown as { rows: { consigner_id: string; inventory_id: string; amount: string; sold_on: string | null; online: boolean; shipped_on: string | null }[] }).rows;
    return rows.map((r) => ({ consignerId: r.consigner_id, inventoryId: r.inventory_id, amount: Number(r.amount), soldOn: r.sold_on, online: r.online === true, shippedOn: r.shipped_on }));
  },
  /** The corrections of an item's sale (sale_adjustment, fee_adjustment), oldest first, with their author's name. */
  adjustmentsOf: async (db: DbOrTx, storeId: string, inventoryId: string) =>
    db
      .select({ ...getTableColumns(ledgerEntries), createdByName: sql<string | null>`${employees.firstName} || ' ' || ${employees.lastName}` })
      .from(ledgerEntries)
      .leftJoin(employees, and(eq(employees.storeId, ledgerEntries.storeId), sql`${employees.id}::text = ${ledgerEntries.createdById}`))
      .where(and(eq(ledgerEntries.storeId, storeId), eq(ledgerEntries.inventoryId, inventoryId), inArray(ledgerEntries.kind, ['sale_adjustment', 'fee_adjustment'])))
      .orderBy(ledgerEntries.createdAt, ledgerEntries.id),
  /** The entries written for an order (its sale and fee entries, and their reversals once undone). */
  entriesOfOrder: async (db: DbOrTx, storeId: string, orderId: string) =>
    db.select().from(ledgerEntries).where(and(eq(ledgerEntries.storeId, storeId), eq(ledgerEntries.orderId, orderId))),
  /**
   * A consigner's statement material (docs/consigner-account.md "Statements"): the sum of the entries
   * before `from` (the opening balance, as text so a bigint sum never loses a cent) and the entries in
   * [from, until), oldest first. The instants are the bounds of the store's calendar days.
   */
  statementOf: async (db: DbOrTx, storeId: string, consignerId: string, from: Date, until: Date) => {
    const e = ledgerEntries;
    // the statement is of the money the store owes: the store credit account is the portal's own card
    const mine = and(eq(e.storeId, storeId), eq(e.consignerId, consignerId), notCredit());
    const [[before], inside] = await Promise.all([
      db.select({ sum: sql<string>`coalesce(sum(${e.amount}), 0)::text` }).from(e).where(and(mine, lt(e.createdAt, from))),
      db.select().from(e).where(and(mine, gte(e.createdAt, from), lt(e.createdAt, until))).orderBy(asc(e.createdAt), asc(e.id)),
    ]);
    return { openingSum: before?.sum ?? '0', entries: inside };
  },
  /**
   * Many consigners' ledgers summed for one period in one pass (the month's e-mailed statements): per
   * consigner and kind, the sum before `from`, the sum and count in [from, until). Minor units, as text.
   */
  periodSumsOf: async (db: DbOrTx, storeId: string, consignerIds: readonly string[], from: Date, until: Date) => {
    if (!consignerIds.length) return [];
    const e = ledgerEntries;
    const inside = and(gte(e.createdAt, from), lt(e.createdAt, until));
    return db
      .select({
        consignerId: e.consignerId,
        kind: e.kind,
        before: sql<string>`coalesce(sum(${e.amount}) filter (where ${e.createdAt} < ${from}), 0)::text`,
        inside: sql<string>`coalesce(sum(${e.amount}) filter (where ${inside}), 0)::text`,
        count: sql<number>`count(*) filter (where ${inside})`.mapWith(Number),
      })
      .from(e)
      .where(and(eq(e.storeId, storeId), sql`${e.consignerId} = any(${uuids(consignerIds)})`, lt(e.createdAt, until), notCredit()))
      .groupBy(e.consignerId, e.kind);
  },
  /**
   * Locks a consigner's row for a change of their store credit (a spend): in the caller's transaction,
   * so two spends of one balance run one after the other and the second reads what the first left.
   * Null when the store has no such consigner (deleted ones included: their credit stays theirs).
   */
  lockCreditHolder: async (tx: DbOrTx, storeId: string, consignerId: string) => {
    const [row] = await tx
      .select({ id: consigners.id, firstName: consigners.firstName, lastName: consigners.lastName, isStoreAccount: consigners.isStoreAccount })
      .from(consigners)
      .where(and(eq(consigners.storeId, storeId), eq(consigners.id, consignerId)))
      .for('update');
    return row ?? null;
  },
  /** A consigner's store credit balance (minor units): the sum of their credit entries. */
  creditBalanceOf: async (db: DbOrTx, storeId: string, consignerId: string): Promise<number> => {
    const [row] = await db
      .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.storeId, storeId), eq(ledgerEntries.consignerId, consignerId), isCredit()));
    return Number(row?.balance ?? 0);
  },
  /** A consigner's credit movements, newest first (at most `limit`), and how many there are. */
  creditMovementsOf: async (db: DbOrTx, storeId: string, consignerId: string, limit: number) => {
    const mine = and(eq(ledgerEntries.storeId, storeId), eq(ledgerEntries.consignerId, consignerId), isCredit());
    const [rows, [count]] = await Promise.all([
      db.select().from(ledgerEntries).where(mine).orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id)).limit(limit),
      db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(ledgerEntries).where(mine),
    ]);
    return { rows, count: count?.n ?? 0 };
  },
  /**
   * The counter's search for a consigner whose credit pays (first 20): every word in the name or
   * e-mail, or the store credit code (the id's first 8 hex digits), with their credit balance.
   * Not the store's own account, not deleted.
   */
  searchCreditHolders: async (db: DbOrTx, storeId: string, words: string[], text: string) => {
    const c = consigners;
    const code = STORE_CREDIT_CODE.test(text) ? text.toLowerCase() : null;
    const byWords = words.length ? and(...words.map((w) => like(c.searchText, containsPattern(w)))) : undefined;
    return db
      .select({
        id: c.id,
        firstName: c.firstName,
        lastName: c.lastName,
        email: c.email,
        balance: sql<string>`(select coalesce(sum(le.amount), 0)::text from ${ledgerEntries} le where le.store_id = "consigners"."store_id" and le.consigner_id = "consigners"."id" and le.kind in (${creditKindList}))`,
      })
      .from(c)
      .where(and(eq(c.storeId, storeId), isNull(c.deletedAt), eq(c.isStoreAccount, false), or(byWords, code ? sql`${c.id}::text like ${`${code}%`}` : undefined)))
      .orderBy(c.firstName, c.lastName)
      .limit(20);
  },
  /** A consigner's sums by kind (minor units): what the consigner report is checked against. */
  sumsByKind: async (db: DbOrTx, storeId: string, consignerId: string) => {
    const rows = await db
      .select({ kind: ledgerEntries.kind, amount: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.storeId, storeId), eq(ledgerEntries.consignerId, consignerId)))
      .groupBy(ledgerEntries.kind);
    return Object.fromEntries(rows.map((r) => [r.kind, r.amount])) as Partial<Record<LedgerEntryRow['kind'], number>>;
  },
};
