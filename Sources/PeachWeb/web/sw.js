// Peach's service worker: the page opens and trains with the server out of reach. Plain script,
// no framework. The page registers it as /sw.js?version=<webVersion> (GET /api/health): a server
// with other files is another version, whose worker replaces this one and its cache.
//
// - The app (page, scripts, styles, icons, manifest, the disciplines) is network first: a server
//   that answers is always used, so an upgrade shows after one reload; its copy here is refreshed
//   on the way and used only when the server cannot be reached. A page is all one version: once
//   its page came from the copy (the network failed or was too slow), so do its scripts.
// - A note's sound (/api/sounds/…) is the same for a version: from here once played.
// - Every other request of the API goes to the server untouched.

const VERSION = new URL(self.location.href).searchParams.get('version') ?? 'unversioned';
const PREFIX = 'peach-';
const CACHE = `${PREFIX}${VERSION}`;
/** What the page needs before it has asked for anything; the rest is kept as the page loads it. */
const SHELL = ['/', '/style.css', '/manifest.webmanifest', '/icon.svg', '/icon-32.png', '/icon-192.png', '/icon-512.png',
  '/api/disciplines'];
/** A network that neither answers nor fails (a captive portal, one bar) falls back to the copy after this. */
const NETWORK_PATIENCE_MS = 4000;

const isSound = (url) => url.pathname.startsWith('/api/sounds/');
/** Everything is the app but the API, whose catalogue of disciplines and sounds are kept too. */
const isKept = (url) =>
  url.origin === self.location.origin && (!url.pathname.startsWith('/api/') || url.pathname === '/api/disciplines' || isSound(url));
/** The app has one page; its address's query (a LAN access token) does not make another. */
const cacheKey = (url) => (url.pathname === '/' || url.pathname === '/index.html' ? '/' : url.pathname + url.search);

/** A file that neither arrives nor fails (one bar, a server busy starting) would hold an install for ever. */
const KEEP_PATIENCE_MS = 15000;

async function keep(cache, path) {
  try {
    const response = await fetch(path, { cache: 'no-cache', signal: AbortSignal.timeout(KEEP_PATIENCE_MS) });
    if (response.ok) await cache.put(cacheKey(new URL(path, self.location.origin)), response);
  } catch (error) {
    console.warn('not kept for offline use:', path, error);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // What an earlier version kept (the scripts it loaded, the sounds played) is kept again, new.
    const earlier = [];
    for (const name of await caches.keys()) {
      if (name === CACHE || !name.startsWith(PREFIX)) continue;
      for (const request of await (await caches.open(name)).keys()) earlier.push(new URL(request.url).pathname + new URL(request.url).search);
    }
    await Promise.all([...new Set([...SHELL, ...earlier])].map((path) => keep(cache, path)));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== CACHE && name.startsWith(PREFIX)) await caches.delete(name);
    await self.clients.claim();
  })());
});

// The page sends what it loaded before this worker controlled it; and, while this worker waits
// though it skipped waiting, asks it to take over again: Chromium drops an activation when a request
// of the page starts the outgoing worker at that moment, and the new one waits until every page of
// the old one is closed (seen in CI: installed, waiting, the old worker active for 90 s).
self.addEventListener('message', (event) => {
  if (event.data?.activate) {
    event.waitUntil(self.skipWaiting());
    return;
  }
  const paths = (event.data?.keep ?? []).map((address) => new URL(address, self.location.origin)).filter(isKept);
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(paths.map(async (url) => {
      if (!(await cache.match(cacheKey(url)))) await keep(cache, url.pathname + url.search);
    }));
    event.source?.postMessage({ kept: paths.length });
  })());
});

/** The pages (client ids) served from the copy. Lost when the browser stops this worker: their later requests then go network first, as any page's. */
const fromCopy = new Set();

/**
 * The network's answer, kept on the way; the copy when the network fails — for a page also when it
 * takes longer than NETWORK_PATIENCE_MS (a script waits: its page came from the network, so the
 * server is there, only slow, and an old script beside new ones would break the page).
 */
async function networkFirst(event, url) {
  const { request } = event;
  const page = request.mode === 'navigate';
  const cache = await caches.open(CACHE);
  const kept = () => cache.match(cacheKey(url));
  if (!page && fromCopy.has(event.clientId)) return (await kept()) ?? fetch(request);
  const fromNetwork = fetch(page ? url.href : request, { cache: 'no-cache' }).then(async (response) => {
    if (response.ok) await cache.put(cacheKey(url), response.clone());
    return response;
  });
  const patience = new Promise((resolve) => { setTimeout(resolve, NETWORK_PATIENCE_MS, null); });
  try {
    const response = await (page ? Promise.race([fromNetwork, patience]) : fromNetwork);
    if (response) return response;
  } catch {
    // No network or no server: the kept copy below.
  }
  const copy = await kept();
  if (!copy) return fromNetwork;
  if (page && event.resultingClientId) fromCopy.add(event.resultingClientId);
  return copy;
}

async function soundFirstKept(request, url) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(cacheKey(url));
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(cacheKey(url), response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || !isKept(url)) return;
  event.respondWith(isSound(url) ? soundFirstKept(event.request, url) : networkFirst(event, url));
});
