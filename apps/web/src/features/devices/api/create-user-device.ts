import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateUserDeviceBody, userDeviceResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceKeys } from './device-keys';

export function useCreateUserDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserDeviceBody) =>
      apiRequest('/api/user-device', { method: 'POST', body, schema: userDeviceResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
