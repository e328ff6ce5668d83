import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AcceptNewDeviceBody,
  acceptNewDeviceResponse,
  type DismissNewDeviceBody,
  messageResponse,
  newDevicesResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceKeys } from './device-keys';

/** GET /api/new-devices: the "Uudet laitteet" inbox. */
export function newDevicesQueryOptions() {
  return queryOptions({
    queryKey: deviceKeys.newDevices(),
    queryFn: ({ signal }) => apiRequest('/api/new-devices', { schema: newDevicesResponse, signal }),
    select: (data) => data.newDevices,
  });
}
export const useNewDevices = () => useQuery(newDevicesQueryOptions());

/** POST /api/new-devices/accept: the device added, its kept uplinks stored. */
export function useAcceptNewDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptNewDeviceBody) =>
      apiRequest('/api/new-devices/accept', {
        method: 'POST',
        body,
        schema: acceptNewDeviceResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

/** POST /api/new-devices/dismiss: hidden from the inbox. */
export function useDismissNewDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DismissNewDeviceBody) =>
      apiRequest('/api/new-devices/dismiss', { method: 'POST', body, schema: messageResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.newDevices() }),
  });
}
