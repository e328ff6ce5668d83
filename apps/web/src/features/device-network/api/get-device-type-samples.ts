import { useQuery } from '@tanstack/react-query';
import { deviceTypeSamplesResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceTypesKey } from './device-network-keys';

/** GET /api/device-types/{id}/samples: real payloads of the type's devices to replay. */
export const useDeviceTypeSamples = (deviceTypeId: string | undefined) =>
  useQuery({
    queryKey: [...deviceTypesKey, deviceTypeId, 'samples'],
    queryFn: ({ signal }) =>
      apiRequest(`/api/device-types/${encodeURIComponent(deviceTypeId ?? '')}/samples`, {
        schema: deviceTypeSamplesResponse,
        signal,
      }),
    select: (data) => data.samples,
    enabled: Boolean(deviceTypeId),
  });
