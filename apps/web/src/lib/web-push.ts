/**
 * This browser's side of Web Push: the service worker (public/sw.js), the permission and the
 * PushSubscription. The server's side is apps/api/src/modules/push.
 */

/** supported · unsupported · ios: Safari on iPhone/iPad outside the home-screen app. */
export type PushSupport = 'supported' | 'unsupported' | 'ios';

/** Why turning notifications on failed: the user or browser refused, or the push service did. */
export class PushRefusedError extends Error {
  constructor(readonly reason: 'denied' | 'failed') {
    super(reason);
  }
}

const SW_URL = '/sw.js';

export function pushSupport(): PushSupport {
  const apis = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (apis) return 'supported';
  // iOS and iPadOS (16.4 and later) give Web Push only to a web app added to the home screen.
  const apple = /iPhone|iPad|iPod/.test(navigator.userAgent) || navigator.maxTouchPoints > 1;
  return apple && /Safari/.test(navigator.userAgent) ? 'ios' : 'unsupported';
}

/** Registers the service worker at the root scope (at start; it caches nothing). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(SW_URL).catch(() => undefined);
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  return (await navigator.serviceWorker.getRegistration(SW_URL)) ?? undefined;
}

/** This browser's subscription, if it has one. */
export async function browserSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/** Asks for the permission and subscribes with the server's VAPID key. */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscriptionJSON> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefusedError('denied');
  const worker = (await registration()) ?? (await navigator.serviceWorker.register(SW_URL));
  await navigator.serviceWorker.ready;
  try {
    const subscription = await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(publicKey),
    });
    return subscription.toJSON();
  } catch (err) {
    throw new PushRefusedError(
      err instanceof DOMException && err.name === 'NotAllowedError' ? 'denied' : 'failed',
    );
  }
}

/** Ends this browser's subscription at its push service; returns its endpoint, if it had one. */
export async function unsubscribeBrowser(): Promise<string | null> {
  const subscription = await browserSubscription().catch(() => null);
  if (!subscription) return null;
  await subscription.unsubscribe().catch(() => false);
  return subscription.endpoint;
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
