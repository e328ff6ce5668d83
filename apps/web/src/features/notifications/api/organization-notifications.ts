import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type OrganizationNotificationsBody,
  type OrganizationNotificationsResponse,
  organizationNotificationsResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';

const url = (organizationId: string) =>
  `/api/organizations/${encodeURIComponent(organizationId)}/notifications`;

/** GET /api/organizations/{id}/notifications: the defaults and the escalation steps. */
export function getOrganizationNotifications(
  organizationId: string,
  signal?: AbortSignal,
): Promise<OrganizationNotificationsResponse> {
  return apiRequest(url(organizationId), { schema: organizationNotificationsResponse, signal });
}

export const organizationNotificationsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: notificationKeys.organization(organizationId),
    queryFn: ({ signal }) => getOrganizationNotifications(organizationId, signal),
  });

export function useOrganizationNotifications(organizationId: string) {
  return useQuery(organizationNotificationsQueryOptions(organizationId));
}

/** PUT /api/organizations/{id}/notifications. */
export function useSaveOrganizationNotifications(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationNotificationsBody) =>
      apiRequest(url(organizationId), {
        method: 'PUT',
        body,
        schema: organizationNotificationsResponse,
      }),
    onSuccess: (saved) =>
      queryClient.setQueryData(notificationKeys.organization(organizationId), saved),
  });
}
