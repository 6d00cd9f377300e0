import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHEQUE_LIMIT_MINOR } from './constants.ts';
import { nextPayoutName, payoutActionOf, payoutNumberOf, payoutProviderOf, shareProviderOf, shareStatusOf, splitIntoCheques } from './payouts.ts';
import { ZPayoutPaidBody, ZPayoutPayBody, ZPayoutsQuery } from './schemas/payouts.ts';

describe('splitIntoCheques', () => {
  it('gives one cheque per 2,000, rounded up, the last with the rest', () => {
    expect(splitIntoCheques(0)).toEqual([]);
    expect(splitIntoCheques(1)).toEqual([1]);
    expect(splitIntoCheques(200_000)).toEqual([200_000]);
    expect(splitIntoCheques(200_001)).toEqual([200_000, 1]);
    expect(splitIntoCheques(450_000)).toEqual([200_000, 200_000, 50_000]);
  });
  it('always sums to the total, with ceil(total / 2,000) cheques of at most 2,000 each', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (total) => {
        const cheques = splitIntoCheques(total);
        expect(cheques.reduce((a, b) => a + b, 0)).toBe(total);
        expect(cheques.length).toBe(Math.ceil(total / CHEQUE_LIMIT_MINOR));
        // one expect per run: an expect per cheque (up to 5,000 a run) took seconds under load
        expect(cheques.every((c) => c > 0 && c <= CHEQUE_LIMIT_MINOR)).toBe(true);
      }),
    );
  });
  it('refuses a negative or fractional total', () => {
    expect(() => splitIntoCheques(-1)).toThrow(RangeError);
    expect(() => splitIntoCheques(1.5)).toThrow(RangeError);
  });
});

describe('payoutActionOf', () => {
  it('follows the spec by status', () => {
    expect(payoutActionOf('Failed', true)).toBe('retryAutoPayout');
    expect(payoutActionOf('Buying', false)).toBe('pay');
    expect(payoutActionOf('Pending', true)).toBe('autoInProgress');
    expect(payoutActionOf('Pending', false)).toBe('markPaid');
    expect(payoutActionOf('Paid', false)).toBe('none');
  });
});

describe('shareProviderOf', () => {
  const on = { automatedPayout: true, enabledProviders: ['checkbook', 'paypal'] };
  it('sends bank consigners through Checkbook and PayPal ones through PayPal when the store automates and has the provider', () => {
    expect(shareProviderOf('Bank', on)).toBe('checkbook');
    expect(shareProviderOf(' bank ', on)).toBe('checkbook');
    expect(shareProviderOf('PayPal', on)).toBe('paypal');
    expect(shareProviderOf('Paypal', on)).toBe('paypal');
  });
  it('pays by hand otherwise: automation off, provider not enabled, another payout type, an item bought for cash', () => {
    expect(shareProviderOf('Bank', { ...on, automatedPayout: false })).toBe('manual');
    expect(shareProviderOf('Bank', { automatedPayout: true, enabledProviders: ['paypal'] })).toBe('manual');
    expect(shareProviderOf('Zelle', on)).toBe('manual');
    expect(shareProviderOf(null, on)).toBe('manual');
    expect(shareProviderOf('Bank', on, { boughtForCash: true })).toBe('manual');
  });
});

describe('payoutProviderOf', () => {
  it('is manual when no share is automated, the one provider, or mixed for two', () => {
    expect(payoutProviderOf([])).toBe('manual');
    expect(payoutProviderOf(['manual', 'manual'])).toBe('manual');
    expect(payoutProviderOf(['manual', 'checkbook', 'checkbook'])).toBe('checkbook');
    expect(payoutProviderOf(['paypal', 'checkbook'])).toBe('mixed');
  });
});

describe('shareStatusOf', () => {
  it('is Paid when every cheque is and no item waits, Failed when one failed, else Pending', () => {
    expect(shareStatusOf(['Paid', 'Paid'], false)).toBe('Paid');
    expect(shareStatusOf([], false)).toBe('Paid');
    expect(shareStatusOf([], true)).toBe('Pending');
    expect(shareStatusOf(['Paid', 'Pending'], false)).toBe('Pending');
    expect(shareStatusOf(['Sent'], false)).toBe('Pending');
    expect(shareStatusOf(['Paid', 'Failed'], false)).toBe('Failed');
  });
});

describe('payout names', () => {
  it('numbers from PO-1001, after the highest', () => {
    expect(nextPayoutName(null)).toBe('PO-1001');
    expect(nextPayoutName(1001)).toBe('PO-1002');
    expect(nextPayoutName(12)).toBe('PO-1001');
    expect(payoutNumberOf('PO-1002')).toBe(1002);
    expect(payoutNumberOf('Payout 3')).toBeNull();
  });
});

describe('payout request schemas', () => {
  it('needs at least one item, takes ids or item objects, and drops repeats', () => {
    const id = '8c4f4c36-6f55-4d59-9b3a-2f6f0d3b6a11';
    expect(ZPayoutPayBody.safeParse({ inventoriesToPay: [] }).error?.issues[0].message).toBe('Please select at least 1 item');
    expect(ZPayoutPayBody.safeParse({}).error?.issues[0].message).toBe('Please select at least 1 item');
    expect(ZPayoutPayBody.parse({ inventoriesToPay: [id, { id, title: 'x' }] }).inventoriesToPay).toEqual([id]);
  });
  it('marks every share when no consigner is given, or the named ones', () => {
    const id = '8c4f4c36-6f55-4d59-9b3a-2f6f0d3b6a11';
    expect(ZPayoutPaidBody.parse(undefined)).toEqual({ consignersInventoryToBeMarkedAsPaid: [] });
    expect(ZPayoutPaidBody.parse({ consignersInventoryToBeMarkedAsPaid: [{ consignerId: id, inventories: [] }, id] })).toEqual({ consignersInventoryToBeMarkedAsPaid: [id] });
    expect(ZPayoutPaidBody.parse({ consignersInventoryToBeMarkedAsPaid: { [id]: [{ id }] } })).toEqual({ consignersInventoryToBeMarkedAsPaid: [id] });
    expect(ZPayoutPaidBody.safeParse({ consignersInventoryToBeMarkedAsPaid: [{}] }).success).toBe(false);
    expect(ZPayoutPaidBody.safeParse({ consignersInventoryToBeMarkedAsPaid: { nope: [] } }).success).toBe(false);
  });
  it('reads all as no status filter and refuses unknown ones', () => {
    expect(ZPayoutsQuery.parse({ status: 'all' }).status).toBeUndefined();
    expect(ZPayoutsQuery.parse({ status: 'Buying' }).status).toBe('Buying');
    expect(ZPayoutsQuery.safeParse({ status: 'Sent' }).success).toBe(false);
  });
});
