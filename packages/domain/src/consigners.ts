// Rules of the consigners API (docs/people.md "Consigners"): which items a fee change may
// re-price, which block a deletion, how bank details are masked in the change log, and the report's
// date range.
import dayjs from 'dayjs';
import { hasArea, type Area } from './access.ts';
import type { InventoryStatus } from './statuses.ts';
import type { TBankData, TMaskedBankData } from './schemas/consigner.ts';

/**
 * Unsold items, whose payout a fee change may re-price when staff ask for it: everything still with
 * the consigner or the store that has not been sold. Not: PendingSale, Sold, Paid (sold: fees fixed),
 * Withdrawn, Declined (leaving the store), Buying (the store's offer to buy: its payout is the agreed
 * price). A bought item (buyingId) or one already in a payout is never re-priced either.
 */
export const RECALCULABLE_STATUSES = [
  'Requested',
  'Pending',
  'Active',
  'RequestPriceChange',
  'StoreRequestPriceChange',
  'RequestWithdrawal',
  'WithdrawalDeclined',
  'InTransit',
  'Consignment',
] as const satisfies readonly InventoryStatus[];

export function isRecalculable(item: { status: string; buyingId?: string | null; payoutId?: string | null }): boolean {
  return (RECALCULABLE_STATUSES as readonly string[]).includes(item.status) && !item.buyingId && !item.payoutId;
}

/**
 * Items that stop a consigner's deletion: unsold ones (the stock is still theirs) and sold ones not
 * yet paid (money is owed). Only Withdrawn, Declined and Paid items let a consigner go.
 */
export const DELETE_BLOCKING_STATUSES = [
  'Requested',
  'Pending',
  'Active',
  'RequestPriceChange',
  'StoreRequestPriceChange',
  'RequestWithdrawal',
  'WithdrawalDeclined',
  'InTransit',
  'Consignment',
  'Buying',
  'PendingSale',
  'Sold',
] as const satisfies readonly InventoryStatus[];

export const CONSIGNER_MESSAGES = {
  duplicateEmail: 'A consigner with this e-mail already exists in this store',
  notFound: 'Consigner not found',
  storeAccountDelete: 'A store account cannot be deleted',
  deleteBlocked: (unsold: number, unpaid: number) => {
    const parts = [unsold ? `${unsold} unsold item${unsold === 1 ? '' : 's'}` : '', unpaid ? `${unpaid} sold item${unpaid === 1 ? '' : 's'} not yet paid` : ''].filter(Boolean);
    return `This consigner cannot be deleted: they have ${parts.join(' and ')}. Withdraw or pay them out first.`;
  },
  deleted: 'Consigner deleted',
  archived: 'Consigner deleted; their sold and paid history is kept',
  bankLocked: 'Bank information cannot be changed after submission. Contact the store to change it.',
  staffOnlyField: (field: string) => `Only store staff can change ${field}`,
  emailLinked: 'The e-mail of a consigner with a sign-in account cannot be changed here',
  unknownType: 'Unknown consigner type',
  verifySent: 'If this e-mail belongs to an unverified account of this store, a verification e-mail is on its way.',
  ownPasswordOnly: 'You can only change your own password',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'The current password is not correct',
  // docs/security.md "Identity model": a person joins a store only by their own act.
  invitationSent: (email: string) => `${email} already has a Backroom sign-in: an invitation to join was sent to ${email}`,
  inviteNotFound: 'Invitation not found',
  inviteAccepted: 'This invitation has already been accepted',
  inviteInvalid: 'This invitation link is not valid',
  inviteSignIn: 'Sign in with the invited e-mail address to accept this invitation',
  inviteOtherAddress: 'This invitation was sent to another e-mail address',
  inviteVerifyFirst: 'Verify your e-mail address before accepting this invitation',
  inviteEmployeeHere: 'This sign-in is an employee of this store: it cannot also be its consigner',
  verifyBeforeSignup: 'Verify your e-mail address first: a seller account with bank or payout details is created only for a verified address',
  alreadyAddedHere: 'This store has already added this e-mail as a consigner: accept the invitation the store sends you to join',
  hasSignIn: 'This person already has a sign-in: they join through the invitation sent to them',
} as const;

