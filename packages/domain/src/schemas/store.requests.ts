// Request shapes of the stores and sub-locations APIs (people doc section 7, catalogue doc section 7).
import { z } from 'zod';
import { safeString } from './common.ts';

/** POST /open/stores: store signup, as a query (the spec's client) or a body. */
export const ZStoreSignupQuery = z.object({
  name: safeString('name', 'Name').optional(),
  email: safeString('email', 'Email').optional(),
  ownerName: safeString('name', 'Your name').optional(),
  handle: safeString('code', 'Handle').optional(),
  shop: safeString('name', 'Shop').optional(),
  accessToken: safeString('code', 'Access token').optional(),
  platform: safeString('name', 'Platform').optional(),
});

/** POST /api/subLocations */
export const ZSubLocationBody = z.object({ name: safeString('name', 'Sub-location name').nullish(), locationName: safeString('name', 'Location').nullish() });

/** PUT /api/subLocations/{id}: a rename; items at the old name follow. */
export const ZSubLocationRenameBody = z.object({ name: safeString('name', 'Sub-location name').nullish() });

/** `/api/stores/{id}` */
export const ZStoreIdParams = z.object({ id: safeString('code', 'Id') });

/** GET /open/stores/handle/{handle} */
export const ZStoreHandleParams = z.object({ handle: safeString('code', 'Handle') });

/** GET /open/stores/{domain} */
export const ZStoreDomainParams = z.object({ domain: safeString('url', 'Domain') });

/** GET /api/subLocations: those of one location, or all. */
export const ZSubLocationsQuery = z.object({ location: safeString('name', 'Location').optional() });
