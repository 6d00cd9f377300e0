import { describe, expect, it } from 'vitest';
import { ZConsignerBuyingQuery, ZConsignerPayoutsQuery } from './payouts.ts';

describe('the consigner payout queries', () => {
  for (const [name, schema] of [
    ['ZConsignerPayoutsQuery', ZConsignerPayoutsQuery],
    ['ZConsignerBuyingQuery', ZConsignerBuyingQuery],
  ] as const) {
    it(`${name}: refuses a start after the end, and bad dates with their own message (never a throw)`, () => {
      expect(schema.safeParse({ dateRangeStart: '2026-11-01', dateRangeEnd: '2026-11-01' }).success).toBe(true);
      const order = schema.safeParse({ dateRangeStart: '2026-11-02', dateRangeEnd: '2026-11-01' });
      expect(order.success).toBe(false);
      expect(order.error?.issues.map((i) => i.message)).toEqual(['The start date must be on or before the end date']);
      for (const bad of [{ dateRangeStart: 'WJBNGCBP', dateRangeEnd: '3N9CQ3BC' }, { dateRangeStart: 'm'.repeat(300), dateRangeEnd: '2026-11-01' }, { pageSize: -1, dateRangeEnd: 'x' }]) {
        const result = schema.safeParse(bad);
        expect(result.success).toBe(false);
        expect(result.error?.issues.some((i) => i.message === 'The start date must be on or before the end date')).toBe(false);
      }
    });
  }
});
