import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { storeIntegrations } from '../db/schema/index.ts';

export type IntegrationKind = (typeof storeIntegrations.$inferSelect)['kind'];
export type IntegrationRow = typeof storeIntegrations.$inferSelect;

/** A store's outside services (db/schema/money.ts store_integrations). `secret` is ciphertext (secrets.ts). */
export const integrationsRepository = {
  list: async (db: DbOrTx, storeId: string) => db.select().from(storeIntegrations).where(eq(storeIntegrations.storeId, storeId)),
  find: async (db: DbOrTx, storeId: string, kind: IntegrationKind) =>
    (await db.select().from(storeIntegrations).where(and(eq(storeIntegrations.storeId, storeId), eq(storeIntegrations.kind, kind))).limit(1))[0] ?? null,
  /**
   * The row, locked until the transaction ends (created empty first when missing), so two changes of
   * one store's credentials at once apply one after the other and neither loses the other's field.
   */
  lockForChange: async (tx: DbOrTx, storeId: string, kind: IntegrationKind) => {
    await tx.insert(storeIntegrations).values({ storeId, kind }).onConflictDoNothing();
    return (
      await tx
        .select()
        .from(storeIntegrations)
        .where(and(eq(storeIntegrations.storeId, storeId), eq(storeIntegrations.kind, kind)))
        .for('update')
        .limit(1)
    )[0]!;
  },
  /** The row, held (FOR SHARE) until the transaction ends: a change of the connection (a disconnect, shop/redact) waits for it. */
  findHeld: async (tx: DbOrTx, storeId: string, kind: IntegrationKind) =>
    (
      await tx
        .select()
        .from(storeIntegrations)
        .where(and(eq(storeIntegrations.storeId, storeId), eq(storeIntegrations.kind, kind)))
        .for('share')
        .limit(1)
    )[0] ?? null,
  /** Creates or changes one; `secret: undefined` keeps the stored secret, `null` removes it. */
  upsert: async (db: DbOrTx, storeId: string, kind: IntegrationKind, values: { enabled?: boolean; settings?: Record<string, unknown>; secret?: string | null }) => {
    const set = { ...values, updatedAt: new Date() };
    return (
      await db
        .insert(storeIntegrations)
        .values({ storeId, kind, enabled: values.enabled ?? false, settings: values.settings ?? {}, secret: values.secret ?? null })
        .onConflictDoUpdate({ target: [storeIntegrations.storeId, storeIntegrations.kind], set })
        .returning()
    )[0];
  },
  /** Moves an order source's import cursor forward (never back). */
  advanceSyncedUntil: async (db: DbOrTx, storeId: string, kind: IntegrationKind, until: Date) =>
    db
      .update(storeIntegrations)
      .set({ syncedUntil: sql`greatest(coalesce(${storeIntegrations.syncedUntil}, ${until}), ${until})` })
      .where(and(eq(storeIntegrations.storeId, storeId), eq(storeIntegrations.kind, kind))),
};
