import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AREAS, type Area } from './access.ts';
import {
  EMPLOYEE_MESSAGES,
  addedAreas,
  employeeChangeRefusal,
  employeeStatus,
  isStoreAdministrator,
  normaliseAreas,
  type EmployeeChange,
  type EmployeeState,
} from './employees.ts';

const owner: EmployeeState = { id: 'owner', role: 'Admin', isActive: true, accessControls: null, fbUserId: 'u-owner' };
const clerk: EmployeeState = { id: 'clerk', role: 'Employee', isActive: true, accessControls: ['Inventory', 'Employees'], fbUserId: 'u-clerk' };
const invited: EmployeeState = { id: 'new', role: 'Employee', isActive: true, accessControls: [], fbUserId: null };
const staff = [owner, clerk, invited];

const refusal = (actor: EmployeeState, target: EmployeeState, change: EmployeeChange, all: readonly EmployeeState[] = staff) => {
  const error = employeeChangeRefusal(actor, target, change, all);
  return error ? [error.code, error.message] : null;
};

describe('isStoreAdministrator', () => {
  it('is an active Admin who accepted the invite and has Employees and Settings', () => {
    expect(isStoreAdministrator(owner)).toBe(true);
    expect(isStoreAdministrator({ ...owner, accessControls: ['Employees', 'Settings'] })).toBe(true);
    expect(isStoreAdministrator({ ...owner, accessControls: ['Employees', 'Inventory'] })).toBe(false);
    expect(isStoreAdministrator({ ...owner, accessControls: ['Settings'] })).toBe(false);
    expect(isStoreAdministrator({ ...owner, isActive: false })).toBe(false);
    expect(isStoreAdministrator({ ...owner, fbUserId: null })).toBe(false);
    expect(isStoreAdministrator({ ...owner, role: 'Employee' })).toBe(false);
  });
});

describe('employeeStatus', () => {
  it('reads Invited until the invite is accepted, Disabled when inactive', () => {
    expect(employeeStatus(invited)).toBe('Invited');
    expect(employeeStatus(clerk)).toBe('Active');
    expect(employeeStatus({ ...clerk, isActive: false })).toBe('Disabled');
    expect(employeeStatus({ ...invited, isActive: false })).toBe('Disabled');
  });
});

describe('areas', () => {
  it('keeps the spec order without duplicates', () => {
    expect(normaliseAreas(['Settings', 'Inventory', 'Settings'])).toEqual(['Inventory', 'Settings']);
    expect(normaliseAreas(null)).toBeNull();
  });
  it('lists what a change adds', () => {
    expect(addedAreas(['Inventory'], ['Inventory', 'Orders'])).toEqual(['Orders']);
    expect(addedAreas(null, ['Inventory'])).toEqual([]);
    expect(addedAreas(['Inventory'], null)).toEqual(AREAS.filter((a) => a !== 'Inventory'));
  });
});

