import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { type GenericUplink, payloadLayout } from '@vahti/domain';
import { and, asc, eq, inArray, max, ne } from 'drizzle-orm';
import { decodeFrames } from '../../modules/ingest/codecs/layout.js';
import type { IngestCaller, IngestService } from '../../modules/ingest/ingest.service.js';
import { ingestKeyHash } from '../../modules/ingest/ingest-keys.service.js';
import {
  chirpstackUplinkFor,
  encodePayload,
  frameCounter,
  frameOf,
  readingTimes,
  type SimDevice,
  simulateReading,
} from '../../modules/ingest/simulation.js';
import type { Db } from '../client.js';
import {
  devices,
  deviceTypeMeasurements,
  ingestKeys,
  measurementData,
  measurements,
} from '../schema/index.js';
import { SILENT_DEMO_EUI, SILENT_DEMO_HOURS } from './devices.js';
import { DEMO_INGEST_KEY_FILE } from './ingest.js';

// Demo mode's sensor data (issue "Ingestion and alarms", Simulator): at `npm start` the demo
// organization's devices get 30 days of readings back-filled through the ingest service (the
// generic batch form, so alarms are evaluated for every reading), then one ChirpStack uplink per
// device a minute. The devices and their layouts are written to DATA_DIR/demo-devices.json for
// `npm run simulate`, which sends the same uplinks over HTTP.

/** The demo devices and their payload layouts, for `npm run simulate`. */
export const DEMO_DEVICES_FILE = 'demo-devices.json';
export const BACKFILL_DAYS = 30;
/** Back-filled readings: one per device every 15 minutes. */
export const BACKFILL_INTERVAL_MS = 15 * 60_000;
/**
 * Readings per ingest call of the back-fill, with a turn of the event loop between calls. PGlite
 * runs each statement on the event loop, one at a time: a request that arrives during the
 * back-fill waits for the call under way, so it must be short: at 5,000 a call the first page
 * waited 10–20 s, at 100 it answers in a fraction of a second (docs/performance.md, "Demo start").
 */
export const BACKFILL_CHUNK = 100;
/** The live trickle: one uplink per device a minute. */
export const TRICKLE_INTERVAL_MS = 60_000;

/** The active devices of an organization with their types' layouts (measurement names, units). */
export async function simulatedDevices(db: Db, organizationId: string): Promise<SimDevice[]> {
  const rows = await db
    .select({
      deviceEui: devices.deviceEui,
      deviceName: devices.deviceName,
      deviceTypeId: devices.deviceTypeId,
    })
    .from(devices)
    .where(and(eq(devices.organizationId, organizationId), ne(devices.deviceState, 'Passiivinen')))
    .orderBy(asc(devices.deviceEui));
  const typeIds = [...new Set(rows.map((r) => r.deviceTypeId))];
  if (typeIds.length === 0) return [];
  const fieldRows = await db
    .select({
      deviceTypeId: deviceTypeMeasurements.deviceTypeId,
      measurementId: measurements.measurementId,
      measurementName: measurements.measurementName,
      measurementUnit: measurements.measurementUnit,
      measurementType: measurements.measurementType,
      measurementSizeInBytes: measurements.measurementSizeInBytes,
      measurementBitNumber: measurements.measurementBitNumber,
      signed: measurements.measurementSigned,
      scale: measurements.measurementScale,
      valueOffset: measurements.measurementOffset,
      byteOrder: measurements.measurementByteOrder,
    })
    .from(deviceTypeMeasurements)
    .innerJoin(measurements, eq(measurements.measurementId, deviceTypeMeasurements.measurementId))
    .where(inArray(deviceTypeMeasurements.deviceTypeId, typeIds))
    .orderBy(asc(deviceTypeMeasurements.position));
  const fieldsOf = new Map<string, SimDevice['fields']>();
  for (const typeId of typeIds) {
    const own = fieldRows.filter((r) => r.deviceTypeId === typeId);
    const { fields } = payloadLayout(own);
    fieldsOf.set(
      typeId,
      fields.map((field, i) => {
        const row = own[i] as (typeof own)[number];
        return {
          ...field,
          measurementName: row.measurementName,
          measurementUnit: row.measurementUnit,
          measurementType: row.measurementType,
          signed: row.signed,
          scale: row.scale,
          valueOffset: row.valueOffset,
          byteOrder: row.byteOrder,
        };
      }),
    );
  }
  return rows
    .map((r) => ({
      deviceEui: r.deviceEui,
      deviceName: r.deviceName,
      fields: fieldsOf.get(r.deviceTypeId) ?? [],
    }))
    .filter((d) => d.deviceEui && d.fields.length > 0);
}

/**
 * Readings of the devices at every interval from `from` to `to`, stored through the ingest
 * service's generic batch form (BACKFILL_CHUNK a call; alarms are evaluated for each).
 * The values are those the encoded payload decodes to, and the dedup key is that of the
 * simulated ChirpStack uplinks: running it again over the same period stores nothing.
 */
