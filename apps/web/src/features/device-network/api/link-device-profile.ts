import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceTypeProfileResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceProfileKeys, deviceTypesKey } from './device-network-keys';

const patchLink = (deviceTypeId: string, deviceProfileId: string | null) =>
  apiRequest(`/api/device-types/${encodeURIComponent(deviceTypeId)}/device-profile`, {
    method: 'PATCH',
    body: { deviceProfileId },
    schema: deviceTypeProfileResponse,
  });

/**
 * Links a profile to a device type (or to none). A profile links to one type per organization:
 * its old type, if any, is unlinked first, then the new one linked.
 */
export function useLinkDeviceProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      deviceProfileId: string;
      from: string | null;
      to: string | null;
    }) => {
      if (input.from && input.from !== input.to) await patchLink(input.from, null);
      if (input.to && input.to !== input.from) {
        return patchLink(input.to, input.deviceProfileId);
      }
      return null;
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceProfileKeys.all }),
        queryClient.invalidateQueries({ queryKey: deviceTypesKey }),
      ]);
    },
  });
}
