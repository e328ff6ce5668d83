import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateWebhookBody,
  type WebhookSecretResponse,
  webhookSecretResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { webhooksKeys } from './webhook-keys';

/** POST /api/webhooks: 201 with the signing secret, which only this answer carries. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody): Promise<WebhookSecretResponse> =>
      apiRequest('/api/webhooks', { method: 'POST', body, schema: webhookSecretResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }),
  });
}
