import { DELETE_BLOCKING_STATUSES, RECALCULABLE_STATUSES, type ConsignerSort } from '@backroom/domain';
import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, like, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { asSystem } from '../../db/row-security.ts';
import { containsPattern } from '../../db/like.ts';
import { cheques, consignerBankLogs, consignerTypes, consigners, employees, inventoryItems, ledgerEntries, user } from '../../db/schema/index.ts';
import { csvSql, type CsvSqlCell } from '../../http/csv.ts';

export type ConsignerRow = typeof consigners.$inferSelect;
export type NewConsigner = typeof consigners.$inferInsert;
export type ConsignerBankLogRow = typeof consignerBankLogs.$inferSelect;
export type ConsignerTypeRow = typeof consignerTypes.$inferSelect;
type RecalculableItem = typeof inventoryItems.$inferSelect;

/** A consigner as the API shows it: the row and whether its sign-in e-mail is verified. */
type ConsignerWithIdentity = { consigner: ConsignerRow; emailVerified: boolean };

const live = (storeId: string, ...more: (SQL | undefined)[]) => and(eq(consigners.storeId, storeId), isNull(consigners.deletedAt), ...more);

// search_text is lower-cased; % _ and \ in a word are literal
const matchesAll = (words: string[]) => words.map((w) => like(consigners.searchText, containsPattern(w)));

type SortColumns = { firstName: SQLWrapper; lastName: SQLWrapper; id: SQLWrapper; email: SQLWrapper; createdAt: SQLWrapper };
type SortKey = { column: keyof SortColumns; desc: boolean };
const SORT_KEYS: Record<ConsignerSort, SortKey[]> = {
  name: [{ column: 'firstName', desc: false }, { column: 'lastName', desc: false }, { column: 'id', desc: false }],
  nameDesc: [{ column: 'firstName', desc: true }, { column: 'lastName', desc: true }, { column: 'id', desc: true }],
  email: [{ column: 'email', desc: false }, { column: 'id', desc: false }],
  newest: [{ column: 'createdAt', desc: true }, { column: 'id', desc: true }],
  oldest: [{ column: 'createdAt', desc: false }, { column: 'id', desc: false }],
};
/** ORDER BY of a sort over `columns`, or its reverse (to read a page near the end from the far end). */
const orderOf = (columns: SortColumns, sort: ConsignerSort, reverse = false) =>
  SORT_KEYS[sort].map((k) => (k.desc !== reverse ? desc(columns[k.column]) : asc(columns[k.column])));

const { searchText: _searchText, ...consignerColumns } = getTableColumns(consigners);

/** The consigners list's columns (no bank details). */
const listColumns = {
  id: consigners.id,
  firstName: consigners.firstName,
  lastName: consigners.lastName,
  email: consigners.email,
  phone: consigners.phone,
  accountType: consigners.accountType,
  consignerTypeId: consigners.consignerTypeId,
  isActive: consigners.isActive,
  isStoreAccount: consigners.isStoreAccount,
  marketplaceLocation: consigners.marketplaceLocation,
  acceptedTOS: consigners.acceptedTOS,
  chargeTax: consigners.chargeTax,
  fbUserId: consigners.fbUserId,
  invitedAt: consigners.invitedAt,
  createdAt: consigners.createdAt,
};
export type ConsignerListRow = { [K in keyof typeof listColumns]: ConsignerRow[K] };

const bankField = (name: string) => sql`${consigners.bankData} ->> ${name}`;

