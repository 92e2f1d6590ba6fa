// Plateau's service worker (issue 48), scope `/`: keeps the app shell (every file of the client,
// listed by the server where this file is served) so that a page opens without the network and
// says it is offline and reconnecting; and shows the server's web pushes, a click opening (or
// focusing) the page each leads to.

// Filled in by the server (server/src/web.rs): the shell's files, and a version that changes
// whenever one of them does, so that a new client replaces the old cache.
const SHELL = /*SHELL*/[];
const VERSION = /*VERSION*/'dev';
const CACHE = `plateau-shell-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

// The network first (the client is always the server's latest), the shell when it is away; the
// API and the WebSocket are never cached.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  event.respondWith((async () => {
    try {
      return await fetch(event.request);
    } catch (offline) {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(event.request, { ignoreSearch: true });
      if (hit) return hit;
      // Every page of the client is the one page.
      if (event.request.mode === 'navigate') return (await cache.match('/')) || Response.error();
      return Response.error();
    }
  })());
});

self.addEventListener('push', (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch { /* not JSON: a bare notice */ }
  event.waitUntil(self.registration.showNotification(data.title || 'Plateau', {
    body: data.body || '',
    tag: data.tag || undefined,
    renotify: Boolean(data.tag),
    icon: '/icon-192.png',
    data: { url: data.url || '/' },
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const there = open.find((c) => c.url === url);
    if (there) return there.focus();
    return self.clients.openWindow(url);
  })());
});
