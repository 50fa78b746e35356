// Keeps the app in the browser (sw.js) so that it opens and trains with the server out of reach.
// A service worker needs a secure context (HTTPS, or localhost): a phone on plain http over the
// LAN trains online only, as before.

/** How often, and how many times, a worker that installed but still waits is asked to take over. */
const TAKE_OVER_MS = 3000;
const TAKE_OVER_TRIES = 20;

/**
 * Asks a new worker that has installed to take over, again while it still waits: its own
 * skipWaiting() can be dropped by the browser (sw.js says when), and the upgrade would then wait
 * until every page of the old version is closed.
 */
function takeOver(registration, worker) {
  let tries = 0;
  const ask = () => {
    if (registration.waiting !== worker || tries >= TAKE_OVER_TRIES) return;
    tries += 1;
    worker.postMessage({ activate: true });
    setTimeout(ask, TAKE_OVER_MS);
  };
  if (worker.state === 'installed') ask();
  else worker.addEventListener('statechange', () => { if (worker.state === 'installed') ask(); });
}

/**
 * Registers the worker of the server's `webVersion`: a new version replaces the old worker and its
 * cache. Resolves once the active worker keeps what this page has loaded so far: false when the
 * registration failed (worth trying again), true otherwise.
 */
export async function keepAppOffline(webVersion) {
  if (!('serviceWorker' in navigator) || !window.isSecureContext || !webVersion) return true;
  try {
    const registration = await navigator.serviceWorker.register(`/sw.js?version=${encodeURIComponent(webVersion)}`);
    const worker = registration.installing ?? registration.waiting ?? registration.active;
    // The scripts, styles and sounds loaded before the worker controlled the page.
    const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
    worker?.postMessage({ keep: ['/', ...loaded] });
    if (worker && worker !== registration.active) takeOver(registration, worker);
    document.documentElement.dataset.offlineVersion = webVersion;
    return true;
  } catch (error) {
    console.warn('Peach will not open offline:', error);
    return false;
  }
}
