/*
 * Focustar's service worker (issue 26 "Web Push"): it shows the pushes the server sends and opens their screen
 * on a click. It caches NOTHING and has no fetch handler, so every page and file comes from the network as
 * if it were not installed: a new release is never hidden behind an old copy.
 *
 * A push's data is JSON { title, body, url, tag } (server/platform/notify/push.ts). `tag` is the same for a
 * repeat of one message, so a repeat replaces the notification instead of adding one.
 */
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // Older versions of this app may have left caches: none are used, so none are kept.
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Focustar';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      lang: 'ja',
      ...(data.tag ? { tag: data.tag } : {}),
      data: { url: data.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    (event.notification.data && event.notification.data.url) || '/',
    self.location.origin,
  );
  // Only this app's own screens open from a notification: the path, on this origin.
  const url = new URL(target.pathname + target.search + target.hash, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open)
        return open
          .focus()
          .then(() => open.navigate(url))
          .catch(() => self.clients.openWindow(url));
      return self.clients.openWindow(url);
    }),
  );
});
