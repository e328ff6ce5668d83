import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhooksResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { webhooksKeys } from './webhook-keys';

/** GET /api/webhooks: the organization's webhooks (never their secrets). */
export function useWebhooks() {
  return useQuery(
    queryOptions({
      queryKey: webhooksKeys.all,
      queryFn: ({ signal }) => apiRequest('/api/webhooks', { schema: webhooksResponse, signal }),
      select: (data) => data.webhooks,
    }),
  );
}
