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
 * Fault: PostgreSQL restarted while uplinks arrive (issue 16). The server process (npm start) runs
 * on a private PostgreSQL cluster of this test's own, which is stopped (fast shutdown, as
 * `pg_ctlcluster … restart` does) and started again while ChirpStack uplinks arrive at 200/s.
 * Every uplink answered 200 must be stored afterwards; the answers during the outage are 503
 * DATABASE_UNAVAILABLE with the Finnish text (never a 500), and the same process serves again once
 * the database is back: nothing restarted by hand. PostgreSQL only, as the crash test.
 */
const PER_TICK = 10;
const TICK_MS = 50;
const unavailable = privatePostgresUnavailable();

describe.skipIf(DRIVER !== 'postgres' || unavailable)(
  `fault: PostgreSQL restarted mid-ingest (private cluster)${unavailable ? ` — skipped: ${unavailable}` : ''}`,
  () => {
    it('keeps every 200, answers 503 DATABASE_UNAVAILABLE meanwhile, and recovers by itself', {
      timeout: 180_000,
    }, async () => {
      const postgres = await startPrivatePostgres();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'vahti-fault-pg-'));
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = await startServerProcess(port, {
        DATABASE_URL: postgres.url,
        DATA_DIR: dataDir,
      });
      try {
        const acked: string[] = [];
        const failures: { status: number; body: { code?: string; error?: string } }[] = [];
        const inFlight = new Set<Promise<void>>();
        let serial = 0;
        const sendOne = () => {
          serial += 1;
          const body = {
            deduplicationId: crypto.randomUUID(),
            time: new Date(Date.now() - 60_000).toISOString(),
            deviceInfo: { devEui: server.euis[serial % server.euis.length] },
            fCnt: serial,
            data: Buffer.alloc(32).toString('base64'),
          };
          const request = fetch(`${base}/api/ingest/chirpstack?event=up`, {
            method: 'POST',
            headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
            .then(async (res) => {
              const answer = await res.json();
              if (res.status === 200) acked.push(body.deduplicationId);
              else failures.push({ status: res.status, body: answer });
            })
            .finally(() => inFlight.delete(request));
          inFlight.add(request);
        };
        const token = await fetch(`${base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            userEmail: 'yllapitaja@demo.vahti.fi',
            userPassword: DEMO_PASSWORD,
          }),
        }).then(async (res) => ((await res.json()) as { token: string }).token);

        const pacer = setInterval(() => {
          for (let i = 0; i < PER_TICK; i++) sendOne();
        }, TICK_MS);
        try {
          await until(() => acked.length >= 300, '300 uplinks stored before the restart');
          await postgres.stop();
          await until(() => failures.length >= 20, '20 answers while PostgreSQL is down');
          // A signed-in screen meanwhile: the same clear answer.
          const screen = await fetch(`${base}/api/targets`, {
            headers: { authorization: `Bearer ${token}` },
          });
          expect(screen.status).toBe(503);
          expect(await screen.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
          await postgres.start();
          const before = acked.length;
          await until(() => acked.length >= before + 300, '300 more uplinks stored after it');
        } finally {
          clearInterval(pacer);
        }
        await Promise.all(inFlight);

        // The outage's answers: 503 with the code, the Finnish text and nothing else.
        expect(failures.length).toBeGreaterThanOrEqual(20);
        for (const failure of failures) {
          expect(failure).toEqual({
            status: 503,
            body: { error: 'Tietokantaan ei saada yhteyttä', code: 'DATABASE_UNAVAILABLE' },
          });
        }
        // The same process serves a screen again.
        const after = await fetch(`${base}/api/targets`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(after.status).toBe(200);
        expect(server.child.exitCode).toBeNull();

        const client = new pg.Client({ connectionString: postgres.url });
        await client.connect();
        try {
          const { rows } = await client.query<{ n: number }>(
            'select count(*)::int as n from measurement_data where dedup_key = any($1)',
            [acked],
          );
          expect(rows[0]?.n).toBe(acked.length);
        } finally {
          await client.end();
        }
      } finally {
        await server.stop();
        await postgres.remove();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  },
);
