// Vahti's service worker: Web Push notifications only (docs/adr/0043-web-push.md).
//
// It has no fetch handler and keeps no cache: every request goes to the network as without it,
// so nothing a signed-out user could read is ever stored here. (Static hashed assets could be
// cached safely, but an offline shell would only show a sign-in that cannot work offline.)

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** A URL of this app only: a notification never leads elsewhere. */
function ownUrl(url) {
  try {
    const target = new URL(url, self.location.origin);
    if (target.origin === self.location.origin) return target.href;
  } catch {
    // Not a URL: the front page.
  }
  return new URL('/', self.location.origin).href;
}

// The server's payload (apps/api/src/modules/push/push.service.ts): { title, body, url, tag }.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Vahti', {
      body: data.body || '',
      icon: '/icons/any-192.png',
      lang: 'fi',
      ...(data.tag ? { tag: data.tag, renotify: true } : {}),
      data: { url: ownUrl(data.url || '/') },
    }),
  );
});

// A click focuses an open Vahti window and shows the notification's screen there, or opens one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = ownUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        try {
          await open.navigate(url);
          return;
        } catch {
          // An uncontrolled window cannot be navigated from here: open a new one.
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});
