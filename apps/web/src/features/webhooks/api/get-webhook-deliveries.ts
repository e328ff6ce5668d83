import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookDeliveriesResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { webhooksKeys } from './webhook-keys';

/** While a delivery waits for its attempt, the log asks again this often. */
const WHILE_QUEUED_MS = 2000;

/** GET /api/webhooks/{id}/deliveries: the delivery log, newest first; polled while one is queued. */
export function useWebhookDeliveries(id: string) {
  return useQuery(
    queryOptions({
      queryKey: webhooksKeys.deliveries(id),
      queryFn: ({ signal }) =>
        apiRequest(`/api/webhooks/${encodeURIComponent(id)}/deliveries`, {
          schema: webhookDeliveriesResponse,
          signal,
        }),
      select: (data) => data.deliveries,
      refetchInterval: (query) =>
        query.state.data?.deliveries.some((d) => d.status === 'queued') ? WHILE_QUEUED_MS : false,
    }),
  );
}
