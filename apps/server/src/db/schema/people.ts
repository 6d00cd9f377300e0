import { sql } from 'drizzle-orm';
import type { ConsignmentTerms } from '@backroom/domain';
import { bigint, boolean, check, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantRowId, updatedAt } from './columns.ts';
import { user } from './auth.ts';
import { stores } from './stores.ts';

export type BankData = {
  routingType?: 'abaNumber' | 'swiftCode' | 'ibanNumber' | null;
  accountName?: string | null;
  accountNumber?: string | null;
  swiftCode?: string | null;
  ibanNumber?: string | null;
  routingNumber?: string | null;
  bank?: string | null;
  bankType?: string | null;
  branchCode?: string | null;
  email?: string | null;
};
export type NotificationSettings = {
  onInventoryAccept: boolean;
  onPayout: boolean;
  onProductSold: boolean;
  onPriceAcceptOrDecline: boolean;
  onWithdrawAcceptOrDecline: boolean;
  /** absent on consigners saved before it existed: on, as DEFAULT_NOTIFICATION_SETTINGS */
  onConsignmentEnding?: boolean;
};

export const employees = pgTable(
  'employees',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    // null = every area (the spec: an absent list allows access)
    accessControls: jsonb('access_controls').$type<string[] | null>(),
    role: text('role').$type<'Admin' | 'Employee'>().notNull().default('Employee'),
    isActive: boolean('is_active').notNull().default(true),
    // The linked identity (better-auth user id); null until the invite is accepted.
    fbUserId: text('fb_user_id').references(() => user.id, { onDelete: 'set null' }),
    inviteToken: text('invite_token'),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'employees_pkey', columns: [t.id, t.storeId] }),
    uniqueIndex('employees_store_email_uq').on(t.storeId, t.email),
    index('employees_user_idx').on(t.fbUserId),
  ],
);

export type EmployeeLogChange = { field: string; before: string | boolean | string[] | null; after: string | boolean | string[] | null };

// Who changed an employee and how (docs/people.md): invites, acceptance, areas, role, enabling, deletion.
// Written in the same transaction as the change. No foreign key to the employee: the entries of a
// deleted employee stay, with the name they had.
export const employeeLogs = pgTable(
  'employee_logs',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').notNull(),
    employeeName: text('employee_name').notNull(),
    action: text('action').$type<'invited' | 'accepted' | 'updated' | 'deleted'>().notNull(),
    changes: jsonb('changes').$type<EmployeeLogChange[]>().notNull(),
    byId: text('by_id'),
    byName: text('by_name'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'employee_logs_pkey', columns: [t.id, t.storeId] }),
    index('employee_logs_store_employee_idx').on(t.storeId, t.employeeId, t.createdAt),
  ],
);

export const consignerTypes = pgTable(
  'consigner_types',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    accountType: text('account_type').notNull(),
    sellingFee: numeric('selling_fee', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    minFee: integer('min_fee').notNull().default(0),
    flatFee: integer('flat_fee').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    category: text('category'),
    option1Value: text('option1_value'),
    option2Value: text('option2_value'),
    option3Value: text('option3_value'),
    categories: jsonb('categories').$type<string[] | null>(),
    // the type's consignment terms (docs/consignment-terms.md); null: no terms
    consignmentTerms: jsonb('consignment_terms').$type<ConsignmentTerms | null>(),
    createdAt: createdAt(),
    // A type's changes are not logged entry by entry (docs/people.md "Consigner types"): the row says when it last changed.
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'consigner_types_pkey', columns: [t.id, t.storeId] }),
    index('consigner_types_store_idx').on(t.storeId, t.accountType),
    // one default type per store (the spec's "only one default"); the service keeps it so in one transaction
    uniqueIndex('consigner_types_one_default_uq').on(t.storeId).where(sql`${t.isDefault}`),
  ],
);

