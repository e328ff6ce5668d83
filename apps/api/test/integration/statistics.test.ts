import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANALYZE_THRESHOLD, analyzeChanged, analyzesItself } from '../../src/db/statistics.js';
import { startApiTest } from '../helpers/actors.js';
import { DRIVER, TEST_DATABASE_URL, type TestContext } from '../helpers/app.js';
import { createLayoutDevice } from '../helpers/ingest-fixtures.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The planner's knowledge of a table: its estimated rows (-1: never analyzed) and last analyze. */
async function statisticsOf(ctx: TestContext, table: string) {
  const [row] = rowsOf<{ reltuples: number; analyzed: boolean }>(
    await ctx.database.db.execute(sql`
      select c.reltuples::int as reltuples, s.last_analyze is not null as analyzed
      from pg_class c join pg_stat_user_tables s on s.relid = c.oid
      where c.relname = ${table}`),
  );
  return row;
}

async function start(env: Record<string, string> = {}) {
  const { ctx, fx, as } = await startApiTest({ env });
  return Object.assign(ctx, { actors: { fx, as } });
}
type Started = Awaited<ReturnType<typeof start>>;

/**
 * An organization's new readings, all in one month of the past whose partition is created by
 * this ingest: 60 of them, more than autovacuum's threshold for an empty table.
 */
async function fillMonth(ctx: Started, month: string) {
  const { as, fx } = ctx.actors;
  const device = await createLayoutDevice(ctx.database.db, fx.orgA.id, fx.orgA.target.id);
  const res = await as('Ylläpitäjä', 'A').post('/api/ingest-keys', { name: `Tilastot ${month}` });
  const key = as.withToken(res.json().key as string);
  const uplinks = Array.from({ length: ANALYZE_THRESHOLD + 10 }, (_, i) => ({
    deviceEui: device.eui,
    time: new Date(Date.parse(`${month}-02T00:00:00Z`) + i * 60_000).toISOString(),
    fCnt: i,
    values: { [device.m.temp.id]: 20 + i / 10 },
  }));
  const stored = await key.post('/api/ingest/generic', uplinks);
  expect(stored.json()).toEqual({ stored: uplinks.length, duplicates: 0 });
  return `measurement_data_y${month.replace('-', 'm')}`;
}

describe(`planner statistics where the database keeps none (${DRIVER})`, () => {
  let ctx: Started;
  beforeAll(async () => {
    ctx = await start();
  });
  afterAll(() => ctx.close());

  it('knows whether the database analyzes by itself', async () => {
    if (!TEST_DATABASE_URL) {
      expect(await analyzesItself(ctx.database)).toBe(false);
      return;
    }
    const [settings] = rowsOf<{ autovacuum: string; track_counts: string }>(
      await ctx.database.db.execute(
        sql`select current_setting('autovacuum') as autovacuum, current_setting('track_counts') as track_counts`,
      ),
    );
    expect(await analyzesItself(ctx.database)).toBe(
      settings?.autovacuum === 'on' && settings.track_counts === 'on',
    );
  });

  it('analyzes a partition filled past the threshold, and not again until it changes', async () => {
    const partition = await fillMonth(ctx, '2022-03');
    expect(await statisticsOf(ctx, partition)).toEqual({ reltuples: -1, analyzed: false });
    // The change counters reach the statistics a moment after the commit.
    await vi.waitFor(
      async () => expect(await analyzeChanged(ctx.database.db)).toContain(partition),
      { timeout: 30_000, interval: 250 },
    );
    expect(await statisticsOf(ctx, partition)).toEqual({
      reltuples: ANALYZE_THRESHOLD + 10,
      analyzed: true,
    });
    // measurement_data itself (never analyzed by autovacuum) in the same round, then not for an
    // hour however its partitions change.
    expect(await statisticsOf(ctx, 'measurement_data')).toMatchObject({ analyzed: true });
    expect(await analyzeChanged(ctx.database.db)).not.toContain(partition);
    await fillMonth(ctx, '2022-05');
    await vi.waitFor(
      async () =>
        expect(await analyzeChanged(ctx.database.db)).toContain('measurement_data_y2022m05'),
      { timeout: 30_000, interval: 250 },
    );
    expect(await analyzeChanged(ctx.database.db)).not.toContain('measurement_data');
  });

  it('leaves the tables to the database where it analyzes them itself', async () => {
    const partition = await fillMonth(ctx, '2022-06');
    await vi.waitFor(
      async () => {
        const [row] = rowsOf<{ changed: number }>(
          await ctx.database.db.execute(sql`
            select n_mod_since_analyze::int as changed from pg_stat_user_tables where relname = ${partition}`),
        );
        expect(row?.changed).toBe(ANALYZE_THRESHOLD + 10);
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(await analyzeChanged(ctx.database.db, { tables: false })).toEqual([]);
    expect(await statisticsOf(ctx, partition)).toEqual({ reltuples: -1, analyzed: false });
  });
});

describe(`the statistics upkeep of the app (${DRIVER})`, () => {
  let ctx: Started;
  beforeAll(async () => {
    ctx = await start({ STATISTICS_UPKEEP_SECONDS: '10' });
  });
  afterAll(() => ctx.close());

  it('analyzes a new month’s partition by itself within a round or two', async ({ skip }) => {
    if (await analyzesItself(ctx.database)) skip('this PostgreSQL runs autovacuum');
    const partition = await fillMonth(ctx, '2022-04');
    await vi.waitFor(
      async () => expect((await statisticsOf(ctx, partition))?.analyzed).toBe(true),
      { timeout: 60_000, interval: 500 },
    );
    expect((await statisticsOf(ctx, partition))?.reltuples).toBe(ANALYZE_THRESHOLD + 10);
  }, 90_000);
});
