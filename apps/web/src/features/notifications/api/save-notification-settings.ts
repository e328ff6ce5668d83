import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type NotificationSettingsBody,
  type NotificationSettingsResponse,
  notificationSettingsResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { updateSession, useSession } from '@/lib/session';
import { notificationKeys } from './notification-keys';

/** PUT /api/notification-settings: the caller's own settings, both channels. */
export function saveNotificationSettings(
  body: NotificationSettingsBody,
): Promise<NotificationSettingsResponse> {
  return apiRequest('/api/notification-settings', {
    method: 'PUT',
    body,
    schema: notificationSettingsResponse,
  });
}

/** DELETE /api/notification-settings: back to the organization's defaults. */
export function resetNotificationSettings(): Promise<NotificationSettingsResponse> {
  return apiRequest('/api/notification-settings', {
    method: 'DELETE',
    schema: notificationSettingsResponse,
  });
}

/**
 * The saved settings become the cached ones; the session's alarm-mail flag (own details) is the
 * e-mail channel's `enabled`, so it follows.
 */
function useOnSaved() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return (saved: NotificationSettingsResponse) => {
    queryClient.setQueryData(notificationKeys.own(), saved);
    if (user) updateSession({ user: { ...user, userAlarmMail: saved.email.enabled } });
  };
}

export function useSaveNotificationSettings() {
  return useMutation({ mutationFn: saveNotificationSettings, onSuccess: useOnSaved() });
}

export function useResetNotificationSettings() {
  return useMutation({ mutationFn: resetNotificationSettings, onSuccess: useOnSaved() });
}
