// Inventory statuses and the transition table of design.md, as data, plus the UI rules that
// depend on status (catalogue doc section 4).
import { hasArea, type Area } from './access.ts';
import { DomainError } from './errors.ts';
import { INVENTORY_MESSAGES } from './messages.ts';

export const INVENTORY_STATUSES = [
  'Pending',
  'Requested',
  'Active',
  'RequestPriceChange',
  'StoreRequestPriceChange',
  'RequestWithdrawal',
  'WithdrawalDeclined',
  'InTransit',
  'Withdrawn',
  'Declined',
  'PendingSale',
  'Sold',
  'Paid',
  'Consignment',
  'Buying',
] as const;
export type InventoryStatus = (typeof INVENTORY_STATUSES)[number];

export function isInventoryStatus(value: unknown): value is InventoryStatus {
  return typeof value === 'string' && (INVENTORY_STATUSES as readonly string[]).includes(value);
}

export type InventoryActionRule = {
  /** Statuses the action applies to (for a consigner, and for staff unless staffFrom is set). */
  from: readonly InventoryStatus[];
  /** Resulting status; 'removed' deletes the item, 'same' keeps its status. */
  to: InventoryStatus | 'removed' | 'same';
  /** Whether staff may perform it at all. */
  staff: boolean;
  /** Area a staff member needs (null: none beyond being staff). */
  staffArea: Area | null;
  /** Whether the owning consigner may perform it. */
  consigner: boolean;
  /** Wider set of statuses open to staff. */
  staffFrom?: readonly InventoryStatus[];
  /** Verb phrase for refusal messages: "Cannot {verb} an item that is {status}". */
  verb: string;
};

// Items still in the shop and not sold: what staff may withdraw by hand.
const UNSOLD_ON_HAND = [
  'Active',
  'RequestPriceChange',
  'RequestWithdrawal',
  'WithdrawalDeclined',
  'InTransit',
  'Pending',
] as const satisfies readonly InventoryStatus[];

// Drop-offs not yet accepted. StoreRequestPriceChange is included because the consigner may
// cancel the drop-off instead of accepting the store's price (design.md, storeRequestPriceChange).
const CANCELLABLE_DROPOFF = [
  'Requested',
  'Pending',
  'Consignment',
  'Buying',
  'StoreRequestPriceChange',
] as const satisfies readonly InventoryStatus[];

function rule(
  from: readonly InventoryStatus[],
  to: InventoryActionRule['to'],
  verb: string,
  who: { staffArea?: Area | null; staff?: boolean; consigner?: boolean; staffFrom?: readonly InventoryStatus[] },
): InventoryActionRule {
  const base: InventoryActionRule = {
    from,
    to,
    staff: who.staff ?? true,
    staffArea: who.staffArea ?? null,
    consigner: who.consigner ?? false,
    verb,
  };
  return who.staffFrom ? { ...base, staffFrom: who.staffFrom } : base;
}

