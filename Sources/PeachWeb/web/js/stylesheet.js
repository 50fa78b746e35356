/** Each stylesheet added, by address: the promise that it applies. */
const added = new Map();

/**
 * Adds the stylesheet at `url` to the page, once, and resolves when it applies — or failed to
 * load, so a missing look never stops the page. A module with a look of its own (a kind's screen,
 * the piano) keeps it in a `.css` file beside it and awaits this before anything is drawn: a new
 * kind's screen adds its look without touching style.css.
 */
export function useStylesheet(url) {
  const href = String(url);
  if (!added.has(href)) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    added.set(href, new Promise((resolve) => {
      link.addEventListener('load', resolve, { once: true });
      link.addEventListener('error', () => {
        console.warn(`the stylesheet ${href} did not load`);
        resolve();
      }, { once: true });
    }));
    document.head.append(link);
  }
  return added.get(href);
}
