import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messageResponse,
  pushKeyResponse,
  pushSubscriptionResponse,
  pushSubscriptionsResponse,
  pushTestResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { browserSubscription, subscribeBrowser, unsubscribeBrowser } from '@/lib/web-push';

const pushKeys = { all: ['push-subscriptions'] as const };

/** GET /api/push-subscriptions: the user's own browsers, and which of them is this one. */
export function usePushSubscriptions() {
  return useQuery(
    queryOptions({
      queryKey: pushKeys.all,
      queryFn: async ({ signal }) => {
        const [{ pushSubscriptions }, current] = await Promise.all([
          apiRequest('/api/push-subscriptions', { schema: pushSubscriptionsResponse, signal }),
          browserSubscription().catch(() => null),
        ]);
        return { browsers: pushSubscriptions, thisEndpoint: current?.endpoint ?? null };
      },
    }),
  );
}

/** Turns notifications on here: the permission, a subscription with the VAPID key, its POST. */
export function useTurnOnPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { publicKey } = await apiRequest('/api/push-key', { schema: pushKeyResponse });
      const subscription = await subscribeBrowser(publicKey);
      return apiRequest('/api/push-subscriptions', {
        method: 'POST',
        body: subscription,
        schema: pushSubscriptionResponse,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.all }),
  });
}

/** DELETE /api/push-subscriptions/{id}; this browser's own also ends at its push service. */
export function useRemovePushBrowser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, thisBrowser }: { id: string; thisBrowser: boolean }) => {
      const answer = await apiRequest(`/api/push-subscriptions/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: messageResponse,
      });
      if (thisBrowser) await unsubscribeBrowser();
      return answer;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.all }),
  });
}

/** POST /api/push-subscriptions/test: a test notification to each of the user's browsers. */
export function useSendTestPush() {
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/push-subscriptions/test', { method: 'POST', schema: pushTestResponse }),
  });
}