/** design.md "Inventory statuses (the transition table)"; bulk forms use the same row (BULK_ACTIONS). */
export const INVENTORY_ACTIONS = {
  acceptRequestToSell: rule(['Requested'], 'Pending', 'accept the drop-off request for', { staffArea: 'Inventory' }),
  declineInventory: rule(['Pending', 'Requested'], 'Declined', 'decline', { staffArea: 'Inventory' }),
  acceptInventory: rule(['Pending'], 'Active', 'accept', { staffArea: 'Inventory' }),
  storeBuyRequestedInventory: rule(['Buying'], 'Pending', 'buy', { staffArea: 'Inventory' }),
  acceptStoreRequest: rule(['Consignment'], 'Pending', 'accept the store request for', { staffArea: 'Inventory' }),
  cancelDropoff: rule(CANCELLABLE_DROPOFF, 'removed', 'cancel the drop-off of', {
    staffArea: 'Inventory',
    consigner: true,
  }),
  deleteInventory: rule(['Requested', 'Pending', 'Consignment', 'Buying'], 'removed', 'delete', {
    staffArea: 'Inventory',
    consigner: true,
  }),
  storeRequestPriceChange: rule(['Requested'], 'StoreRequestPriceChange', 'ask a new price for', {
    staffArea: 'Inventory',
  }),
  consignerAcceptStoreRequestPrice: rule(['StoreRequestPriceChange'], 'Requested', "accept the store's price for", {
    staff: false,
    consigner: true,
  }),
  // Declining the store's price cancels the drop-off; only the store's asked price can be declined.
  consignerDeclineStoreRequestPrice: rule(['StoreRequestPriceChange'], 'removed', "decline the store's price for", {
    staff: false,
    consigner: true,
  }),
  requestPriceChange: rule(['Active', 'RequestPriceChange'], 'RequestPriceChange', 'request a price change for', {
    staffArea: 'Inventory',
    consigner: true,
  }),
  acceptInventoryPrice: rule(['RequestPriceChange'], 'Active', 'accept a price change for', {
    staffArea: 'Inventory',
  }),
  declineInventoryPrice: rule(['RequestPriceChange'], 'Active', 'decline a price change for', {
    staffArea: 'Inventory',
  }),
  requestInventoryWithdrawal: rule(
    ['Active', 'RequestPriceChange', 'InTransit', 'WithdrawalDeclined'],
    'RequestWithdrawal',
    'request withdrawal of',
    { staffArea: 'Inventory', consigner: true },
  ),
  acceptInventoryWithdrawal: rule(['RequestWithdrawal'], 'Withdrawn', 'accept the withdrawal of', {
    staffArea: 'Inventory',
  }),
  declineInventoryWithdrawal: rule(['RequestWithdrawal'], 'WithdrawalDeclined', 'decline the withdrawal of', {
    staffArea: 'Inventory',
  }),
  withdrawInventory: rule(['Pending'], 'Withdrawn', 'withdraw', {
    staffArea: 'Inventory',
    consigner: true,
    staffFrom: UNSOLD_ON_HAND,
  }),
  transfer: rule(['Active'], 'InTransit', 'transfer', { staffArea: 'Orders' }),
  acceptTransfer: rule(['InTransit'], 'Active', 'accept the transfer of', { staffArea: 'Inventory' }),
  // Sales come from the storefront and payouts from the Orders area.
  markPendingSale: rule(['Active'], 'PendingSale', 'mark as pending sale', { staffArea: 'Orders' }),
  markSold: rule(['Active', 'PendingSale'], 'Sold', 'sell', { staffArea: 'Orders' }),
  markPaid: rule(['Sold'], 'Paid', 'mark as paid', { staffArea: 'Orders' }),
  markPrinted: rule(['Active'], 'same', 'print', { staffArea: 'Inventory' }),
} as const satisfies Record<string, InventoryActionRule>;

export type InventoryAction = keyof typeof INVENTORY_ACTIONS;
export const INVENTORY_ACTION_NAMES = Object.keys(INVENTORY_ACTIONS) as InventoryAction[];

/** Bulk operation names of the API and the single-item row each one applies per item. */
export const BULK_ACTIONS = {
  bulkAcceptRequestToSell: 'acceptRequestToSell',
  bulkDeclineRequestToSell: 'declineInventory',
  bulkAcceptInventory: 'acceptInventory',
  bulkPrintInventory: 'markPrinted',
} as const satisfies Record<string, InventoryAction>;

export type InventoryActor =
  | { kind: 'staff'; accessControls: Area[] | null }
  | { kind: 'consigner'; ownsItem: boolean };

function ruleOf(action: InventoryAction): InventoryActionRule {
  return INVENTORY_ACTIONS[action];
}

/** Statuses from which this actor kind may perform the action. */
export function allowedFrom(action: InventoryAction, actorKind: InventoryActor['kind']): readonly InventoryStatus[] {
  const r = ruleOf(action);
  if (actorKind === 'staff') return r.staff ? (r.staffFrom ?? r.from) : [];
  return r.consigner ? r.from : [];
}

/**
 * Whether the action may start from this status (the status half of `transition`; the actor's access
 * is checked apart). Screens ask it which items to offer, e.g. Transfer's selectable rows.
 */
export function isAllowedFrom(action: InventoryAction, status: InventoryStatus, actorKind: InventoryActor['kind'] = 'staff'): boolean {
  return allowedFrom(action, actorKind).includes(status);
}

