import {
  messageResponse,
  pushKeyResponse,
  pushSubscriptionBody,
  pushSubscriptionParams,
  pushSubscriptionResponse,
  pushSubscriptionsResponse,
  pushTestResponse,
} from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { PushService } from './push.service.js';

interface Options {
  push: PushService;
}

const OFF =
  '404 push.PUSH_NOT_CONFIGURED when the server has no VAPID keys (PostgreSQL without VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY).';

/** Web Push: the signed-in user's own browsers. Any role; each user sees only their own. */
export const pushRoutes = signedIn<Options>('push', (app, { push }) => {
  app.get('/api/push-key', {
    schema: {
      operationId: 'getPushKey',
      summary: 'The VAPID public key to subscribe a browser with',
      description: `Pass it as applicationServerKey to PushManager.subscribe(). ${OFF}`,
      response: { 200: pushKeyResponse, ...errors(404) },
    },
    handler: async (request) =>
      ok(request, 'messages.pushKeyOk', { publicKey: push.publicKey(request.caller) }),
  });

  app.post('/api/push-subscriptions', {
    schema: {
      operationId: 'createPushSubscription',
      summary: "Subscribe this browser to the caller's notifications",
      description: `The body is the browser's PushSubscription.toJSON(). The endpoint must be https on a known push service (PUSH_SERVICE_HOSTS; by default FCM, Mozilla, Apple and Windows): else 400 with fields.endpoint. The same endpoint again (the same browser, maybe after another user signed in on it) is updated and moved to the caller, never kept for both. The label is made from the User-Agent. ${OFF}`,
      body: pushSubscriptionBody,
      response: { 201: pushSubscriptionResponse, ...errors(404) },
    },
    handler: async (request, reply) => {
      const pushSubscription = await push.subscribe(
        request.caller,
        request.body,
        request.headers['user-agent'],
      );
      return reply.status(201).send(ok(request, 'messages.pushSubscribed', { pushSubscription }));
    },
  });

  app.get('/api/push-subscriptions', {
    schema: {
      operationId: 'listPushSubscriptions',
      summary: "The caller's own browsers that receive notifications, oldest first",
      response: { 200: pushSubscriptionsResponse },
    },
    handler: async (request) =>
      ok(request, 'messages.pushSubscriptionsOk', {
        pushSubscriptions: await push.list(request.caller),
      }),
  });

  app.delete('/api/push-subscriptions/:id', {
    schema: {
      operationId: 'deletePushSubscription',
      summary: 'Stop notifications to one of the own browsers',
      description:
        "Its queued notifications go too. 404 push.PUSH_SUBSCRIPTION_NOT_FOUND for another user's browser or an unknown id.",
      params: pushSubscriptionParams,
      response: { 200: messageResponse, ...errors(404) },
    },
    handler: async (request) => {
      await push.remove(request.caller, request.params.id);
      return ok(request, 'messages.pushUnsubscribed');
    },
  });

  app.post('/api/push-subscriptions/test', {
    schema: {
      operationId: 'sendTestPush',
      summary: "Queue a test notification to each of the caller's own browsers",
      description: `Delivered by the push worker, not in this request. 400 push.PUSH_NO_SUBSCRIPTIONS when the caller has no browser subscribed. ${OFF}`,
      response: { 200: pushTestResponse, ...errors(404) },
    },
    handler: async (request) => {
      const queued = await push.sendTest(request.caller, request.language);
      return ok(request, 'messages.pushTestQueued', { queued });
    },
  });
});
