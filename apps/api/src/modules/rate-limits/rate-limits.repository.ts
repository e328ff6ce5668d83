import { and, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimits } from '../../db/schema/index.js';

/**
 * Rate-limit windows. A global table (keys name an address or an IP, never a tenant's record),
 * so these functions take no scope: see WITHOUT_ORGANIZATION in db/schema/tenancy.test.ts.
 */
export function createRateLimitsRepository(db: Db) {
  return {
    /**
     * Counts one attempt for `key` in a single atomic statement (the row lock of ON CONFLICT DO
     * UPDATE serialises concurrent instances). A window that has ended starts over at 1. All times
     * are the database's, so instances with drifting clocks still agree.
     */
    async hit(key: string, windowMs: number) {
      const window = sql`make_interval(secs => ${windowMs / 1000})`;
      const ended = sql`${rateLimits.windowEnd} <= now()`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart: sql`now()`, windowEnd: sql`now() + ${window}`, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${ended} then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${ended} then now() else ${rateLimits.windowStart} end`,
            windowEnd: sql`case when ${ended} then excluded.window_end else ${rateLimits.windowEnd} end`,
          },
        })
        .returning({ count: rateLimits.count, windowEnd: rateLimits.windowEnd });
      if (!row) throw new Error('rate limit upsert returned nothing');
      return row;
    },

    /** The current counts of the keys whose windows are still open. */
    peek(keys: string[]) {
      return db
        .select({ key: rateLimits.key, count: rateLimits.count, windowEnd: rateLimits.windowEnd })
        .from(rateLimits)
        .where(and(inArray(rateLimits.key, keys), gt(rateLimits.windowEnd, sql`now()`)));
    },

    /** Drops windows that ended a while ago (kept a minute so a racing hit still sees them). */
    async removeEnded(): Promise<void> {
      await db
        .delete(rateLimits)
        .where(lte(rateLimits.windowEnd, sql`now() - interval '1 minute'`));
    },
  };
}

export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>;