/** Throws FORBIDDEN when the actor may never perform the action, whatever the status. */
export function assertActorMay(action: InventoryAction, actor: InventoryActor): void {
  const r = ruleOf(action);
  if (actor.kind === 'staff') {
    if (!r.staff) throw new DomainError('FORBIDDEN', `Staff cannot ${r.verb} an item; only its consigner can`);
    if (r.staffArea !== null && !hasArea(actor.accessControls, r.staffArea)) {
      throw new DomainError('FORBIDDEN', `You need ${r.staffArea} access to ${r.verb} an item`);
    }
    return;
  }
  if (!r.consigner) throw new DomainError('FORBIDDEN', `Consigners cannot ${r.verb} an item`);
  if (!actor.ownsItem) throw new DomainError('FORBIDDEN', `You cannot ${r.verb} an item you do not own`);
}

/**
 * The status an item takes after `action`, or 'removed'. Checks the actor first (FORBIDDEN),
 * then the item's status (CONFLICT).
 */
export function transition(
  action: InventoryAction,
  status: InventoryStatus,
  actor: InventoryActor,
): InventoryStatus | 'removed' {
  assertActorMay(action, actor);
  const r = ruleOf(action);
  if (!isAllowedFrom(action, status, actor.kind)) {
    throw new DomainError('CONFLICT', `Cannot ${r.verb} an item that is ${statusLabel(status)}`);
  }
  return r.to === 'same' ? status : r.to;
}

/** Non-throwing form of `transition`. */
export function canTransition(action: InventoryAction, status: InventoryStatus, actor: InventoryActor): boolean {
  try {
    transition(action, status, actor);
    return true;
  } catch {
    return false;
  }
}

/** Every action this actor may perform on an item in this status. */
export function availableActions(status: InventoryStatus, actor: InventoryActor): InventoryAction[] {
  return INVENTORY_ACTION_NAMES.filter((a) => canTransition(a, status, actor));
}

// Statuses whose dropdown is locked in safe mode: the storefront and payouts own them.
const SALE_LOCKED: readonly InventoryStatus[] = ['Sold', 'PendingSale', 'Paid'];

/**
 * Statuses that mean money (design.md "Money"): an item reaches or leaves them only through the sale,
 * undo, refund and payout paths, which write the ledger. Never by hand (docs/statuses.md).
 */
export const MONEY_STATUSES: readonly InventoryStatus[] = ['PendingSale', 'Sold', 'Paid'];
export const isMoneyStatus = (status: string): boolean => (MONEY_STATUSES as readonly string[]).includes(status);

export const MONEY_STATUS_MESSAGES = {
  toSale: (to: InventoryStatus) =>
    `An item becomes ${statusLabel(to)} only by recording a sale (Record a sale at this price, or the counter), never by setting its status`,
  toPaid: 'An item becomes Paid only when its payout is paid (Ready to Pay), never by setting its status',
  fromMoney: (from: InventoryStatus) =>
    `A ${statusLabel(from)} item changes status only by undoing or refunding its sale, or by its payout, never by setting its status`,
  locked: (status: string) =>
    `The price, payout, fees and consigner of a ${isInventoryStatus(status) ? statusLabel(status) : status} item are locked: record a correction (an adjustment) instead`,
  lockedInPayout: 'The price, payout, fees and consigner of an item in a payout are locked: record a correction (an adjustment) instead',
} as const;

/** Whether an item's money fields (price, payout, fees, cost, consigner) are locked: sold, paid or in a payout. */
export function isMoneyLocked(item: { status: string; payoutId?: string | null }): boolean {
  return isMoneyStatus(item.status) || Boolean(item.payoutId);
}

/**
 * Staff setting the status by hand from the item screen or bulk table. Any status may be chosen
 * except those that mean money (MONEY_STATUSES, to or from); Active needs a location and an
 * acceptedOn date, and safe mode freezes sold items.
 */
