import { z } from 'zod';
import { PEOPLE_MESSAGES } from '../messages.ts';
import { requiredString } from './common.ts';

export const ZSubLocationInput = z.object({
  locationName: requiredString(PEOPLE_MESSAGES.locationRequired, 'name', 'Location'),
  name: requiredString(PEOPLE_MESSAGES.sublocationRequired, 'name', 'Sub-location name'),
});
export type TSubLocationInput = z.infer<typeof ZSubLocationInput>;

// ---------------------------------------------------------------------------------------------
// Responses (issue 9).

/** A location of the store; label and value let select inputs use it as it comes. */
export const ZLocation = z.object({ id: z.string(), name: z.string(), isMarketplace: z.boolean(), label: z.string(), value: z.string() });

/** A shelf or bin of a location (catalogue doc section 3). */
export const ZSubLocation = z.object({ id: z.string(), name: z.string(), locationName: z.string() });