describe('employeeChangeRefusal', () => {
  it('lets an Admin change areas, disable, promote and delete other employees', () => {
    expect(refusal(owner, clerk, { kind: 'update', accessControls: ['Orders'] })).toBeNull();
    expect(refusal(owner, clerk, { kind: 'update', isActive: false })).toBeNull();
    expect(refusal(owner, clerk, { kind: 'update', role: 'Admin' })).toBeNull();
    expect(refusal(owner, clerk, { kind: 'delete' })).toBeNull();
  });

  it('keeps the role and other Admins to Admins', () => {
    expect(refusal(clerk, invited, { kind: 'update', role: 'Admin' })).toEqual(['FORBIDDEN', EMPLOYEE_MESSAGES.roleByAdminOnly]);
    expect(refusal(clerk, owner, { kind: 'update', accessControls: ['Inventory'] })).toEqual(['FORBIDDEN', EMPLOYEE_MESSAGES.adminByAdminOnly]);
    expect(refusal(clerk, owner, { kind: 'delete' })).toEqual(['FORBIDDEN', EMPLOYEE_MESSAGES.adminByAdminOnly]);
    // the same role sent back is no change
    expect(refusal(clerk, invited, { kind: 'update', role: 'Employee', accessControls: ['Inventory'] })).toBeNull();
  });

  it('lets someone who is not an Admin grant only the areas they have', () => {
    expect(refusal(clerk, invited, { kind: 'update', accessControls: ['Inventory', 'Settings', 'Orders'] })).toEqual([
      'FORBIDDEN',
      EMPLOYEE_MESSAGES.grantOwnOnly(['Orders', 'Settings']),
    ]);
    expect(refusal(clerk, clerk, { kind: 'update', accessControls: ['Inventory', 'Employees', 'Settings'] })).toEqual(['FORBIDDEN', EMPLOYEE_MESSAGES.grantOwnOnly(['Settings'])]);
    // taking away is always allowed, and areas the target already had may stay
    const wide: EmployeeState = { ...invited, accessControls: ['Orders', 'Inventory'] };
    expect(refusal(clerk, wide, { kind: 'update', accessControls: ['Orders'] })).toBeNull();
    expect(refusal(clerk, clerk, { kind: 'update', accessControls: ['Inventory'] })).toBeNull();
  });

  it('refuses disabling or deleting oneself', () => {
    expect(refusal(clerk, clerk, { kind: 'update', isActive: false })).toEqual(['UNPROCESSABLE', EMPLOYEE_MESSAGES.selfDisable]);
    expect(refusal(clerk, clerk, { kind: 'delete' })).toEqual(['UNPROCESSABLE', EMPLOYEE_MESSAGES.selfDelete]);
    expect(refusal(owner, owner, { kind: 'delete' }, [owner, { ...clerk, role: 'Admin', accessControls: null }])).toEqual(['UNPROCESSABLE', EMPLOYEE_MESSAGES.selfDelete]);
  });

  it('never lets the last store administrator go', () => {
    const second: EmployeeState = { ...clerk, id: 'second', role: 'Admin', accessControls: ['Employees', 'Settings'] };
    expect(refusal(second, owner, { kind: 'delete' }, [owner, second])).toBeNull();
    // the second Admin is the last one once the owner is out
    const ownerGone = [{ ...owner, isActive: false }, second];
    const ownerActor = { ...owner };
    expect(refusal(ownerActor, second, { kind: 'delete' }, ownerGone)).toEqual(['CONFLICT', EMPLOYEE_MESSAGES.lastAdminDelete]);
    expect(refusal(ownerActor, second, { kind: 'update', isActive: false }, ownerGone)).toEqual(['CONFLICT', EMPLOYEE_MESSAGES.lastAdminDisable]);
    expect(refusal(ownerActor, second, { kind: 'update', role: 'Employee' }, ownerGone)).toEqual(['CONFLICT', EMPLOYEE_MESSAGES.lastAdminDemote]);
    expect(refusal(ownerActor, second, { kind: 'update', accessControls: ['Employees'] }, ownerGone)).toEqual(['CONFLICT', EMPLOYEE_MESSAGES.lastAdminDemote]);
    // losing an area that is not needed to run the store is fine
    expect(refusal(owner, owner, { kind: 'update', accessControls: ['Employees', 'Settings', 'Inventory'] })).toBeNull();
    expect(refusal(owner, owner, { kind: 'update', accessControls: ['Inventory', 'Settings'] })).toEqual(['CONFLICT', EMPLOYEE_MESSAGES.lastAdminDemote]);
    expect(refusal(owner, owner, { kind: 'update', role: 'Employee' })).toEqual(['CONFLICT', EMPLOYEE_MESSAGES.lastAdminDemote]);
  });

  it('does not count an Admin who has not accepted the invite, or a disabled one', () => {
    const pending: EmployeeState = { ...invited, id: 'p', role: 'Admin', accessControls: null };
    const off: EmployeeState = { ...clerk, id: 'off', role: 'Admin', accessControls: null, isActive: false };
    expect(refusal(owner, owner, { kind: 'update', role: 'Employee' }, [owner, pending, off])).toEqual(['CONFLICT', EMPLOYEE_MESSAGES.lastAdminDemote]);
  });

  it('after any allowed change the store still has an administrator (property)', () => {
    const area = fc.constantFrom(...AREAS);
    const areas = fc.option(fc.uniqueArray(area, { maxLength: AREAS.length }), { nil: null });
    const employee = (id: string) =>
      fc.record({
        id: fc.constant(id),
        role: fc.constantFrom('Admin' as const, 'Employee' as const),
        isActive: fc.boolean(),
        accessControls: areas,
        fbUserId: fc.option(fc.constant(`u-${id}`), { nil: null }),
      });
    const change: fc.Arbitrary<EmployeeChange> = fc.oneof(
      fc.constant({ kind: 'delete' as const }),
      fc.record(
        { kind: fc.constant('update' as const), role: fc.constantFrom('Admin' as const, 'Employee' as const), isActive: fc.boolean(), accessControls: areas as fc.Arbitrary<Area[] | null> },
        { requiredKeys: ['kind'] },
      ),
    );
    fc.assert(
      fc.property(fc.tuple(employee('a'), employee('b'), employee('c')), fc.nat(2), fc.nat(2), change, (all, actorIndex, targetIndex, c) => {
        const actor = all[actorIndex]!;
        const target = all[targetIndex]!;
        if (!all.some(isStoreAdministrator)) return;
        if (employeeChangeRefusal(actor, target, c, all)) return;
        const after = c.kind === 'delete' ? all.filter((e) => e.id !== target.id) : all.map((e) => (e.id === target.id ? { ...e, ...c, accessControls: c.accessControls === undefined ? e.accessControls : c.accessControls } : e));
        expect(after.some(isStoreAdministrator)).toBe(true);
      }),
    );
  });
});
