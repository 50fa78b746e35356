import { api } from '../api.js';
import { realtimeContext } from '../audio/audio.js';
import { loadClick } from '../audio/clicks.js';
import { untilAudible } from '../audio/clock.js';
import { showLatency, storeLatencyMs } from '../input/device-latency.js';
import { formatNumber } from '../i18n/format.js';
import { addStrings, t } from '../i18n/i18n.js';
import { tapAlong } from '../input/taps.js';
import { addScreen } from './screen.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'nav.backToFillTheGap': '‹ Fill the Gap',
    'calibration.title': 'Calibrate taps',
    'calibration.hint': 'Press Start, then tap along with the 16 clicks (the pad, Space or any key, or the keys of a MIDI keyboard, which gets a calibration of its own). The median delay of your taps becomes the calibration of this device.',
    'calibration.start': 'Start',
    'calibration.done': 'Calibrated: {value} ms, from {taps} taps',
    'calibration.doneDevice': 'Calibrated for {device}: {value} ms, from {taps} taps',
    'calibration.tooFewTaps': 'Too few taps near the clicks. Try again and tap along with every click.',
    'calibration.failed': 'The calibration could not be saved. Try again.',
  },
  de: {
    'nav.backToFillTheGap': '‹ Lücke füllen',
    'calibration.title': 'Tippen kalibrieren',
    'calibration.hint': 'Drücke Start und tippe dann zu den 16 Klicks mit (die Fläche, Leertaste oder eine beliebige Taste, oder die Tasten eines MIDI-Keyboards, das eine eigene Kalibrierung bekommt). Die mittlere Verzögerung deiner Anschläge wird die Kalibrierung dieses Geräts.',
    'calibration.start': 'Start',
    'calibration.done': 'Kalibriert: {value} ms, aus {taps} Anschlägen',
    'calibration.doneDevice': 'Kalibriert für {device}: {value} ms, aus {taps} Anschlägen',
    'calibration.tooFewTaps': 'Zu wenige Anschläge nahe an den Klicks. Versuche es noch einmal und tippe zu jedem Klick.',
    'calibration.failed': 'Die Kalibrierung konnte nicht gespeichert werden. Versuche es noch einmal.',
  },
});

/** The screen's markup: its strings by key (data-i18n), filled in by translate. */
const MARKUP = `
<section id="screen-calibration" class="screen" aria-labelledby="calibration-title" data-state="idle" hidden>
  <header class="bar">
    <a href="#/" class="back" id="calibration-back" data-i18n="nav.back"></a>
    <h1 id="calibration-title" data-i18n="calibration.title"></h1>
  </header>
  <p class="hint" data-i18n="calibration.hint"></p>
  <p id="calibration-current" class="calibration-line"></p>
  <button id="calibration-start" class="primary big" type="button" data-i18n="calibration.start"></button>
  <button id="calibration-pad" class="tap-pad" type="button" data-i18n="rhythm.tap" disabled></button>
  <p id="calibration-status" class="calibration-status"></p>
  <p class="keys-hint" data-i18n="keys.taps"></p>
</section>`;

/** Time to get ready between pressing Start and the first click. */
const LEAD_SECONDS = 1;

// Calibration: the server's clicks (a beat apart at the tempo setting); the user taps along, the
// server takes the median offset as this device's latency, and the browser keeps it
// (device-latency.js) — for the MIDI keyboard the taps came from, when most of them came from one.
/** Where calibration is opened from, with its back link's words; from anywhere else it returns to Start. */
const RETURNS = { '#/settings': 'nav.backToSettings', '#/train/rhythmMatching': 'nav.backToFillTheGap' };

/** The device most taps came from (a MIDI input's name; null for the pad and the keys). */
function mostTapsFrom(devices) {
  const counts = new Map();
  for (const device of devices) counts.set(device, (counts.get(device) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

export function calibrationScreen({ announce, cameFrom }) {
  const element = addScreen(MARKUP);
  const back = document.getElementById('calibration-back');
  const pad = document.getElementById('calibration-pad');
  const startButton = document.getElementById('calibration-start');
  const current = document.getElementById('calibration-current');
  const status = document.getElementById('calibration-status');

  let session = 0;
  let running = null;
  const isCurrent = (id) => id === session;
  const mark = (name, value) => { element.dataset[name] = String(value); };
  const setState = (state) => { element.dataset.state = state; };
  const say = (text) => {
    status.textContent = text;
    announce(text);
  };

  async function calibrate() {
    const id = session;
    startButton.disabled = true;
    status.textContent = '';
    try {
      const context = realtimeContext();
      if (context.state !== 'running') await context.resume();
      const [click, { clickSeconds }] = await Promise.all([loadClick(), api.calibrationPlan()]);
      if (!isCurrent(id)) return;
      const beat = clickSeconds[1] - clickSeconds[0];
      const start = context.currentTime + LEAD_SECONDS;
      running = tapAlong(context, pad, { click, clickSeconds, start });
      mark('clickStart', start);
      mark('beatSeconds', beat);
      setState('tapping');
      pad.focus({ preventScroll: true });
      // Half a beat after the last click, a late tap has arrived.
      if (!await untilAudible(context, start + clickSeconds[clickSeconds.length - 1] + beat / 2, () => !isCurrent(id))) return;
      const { taps, devices } = running;
      running.stop();
      running = null;
      const device = mostTapsFrom(devices);
      const { latencyMs, tapsUsed } = await api.rhythmCalibration(clickSeconds, taps.filter((_, index) => devices[index] === device));
      if (!isCurrent(id)) return;
      storeLatencyMs(latencyMs, device);
      showLatency(current);
      const value = formatNumber(latencyMs, 1);
      say(device ? t('calibration.doneDevice', { device, value, taps: tapsUsed }) : t('calibration.done', { value, taps: tapsUsed }));
    } catch (error) {
      if (!isCurrent(id)) return;
      console.warn('calibration failed:', error);
      say(t(error.status === 400 ? 'calibration.tooFewTaps' : 'calibration.failed'));
    } finally {
      if (isCurrent(id)) {
        setState('idle');
        startButton.disabled = false;
        startButton.focus({ preventScroll: true });
      }
    }
  }

  startButton.addEventListener('click', calibrate);

  return {
    element,
    show() {
      session += 1;
      const from = cameFrom();
      back.href = RETURNS[from] ? from : '#/';
      back.dataset.i18n = RETURNS[from] ?? 'nav.back';
      back.textContent = t(back.dataset.i18n);
      showLatency(current);
      status.textContent = '';
      setState('idle');
      startButton.disabled = false;
      startButton.focus({ preventScroll: true });
    },
    /** Leaving drops a calibration under way: nothing is measured or stored. */
    hide() {
      session += 1;
      running?.stop();
      running = null;
    },
  };
}
