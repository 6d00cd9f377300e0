import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ZAcceptInventoryInput,
  ZAddConsigner,
  ZConsignerSignup,
  ZConsignerTypeInput,
  ZEmployeeInput,
  ZEmployeeUpdate,
  ZPriceChangeRequest,
  ZProductInput,
  ZProductTemplateInput,
  ZStoreHandleLogin,
  ZStoreSignup,
  ZSubLocationInput,
  ZMoney,
  ZTransferInput,
  parseOptionValues,
} from './index.ts';

/** Messages of a failed parse, keyed by path. */
function errors(schema: z.ZodType, input: unknown): Record<string, string> {
  const r = schema.safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('ZStoreSignup', () => {
  const valid = { name: 'Sole Shop', email: 'owner@sole.test', handle: 'sole-shop' };

  it('accepts and trims a valid signup', () => {
    expect(ZStoreSignup.parse({ name: ' Sole Shop ', email: ' owner@sole.test ', handle: 'sole-shop' })).toEqual(valid);
  });

  it.each([
    ['an empty name', { name: '  ' }],
    ['a bad e-mail', { email: 'owner@' }],
    ['an empty handle', { handle: '' }],
    ['a handle with spaces', { handle: 'sole shop' }],
    ['a handle with a slash', { handle: 'sole/shop' }],
    ['a missing e-mail', { email: undefined }],
  ])('refuses %s with the one spec message', (_name, patch) => {
    const messages = Object.values(errors(ZStoreSignup, { ...valid, ...patch }));
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages) expect(m).toBe('Please enter a valid email, name and handle');
  });

  it('asks for a handle on the landing login', () => {
    expect(errors(ZStoreHandleLogin, { handle: ' ' })).toEqual({ handle: 'Please enter a valid handle' });
  });
});

describe('parseOptionValues', () => {
  it('splits by comma and trims, dropping empties', () => {
    expect(parseOptionValues(' 8, 8.5 ,9,, ')).toEqual([{ value: '8' }, { value: '8.5' }, { value: '9' }]);
  });

  it('reads value:price pairs, prices typed in major units', () => {
    expect(parseOptionValues('10:150, 10.5 : 149.99, 11')).toEqual([
      { value: '10', price: 15000 },
      { value: '10.5', price: 14999 },
      { value: '11' },
    ]);
  });

  it('keeps a colon that is not followed by a price', () => {
    expect(parseOptionValues('Ratio 3:two, :5')).toEqual([{ value: 'Ratio 3:two' }, { value: ':5' }]);
  });
});

describe('ZProductTemplateInput', () => {
  const valid = {
    title: 'Sneakers',
    category: 'Sneakers',
    brand: 'Any',
    option1: 'Size',
    option1Values: '8, 9:120, 10',
    option2: 'Condition',
    option2Values: 'New, Used',
  };

  it('parses comma-separated values into lists', () => {
    expect(ZProductTemplateInput.parse(valid)).toEqual({
      title: 'Sneakers',
      category: 'Sneakers',
      brand: 'Any',
      gender: null,
      weight: null,
      option1: 'Size',
      option2: 'Condition',
      option3: null,
      option1Values: [{ value: '8' }, { value: '9', price: 12000 }, { value: '10' }],
      option2Values: ['New', 'Used'],
      option3Values: [],
    });
  });

  it('accepts arrays of strings or value objects, prices in major units', () => {
    const r = ZProductTemplateInput.parse({
      ...valid,
      option1Values: ['S', { value: ' M ', price: 50 }, { value: 'L', price: null }, 'XL:12.5', ''],
      option2Values: [' New ', { value: 'Used' }],
      weight: 850,
      gender: 'Unisex',
    });
    expect(r.option1Values).toEqual([
      { value: 'S' },
      { value: 'M', price: 5000 },
      { value: 'L', price: null },
      { value: 'XL', price: 1250 },
    ]);
    expect(r.option2Values).toEqual(['New', 'Used']);
    expect(r.weight).toBe(850);
    expect(r.gender).toBe('Unisex');
  });

  it('gives each required field its spec message', () => {
    expect(errors(ZProductTemplateInput, {})).toEqual({
      title: 'Title required',
      category: 'Category required',
      brand: 'Brand required',
      option1: 'Option 1 required',
      option1Values: 'Option 1 values required',
    });
  });

  it('refuses empty option 1 values', () => {
    expect(errors(ZProductTemplateInput, { ...valid, option1Values: ' , ' })).toEqual({
      option1Values: 'Option 1 values required',
    });
  });

  it('asks for option 2 and 3 titles when they have values', () => {
    expect(
      errors(ZProductTemplateInput, { ...valid, option2: '', option2Values: 'New', option3Values: ['Good Box'] }),
    ).toEqual({
      option2: 'Option 2 has values, please enter title for option 2.',
      option3: 'Option 3 has values, please enter title for option 3.',
    });
  });

  it('refuses a negative weight', () => {
    expect(Object.keys(errors(ZProductTemplateInput, { ...valid, weight: -1 }))).toEqual(['weight']);
  });
});

