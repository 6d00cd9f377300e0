import { ZConsignerSignup, type RoutingType } from '@backroom/domain';

// The consigner signup form and the record kept in the `newConsigner` cookie (docs/api-foundation.md).

export interface SignupFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  idNumber?: string;
  password: string;
  confirmPassword: string;
  payoutType: string;
  routingType?: RoutingType;
  accountName?: string;
  accountNumber?: string;
  routingNumber?: string;
  swiftCode?: string;
  ibanNumber?: string;
  bank?: string;
  bankType?: string;
  payoutEmail?: string;
  acceptTerms?: boolean;
}

export interface NewConsignerRecord {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  idNumber?: string;
  payoutType: string;
  bankData: {
    routingType: RoutingType | null;
    accountName: string;
    accountNumber: string;
    routingNumber: string;
    swiftCode: string;
    ibanNumber: string;
    bank: string;
    bankType: string;
    email: string;
  };
}

export function isBankPayout(payoutType: string | undefined): boolean {
  return (payoutType ?? '').toLowerCase() === 'bank';
}

/** Sign Up is enabled only when the password is non-empty and equals its confirmation (spec 5). */
export function canSubmitSignup(password: string | undefined, confirmation: string | undefined): boolean {
  return !!password && password === confirmation;
}

/** The form as the cookie record: only the fields of the chosen payout type and routing type. */
export function toNewConsigner(values: Partial<SignupFormValues>): NewConsignerRecord {
  const bank = isBankPayout(values.payoutType);
  const routing = bank ? (values.routingType ?? null) : null;
  const t = (v: string | undefined) => (v ?? '').trim();
  return {
    firstName: t(values.firstName),
    lastName: t(values.lastName),
    phone: t(values.phone),
    address: t(values.address),
    ...(t(values.idNumber) ? { idNumber: t(values.idNumber) } : {}),
    payoutType: values.payoutType ?? '',
    bankData: {
      routingType: routing,
      accountName: bank ? t(values.accountName) : '',
      accountNumber: routing === 'abaNumber' || routing === 'swiftCode' ? t(values.accountNumber) : '',
      routingNumber: routing === 'abaNumber' ? t(values.routingNumber) : '',
      swiftCode: routing === 'swiftCode' ? t(values.swiftCode) : '',
      ibanNumber: routing === 'swiftCode' || routing === 'ibanNumber' ? t(values.ibanNumber) : '',
      bank: bank ? t(values.bank) : '',
      bankType: bank ? t(values.bankType) : '',
      email: bank ? '' : t(values.payoutEmail),
    },
  };
}

/** Where each form field lives in the domain's ZConsignerSignup. */
const SCHEMA_PATH: Partial<Record<keyof SignupFormValues, string>> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  phone: 'phone',
  address: 'address',
  idNumber: 'idNumber',
  payoutType: 'payoutType',
  accountName: 'bankData.accountName',
  accountNumber: 'bankData.accountNumber',
  routingNumber: 'bankData.routingNumber',
  swiftCode: 'bankData.swiftCode',
  ibanNumber: 'bankData.ibanNumber',
  bank: 'bankData.bank',
  bankType: 'bankData.bankType',
  payoutEmail: 'bankData.email',
};

/** The domain schema's message for one field of the form, if that field is refused. */
export function signupFieldError(values: Partial<SignupFormValues>, field: keyof SignupFormValues): string | null {
  const path = SCHEMA_PATH[field];
  if (!path) return null;
  const result = ZConsignerSignup.safeParse({ ...toNewConsigner(values), email: (values.email ?? '').trim() });
  if (result.success) return null;
  const issue = result.error.issues.find((i) => i.path.join('.') === path);
  return issue?.message ?? null;
}
