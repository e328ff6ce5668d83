import type { AddressInfo } from 'node:net';
import { STREAM_RECONNECTED } from '@vahti/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import { type Database, openDatabase } from '../../src/db/client.js';
import type { BusEvent } from '../../src/modules/events/event-bus.js';
import {
  createPostgresEventBus,
  EVENTS_CHANNEL,
  MAX_PAYLOAD_BYTES,
} from '../../src/modules/events/postgres-event-bus.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import { openEventStream } from '../helpers/event-stream.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { createLayoutDevice } from '../helpers/ingest-fixtures.js';

/**
 * Two API instances on one PostgreSQL database (ADR 0023): what happens on instance A reaches the
 * browsers on instance B through LISTEN/NOTIFY, with the same tenancy rules, and again after B's
 * listening connection has been killed. PostgreSQL only: with PGlite there is one instance and
 * its bus is in process (events.test.ts).
 */
describe.skipIf(DRIVER !== 'postgres')(
  'events across API instances (postgres; skipped without TEST_DATABASE_URL)',
  () => {
    let ctx: TestContext;
    let fx: Fixtures;
    let as: Actors;
    let databaseB: Database;
    let appB: App;
    let baseA: string;
    let baseB: string;
    let ingestKey: string;
    let sensor: Awaited<ReturnType<typeof createLayoutDevice>>;

    const pool = () => ctx.database.postgres as NonNullable<Database['postgres']>;
    const address = (server: { address(): AddressInfo | string | null }) =>
      `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    beforeAll(async () => {
      ({ ctx, fx, as } = await startApiTest());
      await ctx.app.listen({ host: '127.0.0.1', port: 0 });
      baseA = address(ctx.app.server);
      // Instance B: its own pool and listener on the same database, the same signing secret.
      databaseB = await openDatabase({ databaseUrl: ctx.config.databaseUrl });
      ({ app: appB } = await buildApp({ config: ctx.config, database: databaseB, logger: false }));
      await appB.listen({ host: '127.0.0.1', port: 0 });
      baseB = address(appB.server);
      ingestKey = (await as('Ylläpitäjä', 'A').post('/api/ingest-keys', { name: 'Toinen' })).json()
        .key;
      // hum above 80 opens an 'up' alarm.
      sensor = await createLayoutDevice(ctx.database.db, fx.orgA.id, fx.orgA.target.id, {
        alarming: true,
      });
    });
    afterAll(async () => {
      await appB?.close();
      await databaseB?.close();
      await ctx?.close();
    });

    let minutesAgo = 60;
    /** An uplink with this humidity to instance A's webhook, over HTTP. */
    async function uplinkToA(hum: number) {
      minutesAgo -= 1;
      const res = await fetch(`${baseA}/api/ingest/generic`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ingestKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          deviceEui: sensor.eui,
          time: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
          values: { [sensor.m.hum.id]: hum },
        }),
      });
      expect(res.status).toBe(200);
    }

    /** Organization B's feedback, sent through instance A: an event B's streams may hear. */
    const feedbackOfB = () =>
      as('Käyttäjä', 'B').post('/api/tieto/feedback/', {
        feedbackTitle: 'Ovi B',
        feedbackTargetId: fx.orgB.target.id,
        feedbackMessage: 'Kellarin ovi ei mene lukkoon',
      });

    it("delivers an alarm opened and acknowledged on instance A to instance B's stream, never to organization B", async () => {
      const streamA = await openEventStream(baseB, await as.token('Ylläpitäjä', 'A'));
      const streamB = await openEventStream(baseB, await as.token('Ylläpitäjä', 'B'));
      try {
        await uplinkToA(95);
        const opened = await streamA.next();
        expect(opened).toMatchObject({
          type: 'alarm.changed',
          targetId: fx.orgA.target.id,
          data: { deviceId: sensor.deviceId, change: 'opened' },
        });
        const alarmId = opened.data.alarmId as string;

        const ack = await as('Ylläpitäjä', 'A').patch('/api/alarms/ack', { id: alarmId, state: 1 });
        expect(ack.statusCode).toBe(200);
        expect(await streamA.next()).toMatchObject({
          type: 'alarm.changed',
          data: { alarmId, change: 'acknowledged' },
        });

        // Organization B's stream: A's events went out first and in order, so had B's stream been
        // given one, it would come before B's own feedback.
        const feedback = await feedbackOfB();
        expect(feedback.statusCode).toBe(201);
        expect(await streamB.next()).toMatchObject({
          type: 'feedback.changed',
          targetId: fx.orgB.target.id,
          data: { feedbackId: feedback.json().feedback.id },
        });
        expect(streamB.text()).not.toContain(alarmId);
        expect(streamB.text()).not.toContain(sensor.deviceId);
        expect(streamB.text()).not.toContain('Kellarin ovi');
      } finally {
        streamA.close();
        streamB.close();
      }
    });

    it('hears instance A again after its listening connection was killed', async () => {
      const listeners = async () =>
        (
          await pool().pool.query<{ pid: number }>(
            `select pid from pg_stat_activity
             where datname = current_database() and state = 'idle' and query = $1`,
            [`listen "${EVENTS_CHANNEL}"`],
          )
        ).rows.map((row) => row.pid);
      const before = await listeners();
      // Instance A's and B's.
      expect(before).toHaveLength(2);
      // A browser on B, connected across the outage, may miss what was sent meanwhile.
      const across = await openEventStream(baseB, await as.token('Pääkäyttäjä', 'A'));
      await pool().pool.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [
        before,
      ]);
      // Both listen again, on new connections.
      await vi.waitFor(
        async () => {
          const now = await listeners();
          expect(now).toHaveLength(2);
          expect(now.filter((pid) => before.includes(pid))).toEqual([]);
        },
        { timeout: 10_000, interval: 50 },
      );

      // ... so once B listens again, it tells that browser to fetch what it shows again.
      try {
        expect(await across.next()).toEqual({
          type: STREAM_RECONNECTED,
          targetId: null,
          data: {},
        });
      } finally {
        across.close();
      }

      const stream = await openEventStream(baseB, await as.token('Pääkäyttäjä', 'A'));
      try {
        await uplinkToA(50);
        expect(await stream.next()).toMatchObject({
          type: 'alarm.changed',
          data: { deviceId: sensor.deviceId, change: 'closed' },
        });
      } finally {
        stream.close();
      }
    });

    it('sends many events in order, packed below the payload limit; an oversized one stays local and nothing throws', async () => {
      const errors: string[] = [];
      const log = {
        error: (_obj: unknown, msg?: string) => errors.push(msg ?? ''),
        warn: () => {},
        info: () => {},
      };
      const busA = createPostgresEventBus({ ...pool(), log });
      const busB = createPostgresEventBus({ ...pool(), log });
      const payloads: string[] = [];
      const watcher = pool().newClient();
      try {
        await busA.start();
        await busB.start();
        await watcher.connect();
        watcher.on('notification', (m) => payloads.push(m.payload ?? ''));
        await watcher.query(`listen "${EVENTS_CHANNEL}"`);
        const heardByB: BusEvent[] = [];
        const heardByA: BusEvent[] = [];
        busB.subscribe((event) => heardByB.push(event));
        busA.subscribe((event) => heardByA.push(event));
        const event = (n: number, bytes = 100): BusEvent => ({
          organizationId: fx.orgA.id,
          targetId: null,
          type: 'test.event',
          data: { n, id: 'x'.repeat(bytes) },
        });

        expect(() => busA.publish(event(-1, MAX_PAYLOAD_BYTES))).not.toThrow();
        for (let n = 0; n < 300; n++) busA.publish(event(n));
        await vi.waitFor(() => expect(heardByB).toHaveLength(300), { timeout: 10_000 });
        expect(heardByB.map((e) => e.data.n)).toEqual(Array.from({ length: 300 }, (_, n) => n));
        // A heard its own events once each, at once, the oversized one too.
        expect(heardByA.map((e) => e.data.n)).toEqual([-1, ...heardByB.map((e) => e.data.n)]);
        expect(errors).toEqual(['event too large for NOTIFY; only this instance hears it']);
        // The watcher's connection hears the same notifications, on its own time: wait for the
        // one that carries the last event before counting them.
        await vi.waitFor(() => expect(payloads.some((p) => p.includes('"n":299'))).toBe(true), {
          timeout: 10_000,
        });
        // Packed: far fewer notifications than events, each below the limit.
        expect(payloads.length).toBeGreaterThan(1);
        expect(payloads.length).toBeLessThan(30);
        expect(Math.max(...payloads.map((p) => Buffer.byteLength(p)))).toBeLessThanOrEqual(
          MAX_PAYLOAD_BYTES,
        );
      } finally {
        await watcher.end();
        await busA.close();
        await busB.close();
      }
    });

    it('logs, never throws, when the database cannot be reached', async () => {
      const errors: string[] = [];
      const unreachable = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/x' });
      const bus = createPostgresEventBus({
        pool: unreachable,
        newClient: pool().newClient,
        log: { error: (_obj, msg) => errors.push(msg ?? ''), warn: () => {}, info: () => {} },
      });
      try {
        expect(() =>
          bus.publish({ organizationId: fx.orgA.id, targetId: null, type: 'test.event', data: {} }),
        ).not.toThrow();
        await bus.close();
        expect(errors).toEqual(['events not sent to the other instances']);
      } finally {
        await unreachable.end();
      }
    });
  },
);
