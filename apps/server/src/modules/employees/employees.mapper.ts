import { isArea, type ZEmployee, type ZEmployeeLog } from '@backroom/domain';
import type { z } from 'zod';
import type { EmployeeLogRow, EmployeeRow } from './employees.repository.ts';

export function toEmployee(e: EmployeeRow): z.input<typeof ZEmployee> {
  return {
    id: e.id,
    storeId: e.storeId,
    firstName: e.firstName,
    lastName: e.lastName,
    email: e.email,
    accessControls: e.accessControls?.filter(isArea) ?? null,
    role: e.role,
    isActive: e.isActive,
    fbUserId: e.fbUserId,
    invitedAt: e.invitedAt?.toISOString() ?? null,
    createdAt: e.createdAt.toISOString(),
  };
}

export function toEmployeeLog(l: EmployeeLogRow): z.input<typeof ZEmployeeLog> {
  return {
    id: l.id,
    employeeId: l.employeeId,
    action: l.action,
    changes: l.changes,
    byId: l.byId,
    byName: l.byName,
    createdAt: l.createdAt.toISOString(),
  };
}
