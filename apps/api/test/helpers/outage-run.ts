import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startPrivatePostgres, until } from './private-services.js';
import { demoAdminToken, startServerProcess } from './server-process.js';

/**
 * The outage run (issue 26), shared by the fault test (fault-postgres.test.ts) and the crash bench:
 * the server process (npm start) on a private PostgreSQL cluster of its own, ChirpStack uplinks by
 * webhook at `rate` a second. (1) PostgreSQL is stopped for `outageSeconds`: what the database
 * cannot take is answered 202 `queued` from the intake journal and stored once it is back. (2) It
 * is stopped again for 5,000 uplinks, started, and the server is killed (SIGKILL) in the middle of
 * the replay and started anew. It returns what was answered and what was stored; the caller judges.
 */
export interface OutageRun {
  /** Phase 1: every answer's status and body, the uplinks answered 2xx and found stored. */
  answers: { status: number; body: { stored?: number; queued?: number; code?: string } }[];
  answered: number;
  stored: { n: number; distinct: number } | undefined;
  /** Seconds from PostgreSQL's return until the journal was empty. */
  replaySeconds: number;
  /** A signed-in screen's answer during the outage, and after it. */
  screenDuring: { status: number; code?: string };
  screenAfter: number;
  /** Whether the server process was still the first one when phase 1 ended. */
  serverAlive: boolean;
  /** Phase 2: answered 2xx, stored when the server was killed, stored after its restart. */
  killed: { answered: number; atKill: number; stored: { n: number; distinct: number } | undefined };
}

export async function runOutage({
  outageSeconds,
  rate,
}: {
  outageSeconds: number;
  rate: number;
}): Promise<OutageRun> {
  const TICK_MS = 50;
  const PER_TICK = (rate * TICK_MS) / 1000;
  const postgres = await startPrivatePostgres();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vahti-fault-pg-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { DATABASE_URL: postgres.url, DATA_DIR: dataDir };
  let server = await startServerProcess(port, env);
  const { key, euis } = server;
  const answered: string[] = [];
  const answers: OutageRun['answers'] = [];
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
  const token = await demoAdminToken(base);

  try {
    // 1. An outage of outageSeconds at rate uplinks a second.
    let backAt = 0;
    let screenDuring: OutageRun['screenDuring'] = { status: 0 };
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
      // A signed-in screen meanwhile.
      const screen = await fetch(`${base}/api/targets`, {
        headers: { authorization: `Bearer ${token}` },
      });
      screenDuring = {
        status: screen.status,
        code: ((await screen.json()) as { code?: string }).code,
      };
      await until(
        () => Date.now() - stoppedAt >= outageSeconds * 1000,
        'the outage',
        outageSeconds * 1000 + 10_000,
      );
      await postgres.start();
      backAt = Date.now();
      const before = answered.length;
      await until(() => answered.length >= before + 300, '300 more uplinks after it');
    } finally {
      clearInterval(pacer);
    }
    await Promise.all(inFlight);
    await until(async () => (await journal())?.uplinks === 0, 'the journal replayed', 120_000);
    const replaySeconds = (Date.now() - backAt) / 1000;
    const stored = await storedOnce(answered);
    // The same process serves a screen again.
    const after = await fetch(`${base}/api/targets`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const serverAlive = server.child.exitCode === null;
    const phaseOne = answers.slice();

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
    return {
      answers: phaseOne,
      answered: firstPhase,
      stored,
      replaySeconds,
      screenDuring,
      screenAfter: after.status,
      serverAlive,
      killed: { answered: second.length, atKill, stored: await storedOnce(second) },
    };
  } finally {
    await server.stop();
    await postgres.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
