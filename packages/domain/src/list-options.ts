// Page sizes and sort orders of the paginated lists (re-exported by format.ts).

export const PAGE_SIZES = [10, 20, 50, 100, 250, 500] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;

export const SORT_OPTIONS = [
  'oldestCreated',
  'newestCreated',
  'oldestUpdated',
  'newestUpdated',
  'lowestPrice',
  'highestPrice',
  'inventoryPriority',
  'lowestPayout',
  'highestPayout',
  'sizeLowToHigh',
  'sizeHighToLow',
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT_OPTION: SortOption = 'newestUpdated';

export const SORT_OPTION_LABELS = {
  oldestCreated: 'Oldest created',
  newestCreated: 'Newest created',
  oldestUpdated: 'Oldest updated',
  newestUpdated: 'Newest updated',
  lowestPrice: 'Lowest price',
  highestPrice: 'Highest price',
  inventoryPriority: 'Inventory priority',
  lowestPayout: 'Lowest payout',
  highestPayout: 'Highest payout',
  sizeLowToHigh: 'Size: low to high',
  sizeHighToLow: 'Size: high to low',
} as const satisfies Record<SortOption, string>;
