import { describe, expect, it } from 'vitest';
import { DRIVER } from '../helpers/app.js';
import { runOutage } from '../helpers/outage-run.js';
import { privatePostgresUnavailable } from '../helpers/private-services.js';

/**
 * Fault: PostgreSQL away while uplinks arrive (issues 16 and 26). The server process (npm start)
 * runs on a private PostgreSQL cluster of this test's own, which is stopped for OUTAGE_SECONDS
 * while ChirpStack uplinks arrive by webhook at RATE a second. ChirpStack never sends an uplink
 * again, so none may be lost: what the database cannot take is answered 202 `queued` from the
 * intake journal (on disk before the answer) and stored once PostgreSQL is back. Then the same
 * again, with the server killed (SIGKILL) in the middle of the replay and started anew: every
 * answered uplink is stored, each once. Screens answer 503 meanwhile; nothing is restarted by hand
 * but the killed process. PostgreSQL only, as the crash test; the run is helpers/outage-run.ts,
 * which the crash bench runs too.
 */
const OUTAGE_SECONDS = 60;
const RATE = 500;
const unavailable = privatePostgresUnavailable();

describe.skipIf(DRIVER !== 'postgres' || unavailable)(
  `fault: PostgreSQL away mid-ingest (private cluster)${unavailable ? ` — skipped: ${unavailable}` : ''}`,
  () => {
    it('answers every uplink 200 or 202 queued, and stores each once after the outage and after a kill mid-replay', {
      timeout: 420_000,
    }, async () => {
      const run = await runOutage({ outageSeconds: OUTAGE_SECONDS, rate: RATE });
      // Every answer was 200 or 202: a network server that never retries lost nothing.
      expect(run.answers.filter((a) => a.status !== 200 && a.status !== 202).slice(0, 3)).toEqual(
        [],
      );
      const queued = run.answers.filter((a) => a.status === 202);
      for (const a of queued) expect(a.body).toEqual({ stored: 0, duplicates: 0, queued: 1 });
      expect(queued.length).toBeGreaterThan(RATE * OUTAGE_SECONDS * 0.5);
      expect(run.stored).toEqual({ n: run.answered, distinct: run.answered });
      // Screens answered 503 with the code meanwhile; the same process serves them again.
      expect(run.screenDuring).toEqual({ status: 503, code: 'DATABASE_UNAVAILABLE' });
      expect(run.screenAfter).toBe(200);
      expect(run.serverAlive).toBe(true);
      console.log(
        `fault-postgres: ${run.answers.length} uplinks at ${RATE}/s, PostgreSQL away ${OUTAGE_SECONDS} s: ${queued.length} answered 202 queued, ${run.answers.length - queued.length} 200; all ${run.answered} stored once, the journal empty ${run.replaySeconds.toFixed(1)} s after PostgreSQL was back`,
      );
      // Killed mid-replay and started anew: none lost, none twice.
      const { killed } = run;
      expect(killed.atKill).toBeGreaterThan(0);
      expect(killed.atKill).toBeLessThan(killed.answered);
      expect(killed.stored).toEqual({ n: killed.answered, distinct: killed.answered });
      console.log(
        `fault-postgres: killed mid-replay with ${killed.atKill} of ${killed.answered} stored; after the restart all ${killed.answered} stored once`,
      );
    });
  },
);
