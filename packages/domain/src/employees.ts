// Who may change an employee, and the store's last Admin (people doc sections 2, 4 and 6).
import { AREAS, hasArea, type Area } from './access.ts';
import { DomainError } from './errors.ts';

export type EmployeeRole = 'Admin' | 'Employee';

/** What the rules read of an employee. accessControls null = every area. */
export type EmployeeState = {
  id: string;
  role: EmployeeRole;
  isActive: boolean;
  accessControls: readonly Area[] | null;
  /** the linked sign-in; null while the invite is not accepted */
  fbUserId: string | null;
};

/** The areas an Admin must keep for the store to stay manageable: people and the store's own settings. */
export const ADMINISTRATION_AREAS = ['Employees', 'Settings'] as const satisfies readonly Area[];

/**
 * An employee who can run the store: role Admin, active, signed in at least once (invite accepted),
 * with Employees and Settings access. A store must always keep one.
 */
export function isStoreAdministrator(e: EmployeeState): boolean {
  return e.role === 'Admin' && e.isActive && e.fbUserId !== null && ADMINISTRATION_AREAS.every((area) => hasArea(e.accessControls, area));
}

/** The status shown in the employees table (people doc section 4: invited, then active or inactive). */
export type EmployeeStatus = 'Invited' | 'Active' | 'Disabled';

export function employeeStatus(e: Pick<EmployeeState, 'isActive' | 'fbUserId'>): EmployeeStatus {
  if (!e.isActive) return 'Disabled';
  return e.fbUserId ? 'Active' : 'Invited';
}

/** The areas of a list in the spec's order, without duplicates; null (every area) stays null. */
export function normaliseAreas(areas: readonly Area[] | null): Area[] | null {
  if (areas === null) return null;
  return AREAS.filter((a) => areas.includes(a));
}

/** Areas in `after` that `before` did not grant (before null = every area, so nothing is new). */
export function addedAreas(before: readonly Area[] | null, after: readonly Area[] | null): Area[] {
  if (before === null) return [];
  if (after === null) return AREAS.filter((a) => !before.includes(a));
  return AREAS.filter((a) => after.includes(a) && !before.includes(a));
}

export type EmployeeChange =
  | { kind: 'update'; role?: EmployeeRole; isActive?: boolean; accessControls?: readonly Area[] | null }
  | { kind: 'delete' };

export type EmployeeActorState = { id: string; role: EmployeeRole; accessControls: readonly Area[] | null };

export const LAST_ADMIN_HINT = 'Make another employee an Admin with Employees and Settings access first.';
export const EMPLOYEE_MESSAGES = {
  roleByAdminOnly: "Only an Admin can change an employee's role",
  adminByAdminOnly: 'Only an Admin can change or delete an Admin',
  grantOwnOnly: (areas: readonly Area[]) => `You can only grant access you have yourself (not ${areas.join(', ')})`,
  selfDisable: 'You cannot disable your own account',
  selfDelete: 'You cannot delete your own account',
  lastAdminDelete: `The last active Admin of the store cannot be deleted. ${LAST_ADMIN_HINT}`,
  lastAdminDisable: `The last active Admin of the store cannot be disabled. ${LAST_ADMIN_HINT}`,
  lastAdminDemote: `The last active Admin of the store must keep the Admin role and Employees and Settings access. ${LAST_ADMIN_HINT}`,
} as const;

/** The employee after an update (names aside). */
export function applyEmployeeChange(before: EmployeeState, change: Extract<EmployeeChange, { kind: 'update' }>): EmployeeState {
  return {
    ...before,
    role: change.role ?? before.role,
    isActive: change.isActive ?? before.isActive,
    accessControls: change.accessControls === undefined ? before.accessControls : normaliseAreas(change.accessControls),
  };
}

/**
 * Why `actor` may not make `change` to `target`, or null when it may. `staff` is every employee of
 * the store as it is now (the target included), read inside the change's transaction.
 *
 * - The role is changed by Admins only, and only an Admin changes or deletes an Admin: an employee
 *   with Employees access manages the staff, not the people who run the store.
 * - Someone who is not an Admin grants only areas they have themselves (no granting oneself or a
 *   friend Settings through the Employees screen).
 * - Nobody disables or deletes themself: another person with Employees access does it (the change
 *   would end the session doing it, and a delete has no undo).
 * - The store keeps at least one store administrator (isStoreAdministrator): the last one cannot be
 *   deleted, disabled or demoted (role Employee, or losing Employees or Settings access).
 */
export function employeeChangeRefusal(actor: EmployeeActorState, target: EmployeeState, change: EmployeeChange, staff: readonly EmployeeState[]): DomainError | null {
  const isAdminActor = actor.role === 'Admin';
  const after = change.kind === 'update' ? applyEmployeeChange(target, change) : null;

  if (after && after.role !== target.role && !isAdminActor) return new DomainError('FORBIDDEN', EMPLOYEE_MESSAGES.roleByAdminOnly);
  if (target.role === 'Admin' && !isAdminActor) return new DomainError('FORBIDDEN', EMPLOYEE_MESSAGES.adminByAdminOnly);
  if (after && !isAdminActor) {
    const granted = addedAreas(target.accessControls, after.accessControls).filter((a) => !hasArea(actor.accessControls, a));
    if (granted.length > 0) return new DomainError('FORBIDDEN', EMPLOYEE_MESSAGES.grantOwnOnly(granted));
  }
  if (actor.id === target.id) {
    if (change.kind === 'delete') return new DomainError('UNPROCESSABLE', EMPLOYEE_MESSAGES.selfDelete);
    if (after && target.isActive && !after.isActive) return new DomainError('UNPROCESSABLE', EMPLOYEE_MESSAGES.selfDisable);
  }

  if (isStoreAdministrator(target) && !(after && isStoreAdministrator(after))) {
    const others = staff.filter((e) => e.id !== target.id && isStoreAdministrator(e));
    if (others.length === 0) {
      if (!after) return new DomainError('CONFLICT', EMPLOYEE_MESSAGES.lastAdminDelete);
      if (!after.isActive) return new DomainError('CONFLICT', EMPLOYEE_MESSAGES.lastAdminDisable);
      return new DomainError('CONFLICT', EMPLOYEE_MESSAGES.lastAdminDemote);
    }
  }
  return null;
}
