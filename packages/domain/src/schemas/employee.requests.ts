// Request shapes of the employees API (people doc section 7).
import { z } from 'zod';
import { AREAS } from '../access.ts';
import { safeString } from './common.ts';

/** GET /api/employees */
export const ZEmployeesQuery = z.object({ search: safeString('search', 'Search').optional() });

/** POST /api/employees: create an employee and e-mail an invite (the service checks the required names). */
export const ZEmployeeCreateBody = z.object({
  firstName: safeString('name', 'First name').default(''),
  lastName: safeString('name', 'Last name').default(''),
  email: safeString('email', 'Email').default(''),
  accessControls: z.array(z.enum(AREAS)).nullable().optional(),
});

/** GET /open/employees/{id}: the invite link's token. */
export const ZEmployeeInviteQuery = z.object({ token: safeString('code', 'token').optional() });

/** POST accept an employee invite (with its token, or as the signed-in user). */
export const ZEmployeeInviteAccept = z.object({ token: safeString('code', 'token').optional(), fbUserId: safeString('code', 'fbUserId').min(1, 'fbUserId is required') });
