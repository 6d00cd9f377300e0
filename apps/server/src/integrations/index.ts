// What other modules may use of the integrations module (docs/architecture.md, "Modules"): a store's
// outside services, their settings and credentials (encrypted at rest: secrets.ts).
import { integrationsRepository } from './integrations.repository.ts';

export type { IntegrationKind, IntegrationRow } from './integrations.repository.ts';
export { hasStorefront, readIntegration, type ReadIntegration } from './integrations.service.ts';
export { decryptSecret, encryptSecret } from './secrets.ts';

/** A store's integration rows, for the modules that hold a connection (storefront, order imports, payouts). */
export const integrationRecords = {
  find: integrationsRepository.find,
  findHeld: integrationsRepository.findHeld,
  list: integrationsRepository.list,
  lockForChange: integrationsRepository.lockForChange,
  upsert: integrationsRepository.upsert,
  advanceSyncedUntil: integrationsRepository.advanceSyncedUntil,
};
export { createLinnworksClient, LINNWORKS_IDS_PER_CALL, LinnworksError, type LinnworksClient, type LinnworksCredentials, type LinnworksOrder } from './linnworks/linnworks.client.ts';
