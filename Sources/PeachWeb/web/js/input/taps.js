// Taps on the audio clock: each tap's event time becomes the context time the listener was hearing
// (clock.js owns that mapping).
import { scheduleClicks } from '../audio/clicks.js';
import { heardAt } from '../audio/clock.js';
import { onMidiNote } from './midi.js';

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'Tab', 'Escape']);

/**
 * Calls `onTap(event)` for each tap: a pointer down on `pad`, or Space or any other plain key
 * (held keys repeat no taps), or with `midi` a MIDI key's note-on, timed by the MIDI event's own
 * timestamp (on the same clock as a pointer's). Returns the function that stops listening.
 */
export function listenForTaps(pad, onTap, { midi = true } = {}) {
  const onPointer = (event) => {
    if (event.button > 0) return;
    event.preventDefault();
    onTap(event);
  };
  const onKey = (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || MODIFIERS.has(event.key)) return;
    // Space would also scroll the page or activate a focused button.
    event.preventDefault();
    if (!event.repeat) onTap(event);
  };
  pad.addEventListener('pointerdown', onPointer);
  document.addEventListener('keydown', onKey);
  const stopMidi = midi ? onMidiNote(onTap) : () => {};
  return () => {
    stopMidi();
    pad.removeEventListener('pointerdown', onPointer);
    document.removeEventListener('keydown', onKey);
  };
}

/** How long the pad shows that a tap arrived. */
const TAP_FLASH_MS = 120;

/**
 * Plays `click` at `start + clickSeconds` and collects every tap on `pad` (or a key) on the same time
 * base: seconds from `start`, less `latencySeconds(device)`, the calibration of the device the tap
 * came from (a MIDI input's name; null for the pad and the keys). `taps` grows as the user taps, and
 * `devices` beside it; the pad is enabled until `stop()`, which silences what is left and stops listening.
 */
export function tapAlong(context, pad, { click, clickSeconds, start, latencySeconds = () => 0, midi = true }) {
  const scheduled = scheduleClicks(context, click, clickSeconds, start);
  const taps = [];
  const devices = [];
  pad.disabled = false;
  let flash = null;
  const stopListening = listenForTaps(pad, (event) => {
    const device = event.device ?? null;
    taps.push(heardAt(context, event.timeStamp) - start - latencySeconds(device));
    devices.push(device);
    pad.classList.add('tapped');
    clearTimeout(flash);
    flash = setTimeout(() => pad.classList.remove('tapped'), TAP_FLASH_MS);
  }, { midi });
  return {
    taps,
    devices,
    stop() {
      scheduled.stop();
      stopListening();
      pad.disabled = true;
    },
  };
}
