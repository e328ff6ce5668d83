import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '@vahti/domain';
import { organizationsKeys } from '@/api/organization-keys';
import { apiRequest, failureOf } from '@/lib/api-client';
import { apiFetch } from '@/lib/api-fetch';

const logoUrl = (organizationId: string) =>
  `/api/organization-logo?organizationId=${encodeURIComponent(organizationId)}`;

export const organizationLogoKeys = {
  logo: (organizationId: string) => [...organizationsKeys.all, 'logo', organizationId] as const,
};

const LOGO_TYPES = 'image/png, image/jpeg';

/** GET /api/organization-logo: the logo as a Blob, or null when the organization has none. */
export async function getOrganizationLogo(organizationId: string): Promise<Blob | null> {
  const response = await apiFetch(logoUrl(organizationId), LOGO_TYPES);
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
  const response = await apiFetch(logoUrl(organizationId), LOGO_TYPES, {
    method: 'PUT',
    body: form,
  });
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
