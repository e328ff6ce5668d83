// What `npm test` runs a second time on PostgreSQL (TEST_DATABASE_URL): the tests whose outcome
// can differ between the drivers. Both run the same SQL through the same PostgreSQL engine (PGlite
// is PostgreSQL compiled to WebAssembly), so what differs is the driver and the server around it:
// a pool of connections and real concurrency (PGlite has one connection), LISTEN/NOTIFY between
// instances, the types node-postgres hands back from raw SQL, autovacuum, partitions detached
// CONCURRENTLY, pg_dump, a server that restarts. Everything else (validation, roles, texts) is
// the same code over the same SQL, and runs once, on PGlite. Any file can still be run on
// PostgreSQL by hand: `TEST_DATABASE_URL=… npx vitest run --project api <file>`.

/** Path fragments, as vitest's file filters take them (relative to the repository root). */
export const POSTGRES_SUITE = [
  // Every route through every repository on the pool: the tenant-isolation matrix.
  'apps/api/test/isolation/',
  // The database layer itself: migrations and tenancy of the schema, statistics, partitions.
  'apps/api/src/db/',
  'apps/api/test/integration/demo-seed.test.ts',
  'apps/api/test/integration/statistics.test.ts',
  'apps/api/test/integration/measurement-partitions.test.ts',
  'apps/api/test/integration/retention.test.ts',
  'apps/api/test/integration/serving.test.ts',
  'apps/api/test/integration/backup.test.ts',
  // Concurrent writes in groups, idempotency under the pool, crashes, a restarted server.
  'apps/api/test/integration/ingest.test.ts',
  'apps/api/test/integration/ingest-group-commit.test.ts',
  'apps/api/test/integration/ingest-crash.test.ts',
  'apps/api/test/integration/fault-postgres.test.ts',
  // Two server processes on one database, one killed mid-delivery (issue 28, ADR 0047).
  'apps/api/test/integration/fault-delivery.test.ts',
  'apps/api/test/integration/mqtt.test.ts',
  'apps/api/test/integration/alarms-evaluate.test.ts',
  'apps/api/test/integration/alarms-offline.test.ts',
  'apps/api/test/integration/rate-limits.test.ts',
  // Bulk inserts rolled back on the pool; kept uplinks replayed in the caller's transaction, the
  // inbox's times aggregated in raw SQL (issue 25).
  'apps/api/test/integration/device-import.test.ts',
  'apps/api/test/integration/new-devices.test.ts',
  // Events across instances through LISTEN/NOTIFY; the pool's metrics.
  'apps/api/test/integration/events.test.ts',
  'apps/api/test/integration/events-instances.test.ts',
  'apps/api/test/integration/observability.test.ts',
  // Aggregates and numbers from raw SQL, as the driver parses them.
  'apps/api/test/integration/sensor-data.test.ts',
  'apps/api/test/integration/exports.test.ts',
  'apps/api/test/integration/vainu-dashboard.test.ts',
  'apps/api/test/integration/dashboard.test.ts',
  // Inputs that once broke one driver and not the other.
  'apps/api/test/fuzz/regressions.test.ts',
];
