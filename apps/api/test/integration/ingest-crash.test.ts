import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, DRIVER, TEST_DATABASE_URL } from '../helpers/app.js';

/**
 * The crash test: uplinks arrive at 500/s while the server process is killed with
 * SIGKILL five times (and started again). Every uplink answered 2xx must be in the database
 * afterwards, and sending those again adds no reading and no alarm. PostgreSQL only: PGlite lives
 * in the killed process.
 */
const SERVER = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
const KILLS = 5;
const PER_TICK = 10;
const TICK_MS = 20;
/** Uplinks acknowledged by a server before it is killed. */
const ACKED_PER_LIFE = 200;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });

describe.skipIf(DRIVER !== 'postgres')(
  'crash test: kill -9 while uplinks arrive (postgres)',
  () => {
    it('keeps every acknowledged uplink, and their replay adds no reading and no alarm', {
      timeout: 300_000,
    }, async () => {
      const database = await createPostgresDatabase(TEST_DATABASE_URL as string);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'vahti-crash-'));
      const port = await freePort();
      const url = `http://127.0.0.1:${port}/api/ingest/chirpstack?event=up`;
      let key = '';
      let euis: string[] = [];
      let child: ChildProcess | undefined;

      /** Starts the server; resolves once it says it is running (its first start seeds the demo). */
      const start = () =>
        new Promise<void>((resolve, reject) => {
          const proc = spawn(process.execPath, ['--import', 'tsx', SERVER], {
            env: {
              ...process.env,
              DATABASE_URL: database.url,
              DEMO: '1',
              SIMULATE: '0',
              PORT: String(port),
              HOST: '127.0.0.1',
              DATA_DIR: dataDir,
              LOG_LEVEL: 'fatal',
              JWT_SECRET: 'c'.repeat(64),
            },
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          child = proc;
          let out = '';
          proc.stdout?.on('data', (chunk: Buffer) => {
            out += chunk.toString();
            if (!out.includes('Vahti is running')) return;
            key = /Demo ingest key: (\S+)/.exec(out)?.[1] ?? key;
            const devices = /Demo devices \(deviceEui\): (.+)/.exec(out)?.[1];
            if (devices) euis = devices.split(', ').map((e) => e.trim());
            if (key && euis.length > 0) resolve();
          });
          proc.on('exit', (code) => reject(new Error(`server exited (${code}) before it ran`)));
        });
      const kill = () =>
        new Promise<void>((resolve) => {
          child?.once('exit', () => resolve());
          child?.kill('SIGKILL');
        });

      type Body = { deduplicationId: string };
      const acked: Body[] = [];
      const inFlight = new Set<Promise<void>>();
      let onAck: (() => void) | undefined;
      let serial = 0;
      const send = (body: unknown) =>
        fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const sendOne = () => {
        serial += 1;
        const body = {
          deduplicationId: crypto.randomUUID(),
          time: new Date(Date.now() - 3_600_000 + serial).toISOString(),
          deviceInfo: { devEui: euis[serial % euis.length] },
          fCnt: serial,
          data: Buffer.alloc(32).toString('base64'),
        };
        const request = send(body)
          .then(async (res) => {
            await res.arrayBuffer();
            if (res.status === 200) {
              acked.push(body);
              onAck?.();
            }
          })
          .catch(() => {}) // refused or cut off by the kill: not acknowledged, nothing to check
          .finally(() => inFlight.delete(request));
        inFlight.add(request);
      };

      try {
        await start();
        // 500 uplinks a second, whether or not the server is up.
        const pacer = setInterval(() => {
          for (let i = 0; i < PER_TICK; i++) sendOne();
        }, TICK_MS);
        try {
          for (let life = 0; life < KILLS; life++) {
            const target = acked.length + ACKED_PER_LIFE;
            await new Promise<void>((resolve) => {
              onAck = () => acked.length >= target && resolve();
            });
            await kill();
            await start();
          }
        } finally {
          clearInterval(pacer);
          onAck = undefined;
        }
        await Promise.all(inFlight);
        expect(acked.length).toBeGreaterThanOrEqual(KILLS * ACKED_PER_LIFE);

        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          const counts = async () => {
            const { rows } = await client.query<{ readings: number; alarms: number }>(
              'select (select count(*)::int from measurement_data) as readings, (select count(*)::int from alarms) as alarms',
            );
            return rows[0];
          };
          const { rows } = await client.query<{ n: number }>(
            'select count(*)::int as n from measurement_data where dedup_key = any($1)',
            [acked.map((b) => b.deduplicationId)],
          );
          expect(rows[0]?.n).toBe(acked.length);

          const before = await counts();
          for (let i = 0; i < acked.length; i += 100) {
            const answers = await Promise.all(acked.slice(i, i + 100).map(send));
            const bodies = await Promise.all(answers.map((res) => res.json()));
            expect(bodies).toEqual(bodies.map(() => ({ stored: 0, duplicates: 1 })));
          }
          expect(await counts()).toEqual(before);
        } finally {
          await client.end();
        }
      } finally {
        if (child?.exitCode === null) await kill();
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  },
);
