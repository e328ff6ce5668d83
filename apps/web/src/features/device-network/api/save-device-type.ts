import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateDeviceTypeBody,
  deviceTypeResponse,
  type UpdateDeviceTypeBody,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceTypesKey } from './device-network-keys';

/** POST /api/device-types, or PUT /api/device-types/{id} when editing: the whole type. */
export function useSaveDeviceType(deviceTypeId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDeviceTypeBody | UpdateDeviceTypeBody) =>
      apiRequest(
        deviceTypeId
          ? `/api/device-types/${encodeURIComponent(deviceTypeId)}`
          : '/api/device-types',
        { method: deviceTypeId ? 'PUT' : 'POST', body, schema: deviceTypeResponse },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceTypesKey }),
  });
}
