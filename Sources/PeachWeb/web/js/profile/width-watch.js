/** How long a width must hold before it is acted on: a window dragged wider asks once, at its end. */
const SETTLE_MS = 150;

/**
 * Watches the width of `element`, which shows a chart the server drew for one width (an SVG
 * stretched to another width draws its text and lines at the wrong size): once the width has
 * settled, `redraw` is called if `width()` (the width the chart would be asked for now) is
 * `minimumChange` px or more from `drawnAt()` (the width it was drawn for; null while none is
 * drawn). Height changes and smaller ones are not worth a request. Returns a function that stops
 * watching, for the screen's hide.
 */
export function watchWidth(element, { width, drawnAt, redraw, minimumChange = 16 }) {
  let settling = null;
  const observer = new ResizeObserver(() => {
    clearTimeout(settling);
    settling = setTimeout(() => {
      const drawn = drawnAt();
      if (drawn !== null && Math.abs(width() - drawn) >= minimumChange) redraw();
    }, SETTLE_MS);
  });
  observer.observe(element);
  return () => {
    clearTimeout(settling);
    observer.disconnect();
  };
}
