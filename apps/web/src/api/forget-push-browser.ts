import { messageResponse, pushSubscriptionsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { unsubscribeBrowser } from '@/lib/web-push';

/**
 * On sign-out: this browser stops receiving the user's notifications, both at its push service
 * and on the server (while the token still works). A failure leaves the sign-out going on.
 */
export async function forgetPushBrowser(): Promise<void> {
  const endpoint = await unsubscribeBrowser();
  if (!endpoint) return;
  const { pushSubscriptions } = await apiRequest('/api/push-subscriptions', {
    schema: pushSubscriptionsResponse,
    sessionCall: false,
  });
  const own = pushSubscriptions.find((s) => s.endpoint === endpoint);
  if (own) {
    await apiRequest(`/api/push-subscriptions/${own.id}`, {
      method: 'DELETE',
      schema: messageResponse,
      sessionCall: false,
    });
  }
}
