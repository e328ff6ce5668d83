import {
  guidelinesFor,
  helsinkiDate,
  isClassifiedQuantity,
  type Language,
  type ReportQuery,
  sensorDataRange,
} from '@vahti/domain';
import type { Caller } from '../../lib/caller.js';
import { authorize } from '../../lib/scope.js';
import type { OrganizationLogosService } from '../organizations/organization-logos.service.js';
import type { SensorDataService } from '../sensor-data/index.js';
import type { ReportRenderer } from './render-pool.js';
import type {
  ReportChart,
  ReportClassBlock,
  ReportHighlights,
  ReportModel,
} from './report-model.js';
import type { ReportsRepository } from './reports.repository.js';

const VAINU = { do: 'openSection', section: 'vainu' } as const;
/**
 * The chart width the series are asked for: the PDF draws a chart about 760 pt wide, and 2
 * points a pixel of 500 is finer than print shows, while it keeps ECharts' SVG and the PDF
 * small (docs/performance.md, "PDF reports").
 */
export const REPORT_CHART_WIDTH = 500;
const SERIES_AT_ONCE = 4;
/** The highest readings on the first page: one a device and Finnish day, highest first. */
const WORST_SHOWN = 5;
/**
 * Beyond this many days a chart draws the daily mean and highest value instead of the readings:
 * a year of hourly readings squeezed into 500 pixels is a solid block, the days are a line.
 */
export const REPORT_DAILY_AFTER_DAYS = 31;
const DAY_MS = 86_400_000;
/**
 * The first WORST_SHOWN hours of a device and Finnish day each, in the given (worst first) order.
 * Each hour's day is worked out once: a time zone's date costs microseconds, and comparing every
 * pair of the hundreds read took a month's report 0.2 s of the event loop.
 */