describe('ZSubLocationInput', () => {
  it('needs a location and a name', () => {
    expect(errors(ZSubLocationInput, { locationName: ' ', name: '' })).toEqual({
      locationName: 'Location required',
      name: 'Sublocation required',
    });
    expect(ZSubLocationInput.parse({ locationName: 'Downtown', name: ' Shelf A ' })).toEqual({
      locationName: 'Downtown',
      name: 'Shelf A',
    });
  });
});

describe('ZProductInput', () => {
  const valid = {
    title: 'Air Max 1',
    sku: 'DZ4549-001',
    brand: 'Nike',
    category: 'Sneakers',
    gender: 'Men',
    productTemplateId: 't1',
    imageList: ['https://img.test/1.jpg', 'https://img.test/2.jpg'],
  };

  it('accepts a product and defaults the main image and GTIN list', () => {
    expect(ZProductInput.parse(valid)).toMatchObject({
      image: 'https://img.test/1.jpg',
      GTIN: [],
      stockXId: null,
      shopifyId: null,
    });
  });

  it('keeps optional ids and GTINs', () => {
    const r = ZProductInput.parse({ ...valid, stockXId: 'sx-1', shopifyId: '123', GTIN: [{ size: '10', gtin: '0123' }] });
    expect(r).toMatchObject({ stockXId: 'sx-1', shopifyId: '123', GTIN: [{ size: '10', gtin: '0123' }] });
  });

  it('needs at least one image', () => {
    expect(errors(ZProductInput, { ...valid, imageList: [] })).toEqual({ imageList: 'You must upload at least one image' });
    expect(errors(ZProductInput, { ...valid, imageList: undefined })).toEqual({
      imageList: 'You must upload at least one image',
    });
  });

  it('needs every required field', () => {
    expect(Object.keys(errors(ZProductInput, { imageList: ['x'] })).sort()).toEqual(
      ['brand', 'category', 'gender', 'productTemplateId', 'sku', 'title'].sort(),
    );
    expect(errors(ZProductInput, { ...valid, title: ' ' })).toEqual({ title: 'Title is required.' });
  });
});

