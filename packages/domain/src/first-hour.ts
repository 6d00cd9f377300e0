// A new store's first hour (docs/first-hour.md): the starter templates a store can copy in one
// click, and the setup guide's steps in the order a shop does them.
import { z } from 'zod';
import { APPAREL_SIZES } from './sizes.ts';

const SNEAKER_SIZES = ['4', '4.5', '5', '5.5', '6', '6.5', '7', '7.5', '8', '8.5', '9', '9.5', '10', '10.5', '11', '11.5', '12', '13', '14'];

/** The demo shop's two templates as starting points, in the shape POST /api/productTemplates takes. */
export const STARTER_TEMPLATES = [
  {
    key: 'sneakers',
    title: 'Sneakers',
    brand: 'Various',
    category: 'Sneakers',
    gender: 'Unisex',
    weight: 1200,
    option1: 'Size',
    option2: 'Condition',
    option3: 'Box',
    option1Values: SNEAKER_SIZES.map((value) => ({ value })),
    option2Values: ['New', 'Used'],
    option3Values: ['Good Box', 'Damaged Box', 'No Box'],
  },
  {
    key: 'clothing',
    title: 'Clothing',
    brand: 'Various',
    category: 'Clothing',
    gender: 'Unisex',
    weight: 600,
    option1: 'Size',
    option2: 'Condition',
    option3: null,
    option1Values: APPAREL_SIZES.map((value) => ({ value })),
    option2Values: ['New', 'Used'],
    option3Values: [],
  },
] as const;

/** The setup guide's steps, in order. */
export const SETUP_STEPS = ['locations', 'template', 'fees', 'consigner', 'product', 'item', 'label'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** GET /api/stores/setup: which steps the store's data shows done, and whether its staff closed the guide. */
export const ZStoreSetup = z.object({
  dismissed: z.boolean(),
  steps: z.array(z.object({ key: z.enum(SETUP_STEPS), done: z.boolean() })),
});
export type TStoreSetup = z.output<typeof ZStoreSetup>;
/** PUT /api/stores/setup */
export const ZStoreSetupChange = z.object({ dismissed: z.boolean() });

/** The first step not done yet, or null when the store is set up. */
export function nextSetupStep(setup: Pick<TStoreSetup, 'steps'>): SetupStep | null {
  return setup.steps.find((s) => !s.done)?.key ?? null;
}
