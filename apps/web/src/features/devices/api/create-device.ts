import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateDeviceBody, deviceResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceKeys } from './device-keys';

export function useCreateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDeviceBody) =>
      apiRequest('/api/device', { method: 'POST', body, schema: deviceResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
