import { queryOptions, useQuery } from '@tanstack/react-query';
import { type VainuDashboardResponse, vainuDashboardResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

/** Query keys of the Vainu dashboard; `alarm.changed` events invalidate `all`. */
export const vainuDashboardKeys = {
  all: ['vainu-dashboard'] as const,
  organization: (organizationId: string | null) =>
    [...vainuDashboardKeys.all, organizationId ?? 'own'] as const,
};

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