describe('ZConsignerSignup and ZAddConsigner', () => {
  const profile = {
    firstName: 'Ava',
    lastName: 'Thompson',
    email: 'ava@demo.test',
    phone: '+1 555 0101',
    address: '12 Oak Street',
  };
  const bank = (bankData: Record<string, unknown>) => ({ ...profile, payoutType: 'Bank', bankData });

  it('accepts an ABA bank account', () => {
    const r = ZConsignerSignup.parse(
      bank({ routingType: 'abaNumber', accountName: 'Ava', accountNumber: '000123', routingNumber: '021000021' }),
    );
    expect(r.bankData).toMatchObject({ routingType: 'abaNumber', accountNumber: '000123', swiftCode: null });
  });

  it('needs account name, number and routing number for ABA', () => {
    expect(errors(ZConsignerSignup, bank({ routingType: 'abaNumber', accountName: '', accountNumber: '', routingNumber: '' }))).toEqual({
      'bankData.accountName': 'Account name is required',
      'bankData.accountNumber': 'Account number is required',
      'bankData.routingNumber': 'Routing number is required',
    });
  });

  it('needs a swift code and an account number or IBAN for SWIFT', () => {
    expect(errors(ZConsignerSignup, bank({ routingType: 'swiftCode', accountName: 'Ava' }))).toEqual({
      'bankData.swiftCode': 'Swift code is required',
      'bankData.accountNumber': 'Account number or IBAN is required',
    });
    expect(ZConsignerSignup.safeParse(bank({ routingType: 'swiftCode', accountName: 'Ava', swiftCode: 'X', ibanNumber: 'GB1' })).success).toBe(true);
    expect(ZConsignerSignup.safeParse(bank({ routingType: 'swiftCode', accountName: 'Ava', swiftCode: 'X', accountNumber: '1' })).success).toBe(true);
  });

  it('needs account name and IBAN for IBAN', () => {
    expect(errors(ZConsignerSignup, bank({ routingType: 'ibanNumber' }))).toEqual({
      'bankData.accountName': 'Account name is required',
      'bankData.ibanNumber': 'IBAN number is required',
    });
  });

  it('needs account name, number and bank for a local transfer without routing type', () => {
    expect(errors(ZConsignerSignup, bank({ accountName: 'Ava' }))).toEqual({
      'bankData.accountNumber': 'Account number is required',
      'bankData.bank': 'Bank is required',
    });
    expect(ZConsignerSignup.safeParse(bank({ accountName: 'Ava', accountNumber: '1', bank: 'Capitec Bank' })).success).toBe(true);
  });

  it('needs the payout account e-mail for other payout types', () => {
    expect(errors(ZConsignerSignup, { ...profile, payoutType: 'PayPal', bankData: {} })).toEqual({
      'bankData.email': 'Payout account email is required',
    });
    expect(errors(ZConsignerSignup, { ...profile, payoutType: 'Zelle', bankData: { email: 'nope' } })).toEqual({
      'bankData.email': 'Payout account email is required',
    });
    expect(ZConsignerSignup.safeParse({ ...profile, payoutType: 'PayPal', bankData: { email: 'ava@pay.test' } }).success).toBe(true);
  });

  it('needs the profile fields', () => {
    expect(Object.keys(errors(ZConsignerSignup, { bankData: {} })).sort()).toEqual(
      ['address', 'firstName', 'lastName', 'payoutType', 'phone'].sort(),
    );
  });

  it('needs a phone number with an area code', () => {
    expect(errors(ZConsignerSignup, { ...profile, phone: '5550101', payoutType: 'PayPal', bankData: { email: 'a@b.test' } })).toEqual({});
    expect(errors(ZConsignerSignup, { ...profile, phone: '555-01', payoutType: 'PayPal', bankData: { email: 'a@b.test' } })).toEqual({
      phone: 'Please enter a phone number including the area code',
    });
    expect(errors(ZConsignerSignup, { ...profile, phone: 'call me', payoutType: 'PayPal', bankData: { email: 'a@b.test' } })).toEqual({
      phone: 'Please enter a phone number including the area code',
    });
  });

  it('lets the signup record omit the e-mail, but checks one that is given', () => {
    const { email: _email, ...noEmail } = profile;
    const paypal = { payoutType: 'PayPal', bankData: { email: 'a@b.test' } };
    expect(ZConsignerSignup.safeParse({ ...noEmail, ...paypal }).success).toBe(true);
    expect(errors(ZConsignerSignup, { ...noEmail, ...paypal, email: '' })).toEqual({ email: 'Please enter a valid email' });
    expect(errors(ZAddConsigner, { ...noEmail, ...paypal })).toEqual({ email: 'Email is required' });
  });
});

describe('ZEmployeeInput', () => {
  it('needs first name, last name and e-mail', () => {
    expect(errors(ZEmployeeInput, {})).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
    });
    expect(errors(ZEmployeeInput, { firstName: 'A', lastName: 'B', email: 'bad' })).toEqual({
      email: 'Please enter a valid email',
    });
    expect(ZEmployeeInput.parse({ firstName: ' Sam ', lastName: 'Lee', email: 'sam@shop.test' })).toEqual({
      firstName: 'Sam',
      lastName: 'Lee',
      email: 'sam@shop.test',
    });
  });

  it('takes access controls from the area list only', () => {
    expect(ZEmployeeUpdate.safeParse({ accessControls: ['Orders', 'Settings'] }).success).toBe(true);
    expect(ZEmployeeUpdate.safeParse({ accessControls: ['Billing'] }).success).toBe(false);
  });
});

