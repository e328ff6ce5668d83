import { useQuery } from '@tanstack/react-query';
import { tietoDashboardResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

/** Query keys of the Tieto dashboard. */
export const tietoDashboardKeys = {
  all: ['tieto-dashboard'] as const,
  organization: (organizationId: string) => [...tietoDashboardKeys.all, organizationId] as const,
};

/** GET /api/tieto/dashboard?organizationId= (the own organization when empty). */
export function useTietoDashboard(organizationId: string) {
  return useQuery({
    queryKey: tietoDashboardKeys.organization(organizationId),
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/tieto/dashboard${organizationId ? `?${new URLSearchParams({ organizationId })}` : ''}`,
        { schema: tietoDashboardResponse, signal },
      ),
  });
}
