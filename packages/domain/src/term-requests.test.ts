import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composeNotice, wantsNotice } from './consigner-notifications.ts';
import { addDays } from './consignment-terms.ts';
import { layoutLabel, SAMPLE_LABEL_ITEM, type LabelSettings } from './labels.ts';
import { formatEndDate, reminderDueOf, REMINDER_DAYS_BEFORE_END, termRequestOf } from './term-requests.ts';

describe('termRequestOf', () => {
  const item = { status: 'Active', endsOn: '2026-12-29' };
  it('makes a request on an item in stock with an end', () => {
    expect(termRequestOf(item, null, 'renew')).toEqual({ kind: 'create' });
    expect(termRequestOf({ ...item, status: 'InTransit' }, null, 'pickup')).toEqual({ kind: 'create' });
  });
  it('keeps the open request of the same kind: a request sent twice is one', () => {
    expect(termRequestOf(item, { kind: 'renew' }, 'renew')).toEqual({ kind: 'same' });
  });
  it('refuses the other kind while one is open, an item without an end, and one no longer in stock', () => {
    expect(termRequestOf(item, { kind: 'pickup' }, 'renew')).toEqual({ kind: 'refuse', reason: 'This item already has an open request: cancel it first' });
    expect(termRequestOf({ ...item, endsOn: null }, null, 'renew')).toEqual({ kind: 'refuse', reason: 'This item has no consignment end' });
    for (const status of ['Sold', 'Withdrawn', 'Paid', 'Requested']) expect(termRequestOf({ ...item, status }, null, 'pickup').kind).toBe('refuse');
  });
});

describe('reminderDueOf', () => {
  it('is due from REMINDER_DAYS_BEFORE_END days before the end to the end itself', () => {
    const end = '2026-12-29';
    expect(REMINDER_DAYS_BEFORE_END).toBe(7);
    expect(reminderDueOf(end, '2026-12-21', null)).toBe(false);
    expect(reminderDueOf(end, '2026-12-22', null)).toBe(true);
    expect(reminderDueOf(end, '2026-12-29', null)).toBe(true);
    expect(reminderDueOf(end, '2026-12-30', null)).toBe(false);
    expect(reminderDueOf(null, '2026-12-29', null)).toBe(false);
    // a store's own days; 0: no reminders at all
    expect(reminderDueOf(end, '2026-12-26', null, 3)).toBe(true);
    expect(reminderDueOf(end, '2026-12-25', null, 3)).toBe(false);
    expect(reminderDueOf(end, end, null, 0)).toBe(false);
  });
  it('is sent once per end: reminded for this end, not again; a new end (renewed), again', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 1, max: 90 }), (left, renewal) => {
        const today = '2026-11-29';
        const end = addDays(today, left);
        expect(reminderDueOf(end, today, null)).toBe(true);
        expect(reminderDueOf(end, today, end)).toBe(false);
        const renewed = addDays(end, renewal);
        // before the new end's window nothing; inside it, one again
        expect(reminderDueOf(renewed, addDays(renewed, -7), end)).toBe(true);
        expect(reminderDueOf(renewed, addDays(renewed, -8), end)).toBe(false);
      }),
    );
  });
});

describe('formatEndDate', () => {
  it('writes a calendar day as the portal does', () => {
    expect(formatEndDate('2026-12-29')).toBe('Dec 29, 2026');
    expect(formatEndDate('2027-01-05')).toBe('Jan 5, 2027');
  });
});

describe('the reminder e-mail', () => {
  it('follows the onConsignmentEnding preference, on when absent', () => {
    const c = { email: 'a@b.test', deletedAt: null, isStoreAccount: false, emailNotifications: true, notificationSettings: null };
    expect(wantsNotice(c, 'termEnding')).toBe(true);
    expect(wantsNotice({ ...c, notificationSettings: { onConsignmentEnding: false } }, 'termEnding')).toBe(false);
    expect(wantsNotice({ ...c, notificationSettings: { onProductSold: false } }, 'termEnding')).toBe(true);
  });
  it('lists each item with its end and links to the inventory', () => {
    const m = composeNotice({
      kind: 'termEnding',
      storeName: 'Closet',
      currency: 'USD',
      firstName: 'Ava',
      lines: [{ code: 'BR-1', title: 'Green coat', size: 'M', endsOn: '2026-12-29' }],
      paragraph: null,
      link: 'https://closet.test/inventory',
    });
    expect(m.subject).toBe('Closet: the consignment of an item ends soon');
    expect(m.text).toContain('- Green coat, M (BR-1): ends Dec 29, 2026');
    expect(m.text).toContain('Renew or pick up from your inventory: https://closet.test/inventory');
  });
});

describe('the label field Consignment ends', () => {
  const settings: LabelSettings = {
    labelSize: { width: 60, height: 40 },
    labelOptions: ['Item Description', 'Consignment ends'],
    customBarcode: null,
    currency: 'USD',
    logo: null,
    labelLayout: null,
    customShopifyUrl: null,
    shopifyTrackingParams: [],
    shop: null,
    linkOrigin: 'https://closet.test',
    hasStorefront: false,
  };
  const texts = (consignmentEndsAt: string | null) =>
    layoutLabel(settings, { ...SAMPLE_LABEL_ITEM, consignmentEndsAt }, { item: 'https://closet.test/inventories/x', storefront: null })
      .boxes.flatMap((b) => (b.kind === 'text' ? b.lines : []))
      .join(' ');
  it('shows the end, and nothing for an item without one', () => {
    expect(texts('2026-12-29')).toContain('Ends Dec 29, 2026');
    expect(texts(null)).not.toContain('Ends');
  });
});