describe('ZConsignerTypeInput', () => {
  it('gives the dialog messages', () => {
    expect(errors(ZConsignerTypeInput, {})).toEqual({
      accountType: 'Consigner type required',
      sellingFee: 'Fee required',
      minFee: 'Min fee required',
    });
  });

  it('defaults the optional fields', () => {
    expect(ZConsignerTypeInput.parse({ accountType: 'VIP', sellingFee: 12.5, minFee: 5 })).toEqual({
      accountType: 'VIP',
      sellingFee: 12.5,
      minFee: 500,
      flatFee: 0,
      isDefault: false,
      category: null,
      option1Value: null,
      option2Value: null,
      option3Value: null,
      categories: null,
    });
  });
});

describe('ZMoney', () => {
  it('parses major units exactly to minor units', () => {
    expect(ZMoney.parse(120.5)).toBe(12050);
    expect(ZMoney.parse('19.99')).toBe(1999);
    expect(ZMoney.parse(0.1 + 0.2)).toBe(30);
  });

  it('refuses what is not an amount', () => {
    expect(ZMoney.safeParse('12,50').success).toBe(false);
    expect(ZMoney.safeParse(null).success).toBe(false);
    expect(ZMoney.safeParse(Number.NaN).error?.issues[0]?.message).toBe('Please enter a valid amount');
  });
});

describe('ZConsignerTypeInput amounts', () => {
  it('takes fees in major units and refuses negative ones', () => {
    expect(ZConsignerTypeInput.parse({ accountType: 'VIP', sellingFee: 10, minFee: '2.50', flatFee: 1 })).toMatchObject({
      minFee: 250,
      flatFee: 100,
    });
    expect(errors(ZConsignerTypeInput, { accountType: 'VIP', sellingFee: 10, minFee: -1 })).toEqual({
      minFee: 'Min fee required',
    });
    expect(errors(ZConsignerTypeInput, { accountType: 'VIP', sellingFee: -1, minFee: 0 })).toEqual({
      sellingFee: 'Fee required',
    });
  });
});

describe('inventory action inputs', () => {
  it('needs a requested price above 0, in major units', () => {
    expect(errors(ZPriceChangeRequest, {})).toEqual({ requestedPrice: 'Please enter a price' });
    expect(errors(ZPriceChangeRequest, { requestedPrice: 'abc' })).toEqual({ requestedPrice: 'Please enter a price' });
    expect(errors(ZPriceChangeRequest, { requestedPrice: 0 })).toEqual({
      requestedPrice: 'You must set the valuee for the price change',
    });
    expect(ZPriceChangeRequest.parse({ requestedPrice: 120 })).toEqual({ requestedPrice: 12000 });
    expect(ZPriceChangeRequest.parse({ requestedPrice: '120.50' })).toEqual({ requestedPrice: 12050 });
  });

  it('needs a location to accept', () => {
    expect(errors(ZAcceptInventoryInput, { location: '' })).toEqual({
      location: 'You must add the location of the inventory',
    });
    expect(ZAcceptInventoryInput.parse({ location: 'Downtown', paymentType: 'auto' })).toEqual({
      location: 'Downtown',
      subLocation: null,
      paymentType: 'auto',
    });
    expect(ZAcceptInventoryInput.safeParse({ location: 'Downtown', paymentType: 'card' }).success).toBe(false);
  });

  it('needs a location to transfer and overrides option 3 by default', () => {
    expect(errors(ZTransferInput, { inventories: ['i1'] })).toEqual({ location: 'Please select a location' });
    expect(ZTransferInput.parse({ inventories: ['i1'], location: 'Warehouse' })).toEqual({
      inventories: ['i1'],
      location: 'Warehouse',
      shouldOverrideLocationOption: false,
      locationOption: 'option3Value',
    });
  });
});

