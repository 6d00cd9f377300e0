import { describe, expect, it } from 'vitest';
import {
  BANK_ACCOUNT_TYPES,
  CURRENCY_CODES,
  CUSTOM_BARCODE_OPTIONS,
  DEFAULT_SIGNUP_INFO,
  LABEL_OPTIONS,
  PAYMENT_TYPES,
  PAYOUT_OPTIONS,
  ROUTING_TYPES,
  SIGNUP_INFO_OPTIONS,
  SIZE_SYSTEMS,
  SOUTH_AFRICAN_BANKS,
  chequeCount,
} from './constants.ts';

describe('constants', () => {
  it('has the twelve label options of the people doc and Payout Fee of the catalogue doc', () => {
    expect(LABEL_OPTIONS).toHaveLength(14);
    expect(LABEL_OPTIONS).toContain('Shopify QR Code');
    expect(LABEL_OPTIONS).toContain('Payout Fee');
  });

  it('has the spec option lists', () => {
    expect(CUSTOM_BARCODE_OPTIONS).toEqual(['SKU', 'CODE', 'GTIN']);
    expect(SIZE_SYSTEMS).toEqual(['US M', 'US W', 'UK', 'EU', 'JP', 'KR']);
    // the spec's three, and Store credit (docs/consigner-account.md "Store credit")
    expect(PAYOUT_OPTIONS).toEqual(['PayPal', 'Zelle', 'Bank', 'Store credit']);
    expect(SIGNUP_INFO_OPTIONS).toEqual(['Email', 'Full Name', 'Full Address', 'Username', 'Phone']);
    expect(DEFAULT_SIGNUP_INFO).toEqual(['Email']);
    expect(ROUTING_TYPES).toEqual(['abaNumber', 'swiftCode', 'ibanNumber']);
  });

  it('labels the auto payment type Checkbooks', () => {
    expect(PAYMENT_TYPES).toEqual([
      { value: 'cash', label: 'Cash' },
      { value: 'auto', label: 'Checkbooks' },
    ]);
  });

  it('lists 37 distinct South African banks', () => {
    expect(SOUTH_AFRICAN_BANKS).toHaveLength(37);
    expect(new Set(SOUTH_AFRICAN_BANKS).size).toBe(37);
  });

  it('lists the seven bank account types', () => {
    expect(BANK_ACCOUNT_TYPES).toEqual([
      'Current (cheque/bond)', 'Savings', 'Transmission', 'Bond', 'Subscription Share', 'Fnbcard', 'WesBank',
    ]);
  });

  it('lists about 120 sorted, distinct ISO currency codes from AED to ZWD', () => {
    expect(CURRENCY_CODES.length).toBeGreaterThanOrEqual(110);
    expect(CURRENCY_CODES.length).toBeLessThanOrEqual(130);
    expect(CURRENCY_CODES[0]).toBe('AED');
    expect(CURRENCY_CODES.at(-1)).toBe('ZWD');
    expect([...CURRENCY_CODES].sort()).toEqual([...CURRENCY_CODES]);
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
    for (const code of CURRENCY_CODES) expect(code).toMatch(/^[A-Z]{3}$/);
  });
});

describe('chequeCount', () => {
  it.each([
    [0, 0],
    [-100, 0],
    [1, 1],
    [200000, 1],
    [200001, 2],
    [450000, 3],
  ])('%i minor units -> %i cheques', (total, expected) => {
    expect(chequeCount(total)).toBe(expected);
  });
});