/** consigners.csv: the columns every staff member with Consigners access gets. */
const EXPORT_COLUMNS: [string, CsvSqlCell][] = [
  ['Id', csvSql.text(consigners.id)],
  ['First name', csvSql.text(consigners.firstName)],
  ['Last name', csvSql.text(consigners.lastName)],
  ['Email', csvSql.text(consigners.email)],
  ['Phone', csvSql.text(consigners.phone)],
  ['Address', csvSql.text(consigners.address)],
  ['Account type', csvSql.text(consigners.accountType)],
  ['Enabled', csvSql.boolean(consigners.isActive)],
  ['Store account', csvSql.boolean(consigners.isStoreAccount)],
  ['Marketplace access', csvSql.boolean(consigners.marketplaceLocation)],
  ['Accepted terms', csvSql.boolean(consigners.acceptedTOS)],
  ['Charge VAT', csvSql.boolean(consigners.chargeTax)],
  ['Payout type', csvSql.text(consigners.payoutType)],
  ['Created', csvSql.timestamp(consigners.createdAt)],
];
/** ... and the bank columns, for Admins with Consigners access only. */
const EXPORT_BANK_COLUMNS: [string, CsvSqlCell][] = [
  ['Routing type', csvSql.text(bankField('routingType'))],
  ['Account name', csvSql.text(bankField('accountName'))],
  ['Account number', csvSql.text(bankField('accountNumber'))],
  ['Routing number', csvSql.text(bankField('routingNumber'))],
  ['Swift code', csvSql.text(bankField('swiftCode'))],
  ['IBAN number', csvSql.text(bankField('ibanNumber'))],
  ['Bank', csvSql.text(bankField('bank'))],
  ['Bank type', csvSql.text(bankField('bankType'))],
  ['Branch code', csvSql.text(bankField('branchCode'))],
  ['Payout email', csvSql.text(bankField('email'))],
];

export function exportHeaders(withBank: boolean): string[] {
  return [...EXPORT_COLUMNS, ...(withBank ? EXPORT_BANK_COLUMNS : [])].map(([name]) => name);
}

