import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '@vahti/domain';
import { organizationsKeys } from '@/api/organization-keys';
import { ApiError, apiRequest, failureOf } from '@/lib/api-client';
import { currentLanguage, i18n } from '@/lib/i18n';
import { getSession } from '@/lib/session';

const logoUrl = (organizationId: string) =>
  `/api/organization-logo?organizationId=${encodeURIComponent(organizationId)}`;

export const organizationLogoKeys = {
  logo: (organizationId: string) => [...organizationsKeys.all, 'logo', organizationId] as const,
};

/** A fetch of the logo route with the session's token; network failures as an ApiError. */
async function logoFetch(organizationId: string, init: RequestInit = {}): Promise<Response> {
  const { token } = getSession();
  try {
    return await fetch(logoUrl(organizationId), {
      ...init,
      headers: {
        Accept: 'image/png, image/jpeg, application/json',
        'Accept-Language': currentLanguage(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', i18n.t('api.networkError'));
  }
}

/** GET /api/organization-logo: the logo as a Blob, or null when the organization has none. */
export async function getOrganizationLogo(organizationId: string): Promise<Blob | null> {
  const response = await logoFetch(organizationId);
  if (response.status === 204) return null;
  if (!response.ok) throw await failureOf(response);
  return response.blob();
}

export function useOrganizationLogo(organizationId: string, enabled: boolean) {
  return useQuery({
    queryKey: organizationLogoKeys.logo(organizationId),
    queryFn: () => getOrganizationLogo(organizationId),
    enabled,
  });
}

/** PUT /api/organization-logo: a PNG or JPEG as multipart/form-data (the server checks it). */
export async function uploadOrganizationLogo({
  organizationId,
  file,
}: {
  organizationId: string;
  file: File;
}): Promise<{ message: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await logoFetch(organizationId, { method: 'PUT', body: form });
  if (!response.ok) throw await failureOf(response);
  return messageResponse.parse(await response.json());
}

/** DELETE /api/organization-logo. */
export function removeOrganizationLogo(organizationId: string) {
  return apiRequest(logoUrl(organizationId), { method: 'DELETE', schema: messageResponse });
}

/** Uploading and removing: both reload the logo and the organizations list. */
export function useOrganizationLogoMutations(organizationId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: organizationsKeys.all });
  return {
    upload: useMutation({ mutationFn: uploadOrganizationLogo, onSuccess }),
    remove: useMutation({ mutationFn: () => removeOrganizationLogo(organizationId), onSuccess }),
  };
}
