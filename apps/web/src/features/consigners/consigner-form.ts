import type { z } from 'zod';
import { addConsignerSchema, type BankFieldMode } from '@backroom/domain';
import { formatPrice } from '../../shared/format';
import { BANK_SCHEMA_PATH, toBankData, type BankFormValues } from '../../shared/bank-form';
import type { ConsignerType, NewConsigner } from './consigners.api';

/** One account type to choose: a name of the store's consigner types (a name may have rows per category). */
interface TypeChoice {
  accountType: string;
  isDefault: boolean;
  /** '20% (min $5.00) + $1.00' of the type's general row */
  fees: string;
  /** the categories it has rows of its own for */
  categories: string[];
}

/** The store's account types, the default first, each with the fees of its general row. */
export function typeChoices(types: readonly ConsignerType[], currency: string): TypeChoice[] {
  const byName = new Map<string, ConsignerType[]>();
  for (const t of types) byName.set(t.accountType, [...(byName.get(t.accountType) ?? []), t]);
  const choices = [...byName.entries()].map(([accountType, rows]) => {
    const general = rows.find((r) => !r.category && !r.option1Value && !r.option2Value && !r.option3Value) ?? rows[0]!;
    const categories = [...new Set(rows.flatMap((r) => [r.category, ...(r.categories ?? [])]).filter((c): c is string => !!c))];
    return { accountType, isDefault: rows.some((r) => r.isDefault), fees: feeText(general, currency), categories };
  });
  return choices.sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.accountType.localeCompare(b.accountType));
}

function feeText(t: Pick<ConsignerType, 'sellingFee' | 'minFee' | 'flatFee'>, currency: string): string {
  const parts = [`${t.sellingFee}%`];
  if (t.minFee > 0) parts.push(`(min ${formatPrice(t.minFee, currency)})`);
  let text = parts.join(' ');
  if (t.flatFee > 0) text += ` + ${formatPrice(t.flatFee, currency)}`;
  return text;
}

/** The Add consigner form. */
export interface AddConsignerValues extends BankFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  idNumber?: string;
  accountType?: string;
  chargeTax?: boolean;
  marketplaceLocation?: boolean;
}

/** The form as POST /api/consigners/createFromAdmin takes it. */
export function toNewConsignerInput(values: Partial<AddConsignerValues>, mode: BankFieldMode): NewConsigner {
  const t = (v: string | undefined) => (v ?? '').trim();
  return {
    firstName: t(values.firstName),
    lastName: t(values.lastName),
    email: t(values.email),
    phone: t(values.phone),
    address: t(values.address),
    idNumber: t(values.idNumber) || null,
    payoutType: values.payoutType ?? '',
    bankData: toBankData(values, mode),
    accountType: values.accountType || null,
    chargeTax: values.chargeTax ?? false,
    marketplaceLocation: values.marketplaceLocation ?? false,
  };
}

const PROFILE_PATH = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  phone: 'phone',
  address: 'address',
  idNumber: 'idNumber',
} as const;

const SCHEMA_PATH: Partial<Record<keyof AddConsignerValues, string>> = { ...PROFILE_PATH, ...BANK_SCHEMA_PATH };

/** The domain schema's message for one field of the form (the server checks the same rules). */
export function addConsignerFieldError(values: Partial<AddConsignerValues>, field: keyof AddConsignerValues, mode: BankFieldMode): string | null {
  const path = SCHEMA_PATH[field];
  if (!path) return null;
  const result = addConsignerSchema(mode).safeParse(toNewConsignerInput(values, mode));
  if (result.success) return null;
  return issueAt(result.error, path);
}

function issueAt(error: z.ZodError, path: string): string | null {
  return error.issues.find((i) => i.path.join('.') === path)?.message ?? null;
}
