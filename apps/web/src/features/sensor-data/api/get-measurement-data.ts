import { useQueries } from '@tanstack/react-query';
import { type MeasurementDataResponse, measurementDataResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import type { SensorDataFilters } from '../filters';
import { sensorDataKeys } from './sensor-data-keys';

/** One series a chart draws: a device's measurement. */
export interface SeriesRequest {
  deviceId: string;
  mid: string;
}

/**
 * The answers in order once all are in, and the first error. A function of its own, not one
 * made per render: TanStack Query reruns a new combine on every render, and a new `data` array
 * would redraw the chart (losing its zoom) each time.
 */
function combine(results: { data?: MeasurementDataResponse | undefined; error: Error | null }[]) {
  const data = results.map((r) => r.data);
  return {
    data: data.every((d) => d !== undefined) ? data : undefined,
    error: results.find((r) => r.error)?.error ?? null,
  };
}

/**
 * GET /api/measurement-data/{deviceId}?mid,sd,ed,width for each series of a chart `width` pixels
 * wide (the server picks the resolution from the range; width only thins a short range's
 * readings to about two a pixel).
 */
export function useMeasurementDataList(
  requests: readonly SeriesRequest[],
  filters: Pick<SensorDataFilters, 'sd' | 'ed'>,
  width: number,
) {
  return useQueries({
    queries: requests.map(({ deviceId, mid }) => {
      const search = new URLSearchParams({
        mid,
        sd: filters.sd,
        ed: filters.ed,
        width: String(width),
      }).toString();
      return {
        queryKey: sensorDataKeys.series(deviceId, search),
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          apiRequest(`/api/measurement-data/${encodeURIComponent(deviceId)}?${search}`, {
            schema: measurementDataResponse,
            signal,
          }),
        enabled: width > 0 && mid !== '',
      };
    }),
    combine,
  });
}
