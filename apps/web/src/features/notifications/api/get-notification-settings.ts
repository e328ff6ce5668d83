import { queryOptions, useQuery } from '@tanstack/react-query';
import { type NotificationSettingsResponse, notificationSettingsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';

/** GET /api/notification-settings: the caller's settings in force. */
export function getNotificationSettings(
  signal?: AbortSignal,
): Promise<NotificationSettingsResponse> {
  return apiRequest('/api/notification-settings', { schema: notificationSettingsResponse, signal });
}

export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.own(),
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