export function setStatusByHand(
  from: InventoryStatus,
  to: InventoryStatus,
  opts: { safeInventoryStatusMode: boolean; hasLocation: boolean; hasAcceptedOn: boolean },
): InventoryStatus {
  if (from === to) return to;
  if (opts.safeInventoryStatusMode && SALE_LOCKED.includes(from)) {
    throw new DomainError(
      'CONFLICT',
      `Cannot change the status of an item that is ${from} while safe inventory status mode is on`,
    );
  }
  // The ledger is the truth: a status that means money is the sale's, the undo's or the payout's.
  if (to === 'Paid') throw new DomainError('UNPROCESSABLE', MONEY_STATUS_MESSAGES.toPaid);
  if (isMoneyStatus(to)) throw new DomainError('UNPROCESSABLE', MONEY_STATUS_MESSAGES.toSale(to));
  if (isMoneyStatus(from)) throw new DomainError('UNPROCESSABLE', MONEY_STATUS_MESSAGES.fromMoney(from));
  if (to === 'Active' && (!opts.hasLocation || !opts.hasAcceptedOn)) {
    throw new DomainError('UNPROCESSABLE', INVENTORY_MESSAGES.notAccepted);
  }
  return to;
}

// ---------------------------------------------------------------------------------------------
// UI helpers.

/**
 * How each status reads wherever one is shown (chips, filters, selects, the item's timeline,
 * messages). Pending is the spec's 'Drop off pending'; the statuses a staff list is named after read
 * as that list's menu entry and title (LIST_VIEWS), in sentence case like the spec's 'Drop off
 * pending': Price change, Withdrawal request. docs/statuses.md has the table.
 */
export const STATUS_LABELS = {
  Pending: 'Drop off pending',
  Requested: 'Requested',
  Active: 'Active',
  RequestPriceChange: 'Price change',
  StoreRequestPriceChange: 'Store price request',
  RequestWithdrawal: 'Withdrawal request',
  WithdrawalDeclined: 'Withdrawal declined',
  InTransit: 'In transit',
  Withdrawn: 'Withdrawn',
  Declined: 'Declined',
  PendingSale: 'Pending sale',
  Sold: 'Sold',
  Paid: 'Paid',
  Consignment: 'Consignment',
  Buying: 'Buying',
} as const satisfies Record<InventoryStatus, string>;

/** Display text of a status (STATUS_LABELS); Buying reads Instant Sell in a buying store (spec). */
export function statusLabel(status: InventoryStatus, opts: { isBuyingStore?: boolean } = {}): string {
  if (status === 'Buying' && opts.isBuyingStore) return 'Instant Sell';
  return STATUS_LABELS[status] ?? status;
}

/** Tag colour: Sold green; others orange in staff lists, red in the consigner portal. */
export function statusColor(status: InventoryStatus, variant: 'staff' | 'consigner'): 'green' | 'orange' | 'red' {
  if (status === 'Sold') return 'green';
  return variant === 'staff' ? 'orange' : 'red';
}

const WITHDRAW_HIDDEN: readonly InventoryStatus[] = [
  'Withdrawn',
  'Pending',
  'Requested',
  'Declined',
  'RequestWithdrawal',
  'Paid',
  'Sold',
];

/**
 * Whether the Withdraw button shows. The spec's hidden list, plus the statuses it does not mention
 * from which no withdrawal is possible (PendingSale, StoreRequestPriceChange, Consignment, Buying),
 * so the button never offers something the table refuses.
 */
export function canWithdraw(status: InventoryStatus): boolean {
  return !WITHDRAW_HIDDEN.includes(status) && withdrawKind(status) !== null;
}

/**
 * Pending items are withdrawn directly (what the owning consigner may withdraw, per the table);
 * on-hand items get a withdrawal request (the table's requestInventoryWithdrawal row).
 */
export function withdrawKind(status: InventoryStatus): 'withdraw' | 'request' | null {
  if (allowedFrom('withdrawInventory', 'consigner').includes(status)) return 'withdraw';
  if (allowedFrom('requestInventoryWithdrawal', 'consigner').includes(status)) return 'request';
  return null;
}

export function withdrawConfirmation(status: InventoryStatus): string | null {
  const kind = withdrawKind(status);
  if (kind === 'withdraw') return INVENTORY_MESSAGES.withdrawConfirm;
  if (kind === 'request') return INVENTORY_MESSAGES.requestWithdrawalConfirm;
  return null;
}

export function canEdit(status: InventoryStatus): boolean {
  return status !== 'Withdrawn' && status !== 'Declined';
}

