import { z } from 'zod';
import { AREAS } from '../access.ts';
import { requiredString, safeString } from './common.ts';

export const ZEmployeeInput = z.object({
  firstName: requiredString('First name is required'),
  lastName: requiredString('Last name is required'),
  email: safeString('email', 'Email', { error: 'Email is required' }).trim().pipe(z.email({ error: 'Please enter a valid email' })),
});
export type TEmployeeInput = z.infer<typeof ZEmployeeInput>;

/** PUT /api/employees/{id} */
export const ZEmployeeUpdate = z.object({
  accessControls: z.array(z.enum(AREAS)).optional(),
  isActive: z.boolean().optional(),
});
export type TEmployeeUpdate = z.infer<typeof ZEmployeeUpdate>;

// ---------------------------------------------------------------------------------------------
// Responses (issue 9). The invite token never leaves in a response: only the invite e-mail carries it.

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

/** GET /open/employees/{id}: what the invite page shows (with the invite's token only). */
export const ZEmployeeInvite = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  storeId: z.string(),
  invited: z.boolean(),
});
