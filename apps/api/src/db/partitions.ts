import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from './client.js';
import { inTransaction } from './transactions.js';

/** Months created ahead of time: this one and the next MONTHS_AHEAD. */
export const MONTHS_AHEAD = 3;

/** The UTC month of a time, as `YYYY-MM`. */
const monthOf = (at: Date) => at.toISOString().slice(0, 7);
/** The first instant of a `YYYY-MM` month, and the first after it. */
export const startOfMonth = (month: string) => new Date(`${month}-01T00:00:00Z`);
export const endOfMonth = (month: string) => {
  const start = startOfMonth(month);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
};
/** The month `ahead` months from `at`'s (negative: back). */
const monthFrom = (at: Date, ahead: number) =>
  monthOf(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + ahead, 1)));
/** A partition's name: `measurement_data_y2026m11` for `2026-11`. */
export const partitionName = (month: string) => `measurement_data_y${month.replace('-', 'm')}`;
/** A list as a PostgreSQL array literal (ids only: no quoting needed). */
const toArray = (ids: readonly string[]) => `{${ids.join(',')}}`;
const PARTITION_NAME = /^measurement_data_y(\d{4})m(\d{2})$/;

/**
 * The monthly partitions of `measurement_data` (ADR 0025). Each is created by the database
 * function `create_measurement_partition` of migration 0014: unless it exists, under a
 * transaction advisory lock, so any number of instances may ask for the same month at once.
 * `ensure` is called by the ingest before every write with the readings' times; the months it
 * has seen from last month on are remembered, so an uplink into such a month costs nothing. An
 * older month is asked for every time: the retention may have dropped it meanwhile, on any
 * instance (`drop`; it drops only months ended before its cutoff, a month or more ago). A month
 * created inside someone else's transaction is not remembered (that transaction may still roll
 * it back).
 */
export function createMeasurementPartitions(db: Db) {
  const known = new Set<string>();

  /** Remembered and from last month on (`since`: last month, computed once per call). */
  const isKnown = (month: string, since: string) => known.has(month) && month >= since;

  async function ensureMonths(months: Iterable<string>): Promise<string[]> {
    const created: string[] = [];
    const since = monthFrom(new Date(), -1);
    for (const month of months) {
      if (isKnown(month, since)) continue;
      const [result] = rowsOf<{ created: boolean }>(
        await db.execute(
          sql`select create_measurement_partition(${startOfMonth(month).toISOString()}::timestamptz) as created`,
        ),
      );
      if (result?.created) created.push(month);
      if (!inTransaction()) known.add(month);
    }
    return created;
  }

  return {
    /** Creates the partitions of the months these times fall in that may be missing. */
    ensure(times: Iterable<Date>): Promise<string[]> {
      const months = new Set<string>();
      const since = monthFrom(new Date(), -1);
      for (const at of times) {
        const month = monthOf(at);
        if (!isKnown(month, since)) months.add(month);
      }
      return months.size === 0 ? Promise.resolve([]) : ensureMonths(months);
    },

    /** This month's partition and the next MONTHS_AHEAD months' (start-up and the daily job). */
    ensureAhead(now: Date = new Date()): Promise<string[]> {
      const months: string[] = [];
      for (let ahead = 0; ahead <= MONTHS_AHEAD; ahead++) months.push(monthFrom(now, ahead));
      return ensureMonths(months);
    },

    /**
     * The months that have a partition, oldest first; also a month whose partition was detached
     * by a `drop` that did not finish (its table still holds the month's name, which would keep
     * the month from being created again).
     */
    async stored(): Promise<string[]> {
      return rowsOf<{ name: string }>(
        await db.execute(sql`
          select relname as name from pg_class
          where relkind = 'r' and relnamespace = current_schema()::regnamespace
            and relname like 'measurement_data_y%'`),
      )
        .map((row) => PARTITION_NAME.exec(row.name))
        .filter((match) => match !== null)
        .map(([, year, month]) => `${year}-${month}`)
        .sort();
    },

    /**
     * Drops a month's partition with its readings (the retention, ADR 0025), except those of
     * `keep`'s organizations. First it is detached without blocking reads and writes of the
     * other months (`DETACH … CONCURRENTLY`; finished if an earlier attempt was interrupted).
     * Then, in one transaction, any reading of `keep` that arrived before the detach (a late
     * replay) is put back into a new partition of the month, and the detached table is dropped.
     * Not inside a transaction. Returns how many readings were put back.
     */
    async drop(month: string, keep: readonly string[] = []): Promise<number> {
      const name = partitionName(month);
      const table = sql.identifier(name);
      const [partition] = rowsOf<{ pending: boolean }>(
        await db.execute(sql`
          select i.inhdetachpending as pending
          from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'measurement_data'::regclass and c.relname = ${name}`),
      );
      if (partition?.pending) {
        await db.execute(sql`alter table measurement_data detach partition ${table} finalize`);
      } else if (partition) {
        await db.execute(sql`alter table measurement_data detach partition ${table} concurrently`);
      }
      known.delete(month);
      const keeping = sql`organization_id = any(${toArray(keep)}::uuid[])`;
      return db.transaction(async () => {
        const late =
          keep.length > 0 &&
          rowsOf<{ any: boolean }>(
            await db.execute(sql`select exists (select 1 from ${table} where ${keeping}) as any`),
          )[0]?.any === true;
        if (!late) {
          await db.execute(sql`drop table ${table}`);
          return 0;
        }
        const expired = sql.identifier(`${name}_expired`);
        await db.execute(sql`alter table ${table} rename to ${expired}`);
        await ensureMonths([month]);
        const putBack = rowsOf(
          await db.execute(sql`
            insert into measurement_data select * from ${expired} where ${keeping}
            on conflict do nothing returning 1`),
        ).length;
        await db.execute(sql`drop table ${expired}`);
        return putBack;
      });
    },
  };
}

export type MeasurementPartitions = ReturnType<typeof createMeasurementPartitions>;
