import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.ts';
import { currencyDecimals, currencySymbol, formatMoney, hasAtMostDecimals, percentOf, toBasisPoints, toMajor, toMinor, tooManyDecimalsMessage } from './money.ts';

describe('toMinor', () => {
  it.each([
    ['19.99', 1999],
    ['0.1', 10],
    ['.5', 50],
    ['7', 700],
    ['7.', 700],
    ['  12.30 ', 1230],
    ['-3.21', -321],
    ['+3.21', 321],
    ['1e2', 10000],
    ['1.005', 101],
    ['1.004', 100],
    ['-1.005', -101],
    ['0', 0],
    ['-0.001', 0],
  ] as const)('parses the string %s exactly', (input, expected) => {
    expect(toMinor(input)).toBe(expected);
  });

  it.each([
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [1.15, 115],
    [4.35, 435],
    [1e-7, 0],
    [123456789.12, 12345678912],
    [-0, 0],
  ])('converts the number %s without float multiply errors', (input, expected) => {
    expect(toMinor(input)).toBe(expected);
  });

  it('differs from naive float maths where that goes wrong', () => {
    expect(Math.round(1.005 * 100)).toBe(100);
    expect(toMinor(1.005)).toBe(101);
    expect(Math.floor(0.29 * 100)).toBe(28);
    expect(toMinor(0.29)).toBe(29);
  });

  it.each(['', 'abc', '1,5', '$5', '1.2.3', '.', '-', 'NaN'])('refuses %j', (input) => {
    expect(() => toMinor(input)).toThrow(DomainError);
  });

  it('refuses non-finite numbers and amounts beyond safe integers', () => {
    expect(() => toMinor(Number.NaN)).toThrow(DomainError);
    expect(() => toMinor(Number.POSITIVE_INFINITY)).toThrow(DomainError);
    expect(() => toMinor('1e40')).toThrow(/too large/);
    expect(() => toMinor('90071992547409.92')).toThrow(/too large/);
  });

  it('round-trips every two-decimal amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (minor) => {
        expect(toMinor(toMajor(minor))).toBe(minor);
        expect(toMinor(toMajor(minor).toFixed(2))).toBe(minor);
      }),
    );
  });
});

describe('toMajor', () => {
  it('divides by 100', () => {
    expect(toMajor(1999)).toBe(19.99);
    expect(toMajor(-5)).toBe(-0.05);
  });
});

describe('percentOf', () => {
  it.each([
    [10000, 20, 2000],
    [1999, 12.5, 250], // 249.875
    [1999, 2.9, 58], // 57.971
    [1010, 2.5, 25], // 25.25
    [1020, 2.5, 26], // 25.5 rounds up
    [1, 50, 1], // 0.5 rounds up
    [1, 49.99, 0],
    [-1020, 2.5, -26], // half away from zero
    [0, 15, 0],
    [12345, 0, 0],
    [12345, 100, 12345],
  ])('%i x %s%% = %i', (minor, percent, expected) => {
    expect(percentOf(minor, percent)).toBe(expected);
  });

  it('reads percents as basis points', () => {
    expect(toBasisPoints(12.5)).toBe(1250);
    expect(toBasisPoints(0.07)).toBe(7);
    expect(toBasisPoints(7.125)).toBe(713);
  });

  it('refuses fractional minor amounts', () => {
    expect(() => percentOf(10.5, 10)).toThrow(DomainError);
  });

  it('stays exact on amounts where floats would drift', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 10000 }), (minor, bp) => {
        const got = percentOf(minor, bp / 100);
        const exact = (BigInt(minor) * BigInt(bp) * 2n + 10000n) / 20000n;
        expect(BigInt(got)).toBe(exact);
      }),
    );
  });
});

describe('formatMoney', () => {
  it('uses the currency symbol and two decimals', () => {
    expect(formatMoney(1999, 'USD')).toBe('$19.99');
    expect(formatMoney(125000, 'ZAR')).toBe('R 1,250.00');
    expect(formatMoney(50, 'EUR')).toBe('€0.50');
    expect(formatMoney(0, 'GBP')).toBe('£0.00');
    expect(formatMoney(-1999, 'USD')).toBe('-$19.99');
  });

  it('keeps two decimals for currencies without minor units', () => {
    expect(formatMoney(1000, 'JPY')).toBe('¥10.00');
  });

  it('falls back to the code for an unusable currency', () => {
    expect(formatMoney(1999, 'not-a-code')).toBe('not-a-code 19.99');
  });

  it('gives the symbol alone', () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('ZAR')).toBe('R');
    expect(currencySymbol('bad code')).toBe('bad code');
  });
});

describe('decimals of an amount (never rounded silently)', () => {
  it('states the decimals of a currency: 2 by default, 0 for JPY, at most the 2 Backroom keeps', () => {
    expect(currencyDecimals('USD')).toBe(2);
    expect(currencyDecimals('jpy')).toBe(0);
    expect(currencyDecimals('KWD')).toBe(2);
    expect(currencyDecimals(null)).toBe(2);
  });

  it('tells an amount with more decimals than allowed, from a string exactly and from a number as typed', () => {
    for (const ok of [0, 1, 1.5, 19.99, 0.1 + 0.2, '1.50', '1.500', '120', '1.5e1', '1e-2', 10_000_000]) expect(hasAtMostDecimals(ok), String(ok)).toBe(true);
    for (const bad of [0.004, 1.005, 19.999, '0.004', '1.001', '1e-3']) expect(hasAtMostDecimals(bad), String(bad)).toBe(false);
    expect(hasAtMostDecimals(5, 0)).toBe(true);
    expect(hasAtMostDecimals(5.5, 0)).toBe(false);
    expect(tooManyDecimalsMessage('Price')).toBe('Price can have at most 2 decimals.');
    expect(tooManyDecimalsMessage('Price', 0)).toBe('Price cannot have decimals.');
  });
});
