// The service worker: keeps every built file of this version, so that after one visit every
// page and every exercise opens with the network off (ARCHITECTURE.md, "Offline").
//
// `cargo xtask build` writes it to dist/sw.js, beside index.html, so its scope is the site's
// folder (from any sub-path), and fills in FILES, every file of dist/ by its hashed name
// (index.html as './'), and VERSION, derived from their contents: a deploy that changes any
// file changes this script, which is how the browser finds the new version.
const VERSION = /* xtask:version */ '';
const FILES = /* xtask:files */ [];

// Caches are named by the worker's scope, so a second copy of the site on the same origin
// (another sub-path) keeps its own, and by VERSION, so an old version's files are deleted
// whole once the new one takes over.
const PREFIX = `rebalance-lab ${self.registration.scope} `;
const CACHE = PREFIX + VERSION;
const INDEX = new URL('./', self.registration.scope).href;

self.addEventListener('install', (event) => {
  // Every page's files, not only the visited one's: the next page opened may be offline.
  // `cache: 'no-cache'` revalidates index.html and the unhashed files with the server.
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FILES.map((file) => new Request(file, { cache: 'no-cache' })))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name))),
      )
      .then(() => self.clients.claim()),
  );
});

// A new version waits until the reader chooses to reload (boot.js shows the notice), so a
// page is never swapped under an answer being typed; a page that already runs this version
// (boot.js asks for FILES to tell) lets it take over at once.
self.addEventListener('message', (event) => {
  if (event.data === 'skipWaiting') self.skipWaiting();
  else if (event.data === 'files') event.ports[0]?.postMessage(FILES);
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
  const cached = () => caches.open(CACHE).then((cache) => cache.match(request.mode === 'navigate' ? INDEX : request));
  if (request.mode === 'navigate') {
    // The page itself: the network first, so a new deploy is seen; this version's copy
    // (whatever the query or hash) when the network is off. The copy is never overwritten,
    // so it always names files of this version's cache.
    event.respondWith(fetch(request).catch(() => cached().then((response) => response || Response.error())));
  } else {
    // Hashed files never change under their name: this version's copy first.
    event.respondWith(cached().then((response) => response || fetch(request)));
  }
});
