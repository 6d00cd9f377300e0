import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { authThrottle } from '../db/schema/index.ts';

export type ThrottleRow = typeof authThrottle.$inferSelect;

export const throttleRepository = {
  /** The counters among `keys` still inside their window (last event after `since`). */
  findLive: async (db: DbOrTx, keys: string[], since: Date): Promise<ThrottleRow[]> =>
    keys.length ? db.select().from(authThrottle).where(and(inArray(authThrottle.key, keys), gte(authThrottle.lastAt, since))) : [],
  /** Counts one event; a counter whose last event is older than `since` starts again at 1. */
  bump: async (db: DbOrTx, key: string, now: Date, since: Date): Promise<number> => {
    const [row] = await db
      .insert(authThrottle)
      .values({ key, count: 1, lastAt: now })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          count: sql`case when ${authThrottle.lastAt} < ${since.toISOString()}::timestamptz then 1 else ${authThrottle.count} + 1 end`,
          lastAt: now,
        },
      })
      .returning({ count: authThrottle.count });
    return row.count;
  },
  remove: async (db: DbOrTx, key: string) => {
    await db.delete(authThrottle).where(eq(authThrottle.key, key));
  },
};
