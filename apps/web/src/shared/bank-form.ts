import type { BankFieldMode, RoutingType, TBankData } from '@backroom/domain';

// The payout part of the consigner forms (signup, Add consigner, a consigner's Details): the form
// keeps the bank fields flat; the API takes them as the domain's bankData.

/** Which bank fields the store collects (the store setting bankFields). */
export type BankFieldsMode = BankFieldMode;

/** The payout fields of a consigner form, as antd holds them. */
export interface BankFormValues {
  payoutType: string;
  routingType?: RoutingType;
  accountName?: string;
  accountNumber?: string;
  routingNumber?: string;
  swiftCode?: string;
  ibanNumber?: string;
  bank?: string;
  bankType?: string;
  branchCode?: string;
  payoutEmail?: string;
}

export type BankFormField = keyof BankFormValues;

export const BANK_FORM_FIELDS: readonly BankFormField[] = [
  'payoutType',
  'routingType',
  'accountName',
  'accountNumber',
  'routingNumber',
  'swiftCode',
  'ibanNumber',
  'bank',
  'bankType',
  'branchCode',
  'payoutEmail',
];

/** Where each form field lives in the domain's consigner schemas (ZConsignerSignup, ZAddConsigner). */
export const BANK_SCHEMA_PATH: Record<BankFormField, string> = {
  payoutType: 'payoutType',
  routingType: 'bankData.routingType',
  accountName: 'bankData.accountName',
  accountNumber: 'bankData.accountNumber',
  routingNumber: 'bankData.routingNumber',
  swiftCode: 'bankData.swiftCode',
  ibanNumber: 'bankData.ibanNumber',
  bank: 'bankData.bank',
  bankType: 'bankData.bankType',
  branchCode: 'bankData.branchCode',
  payoutEmail: 'bankData.email',
};

export function isBankPayout(payoutType: string | undefined | null): boolean {
  return (payoutType ?? '').toLowerCase() === 'bank';
}

/** bankData as the consigner forms send it (every text field a string, '' when not asked). */
export type BankDataInput = { [K in Exclude<keyof TBankData, 'routingType'>]: string } & { routingType: RoutingType | null };

/** The bank data of the form: only the fields of the chosen payout type and routing type. */
export function toBankData(values: Partial<BankFormValues>, bankFields: BankFieldsMode = 'routing'): BankDataInput {
  const bank = isBankPayout(values.payoutType);
  // A store that collects local bank details has no routing types, account types, SWIFT codes, IBANs or
  // routing numbers, and a branch code instead (the domain's ROUTING_ONLY_BANK_FIELDS).
  const local = bankFields === 'local';
  const routing = bank && !local ? (values.routingType ?? null) : null;
  const t = (v: string | undefined) => (v ?? '').trim();
  return {
    routingType: routing,
    accountName: bank ? t(values.accountName) : '',
    accountNumber: bank && routing !== 'ibanNumber' ? t(values.accountNumber) : '',
    routingNumber: routing === 'abaNumber' ? t(values.routingNumber) : '',
    swiftCode: routing === 'swiftCode' ? t(values.swiftCode) : '',
    ibanNumber: routing === 'swiftCode' || routing === 'ibanNumber' ? t(values.ibanNumber) : '',
    bank: bank ? t(values.bank) : '',
    bankType: bank && !local ? t(values.bankType) : '',
    branchCode: bank && local ? t(values.branchCode) : '',
    email: bank ? '' : t(values.payoutEmail),
  };
}

/** The form fields of saved bank data (a consigner's Details). */
export function fromBankData(payoutType: string | null | undefined, data: Partial<TBankData> | null | undefined): Partial<BankFormValues> {
  const d = data ?? {};
  const v = (x: string | null | undefined) => x ?? undefined;
  return {
    payoutType: payoutType ?? undefined,
    routingType: d.routingType ?? undefined,
    accountName: v(d.accountName),
    accountNumber: v(d.accountNumber),
    routingNumber: v(d.routingNumber),
    swiftCode: v(d.swiftCode),
    ibanNumber: v(d.ibanNumber),
    bank: v(d.bank),
    bankType: v(d.bankType),
    branchCode: v(d.branchCode),
    payoutEmail: v(d.email),
  };
}
