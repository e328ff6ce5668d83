import {
  isClassifiedQuantity,
  type Language,
  type ReportQuery,
  sensorDataRange,
} from '@vahti/domain';
import type { Caller } from '../../lib/caller.js';
import { authorize } from '../../lib/scope.js';
import type { SensorDataService } from '../sensor-data/index.js';
import type { ReportRenderer } from './render-pool.js';
import type { ReportClassBlock, ReportModel } from './report-model.js';
import type { ReportsRepository } from './reports.repository.js';

const VAINU = { do: 'openSection', section: 'vainu' } as const;
/**
 * The chart width the series are asked for: the PDF draws a chart about 760 pt wide, and 2
 * points a pixel of 500 is finer than print shows, while it keeps ECharts' SVG and the PDF
 * small (docs/performance.md, "PDF reports").
 */
export const REPORT_CHART_WIDTH = 500;
const SERIES_AT_ONCE = 4;

/**
 * The PDF measurement report (issue 12): gathers the summary, the series and the occupied-time
 * S-class shares within the caller's scope, then has the renderer (a worker thread) make the
 * PDF. Tenancy: the sensor-data service answers 404 for a foreign target, measurement or device
 * before anything is read; the repository's own reads are scoped too.
 */
export function createReportsService({
  sensorData,
  reports,
  renderer,
  now = () => new Date(),
}: {
  sensorData: Pick<SensorDataService, 'measurement' | 'summary' | 'series'>;
  reports: ReportsRepository;
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
    // A few series at a time: a 50-device report must not take every pooled connection.
    const series: Awaited<ReturnType<typeof sensorData.series>>[] = [];
    for (let i = 0; i < rows.length; i += SERIES_AT_ONCE) {
      series.push(
        ...(await Promise.all(
          rows.slice(i, i + SERIES_AT_ONCE).map((row) =>
            sensorData.series(caller, row.deviceId, {
              ...sensorQuery,
              did: undefined,
              width: REPORT_CHART_WIDTH,
            }),
          ),
        )),
      );
    }
    const range = sensorDataRange(query);
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
    return {
      language,
      createdAt: now().toISOString(),
      organizationName: (await reports.organizationName(scope, measurement.organizationId)) ?? '',
      targetNames: [...new Set(rows.map((r) => r.targetName))].sort((a, b) =>
        a.localeCompare(b, 'fi'),
      ),
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
      charts: rows.map((row, i) => {
        const s = series[i];
        return {
          deviceName: row.deviceName,
          targetName: row.targetName,
          downsampled: s?.downsampled ?? false,
          lowLimit: s?.lowLimit ?? row.lowLimit,
          highLimit: s?.highLimit ?? row.highLimit,
          points: (s?.measurementData ?? []).flatMap((p) => {
            const v = p.data[query.mid];
            return v === undefined ? [] : [[Date.parse(p.createdAt), v] as [number, number]];
          }),
          alarms: (s?.alarms ?? []).map((a) => ({ timeMs: Date.parse(a.createdAt) })),
        };
      }),
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
