import { describe, expect, it } from 'vitest';
import { AREAS, STAFF_MENU, type Area, type MenuItem } from './access.ts';
import { DomainError } from './errors.ts';
import {
  BULK_ACTIONS,
  INVENTORY_ACTIONS,
  INVENTORY_ACTION_NAMES,
  INVENTORY_STATUSES,
  LIST_VIEWS,
  allowedFrom,
  availableActions,
  bulkActionLabel,
  canBulkDecline,
  canBulkEditPrice,
  canCancelDropoff,
  canEdit,
  canRequestPriceChange,
  canTransition,
  canWithdraw,
  deleteConfirmation,
  isAllowedFrom,
  isInventoryStatus,
  isStatusDropdownDisabled,
  setStatusByHand,
  isMoneyLocked,
  isMoneyStatus,
  MONEY_STATUSES,
  statusColor,
  statusLabel,
  transition,
  withdrawConfirmation,
  withdrawKind,
  type InventoryAction,
  type InventoryStatus,
} from './statuses.ts';

// The table of design.md restated independently of the implementation's data:
// [statuses open to staff, statuses open to the owning consigner, result, staff area].
type Row = {
  staff: readonly InventoryStatus[];
  consigner: readonly InventoryStatus[];
  to: InventoryStatus | 'removed' | 'same';
  area: Area | null;
};
const DROPOFF: InventoryStatus[] = ['Requested', 'Pending', 'Consignment', 'Buying'];
const EXPECTED: Record<InventoryAction, Row> = {
  acceptRequestToSell: { staff: ['Requested'], consigner: [], to: 'Pending', area: 'Inventory' },
  declineInventory: { staff: ['Pending', 'Requested'], consigner: [], to: 'Declined', area: 'Inventory' },
  acceptInventory: { staff: ['Pending'], consigner: [], to: 'Active', area: 'Inventory' },
  storeBuyRequestedInventory: { staff: ['Buying'], consigner: [], to: 'Pending', area: 'Inventory' },
  acceptStoreRequest: { staff: ['Consignment'], consigner: [], to: 'Pending', area: 'Inventory' },
  cancelDropoff: {
    staff: [...DROPOFF, 'StoreRequestPriceChange'],
    consigner: [...DROPOFF, 'StoreRequestPriceChange'],
    to: 'removed',
    area: 'Inventory',
  },
  deleteInventory: { staff: DROPOFF, consigner: DROPOFF, to: 'removed', area: 'Inventory' },
  storeRequestPriceChange: { staff: ['Requested'], consigner: [], to: 'StoreRequestPriceChange', area: 'Inventory' },
  consignerAcceptStoreRequestPrice: { staff: [], consigner: ['StoreRequestPriceChange'], to: 'Requested', area: null },
  consignerDeclineStoreRequestPrice: { staff: [], consigner: ['StoreRequestPriceChange'], to: 'removed', area: null },
  requestPriceChange: {
    staff: ['Active', 'RequestPriceChange'],
    consigner: ['Active', 'RequestPriceChange'],
    to: 'RequestPriceChange',
    area: 'Inventory',
  },
  acceptInventoryPrice: { staff: ['RequestPriceChange'], consigner: [], to: 'Active', area: 'Inventory' },
  declineInventoryPrice: { staff: ['RequestPriceChange'], consigner: [], to: 'Active', area: 'Inventory' },
  requestInventoryWithdrawal: {
    staff: ['Active', 'RequestPriceChange', 'InTransit', 'WithdrawalDeclined'],
    consigner: ['Active', 'RequestPriceChange', 'InTransit', 'WithdrawalDeclined'],
    to: 'RequestWithdrawal',
    area: 'Inventory',
  },
  acceptInventoryWithdrawal: { staff: ['RequestWithdrawal'], consigner: [], to: 'Withdrawn', area: 'Inventory' },
  declineInventoryWithdrawal: {
    staff: ['RequestWithdrawal'],
    consigner: [],
    to: 'WithdrawalDeclined',
    area: 'Inventory',
  },
  withdrawInventory: {
    staff: ['Active', 'RequestPriceChange', 'RequestWithdrawal', 'WithdrawalDeclined', 'InTransit', 'Pending'],
    consigner: ['Pending'],
    to: 'Withdrawn',
    area: 'Inventory',
  },
  transfer: { staff: ['Active'], consigner: [], to: 'InTransit', area: 'Orders' },
  acceptTransfer: { staff: ['InTransit'], consigner: [], to: 'Active', area: 'Inventory' },
  markPendingSale: { staff: ['Active'], consigner: [], to: 'PendingSale', area: 'Orders' },
  markSold: { staff: ['Active', 'PendingSale'], consigner: [], to: 'Sold', area: 'Orders' },
  markPaid: { staff: ['Sold'], consigner: [], to: 'Paid', area: 'Orders' },
  markPrinted: { staff: ['Active'], consigner: [], to: 'same', area: 'Inventory' },
};

