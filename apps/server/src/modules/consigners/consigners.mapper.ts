import {
  DEFAULT_NOTIFICATION_SETTINGS,
  hasBankData,
  toMajor,
  type TBankDataView,
  type TMaskedBankData,
  type ZConsigner,
  type ZConsignerBankChange,
  type ZConsignerRow,
} from '@backroom/domain';
import type { z } from 'zod';
import type { BankData } from '../../db/schema/index.ts';
import type { ConsignerBankLogRow, ConsignerListRow, ConsignerRow } from './consigners.repository.ts';

const fullName = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim();

export function toConsignerRow(c: ConsignerListRow): z.input<typeof ZConsignerRow> {
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    name: fullName(c),
    email: c.email,
    phone: c.phone,
    accountType: c.accountType,
    consignerTypeId: c.consignerTypeId,
    isActive: c.isActive,
    isStoreAccount: c.isStoreAccount,
    marketplaceLocation: c.marketplaceLocation,
    acceptedTOS: c.acceptedTOS,
    chargeTax: c.chargeTax,
    hasAccount: c.fbUserId !== null,
    invited: c.fbUserId === null && c.invitedAt !== null,
    createdAt: c.createdAt.toISOString(),
  };
}

function toBankDataView(b: BankData | null | undefined): TBankDataView {
  return {
    routingType: b?.routingType ?? null,
    accountName: b?.accountName ?? null,
    accountNumber: b?.accountNumber ?? null,
    routingNumber: b?.routingNumber ?? null,
    swiftCode: b?.swiftCode ?? null,
    ibanNumber: b?.ibanNumber ?? null,
    bank: b?.bank ?? null,
    bankType: b?.bankType ?? null,
    branchCode: b?.branchCode ?? null,
    email: b?.email ?? null,
  };
}

/**
 * The consigner entity. `view.bank` says whether the viewer may see bank details: without it the
 * bankData key is left out entirely.
 */
export function toConsigner(c: ConsignerRow, emailVerified: boolean, view: { bank: boolean; canEditBank: boolean }): z.input<typeof ZConsigner> {
  return {
    ...toConsignerRow(c),
    storeId: c.storeId,
    address: c.address,
    idNumber: c.idNumber,
    emailNotifications: c.emailNotifications,
    notificationSettings: { ...DEFAULT_NOTIFICATION_SETTINGS, ...(c.notificationSettings ?? {}) },
    payoutType: c.payoutType,
    ...(view.bank ? { bankData: toBankDataView(c.bankData) } : {}),
    bankDataSubmitted: hasBankData(c.bankData),
    canEditBankData: view.canEditBank,
    emailVerified: c.fbUserId !== null && emailVerified,
    negativeBalance: toMajor(c.negativeBalance),
    outstandingWithdrawalFees: toMajor(c.outstandingWithdrawalFees),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export function toBankChange(row: ConsignerBankLogRow): z.input<typeof ZConsignerBankChange> {
  return {
    id: row.id,
    changedAt: row.changedAt.toISOString(),
    changedById: row.changedById,
    changedByName: row.changedByName,
    changedByKind: row.changedByKind,
    before: (row.before as TMaskedBankData | null) ?? null,
    after: (row.after as TMaskedBankData | null) ?? null,
  };
}
