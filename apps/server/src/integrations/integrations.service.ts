// A store's outside services (docs/payouts-automated.md "Integrations"): GET
// /api/stores/integrations and PUT /api/stores/integrations/{kind}, and readIntegration for the code
// that uses them (payout providers, the Linnworks import). Credentials are encrypted at rest
// (secrets.ts) and never returned: the API says whether each is set.
import {
  INTEGRATION_KINDS,
  INTEGRATION_MESSAGES,
  INTEGRATIONS,
  parseIntegrationUpdate,
  type IntegrationCredentials,
  type IntegrationDefinition,
  type IntegrationKind,
  type IntegrationMode,
  type TIntegrationSettings,
  type ZIntegrationUpdate,
} from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import type { EmployeeActor } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { badRequest, forbidden, unprocessable } from '../http/errors.ts';
import type { Tenant } from '../tenancy/tenant.ts';
import { toIntegration } from './integrations.mapper.ts';
import { integrationsRepository, type IntegrationRow } from './integrations.repository.ts';
import { decryptSecret, encryptSecret } from './secrets.ts';

/** Credentials decide where a store's money goes: Admins only (with Settings access, checked by the route). */
function requireAdmin(actor: EmployeeActor) {
  if (actor.role !== 'Admin') throw forbidden(INTEGRATION_MESSAGES.onlyAdmin);
}

const credentialsOf = (ctx: AppContext, row: IntegrationRow | null) => decryptSecret<Record<string, string>>(ctx.config.authSecret, row?.secret) ?? null;

/** GET /api/stores/integrations */
export async function listIntegrations(ctx: AppContext, store: Tenant, actor: EmployeeActor) {
  requireAdmin(actor);
  const rows = await integrationsRepository.list(ctx.db, store.id);
  return {
    automatedPayout: store.automatedPayout,
    integrations: INTEGRATION_KINDS.map((kind) => {
      const row = rows.find((r) => r.kind === kind) ?? null;
      return toIntegration(kind, row, credentialsOf(ctx, row));
    }),
  };
}

/** PUT /api/stores/integrations/{kind}: turn on or off, choose the mode, set, replace or remove credentials. */
export async function updateIntegration(ctx: AppContext, store: Tenant, actor: EmployeeActor, kind: IntegrationKind, body: z.output<typeof ZIntegrationUpdate>) {
  requireAdmin(actor);
  const parsed = parseIntegrationUpdate(kind, body);
  if (!parsed.ok) throw badRequest(parsed.error);
  const { update } = parsed;
  const def: IntegrationDefinition = INTEGRATIONS[kind];
  return ctx.db.transaction(async (tx) => {
    const row = await integrationsRepository.lockForChange(tx, store.id, kind);
    const credentials: Record<string, string> = { ...(credentialsOf(ctx, row) ?? {}) };
    for (const [name, value] of Object.entries(update.credentials)) {
      if (value === null) delete credentials[name];
      else credentials[name] = value;
    }
    const enabled = update.enabled ?? row.enabled;
    const missing = def.credentials.filter((c) => !credentials[c.name]);
    // Turned on (or left on) without every credential, a payout would fail at the provider: refuse.
    if (enabled && missing.length > 0) throw unprocessable(INTEGRATION_MESSAGES.missingCredentials(def.label, missing.map((c) => c.label)));
    const settings: TIntegrationSettings = { ...(row.settings as TIntegrationSettings), ...(def.hasMode && update.mode ? { mode: update.mode } : {}) };
    const saved = await integrationsRepository.upsert(tx, store.id, kind, {
      enabled,
      settings,
      secret: Object.keys(credentials).length > 0 ? encryptSecret(ctx.config.authSecret, credentials) : null,
    });
    return toIntegration(kind, saved, credentials);
  });
}

export type ReadIntegration<K extends IntegrationKind> = {
  enabled: boolean;
  mode: IntegrationMode;
  /** Every credential of the kind, or null when one is missing or cannot be read. */
  credentials: IntegrationCredentials[K] | null;
  /** Turned on with every credential readable. */
  ready: boolean;
  syncedUntil: Date | null;
};

/** A store's integration for the code that calls the service (decrypted; never for a response). */
export async function readIntegration<K extends IntegrationKind>(ctx: AppContext, storeId: string, kind: K, db: DbOrTx = ctx.db): Promise<ReadIntegration<K>> {
  const row = await integrationsRepository.find(db, storeId, kind);
  const def: IntegrationDefinition = INTEGRATIONS[kind];
  const stored = credentialsOf(ctx, row);
  const complete = stored !== null && def.credentials.every((c) => Boolean(stored[c.name]));
  const credentials = complete ? (stored as unknown as IntegrationCredentials[K]) : null;
  const mode = ((row?.settings as TIntegrationSettings | undefined)?.mode ?? 'sandbox') as IntegrationMode;
  const enabled = row?.enabled ?? false;
  return { enabled, mode, credentials, ready: enabled && credentials !== null, syncedUntil: row?.syncedUntil ?? null };
}

/** The store sells through a connected storefront: its 'shopify' integration is on and has credentials. */
export async function hasStorefront(db: DbOrTx, storeId: string): Promise<boolean> {
  const row = await integrationsRepository.find(db, storeId, 'shopify');
  return Boolean(row?.enabled && row.secret);
}
