import { queryOptions, useQuery } from '@tanstack/react-query';
import { materialbankFilesByUserResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { materialbankKeys } from './materialbank-keys';

/**
 * GET /api/materialbank-files-by-user: the Tieto (appId 1) or Vainu (appId 2) list. The server
 * takes the organization and role from the session; only the target filter is ours to send.
 */
export function getUserFiles(appId: number, targetId: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ appId: String(appId) });
  if (targetId) query.set('targetId', targetId);
  return apiRequest(`/api/materialbank-files-by-user?${query}`, {
    schema: materialbankFilesByUserResponse,
    signal,
  });
}

export function userFilesQueryOptions(appId: number, targetId: string) {
  return queryOptions({
    queryKey: materialbankKeys.byUser(appId, targetId),
    queryFn: ({ signal }) => getUserFiles(appId, targetId, signal),
    select: (data) => data.materialbankFiles,
  });
}

export function useUserFiles(appId: number, targetId: string) {
  return useQuery(userFilesQueryOptions(appId, targetId));
}
