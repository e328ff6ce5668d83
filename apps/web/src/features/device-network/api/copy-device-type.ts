import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceTypeResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceTypesKey } from './device-network-keys';

/** POST /api/device-types/{id}/copy: the same codec and measurements under a new name. */
export function useCopyDeviceType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      deviceTypeId,
      deviceTypeName,
    }: {
      deviceTypeId: string;
      deviceTypeName: string;
    }) =>
      apiRequest(`/api/device-types/${encodeURIComponent(deviceTypeId)}/copy`, {
        method: 'POST',
        body: { deviceTypeName },
        schema: deviceTypeResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceTypesKey }),
  });
}
