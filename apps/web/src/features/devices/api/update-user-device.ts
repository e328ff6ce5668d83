import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateUserDeviceBody, userDeviceResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceKeys } from './device-keys';

/** PATCH /api/user-device: which of the device's measurements the user sees, and the state. */
export function useUpdateUserDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserDeviceBody) =>
      apiRequest('/api/user-device', { method: 'PATCH', body, schema: userDeviceResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
