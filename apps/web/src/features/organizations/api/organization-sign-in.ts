import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SignInSettingsBody, signInSettingsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

export const organizationSignInKeys = {
  settings: (organizationId: string) => ['organization-sign-in', organizationId] as const,
};

const path = (organizationId: string) => `/api/organizations/${organizationId}/sign-in`;

/** GET /api/organizations/:id/sign-in: whether a second factor is required, and from which role. */
export function useOrganizationSignIn(organizationId: string) {
  return useQuery({
    queryKey: organizationSignInKeys.settings(organizationId),
    queryFn: ({ signal }) =>
      apiRequest(path(organizationId), { schema: signInSettingsResponse, signal }),
  });
}

/** PUT /api/organizations/:id/sign-in. */
export function useSetOrganizationSignIn(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInSettingsBody) =>
      apiRequest(path(organizationId), {
        method: 'PUT',
        body,
        schema: signInSettingsResponse,
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: organizationSignInKeys.settings(organizationId) }),
  });
}