describe('input limits (docs/security.md)', () => {
  it('refuses NUL and lone surrogates, keeps paired surrogates', async () => {
    const { hasForbiddenCharacter, safeString } = await import('./index.ts');
    expect(['a\u0000b', '\ud800', 'x\udc00', '\udbffz'].map(hasForbiddenCharacter)).toEqual([true, true, true, true]);
    expect(['plain', '😀', 'é', ''].map(hasForbiddenCharacter)).toEqual([false, false, false, false]);
    expect(safeString('name').safeParse('a\u0000').success).toBe(false);
  });

  it('bounds text by kind with a message naming the field', async () => {
    const { optionalTextOf, requiredString } = await import('./index.ts');
    expect(errors(optionalTextOf('note', 'Notes'), 'n'.repeat(2001))).toEqual({ '': 'Notes must be at most 2000 characters' });
    expect(optionalTextOf('note', 'Notes').parse('n'.repeat(2000))).toHaveLength(2000);
    expect(errors(ZSubLocationInput, { locationName: 'Downtown', name: 's'.repeat(201) })).toEqual({ name: 'Sub-location name must be at most 200 characters' });
    expect(errors(requiredString('Title required'), '')).toEqual({ '': 'Title required' });
  });

  it('bounds amounts, quantities and totals to what the integer columns hold', async () => {
    const { MAX_AMOUNT_MINOR, ZQuantity, money, totalFits, INT4_MAX, MAX_TOTAL_MINOR } = await import('../index.ts');
    expect(money(undefined, 'Price').parse(10_000_000)).toBe(MAX_AMOUNT_MINOR);
    expect(errors(money(undefined, 'Price'), 30_000_000)).toEqual({ '': 'Price must be at most 10,000,000' });
    expect(errors(money(undefined, 'Price'), '1e12')).toEqual({ '': 'Price must be at most 10,000,000' });
    expect(errors(ZMoney, -30_000_000)).toEqual({ '': 'Amount must be at most 10,000,000' });
    // more decimals than money takes: refused with why, never rounded half up
    expect(errors(money(undefined, 'Price'), 0.004)).toEqual({ '': 'Price can have at most 2 decimals.' });
    expect(errors(money(undefined, 'Price'), '19.999')).toEqual({ '': 'Price can have at most 2 decimals.' });
    expect(money(undefined, 'Price').parse('19.990')).toBe(1999);
    expect(money(undefined, 'Price').parse(0.1 + 0.2)).toBe(30);
    expect(errors(ZQuantity, 3e9)).toEqual({ '': 'Quantity must be at most 100,000' });
    expect(ZQuantity.safeParse(1.5).success).toBe(false);
    expect(totalFits(100_000_000, 50)).toBe(false);
    expect(totalFits(100_000_000, 20)).toBe(true);
    expect(MAX_TOTAL_MINOR).toBeLessThanOrEqual(INT4_MAX);
  });

  it('bounds a template: option values, size prices and weight', () => {
    const base = { title: 'T', category: 'C', brand: 'B', option1: 'Size' };
    expect(ZProductTemplateInput.safeParse({ ...base, option1Values: 'x'.repeat(1024 * 1024) }).success).toBe(false);
    expect(ZProductTemplateInput.safeParse({ ...base, option1Values: ['x'.repeat(201)] }).success).toBe(false);
    expect(ZProductTemplateInput.safeParse({ ...base, option1Values: [{ value: '8', price: 30_000_000 }] }).success).toBe(false);
    expect(ZProductTemplateInput.safeParse({ ...base, option1Values: '8', weight: 3e9 }).success).toBe(false);
    expect(ZProductTemplateInput.safeParse({ ...base, option1Values: '8:10000000', weight: 1000 }).success).toBe(true);
  });

  it('bounds fee percents', () => {
    const type = { accountType: 'Standard', sellingFee: 20, minFee: 5 };
    expect(ZConsignerTypeInput.safeParse(type).success).toBe(true);
    expect(errors(ZConsignerTypeInput, { ...type, sellingFee: 1000 })).toEqual({ sellingFee: 'Selling fee must be at most 100%' });
    expect(ZConsignerTypeInput.safeParse({ ...type, minFee: 30_000_000 }).success).toBe(false);
  });
});
