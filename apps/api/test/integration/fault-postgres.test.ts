import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/db/seed.js';
import { DRIVER } from '../helpers/app.js';
import {
  freePort,
  privatePostgresUnavailable,
  startPrivatePostgres,
  until,
} from '../helpers/private-services.js';
import { startServerProcess } from '../helpers/server-process.js';

/**
 * Fault: PostgreSQL away while uplinks arrive (issues 16 and 26). The server process (npm start)
 * runs on a private PostgreSQL cluster of this test's own, which is stopped for OUTAGE_SECONDS
 * while ChirpStack uplinks arrive by webhook at RATE a second. ChirpStack never sends an uplink
 * again, so none may be lost: what the database cannot take is answered 202 `queued` from the
 * intake journal (on disk before the answer) and stored once PostgreSQL is back. Then the same
 * again, with the server killed (SIGKILL) in the middle of the replay and started anew: every
 * answered uplink is stored, each once. Screens answer 503 meanwhile; nothing is restarted by hand
 * but the killed process. PostgreSQL only, as the crash test.
 */
const OUTAGE_SECONDS = 60;
const RATE = 500;
const TICK_MS = 50;
const PER_TICK = (RATE * TICK_MS) / 1000;
const unavailable = privatePostgresUnavailable();

interface Answer {
  status: number;
  body: { stored?: number; queued?: number; code?: string; error?: string };
}

describe.skipIf(DRIVER !== 'postgres' || unavailable)(
  `fault: PostgreSQL away mid-ingest (private cluster)${unavailable ? ` — skipped: ${unavailable}` : ''}`,
  () => {
    it('answers every uplink 200 or 202 queued, and stores each once after the outage and after a kill mid-replay', {
      timeout: 420_000,
    }, async () => {
      const postgres = await startPrivatePostgres();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'vahti-fault-pg-'));
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env = { DATABASE_URL: postgres.url, DATA_DIR: dataDir };
      let server = await startServerProcess(port, env);
      const { key, euis } = server;
      const answered: string[] = [];
      const answers: Answer[] = [];
      const inFlight = new Set<Promise<void>>();
      let serial = 0;
      const sendOne = () => {
        serial += 1;
        const body = {
          deduplicationId: crypto.randomUUID(),
          time: new Date(Date.now() - 60_000).toISOString(),
          deviceInfo: { devEui: euis[serial % euis.length] },
          fCnt: serial,
          data: Buffer.alloc(32).toString('base64'),
        };
        const request = fetch(`${base}/api/ingest/chirpstack?event=up`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
          .then(async (res) => {
            const answer = { status: res.status, body: await res.json() };
            answers.push(answer);
            if (res.status === 200 || res.status === 202) answered.push(body.deduplicationId);
          })
          // The killed server's open requests: never answered, so ChirpStack counts them lost
          // (and the test counts none of them as stored).
          .catch(() => {})
          .finally(() => inFlight.delete(request));
        inFlight.add(request);
      };
      const journal = async () => {
        try {
          const res = await fetch(`${base}/api/health/ready`);
          return res.ok ? ((await res.json()) as { journal: { uplinks: number } }).journal : null;
        } catch {
          return null;
        }
      };
      const storedOnce = async (ids: string[]) => {
        const client = new pg.Client({ connectionString: postgres.url });
        await client.connect();
        try {
          const { rows } = await client.query<{ n: number; distinct: number }>(
            'select count(*)::int as n, count(distinct dedup_key)::int as distinct from measurement_data where dedup_key = any($1)',
            [ids],
          );
          return rows[0];
        } finally {
          await client.end();
        }
      };
      const token = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          userEmail: 'yllapitaja@demo.vahti.fi',
          userPassword: DEMO_PASSWORD,
        }),
      }).then(async (res) => ((await res.json()) as { token: string }).token);

      try {
        // 1. An outage of OUTAGE_SECONDS at RATE uplinks a second.
        let backAt = 0;
        let pacer = setInterval(() => {
          for (let i = 0; i < PER_TICK; i++) sendOne();
        }, TICK_MS);
        try {
          await until(() => answered.length >= 300, '300 uplinks answered before the outage');
          await postgres.stop();
          const stoppedAt = Date.now();
          await until(
            () => answers.some((a) => a.status === 202),
            'an uplink queued while PostgreSQL is down',
          );
          // A signed-in screen meanwhile: the clear answer, 503 with the Finnish text.
          const screen = await fetch(`${base}/api/targets`, {
            headers: { authorization: `Bearer ${token}` },
          });
          expect(screen.status).toBe(503);
          expect(await screen.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
          await until(
            () => Date.now() - stoppedAt >= OUTAGE_SECONDS * 1000,
            'the outage',
            OUTAGE_SECONDS * 1000 + 10_000,
          );
          await postgres.start();
          backAt = Date.now();
          const before = answered.length;
          await until(() => answered.length >= before + 300, '300 more uplinks after it');
        } finally {
          clearInterval(pacer);
        }
        await Promise.all(inFlight);
        // Every answer was 200 or 202: a network server that never retries lost nothing.
        const statuses = new Map<number, number>();
        for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
        expect(answers.filter((a) => a.status !== 200 && a.status !== 202).slice(0, 3)).toEqual([]);
        for (const a of answers.filter((a) => a.status === 202))
          expect(a.body).toEqual({ stored: 0, duplicates: 0, queued: 1 });
        const queued = statuses.get(202) ?? 0;
        expect(queued).toBeGreaterThan(RATE * OUTAGE_SECONDS * 0.5);
        await until(async () => (await journal())?.uplinks === 0, 'the journal replayed', 120_000);
        const replaySeconds = (Date.now() - backAt) / 1000;
        expect(await storedOnce(answered)).toEqual({
          n: answered.length,
          distinct: answered.length,
        });
        // The same process serves a screen again.
        const after = await fetch(`${base}/api/targets`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(after.status).toBe(200);
        expect(server.child.exitCode).toBeNull();
        console.log(
          `fault-postgres: ${answers.length} uplinks at ${RATE}/s, PostgreSQL away ${OUTAGE_SECONDS} s: ${queued} answered 202 queued, ${answers.length - queued} 200; all ${answered.length} stored once, the journal empty ${replaySeconds.toFixed(1)} s after PostgreSQL was back`,
        );

        // 2. The server killed while it replays: its restart replays the rest, nothing twice.
        const firstPhase = answered.length;
        await postgres.stop();
        pacer = setInterval(() => {
          for (let i = 0; i < PER_TICK; i++) sendOne();
        }, TICK_MS);
        try {
          await until(() => answered.length >= firstPhase + 5000, '5,000 uplinks queued');
        } finally {
          clearInterval(pacer);
        }
        await Promise.all(inFlight);
        const second = answered.slice(firstPhase);
        await postgres.start();
        await until(
          async () => ((await storedOnce(second))?.n ?? 0) > 0,
          'the replay under way',
          60_000,
        );
        await server.stop('SIGKILL');
        const atKill = (await storedOnce(second))?.n ?? 0;
        server = await startServerProcess(port, env);
        await until(async () => (await journal())?.uplinks === 0, 'the journal replayed', 120_000);
        expect(await storedOnce(second)).toEqual({ n: second.length, distinct: second.length });
        console.log(
          `fault-postgres: killed mid-replay with ${atKill} of ${second.length} stored; after the restart all ${second.length} stored once`,
        );
        expect(atKill).toBeLessThan(second.length);
      } finally {
        await server.stop();
        await postgres.remove();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  },
);
