import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { errorForLog } from './log-errors.js';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: null });
});
afterAll(() => database.close());

async function failedQuery(): Promise<unknown> {
  try {
    await database.db.execute(
      sql`select ${'salasana-hash-$argon2id$v=19'}::int, ${'joku@example.fi'}::uuid`,
    );
  } catch (err) {
    return err;
  }
  throw new Error('the query did not fail');
}

describe('errors in the log', () => {
  it('keep the SQL and the database code of a failed query, never its parameters', async () => {
    const err = await failedQuery();
    // The raw error does carry them: this is what reached the log before.
    expect(String((err as Error).message) + JSON.stringify(err)).toContain('joku@example.fi');
    const logged = JSON.stringify(errorForLog(err));
    expect(logged).not.toContain('joku@example.fi');
    expect(logged).not.toContain('salasana-hash');
    expect(logged).toContain('Failed query: select $1::int');
    expect(errorForLog(err)).toMatchObject({ cause: { code: '22P02' } });
  });

  it('log other errors with their message and stack', () => {
    const logged = errorForLog(new TypeError('something broke'));
    expect(logged).toMatchObject({ type: 'TypeError', message: 'something broke' });
    expect(String(logged.stack)).toContain('log-errors.test.ts');
  });
});
