import { inTransaction } from './transactions.js';

interface Preparable<Result> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Result> };
}

/**
 * A hot query built once: Drizzle turns it into SQL text at the first call only, and on
 * PostgreSQL it is a named prepared statement on each pooled connection, so the server skips
 * parse and plan too (on PGlite every SQL text is a named statement anyway, ADR 0027). `build` makes the query with `sql.placeholder`s on the repository's
 * handle; the values come with each call. Inside a `db.transaction` the handle is the
 * transaction's, so there the query is built afresh on it (the statement prepared once belongs
 * to the database outside any transaction). The name must be unique in the app and stand for
 * one SQL text: node-postgres refuses one name for two texts.
 */
export function preparedQuery<Result>(name: string, build: () => Preparable<Result>) {
  let prepared: ReturnType<Preparable<Result>['prepare']> | undefined;
  return (values: Record<string, unknown>): Promise<Result> => {
    if (inTransaction()) return build().prepare(name).execute(values);
    prepared ??= build().prepare(name);
    return prepared.execute(values);
  };
}
