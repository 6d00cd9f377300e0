import { describe, expect, it } from 'vitest';
import { activityFieldLabel } from '../activity.ts';
import { INVENTORY_CONSIGNER_FIELDS, INVENTORY_FIELDS, INVENTORY_FORM_FIELDS, INVENTORY_PLAIN_FIELDS, inventoryFieldKind, plainFieldsOf } from '../inventory-field-list.ts';
import { ZUpdateInventory } from './inventory-fields.ts';
import { ZInventoryItem } from './inventory.ts';
import { ZUpdateInventories } from './inventory.requests.ts';

const fields = Object.keys(INVENTORY_FIELDS);

describe('the editable fields list', () => {
  it('is the PUT body: ZUpdateInventory has exactly the listed fields, in order', () => {
    expect(Object.keys(ZUpdateInventory.shape)).toEqual(fields);
    expect(Object.keys(ZUpdateInventories.shape.inventories.element.shape)).toEqual([...fields, 'id']);
  });

  it('takes each field from the list: every field optional, unknown keys dropped', () => {
    expect(ZUpdateInventory.parse({})).toEqual({});
    expect(ZUpdateInventory.parse({ notes: '  hi ', unknownField: 1 })).toEqual({ notes: 'hi' });
  });

  it('answers every plain field on the item, and the mapper spreads them from the row', () => {
    const shape = Object.keys(ZInventoryItem.shape);
    for (const f of INVENTORY_PLAIN_FIELDS) expect(shape).toContain(f);
    const row = Object.fromEntries(INVENTORY_PLAIN_FIELDS.map((f) => [f, `${f}-value`])) as Parameters<typeof plainFieldsOf>[0];
    expect(plainFieldsOf({ ...row, other: 1 } as typeof row)).toEqual(row);
  });

  it('lets a consigner touch only placing, notes, image and tracking', () => {
    expect([...INVENTORY_CONSIGNER_FIELDS].sort()).toEqual(['image', 'location', 'notes', 'subLocation', 'trackingCode']);
  });

  it('puts the spec edit card fields on the form (catalogue doc section 2, Inventory item)', () => {
    for (const f of ['option1Value', 'option2Value', 'option3Value', 'price', 'payout', 'location', 'subLocation', 'image', 'notes']) {
      expect(INVENTORY_FORM_FIELDS).toContain(f);
    }
  });

  it('names the fields in the activity feed by their label unless the feed has its own word', () => {
    expect(activityFieldLabel('trackingCode')).toBe('Tracking code');
    expect(activityFieldLabel('option1Value')).toBe('Size');
    for (const f of fields) expect(activityFieldLabel(f)).toBeTruthy();
  });

  it('checks a calendar-day field as YYYY-MM-DD and lets null clear it', () => {
    const days = fields.filter((f) => inventoryFieldKind(f) === 'day');
    for (const f of days) {
      expect(ZUpdateInventory.safeParse({ [f]: '2027-02-28' }).success).toBe(true);
      expect(ZUpdateInventory.safeParse({ [f]: null }).success).toBe(true);
      const bad = ZUpdateInventory.safeParse({ [f]: '2027-02-30' });
      expect(bad.success).toBe(false);
      expect(bad.error?.issues[0]?.message).toMatch(/must be a date \(YYYY-MM-DD\)/);
      expect(ZUpdateInventory.safeParse({ [f]: 'next week' }).success).toBe(false);
    }
  });
});
