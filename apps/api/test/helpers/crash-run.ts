import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './private-services.js';
import { startServerProcess } from './server-process.js';

/**
 * The crash run, shared by the crash test (5 kills) and `npm run bench -- crash` (50):
 * ChirpStack uplinks arrive at a steady rate (PER_TICK every TICK_MS: 500/s) while the server
 * process on `databaseUrl` (an empty PostgreSQL database; its first start seeds the demo) is
 * killed with SIGKILL `kills` times, each time after `ackedPerLife` more uplinks were answered
 * 2xx, and started again. Then every acknowledged uplink is looked up, and sent again: what the
 * replay answers and adds is counted. The caller asserts (or prints) the counts.
 */
const PER_TICK = 10;
const TICK_MS = 20;

export interface CrashRun {
  /** Uplinks sent, and those answered 2xx. */
  sent: number;
  acked: number;
  /** Acknowledged uplinks found in measurement_data (must equal `acked`). */
  ackedStored: number;
  /** Replay answers other than { stored: 0, duplicates: 1 } (must be 0). */
  replayNotDuplicate: number;
  /** Readings and alarms before and after the replay (must be equal). */
  before: { readings: number; alarms: number };
  after: { readings: number; alarms: number };
  /** Milliseconds from a kill until the next server said it is running. */
  restartMs: number[];
  /**
   * Milliseconds from a kill until the next server's port took connections: the window in which
   * a webhook is refused (the server listens first; what arrives after waits for it, issue 26).
   */
  refusedMs: number[];
}

export async function runCrash({
  databaseUrl,
  kills,
  ackedPerLife,
}: {
  databaseUrl: string;
  kills: number;
  ackedPerLife: number;
}): Promise<CrashRun> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vahti-crash-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/api/ingest/chirpstack?event=up`;
  let key = '';
  let euis: string[] = [];
  let child: ChildProcess | undefined;
  let stop = async () => {};

  /** Starts the server; resolves once it says it is running (its first start seeds the demo). */
  const start = async () => {
    const server = await startServerProcess(port, {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      // The uplinks are an hour old, past the demo types' 45-minute offline limit: a server that
      // lives past the sweep's first minute (the replay, on a slow machine) would open an offline
      // alarm for every device, which is no work of the replay's.
      ALARM_OFFLINE_SWEEP_SECONDS: '0',
    });
    ({ child, key, euis } = server);
    stop = server.stop;
  };
  const kill = () => stop();

  type Body = { deduplicationId: string };
  const acked: Body[] = [];
  const inFlight = new Set<Promise<void>>();
  const restartMs: number[] = [];
  const refusedMs: number[] = [];
  /** Resolves with the milliseconds since `from` once the port takes a connection. */
  const listening = async (from: number) => {
    for (;;) {
      const ok = await new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
      if (ok) return performance.now() - from;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
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
    // A steady rate, whether or not the server is up.
    const pacer = setInterval(() => {
      for (let i = 0; i < PER_TICK; i++) sendOne();
    }, TICK_MS);
    try {
      for (let life = 0; life < kills; life++) {
        const target = acked.length + ackedPerLife;
        await new Promise<void>((resolve) => {
          onAck = () => acked.length >= target && resolve();
        });
        await kill();
        const killedAt = performance.now();
        const [refused] = await Promise.all([listening(killedAt), start()]);
        refusedMs.push(refused);
        restartMs.push(performance.now() - killedAt);
      }
    } finally {
      clearInterval(pacer);
      onAck = undefined;
    }
    await Promise.all(inFlight);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const counts = async () => {
        const { rows } = await client.query<{ readings: number; alarms: number }>(
          'select (select count(*)::int from measurement_data) as readings, (select count(*)::int from alarms) as alarms',
        );
        return rows[0] as { readings: number; alarms: number };
      };
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from measurement_data where dedup_key = any($1)',
        [acked.map((b) => b.deduplicationId)],
      );
      const before = await counts();
      let replayNotDuplicate = 0;
      for (let i = 0; i < acked.length; i += 100) {
        const answers = await Promise.all(acked.slice(i, i + 100).map(send));
        for (const body of await Promise.all(answers.map((res) => res.json())))
          if (body.stored !== 0 || body.duplicates !== 1) replayNotDuplicate += 1;
      }
      return {
        sent: serial,
        acked: acked.length,
        ackedStored: rows[0]?.n ?? 0,
        replayNotDuplicate,
        refusedMs,
        before,
        after: await counts(),
        restartMs,
      };
    } finally {
      await client.end();
    }
  } finally {
    if (child?.exitCode === null) await kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
