// Markdowns (docs/consignment-terms.md "Markdowns"): a schedule of price reductions by an item's age
// since acceptance, never below the item's floor, never raising a price, and the same on any run of
// one day (a second run finds nothing to change). Prices in minor units; today is passed in.
import { z } from 'zod';
import { addDays, daysBetween } from './consignment-terms.ts';

export const MARKDOWN_STEPS_MAX = 12;

export const ZMarkdownStep = z.object({
  afterDays: z.number({ error: 'Days must be a number' }).int('Days must be a whole number').min(1, 'A step starts after at least 1 day').max(3650, 'A step starts within 3650 days'),
  percentOff: z.number({ error: 'Percent off must be a number' }).int('Percent off must be a whole number').min(1, 'Percent off must be at least 1').max(90, 'Percent off can be at most 90'),
});
export type MarkdownStep = z.infer<typeof ZMarkdownStep>;

/** Steps ordered by age, each later step taking more off than the one before (a schedule only goes down). */
export const ZMarkdownSteps = z
  .array(ZMarkdownStep)
  .min(1, 'Add at least one step')
  .max(MARKDOWN_STEPS_MAX, `A schedule has at most ${MARKDOWN_STEPS_MAX} steps`)
  .superRefine((steps, ctx) => {
    for (let i = 1; i < steps.length; i++) {
      if (steps[i].afterDays <= steps[i - 1].afterDays) ctx.addIssue({ code: 'custom', path: [i, 'afterDays'], message: 'Each step must start later than the one before' });
      else if (steps[i].percentOff <= steps[i - 1].percentOff) ctx.addIssue({ code: 'custom', path: [i, 'percentOff'], message: 'Each step must take more off than the one before' });
    }
  });

/** The step in force for an item of this age, or null before the first. */
export function markdownStepOf(acceptedOn: string, today: string, steps: readonly MarkdownStep[]): MarkdownStep | null {
  const age = daysBetween(acceptedOn, today);
  let found: MarkdownStep | null = null;
  for (const step of steps) if (step.afterDays <= age && (!found || step.afterDays > found.afterDays)) found = step;
  return found;
}

/**
 * The acceptance days each step is in force for on `today` (what markdownStepOf answers by day): an
 * item accepted from `from` to `to` (inclusive; `from` null: no earlier bound) is at `step`. Lets a
 * run ask the database for the items a step can change rather than read every item.
 */
export function markdownBands(today: string, steps: readonly MarkdownStep[]): { from: string | null; to: string; step: MarkdownStep }[] {
  const sorted = [...steps].sort((a, b) => a.afterDays - b.afterDays);
  return sorted.map((step, k) => ({ step, to: addDays(today, -step.afterDays), from: k + 1 < sorted.length ? addDays(today, 1 - sorted[k + 1].afterDays) : null }));
}

/** The next step an item will reach, with the day it is reached (for the consigner's portal). */
export function nextMarkdownOf(acceptedOn: string, today: string, steps: readonly MarkdownStep[]): { step: MarkdownStep; onDay: number } | null {
  const age = daysBetween(acceptedOn, today);
  const next = [...steps].sort((a, b) => a.afterDays - b.afterDays).find((s) => s.afterDays > age);
  return next ? { step: next, onDay: next.afterDays } : null;
}

/** The price a step sets: the base price less its percentage, rounded to whole minor units (half up). */
export function markedDownPrice(basePrice: number, percentOff: number): number {
  return Math.floor((basePrice * (100 - percentOff) + 50) / 100);
}

export type MarkdownInput = {
  acceptedOn: string | null;
  /** The price the schedule counts from: the item's price when it was accepted. */
  basePrice: number;
  /** Its price now. */
  price: number;
  /** The lowest price allowed: the consigner's minimum, or the store's floor, whichever is higher. */
  floor: number;
};

/**
 * The price the schedule sets today, or null when nothing changes: before the first step, or when the
 * price is already at or below what the step (held at the floor) would set. Never raises a price and
 * never goes below the floor; applying the answer and asking again the same day answers null.
 */
export function markdownOf(item: MarkdownInput, today: string, steps: readonly MarkdownStep[]): { price: number; step: MarkdownStep } | null {
  if (!item.acceptedOn) return null;
  return markdownAtStep(item, markdownStepOf(item.acceptedOn, today, steps));
}

/**
 * markdownOf once the step in force is known (markdownStepOf of the item's acceptance day and
 * today): a run over many items accepted on few days finds each day's step once.
 */
export function markdownAtStep(item: Omit<MarkdownInput, 'acceptedOn'>, step: MarkdownStep | null): { price: number; step: MarkdownStep } | null {
  if (!step) return null;
  const target = Math.max(markedDownPrice(item.basePrice, step.percentOff), item.floor);
  if (target >= item.price) return null;
  return { price: target, step };
}

/** The higher of the consigner's minimum (when they set one) and the store's floor. */
export function floorOf(consignerMinimum: number | null, storeFloor: number): number {
  return Math.max(consignerMinimum ?? 0, storeFloor);
}

/** A schedule as staff save it on /markdowns: steps, limited to categories and/or templates (empty: every item). */
export const ZMarkdownScheduleInput = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name can be at most 120 characters'),
  steps: ZMarkdownSteps,
  categories: z.array(z.string().trim().min(1).max(120)).max(100, 'At most 100 categories').default([]),
  templateIds: z.array(z.uuid('Invalid template id')).max(100, 'At most 100 templates').default([]),
});
export type MarkdownScheduleInput = z.input<typeof ZMarkdownScheduleInput>;

/** Whether a schedule limited to categories or templates covers an item (no limit: every item). */
export function scheduleCovers(schedule: { categories: readonly string[]; templateIds: readonly string[] }, item: { category: string | null; productTemplateId: string | null }): boolean {
  const byCategory = schedule.categories.length === 0 || (item.category !== null && schedule.categories.some((c) => c.toLowerCase() === item.category!.toLowerCase()));
  const byTemplate = schedule.templateIds.length === 0 || (item.productTemplateId !== null && schedule.templateIds.includes(item.productTemplateId));
  return byCategory && byTemplate;
}