function expectError(fn: () => unknown, code: DomainError['code'], message?: string | RegExp): void {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    expect((e as DomainError).code).toBe(code);
    if (message !== undefined) expect((e as DomainError).message).toMatch(message);
    return;
  }
  throw new Error(`expected a ${code} DomainError`);
}

const expectedResult = (row: Row, status: InventoryStatus) => (row.to === 'same' ? status : row.to);
const staffWith = (accessControls: Area[] | null) => ({ kind: 'staff' as const, accessControls });
const owner = { kind: 'consigner' as const, ownsItem: true };
const stranger = { kind: 'consigner' as const, ownsItem: false };

describe('INVENTORY_STATUSES', () => {
  it('lists the fifteen statuses of the transition table', () => {
    expect(INVENTORY_STATUSES).toEqual([
      'Pending', 'Requested', 'Active', 'RequestPriceChange', 'StoreRequestPriceChange', 'RequestWithdrawal',
      'WithdrawalDeclined', 'InTransit', 'Withdrawn', 'Declined', 'PendingSale', 'Sold', 'Paid', 'Consignment', 'Buying',
    ]);
  });

  it('recognises statuses and rejects view names', () => {
    expect(isInventoryStatus('Active')).toBe(true);
    expect(isInventoryStatus('Incoming')).toBe(false);
    expect(isInventoryStatus(3)).toBe(false);
  });
});

