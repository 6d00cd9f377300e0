// The default fee formula of design.md "Fees"; docs/fees.md walks through examples.
import { DomainError } from './errors.ts';
import { formatAmountLimit, percentOf } from './money.ts';
import { INVENTORY_MESSAGES } from './messages.ts';
import { MAX_TOTAL_MINOR } from './constants.ts';
import { totalTooLargeMessage } from './schemas/common.ts';

export type ConsignerType = {
  id: string;
  accountType: string;
  /** percent, e.g. 20 for 20% */
  sellingFee: number;
  /** minor units */
  minFee: number;
  /** minor units */
  flatFee: number;
  isDefault: boolean;
  category?: string | null;
  option1Value?: string | null;
  option2Value?: string | null;
  option3Value?: string | null;
  categories?: string[] | null;
};

export type FeeItem = {
  category?: string | null;
  option1Value?: string | null;
  option2Value?: string | null;
  option3Value?: string | null;
};

function norm(value: string | null | undefined): string {
  return (value ?? '').trim().toLowerCase();
}

/**
 * How specifically a type fits an item: null when one of its criteria differs, else a score.
 * Criteria compare trimmed and case-insensitively; empty criteria match anything.
 */
function specificity(type: ConsignerType, item: FeeItem): number[] | null {
  const categories = [type.category, ...(type.categories ?? [])].map(norm).filter((c) => c !== '');
  const criteria: Array<[wanted: string[], actual: string]> = [
    [categories, norm(item.category)],
    [[norm(type.option1Value)].filter(Boolean), norm(item.option1Value)],
    [[norm(type.option2Value)].filter(Boolean), norm(item.option2Value)],
    [[norm(type.option3Value)].filter(Boolean), norm(item.option3Value)],
  ];
  const hits: number[] = [];
  for (const [wanted, actual] of criteria) {
    if (wanted.length === 0) {
      hits.push(0);
    } else if (wanted.includes(actual)) {
      hits.push(1);
    } else {
      return null;
    }
  }
  // More criteria matched wins; ties go to category, then option1, option2, option3.
  return [hits.reduce((a, b) => a + b, 0), ...hits];
}

function compareScores(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i += 1) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * The consigner type that applies to an item: among the types named like the consigner's
 * accountType, the most specific one whose category and option values all fit the item
 * (first in the list on a tie); else the store's default type; else null.
 */
export function matchConsignerType(
  types: readonly ConsignerType[],
  accountType: string | null,
  item: FeeItem,
): ConsignerType | null {
  let best: { type: ConsignerType; score: number[] } | null = null;
  if (accountType !== null && norm(accountType) !== '') {
    for (const type of types) {
      if (norm(type.accountType) !== norm(accountType)) continue;
      const score = specificity(type, item);
      if (score && (!best || compareScores(score, best.score) > 0)) best = { type, score };
    }
  }
  return best?.type ?? types.find((t) => t.isDefault) ?? null;
}

export type FeeLabel =
  | 'Transaction Fee'
  | 'Selling Fees'
  | 'Cleaning Fee'
  | 'Box Fees'
  | 'Outstanding Withdrawal Fees'
  | 'VAT';

/** Add-on prices of the intake form ('cleaning fee 20 and box fee 20'), in minor units. */
export const DEFAULT_ADD_ON_FEES = { cleaning: 2000, box: 2000 } as const;

export type FeeInput = {
  /** unit price, minor units */
  price: number;
  quantity: number;
  consignerType: ConsignerType | null;
  storePayoutFeePercent: number;
  vatRatePercent: number;
  chargeTax: boolean;
  addOns?: { cleaning?: boolean; box?: boolean };
  addOnFees?: { cleaning: number; box: number };
  /** minor units owed from early withdrawals, taken from this item */
  outstandingWithdrawalFees?: number;
  isStoreAccount?: boolean;
  /** store-account cost, minor units */
  cost?: number | null;
};

export type FeeResult = {
  /** per unit, minor units */
  payout: number;
  /** all fees per unit */
  payoutFee: number;
  /** payout x quantity */
  total: number;
  /** transaction fee; the spelling is the product's field name */
  transcation: number;
  selling: number;
  vat: number;
  /** fees beyond the price, carried to the consigner's next payout */
  negativeBalance: number;
  breakdown: { label: FeeLabel; amount: number }[];
};

