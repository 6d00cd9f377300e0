import { z } from 'zod';
import { PEOPLE_MESSAGES } from '../messages.ts';
import { requiredString } from './common.ts';

export const ZSubLocationInput = z.object({
  locationName: requiredString(PEOPLE_MESSAGES.locationRequired),
  name: requiredString(PEOPLE_MESSAGES.sublocationRequired),
});
export type TSubLocationInput = z.infer<typeof ZSubLocationInput>;
