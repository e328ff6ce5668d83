import { useQuery } from '@tanstack/react-query';
import { addDays, helsinkiToday, measurementDataResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceKeys } from './device-keys';

/** The small charts are drawn this wide at most: the server thins the readings to it. */
const SMALL_CHART_WIDTH = 600;

/**
 * GET /api/measurement-data/{deviceId} of one measurement over the last `days` Finnish days
 * (today included), for the device page's small charts.
 */
export function useDeviceSeries(deviceId: string, measurementId: string, days: 2 | 7) {
  return useQuery({
    queryKey: deviceKeys.series(deviceId, measurementId, days),
    queryFn: ({ signal }) => {
      const ed = helsinkiToday();
      const query = new URLSearchParams({
        mid: measurementId,
        sd: addDays(ed, 1 - days),
        ed,
        width: String(SMALL_CHART_WIDTH),
      });
      return apiRequest(`/api/measurement-data/${encodeURIComponent(deviceId)}?${query}`, {
        schema: measurementDataResponse,
        signal,
      });
    },
  });
}