export async function backfill(
  ingest: Pick<IngestService, 'generic'>,
  caller: IngestCaller,
  simDevices: readonly SimDevice[],
  { from, to, intervalMs }: { from: number; to: number; intervalMs: number },
) {
  const batch: GenericUplink[] = [];
  const totals = { stored: 0, duplicates: 0, rejected: 0 };
  const flush = async () => {
    if (batch.length === 0) return;
    const result = await ingest.generic(caller, batch.splice(0));
    totals.stored += result.stored;
    totals.duplicates += result.duplicates;
    totals.rejected += result.rejected?.length ?? 0;
    // Requests that arrived meanwhile go first (the demo's HTTP answers matter more than its past).
    await yieldToRequests();
  };
  // Time-major: each batch is in time order, so an alarm opens at a peak and closes after it.
  for (const at of readingTimes(from, to, intervalMs)) {
    for (const device of simDevices) {
      const decoded = decodeFrames(
        encodePayload(simulateReading(device, at), device.fields),
        undefined,
        [frameOf(device.fields)],
      );
      if (!decoded.ok) continue;
      batch.push({
        deviceEui: device.deviceEui,
        time: new Date(at).toISOString(),
        fCnt: frameCounter(at),
        values: decoded.values,
      });
      if (batch.length >= BACKFILL_CHUNK) await flush();
    }
  }
  await flush();
  return totals;
}

/** The organization and key of the demo ingest key written at seeding, if it is still live. */
export async function demoIngestCaller(
  db: Db,
  ingest: Pick<IngestService, 'authenticate'>,
  dataDir: string,
) {
  let key: string;
  try {
    key = readFileSync(path.join(dataDir, DEMO_INGEST_KEY_FILE), 'utf8').trim();
  } catch {
    return undefined;
  }
  const [row] = await db
    .select({ id: ingestKeys.id })
    .from(ingestKeys)
    .where(eq(ingestKeys.keyHash, ingestKeyHash(key)));
  if (!row) return undefined;
  return ingest.authenticate(`Bearer ${key}`, '127.0.0.1').catch(() => undefined);
}

export interface DemoSimulation {
  /** What the back-fill stored and how long it took. */
  backfilled: { stored: number; duplicates: number; seconds: number; devices: number };
  /** Stops the trickle; resolves once an uplink under way has been stored. */
  stop(): Promise<void>;
}

/**
 * Demo mode: writes DATA_DIR/demo-devices.json, back-fills the last BACKFILL_DAYS (from the
 * newest stored reading on, so a restart only fills the gap; replays would add nothing anyway),
 * then sends one ChirpStack uplink per device every TRICKLE_INTERVAL_MS until stop().
 */
export async function startDemoSimulation({
  db,
  ingest,
  dataDir,
  log,
  onBackfill,
  now = () => Date.now(),
}: {
  db: Db;
  ingest: Pick<IngestService, 'authenticate' | 'generic' | 'chirpstack'>;
  dataDir: string;
  log: (message: string, err?: unknown) => void;
  /** Called as the back-fill starts (not when there is nothing to fill): the start banner's notice. */
  onBackfill?: (backfill: { ms: number; devices: number }) => void;
  now?: () => number;
}): Promise<DemoSimulation | undefined> {
  const caller = await demoIngestCaller(db, ingest, dataDir);
  if (!caller) return undefined;
  const simDevices = await simulatedDevices(db, caller.organizationId);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(
    path.join(dataDir, DEMO_DEVICES_FILE),
    `${JSON.stringify({ devices: simDevices }, null, 2)}\n`,
  );

  const started = performance.now();
  const [latest] = await db
    .select({ at: max(measurementData.createdAt) })
    .from(measurementData)
    .where(eq(measurementData.organizationId, caller.organizationId));
  const to = now();
  const from = Math.max(to - BACKFILL_DAYS * 24 * 3_600_000, latest?.at?.getTime() ?? 0);
  if (to - from >= BACKFILL_INTERVAL_MS)
    onBackfill?.({ ms: to - from, devices: simDevices.length });
  // One device falls silent SILENT_DEMO_HOURS before now: the demo's offline alarm.
  const live = simDevices.filter((d) => d.deviceEui !== SILENT_DEMO_EUI);
  const silent = simDevices.filter((d) => d.deviceEui === SILENT_DEMO_EUI);
  const totals = await backfill(ingest, caller, live, {
    from,
    to,
    intervalMs: BACKFILL_INTERVAL_MS,
  });
  const quiet = await backfill(ingest, caller, silent, {
    from,
    to: to - SILENT_DEMO_HOURS * 3_600_000,
    intervalMs: BACKFILL_INTERVAL_MS,
  });
  const backfilled = {
    stored: totals.stored + quiet.stored,
    duplicates: totals.duplicates + quiet.duplicates,
    seconds: (performance.now() - started) / 1000,
    devices: simDevices.length,
  };

  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    const at = Math.floor(now() / TRICKLE_INTERVAL_MS) * TRICKLE_INTERVAL_MS;
    running = running.then(async () => {
      for (const device of live) {
        await ingest
          .chirpstack(caller, chirpstackUplinkFor(device, at))
          .catch((err) => log('demo simulator: an uplink failed', err));
      }
    });
  }, TRICKLE_INTERVAL_MS);
  timer.unref();
  return {
    backfilled,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
