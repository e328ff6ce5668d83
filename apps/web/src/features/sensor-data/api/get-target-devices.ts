import { useQueries } from '@tanstack/react-query';
import { targetWithDevicesResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { sensorDataKeys } from './sensor-data-keys';

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
