import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import {
  measurementDataResponse,
  measurementsByTargetResponse,
  targetMeasurementsResponse,
  targetNamesResponse,
  targetWithDevicesResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { isComplete, type SensorDataFilters, searchOf } from '../filters';
import { sensorDataKeys } from './sensor-data-keys';

/** GET /api/targets/names: the targets the user may choose from. */
export function useTargetNames() {
  return useQuery({
    queryKey: sensorDataKeys.targetNames(),
    queryFn: ({ signal }) =>
      apiRequest('/api/targets/names', { schema: targetNamesResponse, signal }),
    select: (data) => data.targets,
  });
}

/** GET /api/targets/{id} for each chosen target: their devices, for the device filter. */
export function useTargetDevices(targetIds: readonly string[]) {
  return useQueries({
    queries: targetIds.map((targetId) => ({
      queryKey: sensorDataKeys.target(targetId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiRequest(`/api/targets/${encodeURIComponent(targetId)}`, {
          schema: targetWithDevicesResponse,
          signal,
        }),
    })),
    combine: (results) => ({
      devices: results.flatMap((result) =>
        (result.data?.target.Devices ?? []).map((device) => ({
          deviceId: device.deviceId,
          deviceName: device.deviceName,
          targetName: result.data?.target.targetName ?? '',
        })),
      ),
      isLoading: results.some((result) => result.isLoading),
      error: results.find((result) => result.error)?.error ?? null,
    }),
  });
}

/** GET /api/measurements-by-target?tid: the measurements the targets' devices carry. */
export function useMeasurementsByTarget(targetIds: readonly string[]) {
  const tid = targetIds.join(',');
  return useQuery({
    queryKey: sensorDataKeys.measurements(tid),
    queryFn: ({ signal }) =>
      apiRequest(`/api/measurements-by-target?${new URLSearchParams({ tid })}`, {
        schema: measurementsByTargetResponse,
        signal,
      }),
    select: (data) => data.measurements,
    enabled: targetIds.length > 0,
  });
}

/** GET /api/target-measurements?tid,mid,did,sd,ed: one summary row per device. */
export function useTargetMeasurements(filters: SensorDataFilters) {
  const search = searchOf(filters);
  return useQuery({
    queryKey: sensorDataKeys.summary(search),
    queryFn: ({ signal }) =>
      apiRequest(`/api/target-measurements?${search}`, {
        schema: targetMeasurementsResponse,
        signal,
      }),
    select: (data) => data.rows,
    enabled: isComplete(filters),
    placeholderData: keepPreviousData,
  });
}

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
