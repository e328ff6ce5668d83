import { useQuery } from '@tanstack/react-query';
import { tietoDashboardResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { tietoDashboardKeys } from './tieto-dashboard-keys';

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
