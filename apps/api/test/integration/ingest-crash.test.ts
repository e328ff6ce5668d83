import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, DRIVER, TEST_DATABASE_URL } from '../helpers/app.js';
import { runCrash } from '../helpers/crash-run.js';

/**
 * The crash test: uplinks arrive at 500/s while the server process is killed with
 * SIGKILL five times (and started again). Every uplink answered 2xx must be in the database
 * afterwards, and sending those again adds no reading and no alarm. PostgreSQL only: PGlite lives
 * in the killed process. `npm run bench -- crash` runs the same with 50 kills.
 */
const KILLS = 5;
/** Uplinks acknowledged by a server before it is killed. */
const ACKED_PER_LIFE = 200;

describe.skipIf(DRIVER !== 'postgres')(
  'crash test: kill -9 while uplinks arrive (postgres)',
  () => {
    it('keeps every acknowledged uplink, and their replay adds no reading and no alarm', {
      timeout: 300_000,
    }, async () => {
      const database = await createPostgresDatabase(TEST_DATABASE_URL as string);
      try {
        const run = await runCrash({
          databaseUrl: database.url,
          kills: KILLS,
          ackedPerLife: ACKED_PER_LIFE,
        });
        expect(run.acked).toBeGreaterThanOrEqual(KILLS * ACKED_PER_LIFE);
        expect(run.ackedStored).toBe(run.acked);
        expect(run.replayNotDuplicate).toBe(0);
        expect(run.after).toEqual(run.before);
      } finally {
        await database.drop();
      }
    });
  },
);
