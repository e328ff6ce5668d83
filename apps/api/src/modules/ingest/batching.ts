// How the ingest's lookups (the key check, the device lookup) batch: the lookups of concurrent
// requests share one query, what arrives in one turn of the event loop (ADR 0022). No cache: each
// request reads the database as it is (a revoked key answers 401 at once).
export const BATCHING = {
  cache: false,
  maxBatchSize: 1000,
  batchScheduleFn: (run: () => void) => setImmediate(run),
} as const;
