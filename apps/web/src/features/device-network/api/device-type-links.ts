import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DeviceTypeAlarmSettingsBody,
  deviceTypeProfileResponse,
  deviceTypeResponse,
  deviceTypesResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceProfileKeys } from './get-device-profiles';

/** The same key as the device register's list of device types, so both share one cache entry. */
const deviceTypesKey = ['measurements', 'device-types'] as const;

/** GET /api/device-types: the organization's Vahti device types to pick from. */
export function linkableDeviceTypesQueryOptions() {
  return queryOptions({
    queryKey: deviceTypesKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/device-types', { schema: deviceTypesResponse, signal }),
    select: (data) => data.deviceTypes,
  });
}
export const useLinkableDeviceTypes = () => useQuery(linkableDeviceTypesQueryOptions());

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

/** PATCH /api/device-types/{id}/alarm-settings: the type's offline alarm and alarm delay. */
export function useSetDeviceTypeAlarmSettings(deviceTypeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceTypeAlarmSettingsBody) =>
      apiRequest(`/api/device-types/${encodeURIComponent(deviceTypeId)}/alarm-settings`, {
        method: 'PATCH',
        body,
        schema: deviceTypeResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceTypesKey }),
  });
}
