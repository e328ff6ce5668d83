import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DeviceTypeAlarmSettingsBody, deviceTypeResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceTypesKey } from './device-network-keys';

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
