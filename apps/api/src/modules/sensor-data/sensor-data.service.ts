import {
  type ChartResolution,
  chartResolution,
  type MeasurementDataQuery,
  type MeasurementSeries,
  type SensorDataQuery,
  sensorDataRange,
  type TargetMeasurementOption,
  type TargetMeasurementRow,
} from '@vahti/domain';
import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import { authorize, type Scope } from '../../lib/scope.js';
import type { DevicesRepository } from '../devices/devices.repository.js';
import type {
  Bucket,
  Point,
  ReadableMeasurement,
  SensorDataRepository,
  SensorDevice,
} from './sensor-data.repository.js';

/** One stored reading of the range, for exports: in time order per device. */
export interface SensorRawRow {
  createdAt: Date;
  deviceId: string;
  deviceName: string;
  targetName: string;
  deviceLocation: string;
  value: number;
}

/**
 * Vainu sensor data (issue 12): what other modules (reports, exports) use through
 * `Pick<SensorDataService, …>` in container.ts.
 */
export interface SensorDataService {
  /** A measurement the caller may read (scope and the organization's applications), else 404. */
  measurement(caller: Caller, measurementId: string): Promise<ReadableMeasurement>;
  /** The measurements devices of the targets carry, filtered by the organization's applications. */
  measurementsByTarget(
    caller: Caller,
    query: { tid?: string[] | undefined },
  ): Promise<TargetMeasurementOption[]>;
  /** One row per device: latest, min, max, avg (3 decimals), count, limits. 404 for unknown ids. */
  summary(caller: Caller, query: SensorDataQuery): Promise<TargetMeasurementRow[]>;
  /** A device's series of the measurement at the range's resolution, with its alarms. */
  series(caller: Caller, deviceId: string, query: MeasurementDataQuery): Promise<MeasurementSeries>;
  /**
   * The raw readings of the range, read in keyset pages (never the whole range in memory).
   * Resolves after every id is checked (404s are thrown here, before any row is read), so an
   * export can answer its errors before it starts streaming; then iterate the rows.
   */
  rawRows(caller: Caller, query: SensorDataQuery): Promise<AsyncIterable<SensorRawRow>>;
}

/** Rows of one keyset page of raw readings (exports): small enough to hold, big enough to be quick. */
export const RAW_PAGE_ROWS = 5000;
const READ = { do: 'openSection', section: 'vainu' } as const;

/** Awaits both at once, but rejects as awaiting them in order would (the first one's error). */
async function inOrder<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a, b]);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}

/** A chart's line (readings or bucket means) and, for buckets, their extremes. */
interface ChartLine {
  resolution: ChartResolution;
  bucketMinutes: number | null;
  points: Point[];
  buckets: Bucket[];
}

const bucketed = (
  resolution: ChartResolution,
  buckets: Bucket[],
  bucketMinutes: number | null = null,
): ChartLine => ({
  resolution,
  bucketMinutes,
  points: buckets.map((b) => ({ at: b.at, value: b.mean })),
  buckets,
});

/**
 * Vainu sensor data (issue 12, ADR 0020): the summary table, the chart series and the raw rows
 * of exports. Everyone with the Vainu permission reads the devices of targets they see (a
 * Käyttäjä only linked targets); a measurement whose quantity the organization's applications
 * do not allow (indoor air 2, power guard 1) is not found.
 */