function assertMinor(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new DomainError('BAD_REQUEST', `${what} must be a whole, non-negative number of minor units`);
  }
}

export const FEES_TOO_LARGE = `The fees of this item must be at most ${formatAmountLimit(MAX_TOTAL_MINOR)}`;

/** Every amount an item stores fits its integer column (constants.ts MAX_TOTAL_MINOR). */
function assertFits(value: number, message: string): void {
  if (value > MAX_TOTAL_MINOR) throw new DomainError('BAD_REQUEST', message);
}

function assertPercent(value: number, what: string): void {
  if (!Number.isFinite(value) || value < 0) {
    throw new DomainError('BAD_REQUEST', `${what} must be a non-negative percent`);
  }
}

/**
 * Per-unit fees and payout of an item. Every fee, add-ons and outstanding withdrawal fees
 * included, is per unit, as the formula multiplies only the payout by the quantity.
 * Store-account items carry no fees: their payout is the cost (the price when no cost is set).
 */
export function calculateFees(input: FeeInput): FeeResult {
  assertMinor(input.price, 'Price');
  if (!Number.isSafeInteger(input.quantity) || input.quantity < 0) {
    throw new DomainError('BAD_REQUEST', 'Quantity must be a whole, non-negative number');
  }

  if (input.isStoreAccount) {
    const payout = input.cost ?? input.price;
    assertMinor(payout, 'Cost');
    assertFits(payout * input.quantity, totalTooLargeMessage);
    return {
      payout,
      payoutFee: 0,
      total: payout * input.quantity,
      transcation: 0,
      selling: 0,
      vat: 0,
      negativeBalance: 0,
      breakdown: [],
    };
  }

  assertPercent(input.storePayoutFeePercent, 'Store payout fee');
  assertPercent(input.vatRatePercent, 'VAT rate');
  const type = input.consignerType;
  if (type) {
    assertPercent(type.sellingFee, 'Selling fee');
    assertMinor(type.minFee, 'Minimum fee');
    assertMinor(type.flatFee, 'Flat fee');
  }
  const addOnFees = input.addOnFees ?? DEFAULT_ADD_ON_FEES;
  assertMinor(addOnFees.cleaning, 'Cleaning fee');
  assertMinor(addOnFees.box, 'Box fee');
  const outstanding = input.outstandingWithdrawalFees ?? 0;
  assertMinor(outstanding, 'Outstanding withdrawal fees');

  // No consigner type means no fee schedule, so no selling fee.
  const selling = type ? Math.max(percentOf(input.price, type.sellingFee), type.minFee) + type.flatFee : 0;
  const transcation = percentOf(input.price, input.storePayoutFeePercent);
  const vat = input.chargeTax ? percentOf(selling + transcation, input.vatRatePercent) : 0;
  const cleaning = input.addOns?.cleaning ? addOnFees.cleaning : 0;
  const box = input.addOns?.box ? addOnFees.box : 0;

  const breakdown: FeeResult['breakdown'] = [
    { label: 'Transaction Fee', amount: transcation },
    { label: 'Selling Fees', amount: selling },
  ];
  if (input.addOns?.cleaning) breakdown.push({ label: 'Cleaning Fee', amount: cleaning });
  if (input.addOns?.box) breakdown.push({ label: 'Box Fees', amount: box });
  if (outstanding > 0) breakdown.push({ label: 'Outstanding Withdrawal Fees', amount: outstanding });
  if (input.chargeTax) breakdown.push({ label: 'VAT', amount: vat });

  const payoutFee = selling + transcation + vat + cleaning + box + outstanding;
  assertFits(payoutFee, FEES_TOO_LARGE);
  const payout = Math.max(input.price - payoutFee, 0);
  assertFits(payout * input.quantity, totalTooLargeMessage);
  return {
    payout,
    payoutFee,
    total: payout * input.quantity,
    transcation,
    selling,
    vat,
    negativeBalance: Math.max(payoutFee - input.price, 0),
    breakdown,
  };
}

export const ZERO_PAYOUT_WARNING = INVENTORY_MESSAGES.zeroPayout;

/** Warn when a selling fee applies and the payout is below one major unit. */
export function isZeroPayoutWarning(sellingFeePercent: number, payoutMinor: number): boolean {
  return sellingFeePercent > 0 && payoutMinor < 100;
}
