// Keeps the app in the browser (sw.js) so that it opens and trains with the server out of reach.
// A service worker needs a secure context (HTTPS, or localhost): a phone on plain http over the
// LAN trains online only, as before.

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
    document.documentElement.dataset.offlineVersion = webVersion;
    return true;
  } catch (error) {
    console.warn('Peach will not open offline:', error);
    return false;
  }
}
