// The markdown schedules API (docs/consignment-terms.md "Markdowns"): /markdowns's schedules, the
// preview of what the next run changes, and the words of a markdown in the activity log and the portal.
import { z } from 'zod';
import { formatMoney } from '../money.ts';
import { addDays } from '../consignment-terms.ts';
import { floorOf, markedDownPrice, nextMarkdownOf, scheduleCovers, type MarkdownStep, ZMarkdownScheduleInput, ZMarkdownStep } from '../markdowns.ts';
import { ZUuid } from './inventory-fields.ts';

export const MARKDOWN_MESSAGES = {
  notFound: 'Markdown schedule not found',
  inUse: (types: string[]) => `This schedule is used by the terms of ${types.join(', ')}: choose another schedule there first`,
  unknownSchedule: 'Choose one of the store\'s markdown schedules',
  noDay: 'day must be a date (YYYY-MM-DD)',
} as const;

/** POST and PUT /api/markdownSchedules: the domain's schedule input (its messages word every refusal). */
export const ZMarkdownScheduleBody = ZMarkdownScheduleInput;
export type TMarkdownScheduleBody = z.input<typeof ZMarkdownScheduleBody>;

/** POST /api/markdownSchedules/preview: a schedule as the form holds it, and the saved one it edits (if any). */
export const ZMarkdownPreviewBody = ZMarkdownScheduleInput.extend({ id: ZUuid(MARKDOWN_MESSAGES.notFound).nullish() });
export type TMarkdownPreviewBody = z.input<typeof ZMarkdownPreviewBody>;

export const ZMarkdownSchedule = z.object({
  id: z.string(),
  name: z.string(),
  steps: z.array(ZMarkdownStep),
  categories: z.array(z.string()),
  templateIds: z.array(z.string()),
  /** the consigner types whose terms choose it (a schedule in use is not deleted) */
  usedBy: z.array(z.string()),
  createdAt: z.string().describe('ISO 8601 date and time'),
  updatedAt: z.string().describe('ISO 8601 date and time'),
});
export type TMarkdownSchedule = z.infer<typeof ZMarkdownSchedule>;

export const ZMarkdownScheduleDeleted = z.object({ id: z.string() });

/** How many items the preview lists at most (the count is of all of them). */
export const MARKDOWN_PREVIEW_ROWS = 100;

export const ZMarkdownPreviewRow = z.object({
  id: z.string(),
  code: z.string(),
  sku: z.string(),
  title: z.string(),
  /** major units */
  price: z.number(),
  newPrice: z.number(),
  step: ZMarkdownStep,
});
export type TMarkdownPreviewRow = z.infer<typeof ZMarkdownPreviewRow>;

export const ZMarkdownPreview = z.object({
  /** the store's day the run is figured on */
  day: z.string(),
  /**
   * 'schedule': the items whose locked terms name the saved schedule (an edit's real effect);
   * 'covered': a new schedule names no item yet, so the Active consigned items it covers, as if it applied to them
   */
  basis: z.enum(['schedule', 'covered']),
  items: z.array(ZMarkdownPreviewRow),
  /** every item the run changes (items lists the first MARKDOWN_PREVIEW_ROWS) */
  total: z.number(),
  /** the sum of the reductions, major units */
  reduction: z.number(),
});
export type TMarkdownPreview = z.infer<typeof ZMarkdownPreview>;

/** A step in words: "10% off after 30 days". */
export const markdownStepText = (step: MarkdownStep): string => `${step.percentOff}% off after ${step.afterDays} ${step.afterDays === 1 ? 'day' : 'days'}`;

/** The activity log's words of a markdown: "10% off after 30 days, $50.00 → $45.00". */
export const markdownLogText = (step: MarkdownStep, before: number, after: number, currency: string): string =>
  `${markdownStepText(step)}, ${formatMoney(before, currency)} → ${formatMoney(after, currency)}`;

/** The consigner's next markdown (the portal's Inventory): the step and the day it applies. */
export const ZNextMarkdown = z.object({ percentOff: z.number(), afterDays: z.number(), onDay: z.string().describe('YYYY-MM-DD') });
export type TNextMarkdown = z.infer<typeof ZNextMarkdown>;

/**
 * The next markdown an Active item will take (the portal shows it): the next step of its schedule,
 * on the day its age reaches it, when that step would lower the price (not held at the floor).
 */
export function nextMarkdownFor(
  item: { status: string; acceptedOn: string | null; price: number; basePrice: number | null; minimumPrice: number | null; category: string | null; productTemplateId: string | null },
  schedule: { steps: readonly MarkdownStep[]; categories: readonly string[]; templateIds: readonly string[] },
  storeFloor: number,
  today: string,
): TNextMarkdown | null {
  if (item.status !== 'Active' || !item.acceptedOn || !scheduleCovers(schedule, item)) return null;
  // a step that would not lower the price (already applied early, or held at the floor) is passed over
  const floor = floorOf(item.minimumPrice, storeFloor);
  let from = today;
  for (let next = nextMarkdownOf(item.acceptedOn, from, schedule.steps); next; next = nextMarkdownOf(item.acceptedOn, from, schedule.steps)) {
    const target = Math.max(markedDownPrice(item.basePrice ?? item.price, next.step.percentOff), floor);
    const onDay = addDays(item.acceptedOn, next.onDay);
    if (target < item.price) return { percentOff: next.step.percentOff, afterDays: next.step.afterDays, onDay };
    from = onDay;
  }
  return null;
}
