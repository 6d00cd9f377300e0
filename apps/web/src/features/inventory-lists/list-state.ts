// The state of an inventory list lives in the URL ("every list keeps its filters, page
// and view in the URL"), so a reload or a shared link shows the same rows.
import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT_OPTION,
  LIST_VIEWS,
  PAGE_SIZES,
  SORT_OPTIONS,
  isInventoryStatus,
  type InventoryStatus,
  type ListViewKey,
  type SortOption,
} from '@backroom/domain';
import type { InventoryQuery } from './inventory-page.api';
import type { ColumnKey } from './column-choice';

/** The buttons a row can offer (row-actions.ts says which an item allows). */
export type RowActionKey =
  | 'accept'
  | 'acceptRequest'
  | 'decline'
  | 'delete'
  | 'askPrice'
  | 'buy'
  | 'acceptStoreRequest'
  | 'cancelDropoff'
  | 'acceptPrice'
  | 'declinePrice'
  | 'acceptWithdrawal'
  | 'declineWithdrawal'
  | 'withdraw'
  | 'requestPrice'
  | 'acceptStorePrice'
  | 'declineStorePrice';

/** What a list shows: one of the domain's LIST_VIEWS, or the product page's list of one product. */
export interface ListConfig {
  key: ListViewKey | 'product' | 'consigner' | 'portal';
  title: string;
  /** A status the list always applies (the view's filter), or null when the user picks statuses. */
  fixedStatus: InventoryStatus | null;
  /** Statuses when the URL names none (Find Inventory starts on Active). */
  defaultStatuses: InventoryStatus[];
  /** A printed flag the list always applies (Ready To Print). */
  fixedPrinted?: boolean;
  productId?: string;
  /** The consigner screen's list: always this consigner's items. */
  consignerId?: string;
  /** The list's own columns hidden until the person chooses otherwise (column-choice hiddenByDefault adds the item fields; DEFAULT_HIDDEN when absent). */
  defaultHidden?: readonly ColumnKey[];
  /** Columns this list never shows, nor offers in the column chooser (the consigner portal's staff links). */
  excludedColumns?: readonly ColumnKey[];
  /** Row actions this list leaves out for this user (a store account asks no price change). */
  excludedActions?: readonly RowActionKey[];
  /**
   * The review lists (Drop Off Pending, Requested, Price Change): SKU and size folded into the product
   * cell, secondary row actions and Edit as icons, so their actions fit 1440 px (docs/inventory-lists-screens.md).
   */
  compact?: boolean;
  /** Links to staff screens (the Edit column, order and consigner links); false in the consigner portal. */
  staffLinks?: boolean;
  acceptAll: boolean;
  bulkEdit: boolean;
  /** Export button (Find Inventory). */
  exportable: boolean;
}

export function listConfigOf(key: ListViewKey): ListConfig {
  const view = LIST_VIEWS[key];
  // Find Inventory searches the whole stock: Active by default, any status on demand (the Tracking
  // column, for instance, is about Sold items). The other lists are bound to their status.
  const open = key === 'findInventory';
  const compact = COMPACT_LISTS.includes(key);
  return {
    key,
    title: view.title,
    fixedStatus: open ? null : view.filter.status,
    defaultStatuses: open ? [view.filter.status] : [],
    fixedPrinted: 'printed' in view.filter ? view.filter.printed : undefined,
    acceptAll: view.acceptAll,
    bulkEdit: view.bulkEdit,
    exportable: key === 'findInventory',
    ...(compact ? { compact, defaultHidden: COMPACT_HIDDEN[key] } : {}),
  };
}

/** The review lists, whose rows carry two or three actions each (ListConfig.compact), so they fit 1440 (docs/inventory-lists-screens.md). */
const COMPACT_LISTS: readonly ListViewKey[] = ['incomingInventory', 'requestedInventory', 'pendingPriceChangeInventory', 'pendingWithdrawalInventory', 'buyingInventory'];
/**
 * Their columns hidden by default: SKU and size are in the product cell; tracking concerns sold items;
 * days active counts from acceptance, so a drop-off not taken in yet has none (Price Change keeps it).
 * The consigner shows: who brought the item or asks the price is what staff review here.
 */
