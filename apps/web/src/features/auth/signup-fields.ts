import type { FormRule } from 'antd';
import type { SignupFormValues } from './signup.model';

/** A field's rules from the domain's ZConsignerSignup (see SignupPage). */
export type FieldRule = (field: keyof SignupFormValues) => FormRule[];

/** Each step's fields: Next validates these before moving on. */
export const STEP_FIELDS: (keyof SignupFormValues)[][] = [
  ['firstName', 'lastName', 'email', 'phone', 'address', 'idNumber', 'password', 'confirmPassword'],
  [
    'payoutType',
    'routingType',
    'accountName',
    'accountNumber',
    'routingNumber',
    'swiftCode',
    'ibanNumber',
    'bank',
    'bankType',
    'payoutEmail',
  ],
  ['acceptTerms'],
];

export const half = { xs: 24, sm: 12 };
