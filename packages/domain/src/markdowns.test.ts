import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './consignment-terms.ts';
import { nextMarkdownFor } from './schemas/markdowns.ts';
import { floorOf, markdownBands, markdownOf, markdownStepOf, markedDownPrice, nextMarkdownOf, scheduleCovers, ZMarkdownScheduleInput, ZMarkdownSteps, type MarkdownStep } from './markdowns.ts';

const SCHEDULE: MarkdownStep[] = [
  { afterDays: 30, percentOff: 10 },
  { afterDays: 60, percentOff: 25 },
];

const steps = fc
  .uniqueArray(fc.record({ afterDays: fc.integer({ min: 1, max: 400 }), percentOff: fc.integer({ min: 1, max: 90 }) }), { minLength: 1, maxLength: 6, selector: (s) => s.afterDays })
  .map((list) => {
    // a valid schedule: later steps take more off
    const sorted = [...list].sort((a, b) => a.afterDays - b.afterDays);
    const pcts = sorted.map((s) => s.percentOff).sort((a, b) => a - b);
    return sorted.map((s, i) => ({ afterDays: s.afterDays, percentOff: pcts[i] }));
  });

describe('markdowns', () => {
  it('takes the step in force by age since acceptance', () => {
    expect(markdownStepOf('2026-10-01', '2026-10-30', SCHEDULE)).toBeNull();
    expect(markdownStepOf('2026-10-01', '2026-10-31', SCHEDULE)).toEqual(SCHEDULE[0]);
    expect(markdownStepOf('2026-10-01', '2026-12-15', SCHEDULE)).toEqual(SCHEDULE[1]);
    expect(nextMarkdownOf('2026-10-01', '2026-11-05', SCHEDULE)).toEqual({ step: SCHEDULE[1], onDay: 60 });
    expect(nextMarkdownOf('2026-10-01', '2026-12-15', SCHEDULE)).toBeNull();
  });

  it('sets the base price less the step, held at the floor', () => {
    const item = { acceptedOn: '2026-10-01', basePrice: 20000, price: 20000, floor: 0 };
    expect(markdownOf(item, '2026-10-31', SCHEDULE)).toEqual({ price: 18000, step: SCHEDULE[0] });
    expect(markdownOf({ ...item, price: 18000 }, '2026-12-01', SCHEDULE)?.price).toBe(15000);
    expect(markdownOf({ ...item, floor: 16000 }, '2026-12-01', SCHEDULE)?.price).toBe(16000);
    expect(markdownOf({ ...item, price: 16000, floor: 16000 }, '2026-12-01', SCHEDULE)).toBeNull();
    expect(markdownOf({ ...item, acceptedOn: null }, '2026-12-01', SCHEDULE)).toBeNull();
    expect(markedDownPrice(999, 10)).toBe(899);
    expect(floorOf(null, 500)).toBe(500);
    expect(floorOf(1200, 500)).toBe(1200);
  });

  it('never raises a price, never goes below the floor, and a second run the same day changes nothing', () => {
    fc.assert(
      fc.property(
        steps,
        fc.integer({ min: 100, max: 100_000_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 800 }),
        (schedule, basePrice, priceNow, floor, age) => {
          const today = addDays('2026-01-01', age);
          const item = { acceptedOn: '2026-01-01', basePrice, price: priceNow, floor };
          const change = markdownOf(item, today, schedule);
          if (!change) return;
          expect(change.price).toBeLessThan(priceNow);
          expect(change.price).toBeGreaterThanOrEqual(floor);
          expect(markdownOf({ ...item, price: change.price }, today, schedule)).toBeNull();
        },
      ),
    );
  });

  it("gives each acceptance day the step markdownStepOf finds (the run's database read)", () => {
    expect(markdownBands('2026-12-31', SCHEDULE)).toEqual([
      { step: SCHEDULE[0], from: '2026-11-02', to: '2026-12-01' },
      { step: SCHEDULE[1], from: null, to: '2026-11-01' },
    ]);
    fc.assert(
      fc.property(steps, fc.integer({ min: -900, max: 10 }), (schedule, offset) => {
        const today = '2026-06-15';
        const day = addDays(today, offset);
        const band = markdownBands(today, schedule).filter((b) => (b.from === null || b.from <= day) && day <= b.to);
        expect(band.length).toBeLessThanOrEqual(1);
        expect(band[0]?.step ?? null).toEqual(markdownStepOf(day, today, schedule));
      }),
    );
  });

  it('over the days of an item, a price only goes down', () => {
    fc.assert(
      fc.property(steps, fc.integer({ min: 100, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (schedule, basePrice, floor) => {
        let price = basePrice;
        for (let age = 0; age <= 420; age += 7) {
          const change = markdownOf({ acceptedOn: '2026-01-01', basePrice, price, floor }, addDays('2026-01-01', age), schedule);
          if (change) {
            expect(change.price).toBeLessThan(price);
            price = change.price;
          }
        }
        expect(price).toBeGreaterThanOrEqual(Math.min(basePrice, floor));
      }),
    );
  });

  it('refuses schedules that go back up or out of order', () => {
    expect(ZMarkdownSteps.safeParse(SCHEDULE).success).toBe(true);
    const up = ZMarkdownSteps.safeParse([{ afterDays: 30, percentOff: 25 }, { afterDays: 60, percentOff: 10 }]);
    expect(up.error?.issues[0].message).toBe('Each step must take more off than the one before');
    const order = ZMarkdownSteps.safeParse([{ afterDays: 60, percentOff: 10 }, { afterDays: 30, percentOff: 25 }]);
    expect(order.error?.issues[0].message).toBe('Each step must start later than the one before');
    expect(ZMarkdownScheduleInput.safeParse({ name: ' ', steps: SCHEDULE }).error?.issues[0].message).toBe('Name is required');
  });

  it('covers items by category and template, or every item', () => {
    const tpl = '7f2c1e4a-1111-4a2b-9c3d-123456789abc';
    expect(scheduleCovers({ categories: [], templateIds: [] }, { category: null, productTemplateId: null })).toBe(true);
    expect(scheduleCovers({ categories: ['Sneakers'], templateIds: [] }, { category: 'sneakers', productTemplateId: null })).toBe(true);
    expect(scheduleCovers({ categories: ['Sneakers'], templateIds: [] }, { category: 'Clothing', productTemplateId: null })).toBe(false);
    expect(scheduleCovers({ categories: [], templateIds: [tpl] }, { category: 'Clothing', productTemplateId: tpl })).toBe(true);
  });
});

describe('nextMarkdownFor (the portal line)', () => {
  const item = { status: 'Active', acceptedOn: '2026-01-01', price: 10000, basePrice: 10000, minimumPrice: null, category: null, productTemplateId: null };
  const schedule = { steps: SCHEDULE, categories: [], templateIds: [] };
  it('names the next step and its day', () => {
    expect(nextMarkdownFor(item, schedule, 0, '2026-01-10')).toEqual({ percentOff: 10, afterDays: 30, onDay: '2026-01-31' });
  });
  it('passes over a step already applied and one held at the floor', () => {
    expect(nextMarkdownFor({ ...item, price: 9000 }, schedule, 0, '2026-01-10')).toEqual({ percentOff: 25, afterDays: 60, onDay: '2026-03-02' });
    expect(nextMarkdownFor({ ...item, minimumPrice: 9500, price: 9500 }, schedule, 0, '2026-01-10')).toBeNull();
    expect(nextMarkdownFor(item, schedule, 10000, '2026-01-10')).toBeNull();
  });
  it('is null for an item not Active, not covered, or past the last step', () => {
    expect(nextMarkdownFor({ ...item, status: 'Sold' }, schedule, 0, '2026-01-10')).toBeNull();
    expect(nextMarkdownFor({ ...item, category: 'Apparel' }, { ...schedule, categories: ['Sneakers'] }, 0, '2026-01-10')).toBeNull();
    expect(nextMarkdownFor(item, schedule, 0, '2026-06-01')).toBeNull();
  });
});
