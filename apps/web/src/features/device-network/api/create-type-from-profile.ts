import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceTypeResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceProfileKeys, deviceTypesKey } from './device-network-keys';

/** POST /api/device-types/from-profile: a linked type made of a network-server profile. */
export function useCreateTypeFromProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceProfileId: string) =>
      apiRequest('/api/device-types/from-profile', {
        method: 'POST',
        body: { deviceProfileId },
        schema: deviceTypeResponse,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: deviceTypesKey });
      await queryClient.invalidateQueries({ queryKey: deviceProfileKeys.all });
    },
  });
}