export const consignersRepository = {
  /** Holds the start of a month's statement e-mails of a store until the transaction ends (one start at a time). */
  lockStatementEmails: async (tx: DbOrTx, storeId: string, month: string) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`statement-emails:${storeId}:${month}`}, 0))`);
  },
  findById: async (db: DbOrTx, storeId: string, id: string) =>
    (await db.select().from(consigners).where(and(eq(consigners.storeId, storeId), eq(consigners.id, id))).limit(1))[0] ?? null,
  /** In every store (whether a sign-in is used elsewhere): a named cross-store path (db/row-security.ts). */
  findByUserId: async (db: DbOrTx, userId: string) => asSystem(() => db.select().from(consigners).where(eq(consigners.fbUserId, userId))),
  /** Unscoped lookup for the open invitation routes, which know no store yet. */
  findByIdAnyStore: async (db: DbOrTx, id: string) => (await db.select().from(consigners).where(and(eq(consigners.id, id), isNull(consigners.deletedAt))).limit(1))[0] ?? null,
  findByEmail: async (db: DbOrTx, storeId: string, email: string) =>
    (await db.select().from(consigners).where(live(storeId, eq(sql`lower(${consigners.email})`, email.toLowerCase()))).limit(1))[0] ?? null,
  insert: async (db: DbOrTx, values: NewConsigner) => (await db.insert(consigners).values(values).returning())[0],
  update: async (db: DbOrTx, storeId: string, id: string, values: Partial<NewConsigner>) =>
    (await db.update(consigners).set(values).where(and(eq(consigners.storeId, storeId), eq(consigners.id, id))).returning())[0] ?? null,

  /** A consigner not deleted, with its sign-in identity's verification; `lock` row-locks it for the transaction. */
  findLive: async (db: DbOrTx, storeId: string, id: string, opts: { lock?: boolean } = {}): Promise<ConsignerWithIdentity | null> => {
    const q = db
      .select({ consigner: consignerColumns, emailVerified: sql<boolean>`coalesce(${user.emailVerified}, false)` })
      .from(consigners)
      .leftJoin(user, eq(user.id, consigners.fbUserId))
      .where(live(storeId, eq(consigners.id, id)))
      .limit(1);
    const [row] = opts.lock ? await q.for('update', { of: consigners }) : await q;
    return row ? { consigner: row.consigner as ConsignerRow, emailVerified: row.emailVerified } : null;
  },

  /**
   * One page of the list and the number of all matches.
   * - Unsearched: the count, then the page by the order's own index (partial: live consigners); a
   *   page in the second half is read from the far end in reverse order, so the last page costs what
   *   the first does.
   * - Searched: one statement finds the matches (trigram index or one scan), counts them and orders
   *   them (top-N sort); walking the order's index instead would test every consigner before the
   *   matches against the search. OFFSET 0 keeps the planner from merging the two steps.
   */
  list: async (db: DbOrTx, storeId: string, q: { words: string[]; page: number; pageSize: number; sort: ConsignerSort }) => {
    const where = live(storeId, ...matchesAll(q.words));
    const offset = (q.page - 1) * q.pageSize;
    const countAll = async () => (await db.select({ total: sql<number>`count(*)::int` }).from(consigners).where(where))[0].total;
    if (q.words.length) {
      const matches = db.select(listColumns).from(consigners).where(where).offset(0).as('matches');
      const fields = Object.fromEntries(Object.keys(listColumns).map((k) => [k, matches[k as keyof typeof listColumns]])) as unknown as typeof listColumns;
      const found = await db
        .select({ row: fields, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(matches)
        .orderBy(...orderOf(matches, q.sort))
        .limit(q.pageSize)
        .offset(offset);
      // a page past the end has no row to carry the count
      const total = found[0]?.total ?? (offset > 0 ? await countAll() : 0);
      return { rows: found.map((f) => f.row as ConsignerListRow), total };
    }
    const total = await countAll();
    if (offset >= total) return { rows: [] as ConsignerListRow[], total };
    const take = Math.min(q.pageSize, total - offset);
    const fromEnd = offset > total / 2;
    const rows = (await db
      .select(listColumns)
      .from(consigners)
      .where(where)
      .orderBy(...orderOf(consigners, q.sort, fromEnd))
      .limit(take)
      .offset(fromEnd ? total - offset - take : offset)) as ConsignerListRow[];
    return { rows: fromEnd ? rows.reverse() : rows, total };
  },

  /** consigners.csv in list order, one chunk of CSV lines per batch of `batchSize` (keyset on name). */
  exportCsvBatches: async function* (db: DbOrTx, storeId: string, words: string[], withBank: boolean, batchSize: number): AsyncGenerator<string> {
    const cells = [...EXPORT_COLUMNS, ...(withBank ? EXPORT_BANK_COLUMNS : [])].map(([, cell]) => cell);
    let after: { firstName: string; lastName: string; id: string } | null = null;
    for (;;) {
      const afterKey: SQL | undefined = after
        ? sql`(${consigners.firstName}, ${consigners.lastName}, ${consigners.id}) > (${after.firstName}, ${after.lastName}, ${after.id}::uuid)`
        : undefined;
      const rows: { line: string; firstName: string; lastName: string; id: string }[] = await db
        .select({ line: csvSql.line(cells), firstName: consigners.firstName, lastName: consigners.lastName, id: consigners.id })
        .from(consigners)
        .where(live(storeId, afterKey, ...matchesAll(words)))
        .orderBy(asc(consigners.firstName), asc(consigners.lastName), asc(consigners.id))
        .limit(batchSize);
      if (rows.length) yield rows.map((r) => r.line).join('\n');
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1];
      after = { firstName: last.firstName, lastName: last.lastName, id: last.id };
    }
  },

  /** An employee of the store with this e-mail (a consigner must not take an employee's identity). */
  employeeByEmailOrUser: async (db: DbOrTx, storeId: string, email: string, userId: string | null) =>
    (
      await db
        .select({ id: employees.id })
        .from(employees)
        .where(
          and(
            eq(employees.storeId, storeId),
            userId ? sql`(lower(${employees.email}) = ${email.toLowerCase()} or ${employees.fbUserId} = ${userId})` : eq(sql`lower(${employees.email})`, email.toLowerCase()),
          ),
        )
        .limit(1)
    )[0] ?? null,

  /** The stores where an identity is an employee. */
  employeeStoresOfUser: async (db: DbOrTx, userId: string) =>
    (await asSystem(() => db.select({ storeId: employees.storeId }).from(employees).where(eq(employees.fbUserId, userId)))).map((r) => r.storeId),

  consignerTypes: async (db: DbOrTx, storeId: string) => db.select().from(consignerTypes).where(eq(consignerTypes.storeId, storeId)).orderBy(asc(consignerTypes.createdAt), asc(consignerTypes.id)),

  /** The items a fee change may re-price (domain RECALCULABLE_STATUSES, not bought, in no payout), row-locked in a transaction. */
  recalculableItems: async (db: DbOrTx, storeId: string, consignerId: string, opts: { lock?: boolean } = {}): Promise<RecalculableItem[]> => {
    const q = db
      .select()
      .from(inventoryItems)
      .where(
        and(
          eq(inventoryItems.storeId, storeId),
          eq(inventoryItems.consignerId, consignerId),
          inArray(inventoryItems.status, [...RECALCULABLE_STATUSES]),
          isNull(inventoryItems.buyingId),
          isNull(inventoryItems.payoutId),
        ),
      )
      .orderBy(asc(inventoryItems.id));
    return opts.lock ? q.for('update') : q;
  },

  /** New fee columns of several items in one statement per 500 (a consigner may have thousands). */
  updateItemFees: async (
    tx: DbOrTx,
    storeId: string,
    changes: { id: string; payout: number; payoutFee: number; total: number }[],
    by: { id: string; name: string },
  ) => {
    for (let i = 0; i < changes.length; i += 500) {
      const chunk = changes.slice(i, i + 500);
      const values = sql.join(
        chunk.map((c) => sql`(${c.id}::uuid, ${c.payout}::int, ${c.payoutFee}::int, ${c.total}::int)`),
        sql`, `,
      );
      await tx.execute(sql`
        update ${inventoryItems} set
          payout = v.payout, payout_fee = v.payout_fee, total = v.total,
          last_updated_by_id = ${by.id}, last_updated_by_name = ${by.name}, updated_at = now()
        from (values ${values}) as v(id, payout, payout_fee, total)
        where ${inventoryItems.storeId} = ${storeId} and ${inventoryItems.id} = v.id`);
    }
  },

  /** Items that stop a deletion, by kind: unsold (still the consigner's stock) and sold but unpaid. */
  blockingItemCounts: async (db: DbOrTx, storeId: string, consignerId: string) => {
    const [row] = await db
      .select({
        unsold: sql<number>`count(*) filter (where ${inventoryItems.status} not in ('Sold', 'PendingSale'))::int`,
        unpaid: sql<number>`count(*) filter (where ${inventoryItems.status} in ('Sold', 'PendingSale'))::int`,
      })
      .from(inventoryItems)
      .where(and(eq(inventoryItems.storeId, storeId), eq(inventoryItems.consignerId, consignerId), inArray(inventoryItems.status, [...DELETE_BLOCKING_STATUSES])));
    return row;
  },

  /** Whether anything else still points at the consigner (items of any status, cheques). */
  hasHistory: async (db: DbOrTx, storeId: string, consignerId: string) => {
    const [row] = await db
      .select({
        items: sql<boolean>`exists (select 1 from ${inventoryItems} where ${inventoryItems.storeId} = ${storeId} and ${inventoryItems.consignerId} = ${consignerId})`,
        cheques: sql<boolean>`exists (select 1 from ${cheques} where ${cheques.storeId} = ${storeId} and ${cheques.consignerId} = ${consignerId})`,
      })
      .from(sql`(select 1) as one`);
    return row.items || row.cheques;
  },

  remove: async (tx: DbOrTx, storeId: string, id: string) => {
    await tx.delete(consigners).where(and(eq(consigners.storeId, storeId), eq(consigners.id, id)));
  },

  insertBankLog: async (tx: DbOrTx, values: typeof consignerBankLogs.$inferInsert) => {
    await tx.insert(consignerBankLogs).values(values);
  },

  bankLog: async (db: DbOrTx, storeId: string, consignerId: string) =>
    db
      .select()
      .from(consignerBankLogs)
      .where(and(eq(consignerBankLogs.storeId, storeId), eq(consignerBankLogs.consignerId, consignerId)))
      .orderBy(desc(consignerBankLogs.changedAt), desc(consignerBankLogs.id))
      .limit(200),

  /**
   * The consigner report's sums (minor units): sales before fees of Sold and Paid items, payouts of
   * Paid items, payouts of Sold items; over items matching the filters, sold in [start, end).
   */
  /**
   * The consigner report's figures, summed from the ledger (design.md "Money": the ledger is the
   * truth; docs/sales.md "The ledger"): Total Sales = sale entries with their corrections and
   * reversals, Total Payout = what payouts sent (payout and payout_deduction entries, negated),
   * Pending Payout = the balance. Consignment only: an item the store bought is its own once bought.
   * Unfiltered, every entry counts (fees owed included); filtered by status, category, location or
   * sale date, the entries of the matching Sold and Paid items only (a fee owed belongs to none).
   */
  report: async (
    db: DbOrTx,
    storeId: string,
    f: { consignerId?: string; statuses: string[]; categories: string[]; locations: string[]; start: Date | null; end: Date | null },
  ) => {
    const i = inventoryItems;
    const e = ledgerEntries;
    const filtered = f.statuses.length > 0 || f.categories.length > 0 || f.locations.length > 0 || f.start !== null || f.end !== null;
    const [row] = await db
      .select({
        totalSold: sql<string>`coalesce(sum(${e.amount}) filter (where ${e.kind} in ('sale', 'sale_undone', 'sale_adjustment')), 0)::text`,
        totalPaid: sql<string>`coalesce(-sum(${e.amount}) filter (where ${e.kind} in ('payout', 'payout_deduction')), 0)::text`,
        // the balance the store owes: store credit is an account of its own (docs/consigner-account.md)
        totalPending: sql<string>`coalesce(sum(${e.amount}) filter (where ${e.kind} not in ('store_credit', 'store_credit_bonus', 'store_credit_spent', 'store_credit_returned')), 0)::text`,
      })
      .from(e)
      .leftJoin(i, and(eq(i.storeId, e.storeId), eq(i.id, e.inventoryId)))
      .where(
        and(
          eq(e.storeId, storeId),
          f.consignerId ? eq(e.consignerId, f.consignerId) : undefined,
          // Consignment sales only: an item the store bought is the store's own once bought; its seller's
          // money is the buying payout (docs/payouts.md), not the resale.
          sql`(${i.id} is null or (${i.buyingId} is null and ${i.paymentType} is null))`,
          filtered ? inArray(i.status, ['Sold', 'Paid']) : undefined,
          f.statuses.length ? inArray(i.status, f.statuses) : undefined,
          f.categories.length ? inArray(i.category, f.categories) : undefined,
          f.locations.length ? inArray(i.location, f.locations) : undefined,
          f.start ? gte(i.soldOn, f.start) : undefined,
          f.end ? lt(i.soldOn, f.end) : undefined,
        ),
      );
    return { totalSold: Number(row.totalSold), totalPaid: Number(row.totalPaid), totalPending: Number(row.totalPending) };
  },

  /** Early-withdrawal fees the consigner (or all the store's consigners) still owes, taken from their next payout. */
  outstandingWithdrawalFees: async (db: DbOrTx, storeId: string, consignerId?: string) => {
    const [row] = await db
      .select({ owed: sql<string>`coalesce(sum(${consigners.outstandingWithdrawalFees}::bigint), 0)::text` })
      .from(consigners)
      .where(and(eq(consigners.storeId, storeId), consignerId ? eq(consigners.id, consignerId) : undefined));
    return Number(row?.owed ?? 0);
  },
};
