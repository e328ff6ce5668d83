import { browserKeys } from '../helpers/push-receiver.js';
import type { Matrix } from './matrix.js';

const ONLY_OWN =
  "a user's own browser, not an organization's record: every other user (of any organization) gets 404; push.test.ts covers it";

/** Web Push: the signed-in user's own browsers. */
export const pushMatrix: Matrix = {
  'GET /api/push-key': { access: 'signedIn' },
  'GET /api/push-subscriptions': { access: 'signedIn' },
  'POST /api/push-subscriptions': {
    access: 'signedIn',
    // A browser of Chrome's push service (FCM); nothing is sent to it.
    request: () => ({
      url: '/api/push-subscriptions',
      body: {
        endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${crypto.randomUUID()}`,
        keys: browserKeys().json,
      },
    }),
  },
  'DELETE /api/push-subscriptions/:id': { access: 'signedIn', onlyAuthChecked: ONLY_OWN },
  'POST /api/push-subscriptions/test': {
    access: 'signedIn',
    onlyAuthChecked: `it sends to the caller's own browsers (${ONLY_OWN.split(':')[0]}); push.test.ts covers it`,
  },
};