export function createSensorDataService({
  sensorData,
  devices,
}: {
  sensorData: SensorDataRepository;
  devices: Pick<DevicesRepository, 'effectiveLimitsOf'>;
}): SensorDataService {
  async function measurementOf(scope: Scope, measurementId: string) {
    const measurement = await sensorData.readableMeasurement(scope, measurementId);
    if (!measurement) throw notFound('MEASUREMENT_NOT_FOUND');
    return measurement;
  }

  async function checkTargets(scope: Scope, targetIds: string[] | undefined) {
    if (!targetIds?.length) return;
    const seen = new Set(await sensorData.visibleTargetIds(scope, targetIds));
    if (targetIds.some((id) => !seen.has(id))) throw notFound('TARGET_NOT_FOUND');
  }

  /** The devices of the query: every id given must be seen (and on the targets given). */
  async function devicesOf(scope: Scope, query: SensorDataQuery): Promise<SensorDevice[]> {
    await checkTargets(scope, query.tid);
    if (query.did?.length) {
      const seen = await sensorData.visibleDevices(scope, query.did);
      const targetIds = query.tid?.length ? new Set(query.tid) : null;
      const ok = new Set(
        seen.filter((d) => !targetIds || targetIds.has(d.targetId)).map((d) => d.deviceId),
      );
      if (query.did.some((id) => !ok.has(id))) throw notFound('DEVICE_NOT_FOUND');
    }
    return sensorData.devicesWith(scope, query.mid, { targetIds: query.tid, deviceIds: query.did });
  }

  async function limitsOf(scope: Scope, deviceIds: string[], measurementId: string) {
    const rows = await devices.effectiveLimitsOf(scope, deviceIds);
    return new Map(
      rows
        .filter((row) => row.measurementId === measurementId)
        .map((row) => [row.deviceId, { lowLimit: row.lowLimit, highLimit: row.highLimit }]),
    );
  }

  /**
   * The chart's points at the range's resolution (chartResolution): the readings for a short
   * range (in minute buckets when there are more than 2 a pixel), else the rollup's buckets.
   */
  async function seriesOf(
    scope: Scope,
    deviceId: string,
    query: MeasurementDataQuery,
    range: { from: Date; to: Date },
  ): Promise<ChartLine> {
    const mid = query.mid;
    const resolution = chartResolution(range);
    if (resolution === 'day') {
      return bucketed('day', await sensorData.dailyBuckets(scope, deviceId, mid, query));
    }
    if (resolution === 'hour') {
      const buckets = await sensorData.hourlyBuckets(scope, deviceId, mid, range.from, range.to);
      return bucketed('hour', buckets);
    }
    const cap = 2 * query.width;
    const count = await sensorData.countOfDays(scope, deviceId, mid, query);
    if (count <= cap) {
      const points = await sensorData.rawPoints(scope, deviceId, mid, range.from, range.to, cap);
      return { resolution: 'raw', bucketMinutes: null, points, buckets: [] };
    }
    // At most `width` buckets of whole minutes.
    const minutes = Math.ceil((range.to.getTime() - range.from.getTime()) / 60_000 / query.width);
    const buckets = await sensorData.rawBuckets(
      scope,
      deviceId,
      mid,
      range.from,
      range.to,
      minutes * 60,
    );
    return bucketed('minutes', buckets, minutes);
  }

  return {
    measurement: (caller, measurementId) => measurementOf(authorize(caller, READ), measurementId),

    async measurementsByTarget(caller, query) {
      const scope = authorize(caller, READ);
      await checkTargets(scope, query.tid);
      return sensorData.measurementsOfTargets(scope, query.tid);
    },

    async summary(caller, query) {
      const scope = authorize(caller, READ);
      // Both lookups at once; when both fail, the measurement's 404 is the answer.
      const [measurement, list] = await inOrder(
        measurementOf(scope, query.mid),
        devicesOf(scope, query),
      );
      const ids = list.map((d) => d.deviceId);
      const [stats, limits] = await Promise.all([
        sensorData.summaryOfDays(scope, ids, query.mid, query),
        limitsOf(scope, ids, query.mid),
      ]);
      const byDevice = new Map(stats.map((row) => [row.deviceId, row]));
      return list.map((device) => {
        const s = byDevice.get(device.deviceId);
        const limit = limits.get(device.deviceId);
        return {
          ...device,
          measurementId: measurement.measurementId,
          measurementName: measurement.measurementName,
          measurementUnit: measurement.measurementUnit,
          value: s ? s.lastValue : null,
          lastAt: s ? s.lastAt.toISOString() : null,
          min_value: s ? s.minValue : null,
          max_value: s ? s.maxValue : null,
          avg_value: s ? s.avgValue : null,
          count: s ? s.count : 0,
          lowLimit: limit?.lowLimit ?? null,
          highLimit: limit?.highLimit ?? null,
        };
      });
    },

    async series(caller, deviceId, query) {
      const scope = authorize(caller, READ);
      // The device in the path first: another organization's device is DEVICE_NOT_FOUND
      // whatever measurement the query names.
      const [seen] = await sensorData.visibleDevices(scope, [deviceId]);
      if (!seen) throw notFound('DEVICE_NOT_FOUND');
      const measurement = await measurementOf(scope, query.mid);
      const [device] = await sensorData.devicesWith(scope, query.mid, { deviceIds: [deviceId] });
      if (!device) throw notFound('MEASUREMENT_NOT_FOUND');
      // The days' bounds are whole UTC hours (Finland's offsets are whole hours).
      const range = sensorDataRange(query);
      const line = await seriesOf(scope, deviceId, query, range);
      const [limits, alarmRows] = await Promise.all([
        limitsOf(scope, [deviceId], query.mid),
        sensorData.alarmsOf(scope, deviceId, query.mid, range.from, range.to),
      ]);
      const limit = limits.get(deviceId);
      return {
        deviceId,
        measurementId: measurement.measurementId,
        measurementName: measurement.measurementName,
        measurementUnit: measurement.measurementUnit,
        lowLimit: limit?.lowLimit ?? null,
        highLimit: limit?.highLimit ?? null,
        downsampled: line.resolution !== 'raw',
        resolution: line.resolution,
        bucketMinutes: line.bucketMinutes,
        measurementData: line.points.map((p) => ({
          createdAt: p.at.toISOString(),
          data: { [query.mid]: p.value },
        })),
        band: line.buckets.map((b) => ({
          createdAt: b.at.toISOString(),
          min: b.min,
          max: b.max,
        })),
        alarms: alarmRows.map((a) => ({
          id: a.id,
          createdAt: a.createdAt.toISOString(),
          closedAt: a.closedAt ? a.closedAt.toISOString() : null,
          alarmBreakThrough: a.alarmBreakThrough,
          value: a.value,
        })),
      };
    },

    async rawRows(caller, query) {
      const scope = authorize(caller, READ);
      await measurementOf(scope, query.mid);
      const list = await devicesOf(scope, query);
      const range = sensorDataRange(query);
      return {
        async *[Symbol.asyncIterator]() {
          for (const device of list) {
            let after: { cursorAt: string; id: string } | null = null;
            for (;;) {
              const page = await sensorData.rawPage(
                scope,
                device.deviceId,
                query.mid,
                range.from,
                range.to,
                after,
                RAW_PAGE_ROWS,
              );
              for (const row of page) {
                yield {
                  createdAt: row.createdAt,
                  deviceId: device.deviceId,
                  deviceName: device.deviceName,
                  targetName: device.targetName,
                  deviceLocation: device.deviceLocation,
                  value: row.value,
                };
              }
              const last = page.at(-1);
              if (!last || page.length < RAW_PAGE_ROWS) break;
              after = { cursorAt: last.cursorAt, id: last.id };
            }
          }
        },
      };
    },
  };
}
