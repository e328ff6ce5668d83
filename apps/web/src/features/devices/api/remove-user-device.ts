import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceKeys } from './device-keys';

/** DELETE /api/user-device: unlinks a device from a user, by the link's id. */
export function useRemoveUserDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('/api/user-device', { method: 'DELETE', body: { id }, schema: messageResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
