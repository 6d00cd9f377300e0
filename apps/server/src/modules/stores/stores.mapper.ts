import type { ZPublicStore } from '@backroom/domain';
import type { z } from 'zod';
import type { StoreRow } from './stores.repository.ts';

/** What anyone may know of a store before signing in. */
export function toPublicStore(s: StoreRow): z.input<typeof ZPublicStore> {
  return {
    id: s.id,
    name: s.name,
    handle: s.handle,
    domain: s.domain,
    logo: s.logo,
    supportEmail: s.supportEmail,
    currency: s.currency,
    isBuyingStore: s.isBuyingStore,
    termsOfService: s.termsOfService,
    maintenanceMode: s.maintenanceMode,
    onlineMarketplace: s.onlineMarketplace,
    // the item screen locks its status dropdown in safe mode
    safeInventoryStatusMode: s.safeInventoryStatusMode,
    redirectURL: s.redirectURL,
    shipInstructions: s.shipInstructions,
    signupInfo: s.signupInfo,
    payoutOptions: s.payoutOptions,
    bankFields: s.bankFields,
  };
}
