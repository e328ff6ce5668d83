import type { Scope } from '../../lib/scope.js';

/** A push notification as the routing hands it over; `url` opens the right screen. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  /** Replaces an earlier notification with the same tag on the device. */
  tag?: string;
}

/**
 * Web Push delivery, as the notification routing uses it. `enqueue` stores one delivery per
 * subscription of the user in the open transaction and returns how many it stored; `kick`
 * starts delivery after the commit. The real one is modules/push/push.service.ts (issue 28,
 * Web Push part); until it is wired in the container, `noPush` stands in.
 */
export interface PushChannel {
  enqueue(scope: Scope, userId: string, message: PushMessage): Promise<number>;
  kick(): void;
}

/** No subscriptions anywhere: nothing is stored, nothing sent. */
export const noPush: PushChannel = {
  enqueue: async () => 0,
  kick: () => {},
};
