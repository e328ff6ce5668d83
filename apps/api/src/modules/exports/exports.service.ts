import { PassThrough, type Readable } from 'node:stream';
import {
  type Language,
  type MeasurementsExportQuery,
  measurementsExportFileName,
} from '@vahti/domain';
import { translate } from '@vahti/domain/i18n/messages';
import type { Caller } from '../../lib/caller.js';
import { authorize } from '../../lib/scope.js';
import type { SensorDataService } from '../sensor-data/index.js';
import { rawCsv, summaryCsv } from './csv.js';
import { type ExportTexts, primed, type RawMeasurement } from './rows.js';
import { writeXlsx } from './xlsx.js';

const READ = { do: 'openSection', section: 'vainu' } as const;

export const EXPORT_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** A file ready to stream: everything that could be refused has been checked. */
export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Readable;
}

function textsIn(language: Language): ExportTexts {
  const t = (key: string) => translate(language, `exports.${key}`);
  const columns = [
    'time',
    'target',
    'device',
    'location',
    'measurement',
    'unit',
    'value',
    'latest',
    'latestAt',
    'min',
    'max',
    'avg',
    'count',
    'lowLimit',
    'highLimit',
  ] as const;
  return {
    columns: Object.fromEntries(
      columns.map((key) => [key, t(`columns.${key}`)]),
    ) as ExportTexts['columns'],
    sheets: { summary: t('sheets.summary'), raw: t('sheets.raw') },
  };
}

/**
 * Measurement exports (issue 12): the sensor-data summary table or the raw readings of the
 * range as CSV or XLSX, streamed (docs/ARCHITECTURE.md, "Exports"). Each method checks
 * everything before it hands back the file — the permission, the range (the query schema), the
 * targets, devices and measurement (the sensor-data service's 404s) and the first page of rows —
 * so a refusal is a JSON answer, never a broken download.
 */
export function createExportsService({
  sensorData,
}: {
  sensorData: Pick<SensorDataService, 'summary' | 'rawRows'>;
}) {
  /** The summary rows, and for a raw export the raw rows, primed. */
  async function read(caller: Caller, query: MeasurementsExportQuery) {
    authorize(caller, READ);
    const summary = await sensorData.summary(caller, query);
    if (query.kind !== 'raw') return { summary, raw: undefined };
    const rows = await primed(await sensorData.rawRows(caller, query));
    // Every row is of the one measurement `mid` names; the summary knows its name and unit.
    const measurement: RawMeasurement = {
      measurementName: summary[0]?.measurementName ?? '',
      measurementUnit: summary[0]?.measurementUnit ?? '',
    };
    return { summary, raw: { rows, measurement } };
  }

  return {
    async csv(caller: Caller, query: MeasurementsExportQuery, language: Language) {
      const texts = textsIn(language);
      const { summary, raw } = await read(caller, query);
      return {
        fileName: measurementsExportFileName(query, 'csv'),
        contentType: EXPORT_CONTENT_TYPES.csv,
        body: raw ? rawCsv(raw.rows, raw.measurement, texts) : summaryCsv(summary, texts),
      } satisfies ExportFile;
    },

    /** A raw export has two sheets: the summary and the readings. */
    async xlsx(caller: Caller, query: MeasurementsExportQuery, language: Language) {
      const texts = textsIn(language);
      const content = await read(caller, query);
      const body = new PassThrough();
      // The writer runs while the reply reads `body`; a failure (or the reader going away)
      // destroys `body`, which ends the reply and, through the loop, the rows' cursor.
      writeXlsx(body, { texts, ...content }).then(
        () => undefined,
        (err: unknown) => {
          if (!body.destroyed) body.destroy(err instanceof Error ? err : new Error(String(err)));
        },
      );
      return {
        fileName: measurementsExportFileName(query, 'xlsx'),
        contentType: EXPORT_CONTENT_TYPES.xlsx,
        body,
      } satisfies ExportFile;
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
