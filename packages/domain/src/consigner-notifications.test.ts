import { describe, expect, it } from 'vitest';
import { composeNotice, NOTICE_KINDS, NOTICE_MAX_LINES, storeParagraph, wantsNotice, type NoticeRecipient } from './consigner-notifications.ts';
import { ONLINE_MARKETPLACE } from './constants.ts';

const ava: NoticeRecipient = { email: 'ava@example.com', deletedAt: null, isStoreAccount: false, emailNotifications: true, notificationSettings: null };
const base = { storeName: 'Demo Shop', currency: 'USD', firstName: 'Ava', link: 'https://shop.example.com/inventory', paragraph: null };

describe('wantsNotice', () => {
  it('sends when the master flag and the event preference are on (absent preferences are on)', () => {
    for (const kind of NOTICE_KINDS) expect(wantsNotice(ava, kind)).toBe(true);
  });
  it('sends nothing with the master flag off', () => {
    expect(wantsNotice({ ...ava, emailNotifications: false }, 'sold')).toBe(false);
  });
  it("sends nothing when the event's preference is off, and still sends the others", () => {
    const c = { ...ava, notificationSettings: { onProductSold: false } };
    expect(wantsNotice(c, 'sold')).toBe(false);
    expect(wantsNotice(c, 'payout')).toBe(true);
    expect(wantsNotice({ ...ava, notificationSettings: { onPriceAcceptOrDecline: false } }, 'priceDeclined')).toBe(false);
    expect(wantsNotice({ ...ava, notificationSettings: { onInventoryAccept: false } }, 'requestAccepted')).toBe(false);
  });
  it('never writes to a consigner without an address, an archived one or a store account', () => {
    expect(wantsNotice({ ...ava, email: '' }, 'sold')).toBe(false);
    expect(wantsNotice({ ...ava, email: 'not an address' }, 'sold')).toBe(false);
    expect(wantsNotice({ ...ava, deletedAt: new Date() }, 'sold')).toBe(false);
    expect(wantsNotice({ ...ava, isStoreAccount: true }, 'sold')).toBe(false);
  });
});

describe('storeParagraph', () => {
  const texts = { emailMsgs: { onProductSold: 'Thanks for selling with us!' }, marketplaceEmailMsgs: { onProductSold: 'Sold online!' } };
  it("uses the store's text for the event, the marketplace one when every item is at ONLINE MARKETPLACE", () => {
    expect(storeParagraph(texts, 'sold', [{ location: 'Main floor' }])).toBe('Thanks for selling with us!');
    expect(storeParagraph(texts, 'sold', [{ location: ONLINE_MARKETPLACE }])).toBe('Sold online!');
    expect(storeParagraph(texts, 'sold', [{ location: ONLINE_MARKETPLACE }, { location: 'Main floor' }])).toBe('Thanks for selling with us!');
  });
  it("falls back to the store's text, then to none, and drops control characters", () => {
    expect(storeParagraph({ emailMsgs: { onPayout: ' Paid!\r\n\u0007Bye ' }, marketplaceEmailMsgs: null }, 'payout', [{ location: ONLINE_MARKETPLACE }])).toBe('Paid!\nBye');
    expect(storeParagraph({ emailMsgs: { onPayout: '   ' }, marketplaceEmailMsgs: null }, 'payout', [])).toBeNull();
    expect(storeParagraph({ emailMsgs: null, marketplaceEmailMsgs: null }, 'sold', [])).toBeNull();
  });
});

describe('composeNotice', () => {
  const line = { code: 'A1', title: 'Red dress', size: 'M', price: 12050, payout: 9000, location: 'Main floor' };
  it('lists every item once with the link and a default text', () => {
    const m = composeNotice({ ...base, kind: 'sold', lines: [line, { ...line, code: 'A2' }] });
    expect(m.subject).toBe('Demo Shop: you sold 2 items');
    expect(m.text).toContain('Hi Ava,');
    expect(m.text).toContain('Good news: the items below have sold.');
    expect(m.text).toContain('- Red dress, M (A1): sold for $120.50, your payout $90.00');
    expect(m.text).toContain('(A2)');
    expect(m.text).toContain('See your inventory: https://shop.example.com/inventory');
  });
  it("puts the store's paragraph in place of the default", () => {
    const m = composeNotice({ ...base, kind: 'inventoryAccepted', lines: [line], paragraph: 'We love <b>your</b> things' });
    expect(m.text).toContain('We love <b>your</b> things');
    expect(m.text).not.toContain('checked in your drop-off');
    expect(m.subject).toBe('Demo Shop: an item of yours accepted and for sale');
  });
  it('gives the payout its name and total', () => {
    const m = composeNotice({ ...base, kind: 'payout', lines: [line], payout: { name: 'P-1001', total: 9000 }, link: 'https://x/payouts' });
    expect(m.text).toContain('Payout P-1001: $90.00 for an item');
    expect(m.text).toContain('- Red dress, M (A1): $90.00');
    expect(m.text).not.toContain('store credit');
  });
  it('says a payout taken as store credit, with the bonus when there is one', () => {
    const credit = (creditBonus: number) => composeNotice({ ...base, kind: 'payout', lines: [line], payout: { name: 'P-1001', total: 9000, creditBonus }, link: 'https://x/payouts' });
    expect(credit(1800).text).toContain('Payout P-1001: $90.00 for an item, taken as store credit with a store bonus of $18.00');
    expect(credit(0).text).toContain('Payout P-1001: $90.00 for an item, taken as store credit\n');
  });
  it('gives a markdown each item before and after, by the price-change preference', () => {
    const m = composeNotice({ ...base, kind: 'markedDown', lines: [{ ...line, price: 4500, wasPrice: 5000 }], link: 'https://x/inventory' });
    expect(m.subject).toBe('Demo Shop: an item marked down');
    expect(m.text).toContain('- Red dress, M (A1): was $50.00, now $45.00');
    expect(m.text).toContain('See your inventory: https://x/inventory');
    expect(wantsNotice({ ...ava, notificationSettings: { onPriceAcceptOrDecline: false } }, 'markedDown')).toBe(false);
  });
  it('keeps the subject on one line whatever the store is called', () => {
    const m = composeNotice({ ...base, storeName: 'Evil\r\nBcc: x@y.z', kind: 'priceDeclined', lines: [line] });
    expect(m.subject).not.toMatch(/[\r\n]/);
    expect(m.subject).toBe('Evil Bcc: x@y.z: price change declined for an item');
  });
  it(`writes out at most ${NOTICE_MAX_LINES} items and counts the rest`, () => {
    const lines = Array.from({ length: NOTICE_MAX_LINES + 5 }, (_, i) => ({ ...line, code: `C${i}` }));
    const m = composeNotice({ ...base, kind: 'withdrawalAccepted', lines });
    expect(m.text.split('\n').filter((l) => l.startsWith('- Red dress'))).toHaveLength(NOTICE_MAX_LINES);
    expect(m.text).toContain('- and 5 more');
    expect(m.subject).toBe(`Demo Shop: withdrawal accepted for ${NOTICE_MAX_LINES + 5} items`);
  });
});
