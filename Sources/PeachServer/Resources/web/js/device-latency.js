// The rhythm calibration: how much later than the sound this device's taps arrive (input delay, an
// output path the browser does not report, the user's habit). Measured by the server from taps along
// clicks, kept per device — this browser profile on this machine — and never sent with the settings,
// which every device shares.
import { formatNumber } from './format.js';
import { t } from './i18n.js';

const KEY = 'peach.rhythm.latencyMs';

/** The stored latency in milliseconds, or null when this device has not been calibrated. */
export function storedLatencyMs() {
  const value = Number.parseFloat(localStorage.getItem(KEY) ?? '');
  return Number.isFinite(value) ? value : null;
}

export function storeLatencyMs(latencyMs) {
  localStorage.setItem(KEY, String(latencyMs));
}

/** Shows "Calibrated: 23 ms" in `element`, or "Not calibrated" marked as a warning. */
export function showLatency(element) {
  const latencyMs = storedLatencyMs();
  element.textContent = latencyMs === null ? t('rhythm.notCalibrated') : t('rhythm.calibrated', { value: formatNumber(latencyMs, 1) });
  element.classList.toggle('warning', latencyMs === null);
}