/** The spec offers Cancel on drop-offs (Requested, Pending): the table's row narrowed to those two. */
export function canCancelDropoff(status: InventoryStatus): boolean {
  return (status === 'Requested' || status === 'Pending') && allowedFrom('cancelDropoff', 'consigner').includes(status);
}

/** The table's requestPriceChange row (the UI also hides the button for store accounts). */
export function canRequestPriceChange(status: InventoryStatus): boolean {
  return allowedFrom('requestPriceChange', 'consigner').includes(status);
}

/** Price edit in the bulk table is allowed only for Active items. */
export function canBulkEditPrice(status: InventoryStatus): boolean {
  return status === 'Active';
}

/** Status dropdown lock; the spec ties it to safe mode, and in the bulk table Pending is locked too. */
export function isStatusDropdownDisabled(
  status: InventoryStatus,
  safeMode: boolean,
  opts: { bulk?: boolean } = {},
): boolean {
  if (!safeMode) return false;
  return SALE_LOCKED.includes(status) || (opts.bulk === true && status === 'Pending');
}

/** Confirmation text for Delete, or null when delete is not offered for the status. */
export function deleteConfirmation(status: InventoryStatus): string | null {
  if (status === 'Pending') return INVENTORY_MESSAGES.deleteConfirm;
  if (status === 'Consignment' || status === 'Buying' || status === 'Requested') {
    return INVENTORY_MESSAGES.cancelDropoffConfirm;
  }
  return null;
}

/** Label of a list's bulk button for its status filter; null when the list has no bulk action. */
export function bulkActionLabel(status?: InventoryStatus | null): 'Print page items' | 'Bulk Accept' | 'Re-print items' | null {
  if (status === undefined || status === null) return 'Re-print items';
  if (status === 'Active') return 'Print page items';
  if (status === 'Pending' || status === 'Requested') return 'Bulk Accept';
  return null;
}

export function canBulkDecline(status?: InventoryStatus | null): boolean {
  return status === 'Pending' || status === 'Requested';
}

export type ListView = {
  key: string;
  route: string;
  title: string;
  filter: { status: InventoryStatus; printed?: boolean };
  /** Grouped view shows Accept All. */
  acceptAll: boolean;
  /** Bulk edit table is offered. */
  bulkEdit: boolean;
};

function view(key: string, title: string, filter: ListView['filter'], extra: Partial<ListView> = {}): ListView {
  return { key, route: `/${key}`, title, filter, acceptAll: false, bulkEdit: false, ...extra };
}

/**
 * Staff inventory lists and the base filter each one applies. A list's title is its menu entry's
 * label (the staff menu of the people doc; the catalogue doc's older names Incoming, Request and
 * Inventory Price Change are not used: docs/statuses.md).
 */
export const LIST_VIEWS = {
  findInventory: view('findInventory', 'Find Inventory', { status: 'Active' }, { bulkEdit: true }),
  buyingInventory: view('buyingInventory', 'Buying', { status: 'Buying' }),
  requestInventory: view('requestInventory', 'Consignment', { status: 'Consignment' }),
  incomingInventory: view('incomingInventory', 'Drop Off Pending', { status: 'Pending' }, { acceptAll: true }),
  pendingPriceChangeInventory: view('pendingPriceChangeInventory', 'Price Change', { status: 'RequestPriceChange' }),
  requestedInventory: view('requestedInventory', 'Requested', { status: 'Requested' }, { acceptAll: true }),
  readyToPrint: view('readyToPrint', 'Ready To Print', { status: 'Active', printed: false }),
  pendingWithdrawalInventory: view('pendingWithdrawalInventory', 'Withdrawal Request', { status: 'RequestWithdrawal' }),
  withdrawnInventory: view('withdrawnInventory', 'Withdrawn', { status: 'Withdrawn' }),
} as const satisfies Record<string, ListView>;

export type ListViewKey = keyof typeof LIST_VIEWS;

/** Consigner portal lists: drop-off requests and drop-offs pending. */
export const CONSIGNER_LIST_VIEWS = {
  dropoff: { route: '/dropoff', status: 'Requested' },
  dropoffPending: { route: '/dropoffPending', status: 'Pending' },
} as const satisfies Record<string, { route: string; status: InventoryStatus }>;
