import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { inTransaction } from './transactions.js';

/** Months created ahead of time: this one and the next MONTHS_AHEAD. */
export const MONTHS_AHEAD = 3;

/** The UTC month of a time, as `YYYY-MM`. */
const monthOf = (at: Date) => at.toISOString().slice(0, 7);
const startOfMonth = (month: string) => new Date(`${month}-01T00:00:00Z`);

/**
 * The monthly partitions of `measurement_data` (ADR 0025). Each is created by the database
 * function `create_measurement_partition` of migration 0014: unless it exists, under a
 * transaction advisory lock, so any number of instances may ask for the same month at once.
 * `ensure` is called by the ingest before every write with the readings' times; the months it
 * has seen are kept for the life of the process, so an uplink into a known month costs nothing.
 * A month created inside someone else's transaction is not remembered (that transaction may
 * still roll it back).
 */
export function createMeasurementPartitions(db: Db) {
  const known = new Set<string>();

  async function ensureMonths(months: Iterable<string>): Promise<string[]> {
    const created: string[] = [];
    for (const month of months) {
      if (known.has(month)) continue;
      const result = (await db.execute(
        sql`select create_measurement_partition(${startOfMonth(month).toISOString()}::timestamptz) as created`,
      )) as unknown as { rows: { created: boolean }[] };
      if (result.rows[0]?.created) created.push(month);
      if (!inTransaction()) known.add(month);
    }
    return created;
  }

  return {
    /** Creates the partitions of the months these times fall in that may be missing. */
    ensure(times: Iterable<Date>): Promise<string[]> {
      const months = new Set<string>();
      for (const at of times) {
        const month = monthOf(at);
        if (!known.has(month)) months.add(month);
      }
      return months.size === 0 ? Promise.resolve([]) : ensureMonths(months);
    },

    /** This month's partition and the next MONTHS_AHEAD months' (start-up and the daily job). */
    ensureAhead(now: Date = new Date()): Promise<string[]> {
      const months: string[] = [];
      for (let ahead = 0; ahead <= MONTHS_AHEAD; ahead++) {
        months.push(
          monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1))),
        );
      }
      return ensureMonths(months);
    },
  };
}

export type MeasurementPartitions = ReturnType<typeof createMeasurementPartitions>;
