import { useQuery } from '@tanstack/react-query';
import { measurementDataResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import type { SensorDataFilters } from '../filters';
import { sensorDataKeys } from './sensor-data-keys';

/**
 * GET /api/measurement-data/{deviceId}?mid,sd,ed,width: the device's series for a chart `width`
 * pixels wide (the server sends at most about two points per pixel).
 */
export function useMeasurementData(deviceId: string, filters: SensorDataFilters, width: number) {
  const query = new URLSearchParams({
    mid: filters.mid,
    sd: filters.sd,
    ed: filters.ed,
    width: String(width),
  });
  const search = query.toString();
  return useQuery({
    queryKey: sensorDataKeys.series(deviceId, search),
    queryFn: ({ signal }) =>
      apiRequest(`/api/measurement-data/${encodeURIComponent(deviceId)}?${search}`, {
        schema: measurementDataResponse,
        signal,
      }),
    enabled: width > 0 && filters.mid !== '',
  });
}
