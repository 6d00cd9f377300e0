import { consignerSignupSchema } from '@backroom/domain';
import { BANK_SCHEMA_PATH, toBankData, type BankDataInput, type BankFieldsMode, type BankFormValues } from '../../shared/bank-form';

// The consigner signup form and the record kept in the `newConsigner` cookie (docs/api-foundation.md).

export interface SignupFormValues extends BankFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  idNumber?: string;
  password: string;
  confirmPassword: string;
  acceptTerms?: boolean;
}

interface NewConsignerRecord {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  idNumber?: string;
  payoutType: string;
  bankData: BankDataInput;
}

/** Sign Up is enabled only when the password is non-empty and equals its confirmation (spec 5). */
export function canSubmitSignup(password: string | undefined, confirmation: string | undefined): boolean {
  return !!password && password === confirmation;
}

/** The form as the cookie record: only the fields of the chosen payout type and routing type. */
export function toNewConsigner(values: Partial<SignupFormValues>, bankFields: BankFieldsMode = 'routing'): NewConsignerRecord {
  const t = (v: string | undefined) => (v ?? '').trim();
  return {
    firstName: t(values.firstName),
    lastName: t(values.lastName),
    phone: t(values.phone),
    address: t(values.address),
    ...(t(values.idNumber) ? { idNumber: t(values.idNumber) } : {}),
    payoutType: values.payoutType ?? '',
    bankData: toBankData(values, bankFields),
  };
}

/** Where each form field lives in the domain's consigner signup schema. */
const SCHEMA_PATH: Partial<Record<keyof SignupFormValues, string>> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  phone: 'phone',
  address: 'address',
  idNumber: 'idNumber',
  ...BANK_SCHEMA_PATH,
};

/** The domain schema's message for one field of the form, if that field is refused. */
export function signupFieldError(values: Partial<SignupFormValues>, field: keyof SignupFormValues, bankFields: BankFieldsMode = 'routing'): string | null {
  const path = SCHEMA_PATH[field];
  if (!path) return null;
  const result = consignerSignupSchema(bankFields).safeParse({ ...toNewConsigner(values, bankFields), email: (values.email ?? '').trim() });
  if (result.success) return null;
  const issue = result.error.issues.find((i) => i.path.join('.') === path);
  return issue?.message ?? null;
}
