import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AlarmLimitsBody,
  alarmLimitsResponse,
  type CreateDeviceBody,
  type CreateUserDeviceBody,
  deviceHistoryResponse,
  deviceResponse,
  devicesResponse,
  type UpdateDeviceBody,
  updatedDeviceResponse,
  userDeviceResponse,
  userDevicesResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

/** Query keys of devices; a saved device or limit invalidates `all`. */
export const deviceKeys = {
  all: ['devices'] as const,
  admin: () => [...deviceKeys.all, 'admin'] as const,
  userDevices: () => [...deviceKeys.all, 'user-devices'] as const,
  limits: (deviceId: string) => [...deviceKeys.all, 'limits', deviceId] as const,
  history: (deviceId: string, kind: 'device' | 'limits') =>
    [...deviceKeys.all, 'history', kind, deviceId] as const,
};

/** GET /api/devices-admin: every device of the organization (the admin list). */
export function adminDevicesQueryOptions() {
  return queryOptions({
    queryKey: deviceKeys.admin(),
    queryFn: ({ signal }) => apiRequest('/api/devices-admin', { schema: devicesResponse, signal }),
    select: (data) => data.devices,
  });
}
export const useAdminDevices = () => useQuery(adminDevicesQueryOptions());

/** GET /api/alarm-limits?deviceId=: effective limits with their source. */
export function useAlarmLimits(deviceId: string) {
  return useQuery({
    queryKey: deviceKeys.limits(deviceId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/alarm-limits?${new URLSearchParams({ deviceId })}`, {
        schema: alarmLimitsResponse,
        signal,
      }),
    select: (data) => data.alarmLimits,
  });
}

/** GET /api/device-history (kind device) or /api/device-history-limits (kind limits). */
export function useDeviceHistory(deviceId: string, kind: 'device' | 'limits') {
  const path = kind === 'device' ? '/api/device-history' : '/api/device-history-limits';
  return useQuery({
    queryKey: deviceKeys.history(deviceId, kind),
    queryFn: ({ signal }) =>
      apiRequest(`${path}?${new URLSearchParams({ deviceId })}`, {
        schema: deviceHistoryResponse,
        signal,
      }),
    select: (data) => data.deviceHistory,
  });
}

export function useCreateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDeviceBody) =>
      apiRequest('/api/device', { method: 'POST', body, schema: deviceResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

export function useUpdateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDeviceBody) =>
      apiRequest('/api/devices', { method: 'PATCH', body, schema: updatedDeviceResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

export function useSaveAlarmLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlarmLimitsBody) =>
      apiRequest('/api/alarm-limits', { method: 'PATCH', body, schema: alarmLimitsResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

/** GET /api/all-user-devices-admin: every device-to-user link of the organization. */
export function useUserDevicesAdmin() {
  return useQuery({
    queryKey: deviceKeys.userDevices(),
    queryFn: ({ signal }) =>
      apiRequest('/api/all-user-devices-admin', { schema: userDevicesResponse, signal }),
    select: (data) => data.devices,
  });
}

export function useCreateUserDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserDeviceBody) =>
      apiRequest('/api/user-device', { method: 'POST', body, schema: userDeviceResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