/** '••••6789': only the last 4 characters show; 4 or fewer show nothing. */
export function maskAccountNumber(value: string | null | undefined): string | null {
  if (!value) return null;
  const plain = value.replace(/\s+/g, '');
  return plain.length <= 4 ? '••••' : `••••${plain.slice(-4)}`;
}

/** A bank-change log snapshot: every field as is, account number and IBAN masked. */
export function maskBankSnapshot(payoutType: string | null | undefined, bankData: Partial<TBankData> | null | undefined): TMaskedBankData | null {
  if (!payoutType && !bankData) return null;
  const b = bankData ?? {};
  return {
    payoutType: payoutType ?? null,
    routingType: b.routingType ?? null,
    accountName: b.accountName ?? null,
    accountNumber: maskAccountNumber(b.accountNumber),
    routingNumber: b.routingNumber ?? null,
    swiftCode: b.swiftCode ?? null,
    ibanNumber: maskAccountNumber(b.ibanNumber),
    bank: b.bank ?? null,
    bankType: b.bankType ?? null,
    branchCode: b.branchCode ?? null,
    email: b.email ?? null,
  };
}

/** Whether any bank or payout-account field holds a value: the consigner has submitted bank details. */
export function hasBankData(bankData: Partial<TBankData> | null | undefined): boolean {
  if (!bankData) return false;
  return Object.entries(bankData).some(([key, v]) => key !== 'routingType' && typeof v === 'string' && v.trim() !== '');
}

export type ReportDate = { at: Date; dateOnly: boolean };

/**
 * The consigner report's date bounds, start inclusive and end exclusive (people doc section 7: the
 * end date is moved to the next day when it is today, so today's sales count). A calendar date
 * (dateOnly, a UTC day) as the end counts its whole day: the bound is the next day's start, so an
 * end of today always becomes tomorrow. A timestamp end on today's date (server time) becomes the
 * start of tomorrow (reportEndDate); another timestamp is kept.
 */
export function reportRange(start: ReportDate | undefined, end: ReportDate | undefined, now: Date = new Date()): { start: Date | null; end: Date | null } {
  let endAt: Date | null = null;
  if (end) {
    if (end.dateOnly) endAt = new Date(end.at.getTime() + 24 * 60 * 60 * 1000);
    else endAt = dayjs(end.at).isSame(dayjs(now), 'day') ? dayjs(end.at).add(1, 'day').startOf('day').toDate() : end.at;
  }
  return { start: start?.at ?? null, end: endAt };
}

/** Who looks at a consigner: staff (role and areas) or a consigner (themself or not). */
export type ConsignerViewer = { kind: 'employee'; role: 'Admin' | 'Employee'; accessControls: readonly Area[] | null } | { kind: 'consigner'; id: string };

/** An Admin with Consigners access: sees and changes bank details, exports them, sets passwords. */
export function isConsignerAdmin(viewer: ConsignerViewer): boolean {
  return viewer.kind === 'employee' && viewer.role === 'Admin' && hasArea(viewer.accessControls, 'Consigners');
}

/** Bank details go only to Admins with Consigners access and to the consigner themself (docs/people.md). */
export function canSeeBankData(viewer: ConsignerViewer, consignerId: string): boolean {
  return viewer.kind === 'consigner' ? viewer.id === consignerId : isConsignerAdmin(viewer);
}

/**
 * Who may change bank details: an Admin with Consigners access at any time; the consigner only
 * until they are submitted (people doc section 5: "Bank information cannot be changed by the
 * consigner after submission"); no other staff (they cannot see what they would overwrite).
 */
export function canEditBankData(viewer: ConsignerViewer, consignerId: string, submitted: boolean): boolean {
  if (viewer.kind === 'consigner') return viewer.id === consignerId && !submitted;
  return isConsignerAdmin(viewer);
}

/** Fields of PUT /api/consigners/{id} only staff may change (a consigner sending them unchanged is fine). */
export const STAFF_ONLY_CONSIGNER_FIELDS = ['isActive', 'accountType', 'consignerTypeId', 'chargeTax', 'marketplaceLocation'] as const;
