import type { TargetMeasurementRow } from '@vahti/domain';
import type { SensorRawRow } from '../sensor-data/index.js';

/**
 * What the exports write, as the sensor-data module hands it over (issue 12, decision 3): one
 * summary row per device, and the raw readings as an async iterable in time order per device.
 */
export type SummaryRow = TargetMeasurementRow;
export type RawRow = SensorRawRow;

/** The measurement the raw rows are of (all of one: `mid` names one). */
export type RawMeasurement = Pick<SummaryRow, 'measurementName' | 'measurementUnit'>;

/** Column titles and sheet names in the caller's language (domain i18n, block `exports`). */
export interface ExportTexts {
  columns: {
    time: string;
    target: string;
    device: string;
    location: string;
    measurement: string;
    unit: string;
    value: string;
    latest: string;
    latestAt: string;
    min: string;
    max: string;
    avg: string;
    count: string;
    lowLimit: string;
    highLimit: string;
  };
  sheets: { summary: string; raw: string };
}

/**
 * Pulls the first row before anything is sent, so that whatever the source refuses (a bad range,
 * a foreign device: thrown on its first step) is answered as a JSON error rather than as a
 * broken file. The iterable handed back yields that row and then the rest; ending it early
 * (`return`, as a destroyed stream does) ends the source, which closes its database cursor.
 */
export async function primed<T>(rows: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const source = rows[Symbol.asyncIterator]();
  let first: IteratorResult<T> | null = await source.next();
  return {
    [Symbol.asyncIterator]: () => ({
      next: () => {
        const step = first;
        first = null;
        return step ? Promise.resolve(step) : source.next();
      },
      return: async (value?: unknown) => {
        first = null;
        await source.return?.(value);
        return { done: true as const, value: undefined as T };
      },
    }),
  };
}
