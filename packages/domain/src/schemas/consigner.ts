import { z } from 'zod';
import { ROUTING_TYPES } from '../constants.ts';
import { optionalText, optionalTextOf, requiredString, safeString } from './common.ts';

export const PHONE_MESSAGE = 'Please enter a phone number including the area code';

// Area codes cannot be checked across countries; 7 digits rules out a bare local number or a typo.
const phone = requiredString(PHONE_MESSAGE, 'phone', 'Phone').refine(
  (v) => /^[0-9+().\s-]+$/.test(v) && v.replace(/\D/g, '').length >= 7,
  { error: PHONE_MESSAGE },
);

export const ZBankData = z.object({
  routingType: z.enum(ROUTING_TYPES).nullish().transform((v) => v ?? null),
  accountName: optionalText,
  accountNumber: optionalText,
  routingNumber: optionalText,
  swiftCode: optionalText,
  ibanNumber: optionalText,
  bank: optionalText,
  bankType: optionalText,
  /** payout account e-mail for PayPal, Zelle and other non-bank payouts */
  email: optionalTextOf('email', 'Email'),
});
export type TBankData = z.output<typeof ZBankData>;

const profileShape = {
  firstName: requiredString('First name is required'),
  lastName: requiredString('Last name is required'),
  phone,
  address: requiredString('Address is required', 'note', 'Address'),
  idNumber: optionalText,
  payoutType: requiredString('Payout type is required'),
  bankData: ZBankData,
};

const email = safeString('email', 'Email', { error: 'Email is required' }).trim().pipe(z.email({ error: 'Please enter a valid email' }));

type BankCheck = { payoutType: string; bankData: TBankData };

/**
 * Bank fields by routing type (people doc section 5 "Add consigner"). A bank payout without a
 * routing type is a local transfer (e.g. a South African bank): account name, number and bank.
 */
function checkBankData(value: BankCheck, ctx: z.RefinementCtx): void {
  const b = value.bankData;
  const need = (field: keyof TBankData, message: string) => {
    if (!b[field]) ctx.addIssue({ code: 'custom', path: ['bankData', field], message });
  };
  if (value.payoutType.toLowerCase() !== 'bank') {
    const ok = !!b.email && z.email().safeParse(b.email).success;
    if (!ok) ctx.addIssue({ code: 'custom', path: ['bankData', 'email'], message: 'Payout account email is required' });
    return;
  }
  need('accountName', 'Account name is required');
  switch (b.routingType) {
    case 'abaNumber':
      need('accountNumber', 'Account number is required');
      need('routingNumber', 'Routing number is required');
      break;
    case 'swiftCode':
      need('swiftCode', 'Swift code is required');
      if (!b.accountNumber && !b.ibanNumber) {
        ctx.addIssue({ code: 'custom', path: ['bankData', 'accountNumber'], message: 'Account number or IBAN is required' });
      }
      break;
    case 'ibanNumber':
      need('ibanNumber', 'IBAN number is required');
      break;
    case null:
      need('accountNumber', 'Account number is required');
      need('bank', 'Bank is required');
      break;
  }
}

/**
 * Consigner signup. The e-mail is optional because the signed-up identity already carries it
 * (the stored signup record omits it); when given it must be valid.
 */
export const ZConsignerSignup = z
  .object({ ...profileShape, email: email.optional() })
  .superRefine(checkBankData);
export type TConsignerSignup = z.output<typeof ZConsignerSignup>;

/** Add consigner (staff, createFromAdmin): the same rules with the e-mail required. */
export const ZAddConsigner = z.object({ ...profileShape, email }).superRefine(checkBankData);
export type TAddConsigner = z.output<typeof ZAddConsigner>;
