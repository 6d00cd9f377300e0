import { describe, expect, it } from 'vitest';
import { checkStoreRequestPrice } from './preapproval.ts';
import { ZSetStoreRequestRange } from './schemas/store-requests.ts';
import { cataloguePath, checkPriceRangeInput, composeStoreRequestEmail, wantsStoreRequestEmail, type StoreRequestRecipient } from './store-requests.ts';

const marco: StoreRequestRecipient = { email: 'marco@example.com', deletedAt: null, isActive: true, isStoreAccount: false, emailNotifications: true };

describe('store requests', () => {
  it('builds the public catalogue path, with the location when one is chosen', () => {
    expect(cataloguePath('demo')).toBe('/catalogue/demo');
    expect(cataloguePath('demo', 'Main Floor & Co')).toBe('/catalogue/demo?location=Main%20Floor%20%26%20Co');
  });

  it('refuses a range whose low is above its high, or a negative end', () => {
    expect(checkPriceRangeInput({ low: 8000, high: 12000 })).toBeNull();
    expect(checkPriceRangeInput({ low: 100, high: 100 })).toBeNull();
    expect(checkPriceRangeInput({ low: 130, high: 120 })).toBe('The lowest price cannot be above the highest price');
    expect(checkPriceRangeInput({ low: -1, high: 120 })).toBe('Prices cannot be negative');
    expect(ZSetStoreRequestRange.safeParse({ productId: '4b1c6a0e-7f2d-4c1a-9a57-3e2f8d1b6c90', location: 'Downtown', priceRange: { low: 130, high: 120 } }).error?.issues[0]?.message).toBe(
      'The lowest price cannot be above the highest price',
    );
    expect(ZSetStoreRequestRange.parse({ productId: '4b1c6a0e-7f2d-4c1a-9a57-3e2f8d1b6c90', location: ' Downtown ', priceRange: { low: '80.50', high: 120 } })).toMatchObject({
      location: 'Downtown',
      priceRange: { low: 8050, high: 12000 },
    });
  });

  it('checks an answer against the range, ends included', () => {
    expect(checkStoreRequestPrice(8000, { low: 8000, high: 12000 })).toBeNull();
    expect(checkStoreRequestPrice(12001, { low: 8000, high: 12000 })).toBe('Price is not within the requested price range.');
  });

  it('e-mails enabled consigners with an address and notifications on, never the store account', () => {
    expect(wantsStoreRequestEmail(marco)).toBe(true);
    expect(wantsStoreRequestEmail({ ...marco, emailNotifications: false })).toBe(false);
    expect(wantsStoreRequestEmail({ ...marco, isActive: false })).toBe(false);
    expect(wantsStoreRequestEmail({ ...marco, isStoreAccount: true })).toBe(false);
    expect(wantsStoreRequestEmail({ ...marco, deletedAt: new Date() })).toBe(false);
    expect(wantsStoreRequestEmail({ ...marco, email: 'nope' })).toBe(false);
  });

  it('writes the e-mail with the link, the count and no control characters', () => {
    const mail = composeStoreRequestEmail({ storeName: 'Demo\u0007 Shop', firstName: 'Marco', location: 'Downtown', count: 3, link: 'https://shop.test/catalogue/demo?location=Downtown' });
    expect(mail.subject).toBe('Demo Shop is looking for items at Downtown');
    expect(mail.text).toContain('Demo Shop is asking for 3 items at Downtown');
    expect(mail.text).toContain('https://shop.test/catalogue/demo?location=Downtown');
  });
});
