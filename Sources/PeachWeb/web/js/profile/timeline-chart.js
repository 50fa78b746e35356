// Scrolling, zooming and tapping on the server-rendered threshold chart. The SVG (drawn by the
// server, the same one `peach profile --svg` writes) keeps its data in a nested <svg class="plot">
// whose viewBox is in period units; moving through time is a change of that viewBox, and the date
// labels are re-placed from their data-x. The server draws only the view and one view-width either
// side (data-rendered-start/-end); when the view moves beyond that, onViewBeyond asks for a new one.
// It also chooses the period drawn (days, zoomed out weeks or months) and says at which view widths
// it would draw another (data-finer-below, data-coarser-above): past those, a new one is asked for too.

/** Narrowest view, in periods. */
const MIN_VISIBLE = 4;
/** A pointer that moved less than this (px) tapped rather than dragged. */
const TAP_SLOP = 8;
/** How far from a dot (px) a tap still selects it. */
const HIT_RADIUS = 28;

/** How long the view rests (ms) before a chart for it is asked for. */
const REFETCH_DELAY = 150;
/** The chart's coordinates are written to a hundredth of a period. */
const PRECISION = 0.01;

/**
 * Attaches to the chart drawn in `container`. `previous`: the control of the chart this one replaces
 * (drawn for a view that went beyond it): it is detached, and a drag or pinch under way goes on here.
 */
