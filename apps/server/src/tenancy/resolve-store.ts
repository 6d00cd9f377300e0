import { asc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { stores } from '../db/schema/index.ts';

export type StoreRow = typeof stores.$inferSelect;

const LOCAL_HOSTS = new Set(['localhost']);

export function hostnameOf(hostHeader: string | undefined): string {
  return (hostHeader ?? '').split(':')[0].trim().toLowerCase();
}

/**
 * Which store a request is for: its Host matched against domain, consignerUrl and inStoreUrl; else
 * the handle the user picked on the store landing page; else, on localhost, the first store.
 */
export async function resolveStore(db: DbOrTx, hostHeader: string | undefined, handleHeader: string | undefined): Promise<StoreRow | null> {
  const host = hostnameOf(hostHeader);
  if (host) {
    const [byHost] = await db
      .select()
      .from(stores)
      .where(or(eq(stores.domain, host), eq(stores.consignerUrl, host), eq(stores.inStoreUrl, host)))
      .limit(1);
    if (byHost) return byHost;
  }
  const handle = handleHeader?.trim().toLowerCase();
  if (handle) {
    const [byHandle] = await db.select().from(stores).where(eq(stores.handle, handle)).limit(1);
    if (byHandle) return byHandle;
  }
  if (LOCAL_HOSTS.has(host)) {
    const [first] = await db.select().from(stores).orderBy(asc(stores.createdAt), asc(stores.id)).limit(1);
    return first ?? null;
  }
  return null;
}
