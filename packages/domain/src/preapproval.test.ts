import { describe, expect, it } from 'vitest';
import { checkStoreRequestPrice, isPreapproved, preapprovalRange, priceAlert } from './preapproval.ts';

const store = { autoPreapproval: true, minApproval: 1000, maxApproval: 2500 };

describe('preapprovalRange', () => {
  it('spans lowest price minus minApproval to plus maxApproval', () => {
    expect(preapprovalRange(10000, store)).toEqual({ low: 9000, high: 12500 });
  });

  it('keeps the low end at zero', () => {
    expect(preapprovalRange(500, store)).toEqual({ low: 0, high: 3000 });
  });

  it('has no range when auto pre-approval is off or there is no lowest price', () => {
    expect(preapprovalRange(10000, { ...store, autoPreapproval: false })).toBeNull();
    expect(preapprovalRange(null, store)).toBeNull();
  });
});

describe('isPreapproved', () => {
  const range = { low: 9000, high: 12500 };
  it.each([
    [8999, false],
    [9000, true],
    [11000, true],
    [12500, true],
    [12501, false],
  ])('price %i -> %s', (price, expected) => {
    expect(isPreapproved(price, range)).toBe(expected);
  });

  it('approves nothing without a range', () => {
    expect(isPreapproved(10000, null)).toBe(false);
  });
});

describe('priceAlert', () => {
  it('does not alert at a price equal to the lowest listing', () => {
    expect(priceAlert(10000, 10000, 1000)).toBe(false);
  });

  it('does not alert below the lowest listing', () => {
    expect(priceAlert(9000, 10000, 1000)).toBe(false);
    expect(priceAlert(1, 10000, 1000)).toBe(false);
  });

  it('alerts only when the price is more than warnAmount above the lowest listing', () => {
    expect(priceAlert(11000, 10000, 1000)).toBe(false);
    expect(priceAlert(11001, 10000, 1000)).toBe(true);
    expect(priceAlert(50000, 10000, 1000)).toBe(true);
  });

  it('never alerts with a zero warnAmount', () => {
    expect(priceAlert(99999, 10000, 0)).toBe(false);
  });

  it('never alerts without a lowest variant price', () => {
    expect(priceAlert(5000, null, 100)).toBe(false);
  });
});

describe('checkStoreRequestPrice', () => {
  it('accepts a price inside the requested range, ends included', () => {
    expect(checkStoreRequestPrice(5000, { low: 5000, high: 6000 })).toBeNull();
    expect(checkStoreRequestPrice(6000, { low: 5000, high: 6000 })).toBeNull();
  });

  it('refuses a price outside it with the spec message', () => {
    expect(checkStoreRequestPrice(4999, { low: 5000, high: 6000 })).toBe('Price is not within the requested price range.');
    expect(checkStoreRequestPrice(6001, { low: 5000, high: 6000 })).toBe('Price is not within the requested price range.');
  });

  it('accepts any price when there is no range', () => {
    expect(checkStoreRequestPrice(1, null)).toBeNull();
  });
});
