import { isArea, type ZEmployee } from '@backroom/domain';
import type { z } from 'zod';
import type { EmployeeRow } from './employees.repository.ts';

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