export function attachTimelineChart(container, { onSelect, onDismiss, onViewBeyond = () => {}, previous = null }) {
  const svg = container.querySelector('svg.threshold-chart');
  const plot = svg.querySelector('svg.plot');
  const plotLeft = Number(svg.dataset.plotLeft);
  const plotWidth = Number(svg.dataset.plotWidth);
  const domainStart = Number(svg.dataset.domainStart);
  const domainEnd = Number(svg.dataset.domainEnd);
  const renderedStart = Number(svg.dataset.renderedStart);
  const renderedEnd = Number(svg.dataset.renderedEnd);
  const { period } = svg.dataset;
  const finerBelow = 'finerBelow' in svg.dataset ? Number(svg.dataset.finerBelow) : -Infinity;
  const coarserAbove = 'coarserAbove' in svg.dataset ? Number(svg.dataset.coarserAbove) : Infinity;
  let refetch = null;
  const labelGap = Number(svg.dataset.labelGap);
  const plotHeight = plot.viewBox.baseVal.height;
  const labels = [...svg.querySelectorAll('.x-axis text')].map((text) => ({ text, x: Number(text.dataset.x) }));
  // A period without a threshold has a mark of its own (.gap): its popup says why.
  const dots = [...plot.querySelectorAll('.dot, .gap')].map((dot) => ({ dot, index: Number(dot.dataset.index), x: Number(dot.dataset.x) }));
  const maxVisible = domainEnd - domainStart;
  const minVisible = Math.min(MIN_VISIBLE, maxVisible);

  // Opens where the server drew it: the most recent periods.
  let viewStart = plot.viewBox.baseVal.x;
  let viewWidth = plot.viewBox.baseVal.width;
  let selected = null;

  const screenScale = () => svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const dataPerPixel = () => viewWidth / (plotWidth * screenScale());
  const toScreenX = (x) => plotLeft + (x - viewStart) * plotWidth / viewWidth;

  function setView(start, width) {
    viewWidth = Math.min(maxVisible, Math.max(minVisible, width));
    viewStart = Math.min(domainEnd - viewWidth, Math.max(domainStart, start));
    plot.setAttribute('viewBox', `${viewStart} 0 ${viewWidth} ${plotHeight}`);
    let lastShown = -Infinity;
    for (const label of labels) {
      const position = toScreenX(label.x);
      const visible = position >= plotLeft && position <= plotLeft + plotWidth && position - lastShown >= labelGap;
      label.text.setAttribute('x', position);
      label.text.setAttribute('visibility', visible ? 'visible' : 'hidden');
      if (visible) lastShown = position;
    }
    container.dataset.viewStart = viewStart.toFixed(3);
    container.dataset.viewWidth = viewWidth.toFixed(3);
    if (selected) dismiss();
    clearTimeout(refetch);
    const beyond = viewStart < renderedStart - 1e-6 || viewStart + viewWidth > renderedEnd + 1e-6;
    if (beyond || viewWidth < finerBelow - PRECISION || viewWidth > coarserAbove + PRECISION) {
      refetch = setTimeout(() => onViewBeyond({ start: viewStart, width: viewWidth, period }), REFETCH_DELAY);
    }
  }

  /** Zooms by `factor` (< 1 zooms in) keeping the data under `clientX` in place. */
  function zoom(factor, clientX) {
    const anchor = viewStart + (clientX - svg.getBoundingClientRect().left - plotLeft * screenScale()) * dataPerPixel();
    const width = Math.min(maxVisible, Math.max(minVisible, viewWidth * factor));
    setView(anchor - (anchor - viewStart) * (width / viewWidth), width);
  }

  function select(hit) {
    selected?.dot.classList.remove('selected');
    selected = hit;
    hit.dot.classList.add('selected');
    const dotBox = hit.dot.getBoundingClientRect();
    const box = container.getBoundingClientRect();
    onSelect(hit.index, { x: dotBox.left + dotBox.width / 2 - box.left, y: dotBox.top + dotBox.height / 2 - box.top });
  }

  function dismiss() {
    selected?.dot.classList.remove('selected');
    selected = null;
    onDismiss();
  }

  function tap(clientX, clientY) {
    let best = null;
    let bestDistance = HIT_RADIUS;
    for (const candidate of dots) {
      const box = candidate.dot.getBoundingClientRect();
      const distance = Math.hypot(box.left + box.width / 2 - clientX, box.top + box.height / 2 - clientY);
      if (distance <= bestDistance) { best = candidate; bestDistance = distance; }
    }
    if (best) select(best); else dismiss();
  }

  // Removed with this chart: a chart drawn in its place listens instead (listeners left behind
  // would move views of charts no longer shown and ask for charts of them).
  const listening = new AbortController();
  const { signal } = listening;
  const { pointers = new Map(), gesture: carried = null, period: carriedPeriod = period } = previous?.detach() ?? {};
  let gesture = carriedPeriod === period ? carried : resumed(carried);

  /** A gesture begun on a chart of another period, whose view counts in its periods: it goes on from this view. */
  function resumed(begun) {
    const [a, b] = [...pointers.values()];
    if (!begun || !a) return null;
    return begun.kind === 'pinch' && b
      ? { kind: 'pinch', distance: Math.abs(a.x - b.x) || 1, width: viewWidth, moved: true }
      : { kind: 'pan', startX: a.x, startY: a.y, viewStart, moved: begun.moved };
  }

  container.addEventListener('pointerdown', (event) => {
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    container.setPointerCapture(event.pointerId);
    if (pointers.size === 1) {
      gesture = { kind: 'pan', startX: event.clientX, startY: event.clientY, viewStart, moved: false };
    } else if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      gesture = { kind: 'pinch', distance: Math.abs(a.x - b.x) || 1, width: viewWidth, moved: true };
    }
  }, { signal });
  container.addEventListener('pointermove', (event) => {
    if (!pointers.has(event.pointerId) || !gesture) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (gesture.kind === 'pan') {
      const dx = event.clientX - gesture.startX;
      if (Math.abs(dx) > TAP_SLOP || Math.abs(event.clientY - gesture.startY) > TAP_SLOP) gesture.moved = true;
      if (gesture.moved) setView(gesture.viewStart - dx * dataPerPixel(), viewWidth);
    } else {
      const [a, b] = [...pointers.values()];
      const distance = Math.abs(a.x - b.x) || 1;
      zoom((gesture.width * gesture.distance / distance) / viewWidth, (a.x + b.x) / 2);
    }
  }, { signal });
  const release = (event) => {
    if (!pointers.has(event.pointerId)) return;
    pointers.delete(event.pointerId);
    if (gesture?.kind === 'pan' && !gesture.moved && event.type === 'pointerup') tap(event.clientX, event.clientY);
    if (pointers.size === 0) gesture = null;
    else if (pointers.size === 1) {
      const [rest] = pointers.values();
      gesture = { kind: 'pan', startX: rest.x, startY: rest.y, viewStart, moved: true };
    }
  };
  container.addEventListener('pointerup', release, { signal });
  container.addEventListener('pointercancel', release, { signal });

  container.addEventListener('wheel', (event) => {
    event.preventDefault();
    if (Math.abs(event.deltaX) > Math.abs(event.deltaY)) {
      setView(viewStart + event.deltaX * dataPerPixel(), viewWidth);
    } else {
      zoom(Math.exp(event.deltaY * 0.002), event.clientX);
    }
  }, { passive: false, signal });

  container.addEventListener('keydown', (event) => {
    const step = viewWidth / 5;
    const centre = svg.getBoundingClientRect().left + (plotLeft + plotWidth / 2) * screenScale();
    if (event.key === 'ArrowLeft') setView(viewStart - step, viewWidth);
    else if (event.key === 'ArrowRight') setView(viewStart + step, viewWidth);
    else if (event.key === '+' || event.key === '=') zoom(0.8, centre);
    else if (event.key === '-') zoom(1.25, centre);
    else if (event.key === 'Escape' && selected) dismiss();
    else return;
    event.preventDefault();
  }, { signal });

  setView(viewStart, viewWidth);
  return {
    dismiss,
    detach() {
      listening.abort();
      clearTimeout(refetch);
      return { pointers, gesture, period };
    },
  };
}
