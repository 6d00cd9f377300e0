// Which buttons a row of a list offers. The list decides which actions belong on it; the domain's
// transition table decides whether this item, in its status, allows each one for this user.
import {
  INVENTORY_MESSAGES,
  INVENTORY_STATUSES,
  canTransition,
  deleteConfirmation,
  toMinor,
  formatMoney,
  withdrawKind,
  type InventoryAction,
  type InventoryActor,
  type InventoryStatus,
} from '@backroom/domain';
import type { ListConfig, RowActionKey } from './list-state';

// the keys are named in list-state.ts, where a list's config lists its row actions
export type { RowActionKey };

export interface RowAction {
  key: RowActionKey;
  label: string;
  action: InventoryAction;
  primary?: boolean;
  /** Red: cannot be undone from the list (decline, delete, cancel). */
  danger?: boolean;
  /** Set apart from the others at the end of the row: every danger action, and withdraw. */
  destructive?: boolean;
  /** Whether a row in this status offers it, when that is not just the action's row of the transition table. */
  shows?: (status: InventoryStatus) => boolean;
  /** The confirmation asked first (RowActionButtons' own when absent), and its OK button. */
  confirm?: (status: InventoryStatus) => string | null;
  okText?: string;
  /** Its icon where a compact list shows actions as icons (with a tooltip and an aria-label of `label`). */
  icon?: RowActionIcon;
}

/** The icons of the compact lists' secondary actions (RowActionButtons draws them). */
export type RowActionIcon = 'decline' | 'delete' | 'askPrice';

const A = {
  accept: { key: 'accept', label: 'Accept', action: 'acceptInventory', primary: true },
  acceptRequest: { key: 'acceptRequest', label: 'Accept', action: 'acceptRequestToSell', primary: true },
  decline: { key: 'decline', label: 'Decline', action: 'declineInventory', danger: true, icon: 'decline' },
  delete: { key: 'delete', label: 'Delete', action: 'deleteInventory', danger: true, icon: 'delete' },
  askPrice: { key: 'askPrice', label: 'Ask new price', action: 'storeRequestPriceChange', icon: 'askPrice' },
  buy: { key: 'buy', label: 'Buy', action: 'storeBuyRequestedInventory', primary: true },
  acceptStoreRequest: { key: 'acceptStoreRequest', label: 'Accept', action: 'acceptStoreRequest', primary: true },
  cancelDropoff: { key: 'cancelDropoff', label: 'Cancel Dropoff', action: 'deleteInventory', danger: true },
  acceptPrice: { key: 'acceptPrice', label: 'Accept', action: 'acceptInventoryPrice', primary: true },
  declinePrice: { key: 'declinePrice', label: 'Decline', action: 'declineInventoryPrice', danger: true, icon: 'decline' },
  acceptWithdrawal: { key: 'acceptWithdrawal', label: 'Accept', action: 'acceptInventoryWithdrawal', primary: true },
  declineWithdrawal: { key: 'declineWithdrawal', label: 'Decline', action: 'declineInventoryWithdrawal', danger: true },
  withdraw: { key: 'withdraw', label: 'Withdraw', action: 'withdrawInventory', destructive: true },
  // the consigner's answers to the store asking a new price, and their price change request
  requestPrice: { key: 'requestPrice', label: 'Change price', action: 'requestPriceChange' },
  acceptStorePrice: {
    key: 'acceptStorePrice',
    label: 'Accept price',
    action: 'consignerAcceptStoreRequestPrice',
    primary: true,
    confirm: () => INVENTORY_MESSAGES.acceptPriceConfirm,
  },
  declineStorePrice: {
    key: 'declineStorePrice',
    label: 'Refuse',
    action: 'consignerDeclineStoreRequestPrice',
    danger: true,
    // refusing the store's price cancels the drop-off
    confirm: () => INVENTORY_MESSAGES.cancelDropoffConfirm,
    okText: 'Confirm',
  },
} as const satisfies Record<RowActionKey, RowAction>;

/**
 * The consigner portal's Withdraw (people doc section 4): a Pending item is withdrawn at once, an item
 * on hand (Active, RequestPriceChange, InTransit, WithdrawalDeclined) gets a withdrawal request; the
 * dialog asks the matching question. docs/consigner-portal.md explains why Pending shows it here.
 */
