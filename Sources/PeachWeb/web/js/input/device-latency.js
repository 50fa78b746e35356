// The rhythm calibration: how much later than the sound this device's taps arrive (input delay, an
// output path the browser does not report, the user's habit). Measured by the server from taps along
// clicks, kept per device — this browser profile on this machine — and never sent with the settings,
// which every device shares. A MIDI keyboard has a calibration of its own: its keys skip the touch
// screen's input delay, and two keyboards on one machine can differ by milliseconds.
import { formatNumber } from '../i18n/format.js';
import { addStrings, t } from '../i18n/i18n.js';
import { isEnabled, midiInputs } from './midi.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'rhythm.notCalibrated': 'Not calibrated',
    'rhythm.calibrated': 'Calibrated: {value} ms',
    'rhythm.deviceCalibrated': '{device}: {value} ms',
    'rhythm.deviceNotCalibrated': '{device}: not calibrated',
  },
  de: {
    'rhythm.notCalibrated': 'Nicht kalibriert',
    'rhythm.calibrated': 'Kalibriert: {value} ms',
    'rhythm.deviceCalibrated': '{device}: {value} ms',
    'rhythm.deviceNotCalibrated': '{device}: nicht kalibriert',
  },
});

const KEY = 'peach.rhythm.latencyMs';

/** Where the calibration of `device` (a MIDI input's name; null for the pad and the keys) is kept. */
function keyOf(device) {
  return device ? `${KEY}.midi.${device}` : KEY;
}

function read(device) {
  const value = Number.parseFloat(localStorage.getItem(keyOf(device)) ?? '');
  return Number.isFinite(value) ? value : null;
}

export function storeLatencyMs(latencyMs, device = null) {
  localStorage.setItem(keyOf(device), String(latencyMs));
}

/** The seconds to take off a tap from `device`: its own calibration, else this device's, else none. */
export function tapLatencySeconds(device = null) {
  return (read(device) ?? read(null) ?? 0) / 1000;
}

/**
 * Shows "Calibrated: 23 ms" in `element`, or "Not calibrated" marked as a warning; with MIDI on, each
 * keyboard the browser sees follows with its own ("Digital Piano: 8 ms").
 */
export function showLatency(element) {
  const latencyMs = read(null);
  const parts = [latencyMs === null ? t('rhythm.notCalibrated') : t('rhythm.calibrated', { value: formatNumber(latencyMs, 1) })];
  if (isEnabled()) {
    for (const { name } of midiInputs()) {
      const own = read(name);
      parts.push(own === null
        ? t('rhythm.deviceNotCalibrated', { device: name })
        : t('rhythm.deviceCalibrated', { device: name, value: formatNumber(own, 1) }));
    }
  }
  element.textContent = parts.join(' · ');
  element.classList.toggle('warning', latencyMs === null);
}
