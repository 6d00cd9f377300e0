import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareSizes, sortSizes } from './sizes.ts';

describe('compareSizes', () => {
  it('compares numbers numerically', () => {
    expect(compareSizes('10.5', '9')).toBeGreaterThan(0);
    expect(compareSizes('9', '10.5')).toBeLessThan(0);
    expect(compareSizes('10', '10.0')).toBe(0);
  });

  it('orders apparel sizes XXS to XXL, in any case', () => {
    expect(sortSizes(['XL', 'S', 'xxs', 'M', 'XXL', 'L', 'xs'])).toEqual(['xxs', 'xs', 'S', 'M', 'L', 'XL', 'XXL']);
  });

  it('sorts other text naturally', () => {
    expect(sortSizes(['US 10', 'US 9', 'One Size'])).toEqual(['One Size', 'US 9', 'US 10']);
  });

  it('puts numbers first, then apparel sizes, then other text', () => {
    expect(sortSizes(['One Size', 'M', '8', 'S', '4.5'])).toEqual(['4.5', '8', 'S', 'M', 'One Size']);
  });

  it('is a consistent ordering (antisymmetric)', () => {
    const size = fc.oneof(
      fc.constantFrom('XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'One Size', 'US 9'),
      fc.double({ min: 0, max: 20, noNaN: true }).map((n) => String(Math.round(n * 2) / 2)),
      fc.string(),
    );
    fc.assert(
      fc.property(size, size, (a, b) => {
        expect(Math.sign(compareSizes(a, b))).toBe(-Math.sign(compareSizes(b, a)) || 0);
      }),
    );
  });
});

describe('sortSizes', () => {
  it('sorts ascending by default and descending on request', () => {
    const sizes = ['11', '7.5', '9', '10.5'];
    expect(sortSizes(sizes)).toEqual(['7.5', '9', '10.5', '11']);
    expect(sortSizes(sizes, 'desc')).toEqual(['11', '10.5', '9', '7.5']);
  });

  it('leaves the input untouched', () => {
    const sizes = ['M', 'S'];
    sortSizes(sizes);
    expect(sizes).toEqual(['M', 'S']);
  });
});