const PORTAL_WITHDRAW: RowAction = { ...A.withdraw, shows: (status) => withdrawKind(status) !== null };

/** The portal's Cancel Dropoff: drop-off requests and store-request offers not yet accepted ('Confirm'). */
const PORTAL_CANCEL: RowAction = {
  ...A.cancelDropoff,
  label: 'Cancel drop-off',
  action: 'cancelDropoff',
  shows: (status) => status === 'Requested' || status === 'Consignment' || status === 'Buying',
  confirm: (status) => deleteConfirmation(status),
  okText: 'Confirm',
};

/** The actions each list offers on its rows (catalogue doc section 4). */
const LIST_ACTIONS: Record<ListConfig['key'], readonly RowAction[]> = {
  findInventory: [A.withdraw],
  buyingInventory: [A.buy, A.cancelDropoff],
  requestInventory: [A.acceptStoreRequest, A.cancelDropoff],
  incomingInventory: [A.accept, A.decline, A.delete],
  pendingPriceChangeInventory: [A.acceptPrice, A.declinePrice],
  requestedInventory: [A.acceptRequest, A.askPrice, A.decline],
  readyToPrint: [A.withdraw],
  pendingWithdrawalInventory: [A.acceptWithdrawal, A.declineWithdrawal],
  withdrawnInventory: [],
  // The product page opens the item screen for everything else.
  product: [],
  // A consigner's items: withdraw, as on Find Inventory; the item screen for the rest.
  consigner: [A.withdraw],
  // The consigner's own list in the portal.
  portal: [A.requestPrice, A.acceptStorePrice, PORTAL_WITHDRAW, A.declineStorePrice, PORTAL_CANCEL],
};

export function rowActionsFor(
  list: ListConfig['key'],
  status: InventoryStatus,
  actor: InventoryActor | null,
  excluded: readonly RowActionKey[] = [],
): RowAction[] {
  if (!actor) return [];
  return LIST_ACTIONS[list].filter((a) => !excluded.includes(a.key) && (a.shows ? a.shows(status) : canTransition(a.action, status, actor)));
}

/** Whether the list has any row action at all (the Actions column is left out otherwise). */
export function listHasRowActions(list: ListConfig['key']): boolean {
  return LIST_ACTIONS[list].length > 0;
}

/** An API amount (major units) in the store currency. */
export function money(major: number | null | undefined, currency: string): string {
  if (major === null || major === undefined) return '';
  return formatMoney(toMinor(major), currency);
}

/**
 * Width of a list's Actions column: its buttons side by side (small buttons, about 7 px a letter),
 * the destructive ones set apart at the end (RowActionButtons), plus the cell's padding.
 */
export function rowActionsWidth(list: ListConfig['key'], actor: InventoryActor | null = null, icons = false): number {
  // A list whose actions depend on the row's status (the portal) needs room for the most one row shows.
  if (actor && LIST_ACTIONS[list].some((a) => a.shows)) {
    return Math.max(0, ...INVENTORY_STATUSES.map((status) => buttonsWidth(rowActionsFor(list, status, actor), icons)));
  }
  return buttonsWidth(LIST_ACTIONS[list], icons);
}

/** Whether a compact list draws this action as an icon button (primary actions keep their word). */
export const showsAsIcon = (action: RowAction, icons: boolean) => icons && !action.primary && action.icon !== undefined;

function buttonsWidth(actions: readonly RowAction[], icons: boolean): number {
  if (!actions.length) return 0;
  // a small icon button is 24 px square
  const buttons = actions.reduce((sum, a) => sum + (showsAsIcon(a, icons) ? 24 : a.label.length * 7 + 18), 0);
  const gaps = (actions.length - 1) * 6 + (actions.some(isDestructive) && actions.some((a) => !isDestructive(a)) ? 16 : 0);
  return Math.ceil(buttons + gaps + 20);
}

/** Destructive actions sit apart at the end of a row's buttons. */
export function isDestructive(action: RowAction): boolean {
  return Boolean(action.danger || action.destructive);
}