const COMPACT_HIDDEN: Partial<Record<ListViewKey, readonly ColumnKey[]>> = {
  incomingInventory: ['sku', 'size', 'payout', 'order', 'tracking', 'days'],
  requestedInventory: ['sku', 'size', 'payout', 'order', 'tracking', 'days'],
  pendingPriceChangeInventory: ['sku', 'size', 'payout', 'order', 'tracking'],
  // a withdrawal is asked of a stocked item: how long it stayed counts (its fee), its payout does not
  pendingWithdrawalInventory: ['sku', 'size', 'payout', 'order', 'tracking'],
  // the store buys what it was offered
  buyingInventory: ['sku', 'size', 'order', 'tracking', 'days'],
};

export function productListConfig(productId: string): ListConfig {
  return {
    key: 'product',
    title: 'Inventory',
    fixedStatus: null,
    defaultStatuses: [],
    productId,
    acceptAll: false,
    bulkEdit: false,
    exportable: false,
  };
}

/**
 * The consigner portal's product item screen (people doc section 2, Consigner product item screen):
 * the product's list bound to the signed-in consigner (the server shows a consigner only their own
 * items anyway), with their payout, without the staff's item links.
 */
export function consignerProductListConfig(productId: string, consignerId: string): ListConfig {
  return { ...productListConfig(productId), consignerId, defaultHidden: ['consigner', 'order'], staffLinks: false };
}

/**
 * The consigner screen's inventory (people doc section 2, Consigner detail): the staff list component
 * bound to one consigner, searchable and filterable, status Active by default, with the items'
 * payouts (the consigner's money) shown, so the default columns fit the page at 1440 px.
 */
export function consignerListConfig(consignerId: string): ListConfig {
  return {
    key: 'consigner',
    title: 'Inventory',
    fixedStatus: null,
    defaultStatuses: ['Active'],
    consignerId,
    // the consigner is always them; order and tracking concern sold items (the default is Active)
    defaultHidden: ['consigner', 'order', 'tracking'],
    acceptAll: false,
    bulkEdit: false,
    exportable: false,
  };
}

/**
 * The consigner portal's /inventory list (catalogue doc section 2, Consigner inventory page): the
 * signed-in consigner's own items (the server scopes them too), every status, with the actions a
 * consigner takes on them, Export, no staff links. The Tracking column shows only when one of their
 * items at ONLINE MARKETPLACE is Sold (`showTracking`).
 */
export function portalListConfig(consignerId: string, opts: { showTracking: boolean; isStoreAccount: boolean }): ListConfig {
  return {
    key: 'portal',
    title: 'Your items',
    fixedStatus: null,
    defaultStatuses: [],
    consignerId,
    // the product cell names the item (title, code); the SKU is one click away in Columns, so the
    // default set with the payout and the actions fits a 1440 px screen
    defaultHidden: ['sku'],
    // the end of each item's consignment is a line of its Days Active cell, not a column of its own:
    // a column beside Tracking and the actions would not fit 1440 px (docs/consignment-terms.md "The portal")
    excludedColumns: opts.showTracking ? ['consigner', 'order', 'consignmentEndsAt'] : ['consigner', 'order', 'tracking', 'consignmentEndsAt'],
    excludedActions: opts.isStoreAccount ? ['requestPrice'] : [],
    staffLinks: false,
    acceptAll: false,
    bulkEdit: false,
    exportable: true,
  };
}

export interface ListState {
  search: string;
  statuses: InventoryStatus[];
  printed: boolean | undefined;
  option1Value: string[];
  option2Value: string[];
  option3Value: string[];
  category: string[];
  location: string[];
  subLocation: string[];
  consigner: string[];
  sortOption: SortOption;
  page: number;
  pageSize: number;
  grouped: boolean;
}

export type FilterField = 'option1Value' | 'option2Value' | 'option3Value' | 'category' | 'location' | 'subLocation' | 'consigner';
export const FILTER_FIELDS: readonly FilterField[] = ['location', 'subLocation', 'option1Value', 'option2Value', 'option3Value', 'category', 'consigner'];

// A Find Inventory link with every status cleared says so, to differ from "no status named" (Active).
const ANY_STATUS = 'any';

const list = (params: URLSearchParams, key: string) => params.getAll(key).map((v) => v.trim()).filter(Boolean);

