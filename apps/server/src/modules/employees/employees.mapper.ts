import type { EmployeeRow } from './employees.repository.ts';

export function toEmployee(e: EmployeeRow) {
  return {
    id: e.id,
    storeId: e.storeId,
    firstName: e.firstName,
    lastName: e.lastName,
    email: e.email,
    accessControls: e.accessControls,
    role: e.role,
    isActive: e.isActive,
    fbUserId: e.fbUserId,
    invitedAt: e.invitedAt,
    createdAt: e.createdAt,
  };
}
