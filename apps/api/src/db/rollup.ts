import { type SQL, sql } from 'drizzle-orm';

/** The merge of a new partial into a stored rollup row `r` (hourly or daily). */
const MERGE = sql.raw(`
      min_at = case
        when excluded.min_value < r.min_value then excluded.min_at
        when excluded.min_value = r.min_value then least(r.min_at, excluded.min_at)
        else r.min_at end,
      min_value = least(r.min_value, excluded.min_value),
      max_at = case
        when excluded.max_value > r.max_value then excluded.max_at
        when excluded.max_value = r.max_value then least(r.max_at, excluded.max_at)
        else r.max_at end,
      max_value = greatest(r.max_value, excluded.max_value),
      sum_value = r.sum_value + excluded.sum_value,
      count = r.count + excluded.count,
      last_value = case when excluded.last_at >= r.last_at then excluded.last_value else r.last_value end,
      last_at = greatest(r.last_at, excluded.last_at)`);

const COLUMNS = sql.raw(
  'organization_id, device_id, measurement_id, min_value, min_at, max_value, max_at, sum_value, count, last_at, last_value',
);

/**
 * The common table expressions that add the readings of `source` (a relation aliased `m` with
 * organization_id, device_id, id, created_at and data, e.g. `measurement_data m where …` or the
 * RETURNING of the ingest's insert) to both rollups (ADR 0020): per device, measurement and UTC
 * hour, then per Finnish day (made of the hours: Finland's offsets are whole hours), the lowest
 * and the highest value at their times (the earliest on a tie), the sum, the count and the
 * latest value. Merges into stored rows, so one hour's readings may arrive in any number of
 * batches and in any order. Only readings not yet rolled up may be given. Groups are written in
 * key order, so concurrent batches lock rows in one order. Ends with `daily`; PostgreSQL runs
 * data-modifying CTEs whether or not the statement reads them.
 */
export function rollupCtes(source: SQL): SQL {
  return sql`
    readings as (
      select m.organization_id, m.device_id, e.key::uuid as measurement_id, m.id, m.created_at,
        v.value
      from ${source}
        cross join lateral jsonb_each(m.data) e
        cross join lateral (
          select case when jsonb_typeof(e.value) = 'number' then (e.value)::float8 end as value
        ) v
      where v.value is not null
    ),
    hours as materialized (
      select organization_id, device_id, measurement_id,
        date_trunc('hour', created_at, 'UTC') as hour,
        min(value) as min_value, (array_agg(created_at order by value, created_at))[1] as min_at,
        max(value) as max_value,
        (array_agg(created_at order by value desc, created_at))[1] as max_at,
        sum(value) as sum_value, count(*)::int as count, max(created_at) as last_at,
        (array_agg(value order by created_at desc, id desc))[1] as last_value
      from readings
      group by 1, 2, 3, 4
    ),
    hourly as (
      insert into measurement_hourly as r (${COLUMNS}, hour)
      select ${COLUMNS}, hour from hours order by device_id, measurement_id, hour
      on conflict (device_id, measurement_id, hour) do update set ${MERGE}
    ),
    daily as (
      insert into measurement_daily as r (${COLUMNS}, day)
      select organization_id, device_id, measurement_id,
        min(min_value), (array_agg(min_at order by min_value, min_at))[1],
        max(max_value), (array_agg(max_at order by max_value desc, max_at))[1],
        sum(sum_value), sum(count)::int, max(last_at),
        (array_agg(last_value order by last_at desc))[1],
        (hour at time zone 'Europe/Helsinki')::date as day
      from hours
      group by organization_id, device_id, measurement_id, day
      order by device_id, measurement_id, day
      on conflict (device_id, measurement_id, day) do update set ${MERGE}
    )`;
}

/** One statement that rolls up the stored `measurement_data` rows matching `where` (alias `m`). */
export function rollUpReadings(where: SQL): SQL {
  // A subquery: rollupCtes joins onto its source, which a bare `… where` would cut in two.
  const source = sql`(select * from measurement_data m where ${where}) m`;
  return sql`with ${rollupCtes(source)} select count(*) from hours`;
}