/** Reads a list's state from the query string, ignoring values the list cannot show. */
export function parseListState(params: URLSearchParams, config: ListConfig, prefix = ''): ListState {
  const p = (key: string) => `${prefix}${key}`;
  const rawStatuses = list(params, p('status'));
  const statuses = config.fixedStatus
    ? [config.fixedStatus]
    : rawStatuses.length === 0
      ? config.defaultStatuses
      : rawStatuses.filter(isInventoryStatus);
  const printedRaw = params.get(p('printed'));
  const sort = params.get(p('sortOption'));
  const size = Number(params.get(p('pageSize')));
  const page = Number(params.get(p('currentPage')));
  return {
    search: params.get(p('search')) ?? '',
    statuses,
    printed: config.fixedPrinted ?? (printedRaw === 'true' ? true : printedRaw === 'false' ? false : undefined),
    option1Value: list(params, p('option1Value')),
    option2Value: list(params, p('option2Value')),
    option3Value: list(params, p('option3Value')),
    category: list(params, p('category')),
    location: list(params, p('location')),
    subLocation: list(params, p('subLocation')),
    consigner: list(params, p('consigner')),
    sortOption: (SORT_OPTIONS as readonly string[]).includes(sort ?? '') ? (sort as SortOption) : DEFAULT_SORT_OPTION,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    grouped: params.get(p('view')) === 'grouped',
  };
}

/** Writes a state into the query string (keeping other keys), leaving defaults out so links stay short. */
function writeListState(base: URLSearchParams, state: ListState, config: ListConfig, prefix = ''): URLSearchParams {
  const params = new URLSearchParams(base);
  const p = (key: string) => `${prefix}${key}`;
  const keys = ['search', 'status', 'printed', ...FILTER_FIELDS, 'sortOption', 'currentPage', 'pageSize', 'view'];
  for (const key of keys) params.delete(p(key));
  if (state.search.trim()) params.set(p('search'), state.search.trim());
  if (!config.fixedStatus) {
    const isDefault = sameSet(state.statuses, config.defaultStatuses);
    if (!isDefault) {
      if (state.statuses.length === 0) params.set(p('status'), ANY_STATUS);
      else for (const s of state.statuses) params.append(p('status'), s);
    }
  }
  if (config.fixedPrinted === undefined && state.printed !== undefined) params.set(p('printed'), String(state.printed));
  for (const field of FILTER_FIELDS) for (const v of state[field]) params.append(p(field), v);
  if (state.sortOption !== DEFAULT_SORT_OPTION) params.set(p('sortOption'), state.sortOption);
  if (state.page > 1) params.set(p('currentPage'), String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set(p('pageSize'), String(state.pageSize));
  if (state.grouped) params.set(p('view'), 'grouped');
  return params;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v) => b.includes(v));
}

/** The server query of a state. */
export function toInventoryQuery(state: ListState, config: ListConfig): InventoryQuery {
  return {
    status: state.statuses,
    printed: state.printed,
    option1Value: state.option1Value,
    option2Value: state.option2Value,
    option3Value: state.option3Value,
    category: state.category,
    location: state.location,
    subLocation: state.subLocation,
    consigner: config.consignerId ? [config.consignerId] : state.consigner,
    productId: config.productId ? [config.productId] : [],
    search: state.search,
    sortOption: state.sortOption,
    pageSize: state.pageSize,
    currentPage: state.page,
    grouped: state.grouped,
  };
}

/** How many filters (beyond search and the list's own status) are set, for the mobile Filters badge. */
export function activeFilterCount(state: ListState, config: ListConfig): number {
  let n = FILTER_FIELDS.filter((f) => state[f].length > 0).length;
  if (!config.fixedStatus && !sameSet(state.statuses, config.defaultStatuses)) n += 1;
  if (config.fixedPrinted === undefined && state.printed !== undefined) n += 1;
  return n;
}

export type ListStatePatch = Partial<ListState>;

/**
 * The list state and a setter. Any change but the page itself goes back to page 1, so a narrower
 * filter never lands on an empty page.
 */
export function useListState(
  config: ListConfig,
  prefix = '',
  /** Told the next state before the URL changes (the list prefetches its page). */
  onBeforeChange?: (next: ListState) => void,
): [ListState, (patch: ListStatePatch) => void] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const state = useMemo(() => parseListState(params, config, prefix), [params, config, prefix]);
  const update = useCallback(
    (patch: ListStatePatch) => {
      // While the next screen's code loads, this one stays on view although the address has moved
      // on: a search sent from it then would navigate back here, so it is dropped.
      if (window.location.pathname !== pathname) return;
      // The router renders navigations in a transition, so two quick changes (a sort, then a page
      // size) can both run before the first is rendered; the address bar already holds the first.
      const current = new URLSearchParams(window.location.search);
      const now = parseListState(current, config, prefix);
      const next: ListState = { ...now, ...patch };
      if (patch.page === undefined) next.page = 1;
      onBeforeChange?.(next);
      setParams(writeListState(current, next, config, prefix));
    },
    [setParams, pathname, config, prefix, onBeforeChange],
  );
  return [state, update];
}
