import { describe, expect, it } from 'vitest';
import { isOptionValid, optionLabelsOf, templateOptionNames, validateInventoryRow } from './inventory-rows.ts';

const sneakers = { option1: 'Size', option2: 'Condition', option3: 'Box' };
const apparel = { option1: 'Size', option2: 'Condition', option3: null };
const simple = { option1: 'Size' };
const full = { option1Value: '10', option2Value: 'New', option3Value: 'Good Box', price: 15000, quantity: 1 };

describe('validateInventoryRow', () => {
  it('accepts a complete row', () => {
    expect(validateInventoryRow(full, sneakers)).toBeNull();
  });

  it('refuses a price with more decimals than money takes with its own message, never rounding it', () => {
    expect(validateInventoryRow({ ...full, price: 0.004 }, sneakers)).toBe('Price can have at most 2 decimals.');
    expect(validateInventoryRow({ ...full, price: 12.345 }, sneakers, { wizard: true })).toBe('Price can have at most 2 decimals.');
    expect(validateInventoryRow({ ...full, price: 12.34 }, sneakers)).toBeNull();
  });

  it('names every template option in the warning', () => {
    expect(validateInventoryRow({ ...full, price: 0 }, sneakers)).toBe(
      'Please select Size, Condition, Box, Price, and Quantity first',
    );
    expect(validateInventoryRow({ ...full, option3Value: null, price: null }, apparel)).toBe(
      'Please select Size, Condition, Price, and Quantity first',
    );
    expect(validateInventoryRow({ option1Value: '', price: 100, quantity: 1 }, simple)).toBe(
      'Please select Size, Price, and Quantity first',
    );
  });

  it('uses the fixed wizard wording', () => {
    expect(validateInventoryRow({ ...full, quantity: 0 }, sneakers, { wizard: true })).toBe(
      'Please select size, condition, price, and quantity first',
    );
  });

  it.each([
    ['no option1 value', { option1Value: '  ' }],
    ['no option2 value', { option2Value: null }],
    ['no option3 value', { option3Value: undefined }],
    ['a zero price', { price: 0 }],
    ['a negative price', { price: -100 }],
    ['no price', { price: null }],
    ['a zero quantity', { quantity: 0 }],
    ['a fractional quantity', { quantity: 1.5 }],
    ['no quantity', { quantity: undefined }],
  ] as const)('refuses %s', (_name, patch) => {
    expect(validateInventoryRow({ ...full, ...patch }, sneakers)).not.toBeNull();
  });

  it('refuses an option value the template does not have', () => {
    expect(validateInventoryRow({ ...full, option3Value: 'Good Box' }, apparel)).toBe(
      'Please select Size, Condition, Price, and Quantity first',
    );
    expect(validateInventoryRow({ ...full, option3Value: null }, apparel)).toBeNull();
  });

  it('asks for a consigner last, when required', () => {
    expect(validateInventoryRow(full, sneakers, { requireConsigner: true })).toBe('Please select a consigner');
    expect(validateInventoryRow({ ...full, consignerId: 'c1' }, sneakers, { requireConsigner: true })).toBeNull();
    expect(validateInventoryRow({ ...full, price: 0 }, sneakers, { requireConsigner: true })).toMatch(/^Please select Size/);
  });
});

describe('isOptionValid', () => {
  it('needs a value when the template has the option, and none when it lacks it', () => {
    expect(isOptionValid('Condition', 'New')).toBe(true);
    expect(isOptionValid('Condition', '')).toBe(false);
    expect(isOptionValid(null, null)).toBe(true);
    expect(isOptionValid(undefined, 'New')).toBe(false);
  });
});

describe('templateOptionNames', () => {
  it('lists present option names in order', () => {
    expect(templateOptionNames(sneakers)).toEqual(['Size', 'Condition', 'Box']);
    expect(templateOptionNames({ option1: 'Size', option2: '', option3: 'Box' })).toEqual(['Size', 'Box']);
  });
});

describe('optionLabelsOf', () => {
  it("names each option from the templates, e.g. 'Box' rather than 'Option 3'", () => {
    expect(optionLabelsOf([sneakers, apparel])).toEqual({ option1: 'Size', option2: 'Condition', option3: 'Box' });
  });

  it('joins different names of the same option and falls back when none is given', () => {
    expect(optionLabelsOf([sneakers, { option1: 'Length', option2: 'condition', option3: 'Colour' }])).toEqual({
      option1: 'Size / Length',
      option2: 'Condition',
      option3: 'Box / Colour',
    });
    expect(optionLabelsOf([])).toEqual({ option1: 'Size', option2: 'Condition', option3: 'Option 3' });
  });
});
