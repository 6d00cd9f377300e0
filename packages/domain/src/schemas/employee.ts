import { z } from 'zod';
import { AREAS } from '../access.ts';
import { requiredString } from './common.ts';

export const ZEmployeeInput = z.object({
  firstName: requiredString('First name is required'),
  lastName: requiredString('Last name is required'),
  email: z.string({ error: 'Email is required' }).trim().pipe(z.email({ error: 'Please enter a valid email' })),
});
export type TEmployeeInput = z.infer<typeof ZEmployeeInput>;

/** PUT /api/employees/{id} */
export const ZEmployeeUpdate = z.object({
  accessControls: z.array(z.enum(AREAS)).optional(),
  isActive: z.boolean().optional(),
});
export type TEmployeeUpdate = z.infer<typeof ZEmployeeUpdate>;
