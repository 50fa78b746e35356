// The vertical pitch slider: a blank track (no markings that would let the eye tune instead of the
// ear) and a large thumb that produce a normalized value −1 (bottom) … 0 (centre) … 1 (top). It
// knows nothing of pitch; the screen turns values into sound and the server turns the committed
// value into cents.

const clamp = (value) => Math.min(1, Math.max(-1, value));

/**
 * Wires the slider element (role=slider, with a `.pitch-slider-thumb` child).
 * `onChange(value)` fires in the very input event that moved it, so the caller can retune at once;
 * `onCommit(value)` fires on release (pointer up, Enter or Space).
 */
export function verticalPitchSlider(element, { onChange, onCommit, valueText }) {
  const thumb = element.querySelector('.pitch-slider-thumb');
  let value = 0;
  let active = false;
  let steps = { fine: 0.01, coarse: 0.1 };
  let drag = null;

  // Half the distance the thumb's centre can travel: a drag of this many pixels is a value of 1.
  const travel = () => Math.max(1, (element.clientHeight - thumb.offsetHeight) / 2);

  function render() {
    thumb.style.transform = `translateY(${(-value * travel()).toFixed(2)}px)`;
    element.setAttribute('aria-valuenow', value.toFixed(3));
    element.setAttribute('aria-valuetext', valueText(value));
  }

  function moveTo(next) {
    const clamped = clamp(next);
    if (clamped === value) return;
    value = clamped;
    render();
    onChange(value);
  }

  function commit() {
    active = false;
    element.setAttribute('aria-disabled', 'true');
    onCommit(value);
  }

  element.addEventListener('pointerdown', (event) => {
    if (!active || drag || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    element.focus({ preventScroll: true });
    element.setPointerCapture(event.pointerId);
    drag = { pointerId: event.pointerId, startY: event.clientY, startValue: value, travel: travel() };
  });
  const follow = (event) => moveTo(drag.startValue - (event.clientY - drag.startY) / drag.travel);
  // pointermove is held back to the next animation frame (up to ~17 ms); pointerrawupdate, where
  // the browser offers it (Chromium, secure contexts), arrives as soon as the input does.
  const moveEvent = 'onpointerrawupdate' in element ? 'pointerrawupdate' : 'pointermove';
  element.addEventListener(moveEvent, (event) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    follow(event);
  });
  element.addEventListener('pointerup', (event) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    follow(event);
    drag = null;
    if (active) commit();
  });
  // The browser took the pointer away (a system gesture, the page hiding): not a release, so
  // nothing is committed; the note keeps sounding until the user grabs the thumb again.
  const abandon = (event) => { if (drag && event.pointerId === drag.pointerId) drag = null; };
  element.addEventListener('pointercancel', abandon);
  element.addEventListener('lostpointercapture', abandon);

  element.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = {
      ArrowUp: steps.fine, ArrowRight: steps.fine, ArrowDown: -steps.fine, ArrowLeft: -steps.fine,
      PageUp: steps.coarse, PageDown: -steps.coarse, End: 2, Home: -2,
    };
    const isCommit = event.key === 'Enter' || event.key === ' ';
    if (!(event.key in moves) && !isCommit) return;
    // Handled even while inert, so the keys never scroll the page under the user.
    event.preventDefault();
    if (!active || drag) return;
    if (isCommit) commit();
    else moveTo(value + moves[event.key]);
  });

  new ResizeObserver(render).observe(element);

  return {
    get value() { return value; },
    /** Step sizes in normalized units for ↑/↓ and PageUp/PageDown. */
    setSteps(fine, coarse) { steps = { fine, coarse }; },
    /** Back to the centre, where every challenge starts. */
    reset() {
      value = 0;
      drag = null;
      render();
    },
    /** Moved from outside (the MIDI wheel): as a drag moves it, while the slider is active. */
    moveTo(next) {
      if (active && !drag) moveTo(next);
    },
    /** Commits as a release does (a MIDI key, the wheel back at rest). */
    commit() {
      if (active) commit();
    },
    setActive(isActive) {
      active = isActive;
      if (!isActive) drag = null;
      element.setAttribute('aria-disabled', String(!isActive));
    },
  };
}
