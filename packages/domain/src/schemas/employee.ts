import { z } from 'zod';
import { AREAS } from '../access.ts';
import { requiredString, safeString } from './common.ts';

export const ZEmployeeInput = z.object({
  firstName: requiredString('First name is required'),
  lastName: requiredString('Last name is required'),
  email: safeString('email', 'Email', { error: 'Email is required' }).trim().pipe(z.email({ error: 'Please enter a valid email' })),
});
export type TEmployeeInput = z.infer<typeof ZEmployeeInput>;

const ZArea = z.enum(AREAS, { error: `Access areas are ${AREAS.join(', ')}` });

/**
 * PUT /api/employees/{id}: the spec's accessControls and isActive, and (docs/people.md) the names and the
 * role. Fields left out stay as they are. Who may change what: employeeChangeRefusal (employees.ts).
 */
export const ZEmployeeUpdate = z.object({
  firstName: requiredString('First name is required', 'name', 'First name').optional(),
  lastName: requiredString('Last name is required', 'name', 'Last name').optional(),
  accessControls: z.array(ZArea).max(AREAS.length, { error: `At most ${AREAS.length} access areas` }).optional(),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  role: z.enum(['Admin', 'Employee'], { error: 'Role must be Admin or Employee' }).optional(),
});
export type TEmployeeUpdate = z.infer<typeof ZEmployeeUpdate>;

// ---------------------------------------------------------------------------------------------
// Responses (docs/api-foundation.md). The invite token never leaves in a response: only the invite e-mail carries it.

export const ZEmployee = z.object({
  id: z.string(),
  storeId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** null = every area */
  accessControls: z.array(z.enum(AREAS)).nullable(),
  role: z.enum(['Admin', 'Employee']),
  isActive: z.boolean(),
  /** the linked sign-in identity; null until the invite is accepted */
  fbUserId: z.string().nullable(),
  invitedAt: z.string().nullable(),
  createdAt: z.string(),
});

/** POST /api/employees/deleteEmployee/{id} */
export const ZEmployeeDeleted = z.object({ id: z.string() });

export const EMPLOYEE_LOG_ACTIONS = ['invited', 'accepted', 'updated', 'deleted'] as const;

const ZEmployeeLogValue = z.union([z.string(), z.boolean(), z.array(z.string()), z.null()]);

/** GET /api/employees/{id}/logs: who changed what of an employee, newest first. */
export const ZEmployeeLog = z.object({
  id: z.string(),
  employeeId: z.string(),
  action: z.enum(EMPLOYEE_LOG_ACTIONS),
  // names and role are text, isActive a boolean, accessControls a list (null = every area)
  changes: z.array(z.object({ field: z.string(), before: ZEmployeeLogValue, after: ZEmployeeLogValue })),
  byId: z.string().nullable(),
  byName: z.string().nullable(),
  createdAt: z.string(),
});

/** GET /open/employees/{id}: what the invite page shows (with the invite's token only). */
export const ZEmployeeInvite = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  storeId: z.string(),
  invited: z.boolean(),
});
