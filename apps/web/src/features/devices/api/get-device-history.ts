import { useQuery } from '@tanstack/react-query';
import { deviceHistoryResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceKeys } from './device-keys';

/** GET /api/device-history (kind device) or /api/device-history-limits (kind limits). */
export function useDeviceHistory(deviceId: string, kind: 'device' | 'limits') {
  const path = kind === 'device' ? '/api/device-history' : '/api/device-history-limits';
  return useQuery({
    queryKey: deviceKeys.history(deviceId, kind),
    queryFn: ({ signal }) =>
      apiRequest(`${path}?${new URLSearchParams({ deviceId })}`, {
        schema: deviceHistoryResponse,
        signal,
      }),
    select: (data) => data.deviceHistory,
  });
}
