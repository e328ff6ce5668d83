import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateWebhookBody, webhookResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { webhooksKeys } from './webhook-keys';

/** PUT /api/webhooks/{id}: name, URL, events, form and enabled. */
export function useUpdateWebhook(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWebhookBody) =>
      apiRequest(`/api/webhooks/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body,
        schema: webhookResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }),
  });
}
