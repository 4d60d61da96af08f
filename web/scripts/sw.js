/* global self, caches, fetch, Request, Response, URL -- a service worker's own world */
// The service worker (served as /sw.js; scripts/vite-service-worker.ts fills in VERSION and PRECACHE at
// build time). It makes the app installable and lets its shell open without the network:
//   - a navigation asks the network first and, when it cannot answer, gets the cached index.html (the
//     app then paints from the cached user info, SH-14, and says it is offline);
//   - /assets/* are named by their content hash, so a cached copy is always right: cache first;
//   - the API, the realtime socket and the simulated world are never answered from a cache: the worker
//     does not even look at them, and the browser goes to the network as if there were no worker.
// A new build is a new VERSION: it precaches its files, takes over at once (skipWaiting, claim), and
// keeps the cache of the version before it, so a page still running the old build can load the chunks
// it has not loaded yet; older caches are deleted.
const VERSION = /* VERSION */ 'dev';
const PRECACHE = /* PRECACHE */ [];
const PREFIX = 'krapao-';
const CACHE = PREFIX + VERSION;
const SHELL = '/';
const NEVER_CACHED = ['/api/', '/socket.io/', '/sim/'];
/** What a load balancer answers when no server is behind it: the shell is better than its error page. */
const NO_SERVER = new Set([502, 503, 504]);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        cache.addAll([new Request(SHELL, { cache: 'reload' }), ...PRECACHE.map((url) => new Request(url))]),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => {
        // VERSION starts with the build time: sorted, the newest come last. Keep ours and the one before.
        const ours = names.filter((n) => n.startsWith(PREFIX) && n <= CACHE).sort();
        const keep = new Set([CACHE, ours[ours.length - 2]]);
        return Promise.all(
          names.filter((n) => n.startsWith(PREFIX) && !keep.has(n)).map((n) => caches.delete(n)),
        );
      })
      .then(() => self.clients.claim()),
  );
});

async function shell(request) {
  try {
    const response = await fetch(request);
    if (!NO_SERVER.has(response.status)) return response;
  } catch {
    // Offline or the server is down: the cached shell below.
  }
  const cached = await caches.match(SHELL, { cacheName: CACHE });
  return cached ?? Response.error();
}

async function asset(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function networkFirst(request) {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(request, { cacheName: CACHE })) ?? Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NEVER_CACHED.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === 'navigate') event.respondWith(shell(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
  else if (PRECACHE.includes(url.pathname)) event.respondWith(networkFirst(request));
});