export const consigners = pgTable(
  'consigners',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    fbUserId: text('fb_user_id').references(() => user.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    address: text('address'),
    idNumber: text('id_number'),
    // The consigner type (fee schedule) name; consignerTypeId pins a specific one.
    accountType: text('account_type'),
    // A type in use is not deleted (no ON DELETE SET NULL: Citus refuses it on a key holding store_id).
    consignerTypeId: uuid('consigner_type_id'),
    chargeTax: boolean('charge_tax').notNull().default(false),
    isActive: boolean('is_active').notNull().default(false),
    isStoreAccount: boolean('is_store_account').notNull().default(false),
    marketplaceLocation: boolean('marketplace_location').notNull().default(false),
    acceptedTOS: boolean('accepted_tos').notNull().default(false),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    notificationSettings: jsonb('notification_settings').$type<NotificationSettings>(),
    accountName: text('account_name'),
    accountNumber: text('account_number'),
    bank: text('bank'),
    bankType: text('bank_type'),
    branchCode: text('branch_code'),
    // the bank account's type (Current, Savings...), distinct from the fee schedule accountType
    bankAccountType: text('bank_account_type'),
    payoutType: text('payout_type'),
    payoutData: jsonb('payout_data').$type<Record<string, unknown>>(),
    bankData: jsonb('bank_data').$type<BankData>(),
    ffData: jsonb('ff_data').$type<{ fee: number; sales: number; profit: number }>(),
    // fees that exceeded a sale's price, carried to the next payout (minor units)
    negativeBalance: integer('negative_balance').notNull().default(0),
    outstandingWithdrawalFees: bigint('outstanding_withdrawal_fees', { mode: 'number' }).notNull().default(0),
    // A deleted consigner with sold or paid history is archived, not removed (docs/people.md).
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // The invitation mailed when staff add a person who already has a sign-in (docs/security.md
    // "Identity model"): the record is linked only when that person accepts it.
    inviteToken: text('invite_token'),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    // Staff disabled this consigner: accepting the terms does not enable them again.
    disabledByStaff: boolean('disabled_by_staff').notNull().default(false),
    // The consigners list's search: every word somewhere in name, e-mail or phone (trigram index).
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || coalesce("phone", ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'consigners_pkey', columns: [t.id, t.storeId] }),
    // fees are never negative (migration 0035)
    check('consigners_outstanding_withdrawal_fees_check', sql`${t.outstandingWithdrawalFees} >= 0`),
    foreignKey({ name: 'consigners_consigner_type_fk', columns: [t.storeId, t.consignerTypeId], foreignColumns: [consignerTypes.storeId, consignerTypes.id] }),
    // an archived consigner frees the e-mail for a new one
    uniqueIndex('consigners_store_email_uq').on(t.storeId, t.email).where(sql`"deleted_at" is null`),
    index('consigners_user_idx').on(t.fbUserId),
    // the list's orders, live consigners only: a page (even a deep one) is an index scan, no sort
    index('consigners_store_name_idx').on(t.storeId, t.firstName, t.lastName, t.id).where(sql`"deleted_at" is null`),
    index('consigners_store_created_idx').on(t.storeId, t.createdAt, t.id).where(sql`"deleted_at" is null`),
    index('consigners_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/**
 * Every change of a consigner's payout details (who, when, before and after, account number and
 * IBAN masked), written in the transaction of the change.
 */
export const consignerBankLogs = pgTable(
  'consigner_bank_logs',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    consignerId: uuid('consigner_id').notNull(),
    changedById: text('changed_by_id').notNull(),
    changedByName: text('changed_by_name').notNull(),
    changedByKind: text('changed_by_kind').$type<'employee' | 'consigner'>().notNull(),
    before: jsonb('before').$type<Record<string, string | null> | null>(),
    after: jsonb('after').$type<Record<string, string | null> | null>(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'consigner_bank_logs_pkey', columns: [t.id, t.storeId] }),
    foreignKey({ name: 'consigner_bank_logs_consigner_fk', columns: [t.storeId, t.consignerId], foreignColumns: [consigners.storeId, consigners.id] }).onDelete('cascade'),
    index('consigner_bank_logs_consigner_idx').on(t.storeId, t.consignerId, t.changedAt),
  ],
);
