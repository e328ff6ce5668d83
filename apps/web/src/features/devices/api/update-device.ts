import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateDeviceBody, updatedDeviceResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceKeys } from './device-keys';

export function useUpdateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDeviceBody) =>
      apiRequest('/api/devices', { method: 'PATCH', body, schema: updatedDeviceResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
