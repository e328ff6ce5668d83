import { queryOptions, useQuery } from '@tanstack/react-query';
import { type VainuDashboardResponse, vainuDashboardResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { vainuDashboardKeys } from './vainu-dashboard-keys';

/** Uplinks have no event of their own: "last seen" and offline are refreshed this often. */
const LAST_SEEN_REFRESH_MS = 60_000;

/** GET /api/vainu/dashboard?organizationId= (the own organization when null). */
export function getVainuDashboard(
  organizationId: string | null,
  signal?: AbortSignal,
): Promise<VainuDashboardResponse> {
  const query = organizationId ? `?${new URLSearchParams({ organizationId })}` : '';
  return apiRequest(`/api/vainu/dashboard${query}`, { schema: vainuDashboardResponse, signal });
}

export function vainuDashboardQueryOptions(organizationId: string | null) {
  return queryOptions({
    queryKey: vainuDashboardKeys.organization(organizationId),
    queryFn: ({ signal }) => getVainuDashboard(organizationId, signal),
    refetchInterval: LAST_SEEN_REFRESH_MS,
  });
}

export function useVainuDashboard(organizationId: string | null) {
  return useQuery(vainuDashboardQueryOptions(organizationId));
}