describe('INVENTORY_ACTIONS data', () => {
  it('has exactly the actions of the table', () => {
    expect([...INVENTORY_ACTION_NAMES].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(INVENTORY_ACTION_NAMES)('%s matches design.md', (action) => {
    const row = EXPECTED[action];
    const data = INVENTORY_ACTIONS[action];
    expect(data.to).toBe(row.to);
    expect([...allowedFrom(action, 'staff')].sort()).toEqual([...row.staff].sort());
    expect([...allowedFrom(action, 'consigner')].sort()).toEqual([...row.consigner].sort());
    expect(data.staff).toBe(row.staff.length > 0);
    expect(data.consigner).toBe(row.consigner.length > 0);
    if (data.staff) expect(data.staffArea).toBe(row.area);
  });

  it('maps each bulk operation to its single-item row', () => {
    expect(BULK_ACTIONS).toEqual({
      bulkAcceptRequestToSell: 'acceptRequestToSell',
      bulkDeclineRequestToSell: 'declineInventory',
      bulkAcceptInventory: 'acceptInventory',
      bulkPrintInventory: 'markPrinted',
    });
  });
});

describe('transition: every action x every status', () => {
  for (const action of INVENTORY_ACTION_NAMES) {
    const row = EXPECTED[action];
    describe(action, () => {
      for (const status of INVENTORY_STATUSES) {
        const staffAllowed = row.staff.includes(status);
        const consignerAllowed = row.consigner.includes(status);

        it(`staff (no access list) from ${status}: ${staffAllowed ? 'allowed' : 'refused'}`, () => {
          if (staffAllowed) {
            expect(transition(action, status, staffWith(null))).toBe(expectedResult(row, status));
          } else if (row.staff.length === 0) {
            expectError(() => transition(action, status, staffWith(null)), 'FORBIDDEN');
          } else {
            expectError(() => transition(action, status, staffWith(null)), 'CONFLICT', /^Cannot .+ an item that is .+/);
          }
        });

        if (row.area !== null && row.staff.length > 0) {
          const area = row.area;
          it(`staff with only the ${area} area from ${status}: same as unrestricted`, () => {
            expect(canTransition(action, status, staffWith([area]))).toBe(staffAllowed);
          });
          it(`staff lacking ${area} from ${status}: forbidden`, () => {
            const others = AREAS.filter((a) => a !== area);
            expectError(() => transition(action, status, staffWith(others)), 'FORBIDDEN', new RegExp(area));
          });
        }

        it(`owning consigner from ${status}: ${consignerAllowed ? 'allowed' : 'refused'}`, () => {
          if (consignerAllowed) {
            expect(transition(action, status, owner)).toBe(expectedResult(row, status));
          } else if (row.consigner.length === 0) {
            expectError(() => transition(action, status, owner), 'FORBIDDEN');
          } else {
            expectError(() => transition(action, status, owner), 'CONFLICT');
          }
        });

        it(`other consigner from ${status}: forbidden`, () => {
          expectError(() => transition(action, status, stranger), 'FORBIDDEN');
        });
      }
    });
  }
});

describe('isAllowedFrom (what a screen may offer)', () => {
  it('transfers only Active items and accepts only InTransit ones', () => {
    expect(INVENTORY_STATUSES.filter((s) => isAllowedFrom('transfer', s))).toEqual(['Active']);
    expect(INVENTORY_STATUSES.filter((s) => isAllowedFrom('acceptTransfer', s))).toEqual(['InTransit']);
    expect(isAllowedFrom('transfer', 'Active', 'consigner')).toBe(false);
  });

  it.each(INVENTORY_ACTION_NAMES)('%s: agrees with transition for unrestricted staff on every status', (action) => {
    for (const status of INVENTORY_STATUSES) {
      if (INVENTORY_ACTIONS[action].staff) expect(isAllowedFrom(action, status)).toBe(canTransition(action, status, staffWith(null)));
      else expect(isAllowedFrom(action, status)).toBe(false);
    }
  });
});

describe('transition messages', () => {
  it('names the action and the status when the status refuses', () => {
    expectError(
      () => transition('acceptInventory', 'Active', staffWith(null)),
      'CONFLICT',
      'Cannot accept an item that is Active',
    );
  });

  it('shows Pending as Drop off pending in refusals', () => {
    expectError(
      () => transition('transfer', 'Pending', staffWith(null)),
      'CONFLICT',
      'Cannot transfer an item that is Drop off pending',
    );
  });

  it('checks the actor before the status', () => {
    expectError(() => transition('acceptInventory', 'Active', owner), 'FORBIDDEN');
  });

  it('refuses a consigner acting on someone else’s item', () => {
    expectError(
      () => transition('requestPriceChange', 'Active', stranger),
      'FORBIDDEN',
      'You cannot request a price change for an item you do not own',
    );
  });

  it('refuses a consigner an Active withdrawal as a conflict: they must request it', () => {
    expectError(() => transition('withdrawInventory', 'Active', owner), 'CONFLICT', 'Cannot withdraw an item that is Active');
  });
});

describe('availableActions', () => {
  it('offers staff the accept, decline, withdraw, delete and cancel actions on a Pending item', () => {
    expect(availableActions('Pending', staffWith(null)).sort()).toEqual(
      ['acceptInventory', 'cancelDropoff', 'declineInventory', 'deleteInventory', 'withdrawInventory'].sort(),
    );
  });

  it('offers nothing on a Paid item', () => {
    expect(availableActions('Paid', staffWith(null))).toEqual([]);
    expect(availableActions('Paid', owner)).toEqual([]);
  });

  it('offers an owning consigner the price change and withdrawal request on Active', () => {
    expect(availableActions('Active', owner).sort()).toEqual(['requestInventoryWithdrawal', 'requestPriceChange']);
  });
});

describe('setStatusByHand', () => {
  const ready = { safeInventoryStatusMode: false, hasLocation: true, hasAcceptedOn: true };

  it('allows any status to any other that does not mean money', () => {
    const plain = INVENTORY_STATUSES.filter((st) => !isMoneyStatus(st));
    for (const from of plain) {
      for (const to of plain) {
        expect(setStatusByHand(from, to, ready)).toBe(to);
      }
    }
  });

  it.each([
    [false, true],
    [true, false],
    [false, false],
  ])('refuses Active without a location (%s) or acceptedOn (%s)', (hasLocation, hasAcceptedOn) => {
    expectError(
      () => setStatusByHand('Pending', 'Active', { safeInventoryStatusMode: false, hasLocation, hasAcceptedOn }),
      'UNPROCESSABLE',
      'This item has not been accepted, you must accept it via the incoming tab.',
    );
  });

  it.each(['Sold', 'PendingSale', 'Paid'] as const)('refuses changing a %s item in safe mode', (from) => {
    expectError(() => setStatusByHand(from, 'Active', { ...ready, safeInventoryStatusMode: true }), 'CONFLICT');
  });

  it('lets safe mode change other statuses', () => {
    expect(setStatusByHand('Active', 'InTransit', { ...ready, safeInventoryStatusMode: true })).toBe('InTransit');
  });

  it.each(['PendingSale', 'Sold', 'Paid'] as const)('never sets %s by hand, safe mode on or off (only the sale and payout paths do)', (to) => {
    for (const safe of [false, true]) {
      expectError(() => setStatusByHand('Active', to, { ...ready, safeInventoryStatusMode: safe }), 'UNPROCESSABLE');
    }
  });

  it.each(['PendingSale', 'Sold', 'Paid'] as const)('never moves a %s item by hand with safe mode off (only undo, refund and payout do)', (from) => {
    expectError(() => setStatusByHand(from, 'Active', ready), 'UNPROCESSABLE');
  });

  it('locks the money fields of sold, paid and paid-out items', () => {
    expect(MONEY_STATUSES).toEqual(['PendingSale', 'Sold', 'Paid']);
    expect(isMoneyLocked({ status: 'Sold' })).toBe(true);
    expect(isMoneyLocked({ status: 'Active', payoutId: 'p' })).toBe(true);
    expect(isMoneyLocked({ status: 'Active', payoutId: null })).toBe(false);
  });

  it('treats choosing the same status as no change', () => {
    expect(setStatusByHand('Paid', 'Paid', { safeInventoryStatusMode: true, hasLocation: false, hasAcceptedOn: false })).toBe('Paid');
  });
});

describe('statusLabel and statusColor', () => {
  it('shows Pending as Drop off pending', () => {
    expect(statusLabel('Pending')).toBe('Drop off pending');
    expect(statusLabel('Pending', { isBuyingStore: true })).toBe('Drop off pending');
  });

  it('shows Buying as Instant Sell only in a buying store', () => {
    expect(statusLabel('Buying', { isBuyingStore: true })).toBe('Instant Sell');
    expect(statusLabel('Buying', { isBuyingStore: false })).toBe('Buying');
  });

  it('reads every status as words, never as its stored CamelCase name', () => {
    expect(INVENTORY_STATUSES.map((s) => statusLabel(s))).toEqual([
      'Drop off pending', 'Requested', 'Active', 'Price change', 'Store price request', 'Withdrawal request',
      'Withdrawal declined', 'In transit', 'Withdrawn', 'Declined', 'Pending sale', 'Sold', 'Paid', 'Consignment', 'Buying',
    ]);
    expect(statusLabel('InTransit', { isBuyingStore: true })).toBe('In transit');
    for (const s of INVENTORY_STATUSES) expect(statusLabel(s)).not.toMatch(/[a-z][A-Z]/);
  });

  it('colours Sold green and the rest orange for staff, red for consigners', () => {
    for (const s of INVENTORY_STATUSES) {
      expect(statusColor(s, 'staff')).toBe(s === 'Sold' ? 'green' : 'orange');
      expect(statusColor(s, 'consigner')).toBe(s === 'Sold' ? 'green' : 'red');
    }
  });
});

describe('status-dependent buttons', () => {
  it('shows Withdraw only where a withdrawal can be requested', () => {
    const shown = INVENTORY_STATUSES.filter(canWithdraw);
    expect(shown).toEqual(['Active', 'RequestPriceChange', 'WithdrawalDeclined', 'InTransit']);
    for (const hidden of ['Withdrawn', 'Pending', 'Requested', 'Declined', 'RequestWithdrawal', 'Paid', 'Sold'] as const) {
      expect(canWithdraw(hidden)).toBe(false);
    }
  });

  it('withdraws Pending directly and requests withdrawal for on-hand items', () => {
    const kinds = Object.fromEntries(INVENTORY_STATUSES.map((s) => [s, withdrawKind(s)]));
    expect(kinds).toEqual({
      Pending: 'withdraw',
      Requested: null,
      Active: 'request',
      RequestPriceChange: 'request',
      StoreRequestPriceChange: null,
      RequestWithdrawal: null,
      WithdrawalDeclined: 'request',
      InTransit: 'request',
      Withdrawn: null,
      Declined: null,
      PendingSale: null,
      Sold: null,
      Paid: null,
      Consignment: null,
      Buying: null,
    });
  });

  it('asks the matching confirmation for each withdrawal kind', () => {
    expect(withdrawConfirmation('Pending')).toBe('Are you sure you want to withdraw this item?');
    expect(withdrawConfirmation('Active')).toBe('Are you sure you want to request withdrawal of this item?');
    expect(withdrawConfirmation('Sold')).toBeNull();
  });

  it('hides Edit for Withdrawn and Declined only', () => {
    expect(INVENTORY_STATUSES.filter((s) => !canEdit(s))).toEqual(['Withdrawn', 'Declined']);
  });

  it('offers cancel drop-off for Requested and Pending only', () => {
    expect(INVENTORY_STATUSES.filter(canCancelDropoff)).toEqual(['Pending', 'Requested']);
  });

  it('offers a price change request for Active and RequestPriceChange only', () => {
    expect(INVENTORY_STATUSES.filter(canRequestPriceChange)).toEqual(['Active', 'RequestPriceChange']);
  });

  it('allows bulk price edits on Active only', () => {
    expect(INVENTORY_STATUSES.filter(canBulkEditPrice)).toEqual(['Active']);
  });

  it('locks the status dropdown for sold items in safe mode, and Pending too in bulk', () => {
    expect(INVENTORY_STATUSES.filter((s) => isStatusDropdownDisabled(s, true))).toEqual(['PendingSale', 'Sold', 'Paid']);
    expect(INVENTORY_STATUSES.filter((s) => isStatusDropdownDisabled(s, true, { bulk: true }))).toEqual([
      'Pending', 'PendingSale', 'Sold', 'Paid',
    ]);
    expect(INVENTORY_STATUSES.filter((s) => isStatusDropdownDisabled(s, false, { bulk: true }))).toEqual([]);
  });

  it('confirms deletes per status', () => {
    expect(deleteConfirmation('Pending')).toBe('Sure to delete?');
    for (const s of ['Consignment', 'Buying', 'Requested'] as const) {
      expect(deleteConfirmation(s)).toBe('Do you want to cancel this Dropoff?');
    }
    expect(deleteConfirmation('Active')).toBeNull();
  });

  it('offers delete only where the table allows it', () => {
    for (const s of INVENTORY_STATUSES) {
      expect(deleteConfirmation(s) !== null).toBe(canTransition('deleteInventory', s, staffWith(null)));
    }
  });

  it('never offers a button the table would refuse its actor', () => {
    for (const s of INVENTORY_STATUSES) {
      if (canRequestPriceChange(s)) expect(canTransition('requestPriceChange', s, owner)).toBe(true);
      if (canCancelDropoff(s)) expect(canTransition('cancelDropoff', s, owner)).toBe(true);
      if (withdrawKind(s) === 'withdraw') expect(canTransition('withdrawInventory', s, owner)).toBe(true);
      if (withdrawKind(s) === 'request') expect(canTransition('requestInventoryWithdrawal', s, owner)).toBe(true);
      if (canWithdraw(s)) expect(withdrawKind(s)).not.toBeNull();
      if (bulkActionLabel(s) === 'Bulk Accept') {
        expect(canTransition('acceptInventory', s, staffWith(null)) || canTransition('acceptRequestToSell', s, staffWith(null))).toBe(true);
      }
      if (bulkActionLabel(s) === 'Print page items') expect(canTransition('markPrinted', s, staffWith(null))).toBe(true);
      if (canBulkDecline(s)) expect(canTransition('declineInventory', s, staffWith(null))).toBe(true);
      // Edit is hidden exactly where the item has left the shop for good without a sale.
      if (!canEdit(s)) expect(availableActions(s, staffWith(null))).toEqual([]);
      // The safe-mode dropdown lock and setStatusByHand agree.
      if (isStatusDropdownDisabled(s, true) && s !== 'Active') {
        expectError(() => setStatusByHand(s, 'Active', { safeInventoryStatusMode: true, hasLocation: true, hasAcceptedOn: true }), 'CONFLICT');
      }
      if (!isStatusDropdownDisabled(s, true, { bulk: true })) {
        const other = s === 'Withdrawn' ? 'Declined' : 'Withdrawn';
        expect(setStatusByHand(s, other, { safeInventoryStatusMode: true, hasLocation: true, hasAcceptedOn: true })).toBe(other);
      }
    }
  });

  it('labels the bulk button by list status', () => {
    expect(bulkActionLabel('Active')).toBe('Print page items');
    expect(bulkActionLabel('Pending')).toBe('Bulk Accept');
    expect(bulkActionLabel('Requested')).toBe('Bulk Accept');
    expect(bulkActionLabel()).toBe('Re-print items');
    expect(bulkActionLabel(null)).toBe('Re-print items');
    expect(bulkActionLabel('Withdrawn')).toBeNull();
  });

  it('offers bulk decline for Pending and Requested only', () => {
    expect(INVENTORY_STATUSES.filter((s) => canBulkDecline(s))).toEqual(['Pending', 'Requested']);
    expect(canBulkDecline()).toBe(false);
  });
});

describe('LIST_VIEWS', () => {
  it('maps each staff list to its route, title and base filter', () => {
    const summary = Object.values(LIST_VIEWS).map((v) => [v.route, v.title, v.filter]);
    expect(summary).toEqual([
      ['/findInventory', 'Find Inventory', { status: 'Active' }],
      ['/buyingInventory', 'Buying', { status: 'Buying' }],
      ['/requestInventory', 'Consignment', { status: 'Consignment' }],
      ['/incomingInventory', 'Drop Off Pending', { status: 'Pending' }],
      ['/pendingPriceChangeInventory', 'Price Change', { status: 'RequestPriceChange' }],
      ['/requestedInventory', 'Requested', { status: 'Requested' }],
      ['/readyToPrint', 'Ready To Print', { status: 'Active', printed: false }],
      ['/pendingWithdrawalInventory', 'Withdrawal Request', { status: 'RequestWithdrawal' }],
      ['/withdrawnInventory', 'Withdrawn', { status: 'Withdrawn' }],
    ]);
  });

  it('titles each list with its staff menu entry, and the status it lists reads the same words', () => {
    const entries = new Map<string, string>();
    const walk = (items: readonly MenuItem[], group?: string) =>
      items.forEach((i) => {
        if (i.path) entries.set(i.path, group === 'Inventory' && i.label === 'Find' ? 'Find Inventory' : i.label);
        if (i.children) walk(i.children, i.label);
      });
    walk(STAFF_MENU);
    for (const v of Object.values(LIST_VIEWS)) {
      expect(entries.get(v.route), v.route).toBe(v.title);
      const named = v.key !== 'findInventory' && v.key !== 'readyToPrint';
      if (named) expect(statusLabel(v.filter.status).toLowerCase(), v.route).toBe(v.title.toLowerCase());
    }
  });

  it('offers Accept All on Drop Off Pending and Requested, and bulk edit on Find Inventory only', () => {
    expect(Object.values(LIST_VIEWS).filter((v) => v.acceptAll).map((v) => v.key)).toEqual([
      'incomingInventory',
      'requestedInventory',
    ]);
    expect(Object.values(LIST_VIEWS).filter((v) => v.bulkEdit).map((v) => v.key)).toEqual(['findInventory']);
  });
});
