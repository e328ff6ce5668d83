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
     * Counts `amount` attempts for `key` in a single atomic statement (the row lock of ON
     * CONFLICT DO UPDATE serialises concurrent instances). A window that has ended starts over.
     * With a `ceiling`, nothing is counted when the open window would go over it: the answer is
     * then undefined. All times are the database's, so instances with drifting clocks agree.
     */
    async hit(key: string, windowMs: number, amount = 1, ceiling?: number) {
      const window = sql`make_interval(secs => ${windowMs / 1000})`;
      const ended = sql`${rateLimits.windowEnd} <= now()`;
      if (ceiling !== undefined && amount > ceiling) return undefined;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart: sql`now()`, windowEnd: sql`now() + ${window}`, count: amount })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${ended} then ${amount}::int else ${rateLimits.count} + ${amount}::int end`,
            windowStart: sql`case when ${ended} then now() else ${rateLimits.windowStart} end`,
            windowEnd: sql`case when ${ended} then excluded.window_end else ${rateLimits.windowEnd} end`,
          },
          ...(ceiling !== undefined && {
            setWhere: sql`${ended} or ${rateLimits.count} + ${amount}::int <= ${ceiling}::int`,
          }),
        })
        .returning({ count: rateLimits.count, windowEnd: rateLimits.windowEnd });
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
