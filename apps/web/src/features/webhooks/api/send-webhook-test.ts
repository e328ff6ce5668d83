import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookTestResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { webhooksKeys } from './webhook-keys';

/** POST /api/webhooks/{id}/test: a webhook.test delivery, queued; the log shows its result. */
export function useSendWebhookTest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/api/webhooks/${encodeURIComponent(id)}/test`, {
        method: 'POST',
        schema: webhookTestResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.deliveries(id) }),
  });
}