function worstPerDay<T extends { deviceId: string; at: Date }>(worst: readonly T[]): T[] {
  const seen = new Set<string>();
  const shown: T[] = [];
  for (const w of worst) {
    if (shown.length === WORST_SHOWN) break;
    const key = `${w.deviceId} ${helsinkiDate(w.at)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    shown.push(w);
  }
  return shown;
}

/**
 * The PDF measurement report (issue 12): gathers the summary, the series and the occupied-time
 * S-class shares within the caller's scope, then has the renderer (a worker thread) make the
 * PDF. Tenancy: the sensor-data service answers 404 for a foreign target, measurement or device
 * before anything is read; the repository's own reads are scoped too.
 */
export function createReportsService({
  sensorData,
  reports,
  logos,
  renderer,
  now = () => new Date(),
}: {
  sensorData: Pick<SensorDataService, 'measurement' | 'summary' | 'series'>;
  reports: ReportsRepository;
  logos: Pick<OrganizationLogosService, 'dataUrl'>;
  renderer: Pick<ReportRenderer, 'render'>;
  now?: () => Date;
}) {
  /** Everything the PDF shows, as plain data for the render worker. */
  async function model(
    caller: Caller,
    query: ReportQuery,
    language: Language,
  ): Promise<ReportModel> {
    const scope = authorize(caller, VAINU);
    const measurement = await sensorData.measurement(caller, query.mid);
    const { occupied, ...sensorQuery } = query;
    const rows = await sensorData.summary(caller, sensorQuery);
    const range = sensorDataRange(query);
    const selection = {
      deviceIds: rows.filter((r) => r.count > 0).map((r) => r.deviceId),
      measurementId: query.mid,
      ...range,
    };
    const daily = (range.to.getTime() - range.from.getTime()) / DAY_MS > REPORT_DAILY_AFTER_DAYS;
    const charts = new Map<string, Pick<ReportChart, 'series' | 'downsampled' | 'alarms'>>();
    if (daily) {
      const days = await reports.daily(scope, selection);
      for (const id of selection.deviceIds) {
        const own = days.filter((d) => d.deviceId === id);
        // Noon of each Finnish day: the point sits in the middle of its day on the time axis.
        const at = (day: string) => Date.parse(`${day}T10:00:00Z`);
        charts.set(id, {
          series: [
            { key: 'dailyMean', points: own.map((d) => [at(d.day), d.mean]) },
            { key: 'dailyMax', points: own.map((d) => [at(d.day), d.max]) },
          ],
          downsampled: false,
          alarms: [],
        });
      }
    } else {
      // A few series at a time: a 50-device report must not take every pooled connection.
      for (let i = 0; i < selection.deviceIds.length; i += SERIES_AT_ONCE) {
        const ids = selection.deviceIds.slice(i, i + SERIES_AT_ONCE);
        const series = await Promise.all(
          ids.map((id) =>
            sensorData.series(caller, id, {
              ...sensorQuery,
              did: undefined,
              width: REPORT_CHART_WIDTH,
            }),
          ),
        );
        ids.forEach((id, k) => {
          const s = series[k];
          charts.set(id, {
            series: [
              {
                key: 'readings',
                points: (s?.measurementData ?? []).flatMap((p) => {
                  const v = p.data[query.mid];
                  return v === undefined ? [] : [[Date.parse(p.createdAt), v] as [number, number]];
                }),
              },
            ],
            downsampled: s?.downsampled ?? false,
            alarms: (s?.alarms ?? []).map((a) => ({ timeMs: Date.parse(a.createdAt) })),
          });
        });
      }
    }
    const deviceIds = rows.map((r) => r.deviceId);
    const classes: ReportClassBlock[] = [];
    for (const m of await reports.classifiedMeasurements(scope, measurement.organizationId)) {
      if (!isClassifiedQuantity(m.quantity)) continue;
      const counts = new Map(
        (
          await reports.occupiedClassCounts(scope, {
            deviceIds,
            measurementId: m.measurementId,
            quantity: m.quantity,
            ...range,
            occupied,
          })
        ).map((c) => [c.deviceId, c]),
      );
      // A measurement none of the devices carries in the occupied time gets no table.
      if (counts.size === 0) continue;
      classes.push({
        quantity: m.quantity,
        measurementName: m.measurementName,
        unit: m.measurementUnit,
        devices: rows.map((row) => {
          const c = counts.get(row.deviceId);
          const share = (n: number) => (c && c.count > 0 ? n / c.count : 0);
          return {
            deviceName: row.deviceName,
            targetName: row.targetName,
            count: c?.count ?? 0,
            S1: share(c?.S1 ?? 0),
            S2: share(c?.S2 ?? 0),
            S3: share(c?.S3 ?? 0),
            outside: c && c.count > 0 ? (c.count - c.S3) / c.count : 0,
          };
        }),
      });
    }
    const byId = new Map(rows.map((r) => [r.deviceId, r]));
    const names = (deviceId: string) => ({
      deviceName: byId.get(deviceId)?.deviceName ?? '',
      targetName: byId.get(deviceId)?.targetName ?? '',
    });
    const actionLimit = guidelinesFor(measurement.quantity).find((g) => g.key === 'actionLimit');
    const limit: ReportHighlights['limit'] =
      actionLimit?.max === undefined
        ? { kind: 'high' }
        : { kind: 'action', value: actionLimit.max };
    const limits = new Map<string, number>();
    for (const r of rows) {
      const value = limit.kind === 'action' ? limit.value : r.highLimit;
      if (r.count > 0 && value !== null) limits.set(r.deviceId, value);
    }
    const [hours, alarmList, targetList, organization] = await Promise.all([
      reports.hourHighlights(scope, { ...selection, limits }),
      reports.alarms(scope, { ...selection, deviceIds }),
      reports.targets(scope, [...new Set(rows.map((r) => r.targetId))]),
      reports.organization(scope, measurement.organizationId),
    ]);
    return {
      language,
      createdAt: now().toISOString(),
      organizationName: organization?.name ?? '',
      logo: organization?.logo ? await logos.dataUrl(organization.logo) : null,
      targets: targetList,
      highlights: {
        limit,
        hoursOver: hours.hoursOver,
        worstHours: worstPerDay(hours.worst).map((w) => ({
          ...names(w.deviceId),
          at: w.at.toISOString(),
          value: w.value,
        })),
      },
      alarms: {
        rows: alarmList.rows.map((a) => ({
          ...names(a.deviceId),
          kind: a.kind,
          createdAt: a.createdAt.toISOString(),
          closedAt: a.closedAt?.toISOString() ?? null,
          acknowledgedBy: a.acknowledgedBy,
        })),
        total: alarmList.counts.reduce((sum, c) => sum + c.count, 0),
        byKind: Object.fromEntries(alarmList.counts.map((c) => [c.kind, c.count])),
      },
      period: { sd: query.sd, ed: query.ed },
      measurement: {
        id: measurement.measurementId,
        name: measurement.measurementName,
        unit: measurement.measurementUnit,
        quantity: measurement.quantity,
      },
      occupied,
      rows: rows.map((r) => ({
        deviceName: r.deviceName,
        targetId: r.targetId,
        targetName: r.targetName,
        deviceLocation: r.deviceLocation,
        value: r.value,
        lastAt: r.lastAt,
        min: r.min_value,
        max: r.max_value,
        avg: r.avg_value,
        count: r.count,
        lowLimit: r.lowLimit,
        highLimit: r.highLimit,
      })),
      charts: rows.map((row) => ({
        deviceName: row.deviceName,
        targetName: row.targetName,
        lowLimit: row.lowLimit,
        highLimit: row.highLimit,
        ...(charts.get(row.deviceId) ?? { series: [], downsampled: false, alarms: [] }),
      })),
      classes,
    };
  }

  return {
    model,
    /** The report's PDF bytes. 503 REPORTS_BUSY when too many reports are being made. */
    async pdf(caller: Caller, query: ReportQuery, language: Language): Promise<Uint8Array> {
      authorize(caller, VAINU);
      return renderer.render(() => model(caller, query, language));
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
