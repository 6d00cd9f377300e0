import { credentialHint, INTEGRATIONS, type IntegrationDefinition, type IntegrationKind, type ZIntegration } from '@backroom/domain';
import type { z } from 'zod';
import type { IntegrationRow } from './integrations.repository.ts';

/**
 * A store's integration as the API shows it: settings and, per credential, only whether it is set
 * and the last four characters of a long one. The decrypted credentials never reach the response.
 */
export function toIntegration(kind: IntegrationKind, row: IntegrationRow | null, credentials: Record<string, string> | null): z.input<typeof ZIntegration> {
  const def: IntegrationDefinition = INTEGRATIONS[kind];
  const states = def.credentials.map((c) => {
    const value = credentials?.[c.name];
    return { field: c.name, label: c.label, isSet: Boolean(value), lastFour: credentialHint(value) };
  });
  const enabled = row?.enabled ?? false;
  const mode = def.hasMode ? ((row?.settings as { mode?: 'sandbox' | 'live' } | undefined)?.mode ?? 'sandbox') : null;
  return {
    kind,
    label: def.label,
    purpose: def.purpose,
    enabled,
    hasMode: def.hasMode,
    mode,
    credentials: states,
    ready: enabled && states.every((s) => s.isSet),
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}
