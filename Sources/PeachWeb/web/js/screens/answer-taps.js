import { loadClick } from '../audio/clicks.js';
import { audibleTime, untilAudible } from '../audio/clock.js';
import { realtimeContext } from '../audio/audio.js';
import { showLatency, tapLatencySeconds } from '../input/device-latency.js';
import { formatNumber, formatOffsetMs, formatPercent } from '../i18n/format.js';
import { addStrings, t } from '../i18n/i18n.js';
import { tapAlong } from '../input/taps.js';
import { trainingLoop } from '../loop/training-loop.js';
import { addScreen } from './screen.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'fillTheGap.hint': 'One click in every four is missing: tap where it belongs (the pad, Space or any key).',
    'fillTheGap.meanOffset': 'Mean offset',
    'fillTheGap.spread': 'Spread (SD)',
    'fillTheGap.noHits': 'No tap landed in a gap',
    'fillTheGap.hits': '{hits} of {gaps} gaps ({percent})',
    'fillTheGap.said': '{offset}, {hits} of {gaps} gaps hit',
    'unit.ms': '{value} ms',
    'fillTheGap.progress': 'Cycle {cycle} of {cycles}',
  },
  de: {
    'fillTheGap.hint': 'Von je vier Klicks fehlt einer: Tippe dort, wo er hingehört (die Fläche, Leertaste oder eine beliebige Taste).',
    'fillTheGap.meanOffset': 'Mittlere Ab\u00ADweichung',
    'fillTheGap.spread': 'Streuung (SD)',
    'fillTheGap.noHits': 'Kein Anschlag traf eine Lücke',
    'fillTheGap.hits': '{hits} von {gaps} Lücken ({percent})',
    'fillTheGap.said': '{offset}, {hits} von {gaps} Lücken getroffen',
    'unit.ms': '{value} ms',
    'fillTheGap.progress': 'Takt {cycle} von {cycles}',
  },
});

/** The screen's markup: its strings by key (data-i18n), filled in by translate. */
const MARKUP = `
<section id="screen-fill-the-gap" class="screen" aria-labelledby="fill-the-gap-title" data-state="idle" hidden>
  <header class="bar">
    <a href="#/" class="back" data-i18n="nav.back"></a>
    <h1 id="fill-the-gap-title"></h1>
  </header>
  <p class="hint" data-i18n="fillTheGap.hint"></p>
  <p class="calibration-line"><span id="fill-the-gap-calibration"></span> <a href="#/calibration" data-i18n="rhythm.calibrate"></a></p>
  <p id="fill-the-gap-tempo" class="interval-label"></p>
  <div class="cycle-progress">
    <progress id="fill-the-gap-cycles" value="0" max="16" aria-labelledby="fill-the-gap-cycle"></progress>
    <span id="fill-the-gap-cycle"></span>
  </div>
  <button id="fill-the-gap-pad" class="tap-pad" type="button" data-i18n="rhythm.tap" disabled></button>
  <dl id="fill-the-gap-result" class="stats" hidden>
    <div><dt data-i18n="fillTheGap.meanOffset"></dt><dd id="fill-the-gap-mean"></dd></div>
    <div><dt data-i18n="fillTheGap.spread"></dt><dd id="fill-the-gap-sd"></dd></div>
    <div><dt data-i18n="fillTheGap.hitRate"></dt><dd id="fill-the-gap-hits"></dd></div>
  </dl>
  <p class="keys-hint" data-i18n="keys.taps"></p>
</section>`;

// Fill the Gap: the trial's clicks play on (16 cycles of four sixteenths, one silent in each); every
// tap is moved onto the trial's time base on the audio clock, less this device's calibration, and
// sent when the last cycle is over. The screen judges the taps then from the trial's `judging`, as
// the server judges them again, and shows the figures while the next trial already plays.

const mean = (values) => (values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length);

/**
 * The figures the server will give `tapSeconds` (those this screen shows, and each tap), from the
 * trial's `gapSeconds` and `judging` (GapJudging): a tap belongs to its nearest gap (of two as near,
 * the earlier) and hits it within the window; of several taps on a gap the nearest (the earlier of
 * two as near) is its hit. Null when the trial does not say: the figures wait for the response.
 */
function judgeTaps({ gapSeconds, cycles, judging }, { tapSeconds }) {
  if (!judging) return null;
  const nearest = tapSeconds.map((tap) => {
    let gap = null;
    gapSeconds.forEach((at, index) => {
      if (gap === null || Math.abs(tap - at) < Math.abs(tap - gapSeconds[gap])) gap = index;
    });
    if (gap === null) return null;
    const offset = tap - gapSeconds[gap];
    return Math.abs(offset) <= judging.hitWindowSeconds ? { gap, offset } : null;
  });
  const best = new Map();
  nearest.forEach((candidate, tap) => {
    if (!candidate) return;
    const held = best.get(candidate.gap);
    if (held !== undefined && Math.abs(nearest[held].offset) <= Math.abs(candidate.offset)) return;
    best.set(candidate.gap, tap);
  });
  const hitTaps = new Set(best.values());
  const taps = nearest.map((candidate, tap) => (candidate && hitTaps.has(tap)
    ? { gap: candidate.gap, offsetMs: candidate.offset * 1000 }
    : { gap: null, offsetMs: null }));
  const offsets = taps.filter(({ gap }) => gap !== null).map(({ offsetMs }) => offsetMs);
  const meanOffsetMs = mean(offsets);
  const offsetSDMs = offsets.length < 2 ? (offsets.length === 1 ? 0 : null)
    : Math.sqrt(offsets.reduce((sum, offset) => sum + (offset - meanOffsetMs) ** 2, 0) / (offsets.length - 1));
  return { meanOffsetMs, offsetSDMs, hitRate: offsets.length / cycles, taps };
}

/** The addresses its disciplines had before #/train/<discipline>, kept for bookmarks (app.js follows them). */
export const formerAddresses = { '#/fill-the-gap': 'rhythmMatching' };

export default function fillTheGapScreen(context) {
  const element = addScreen(MARKUP);
  const pad = document.getElementById('fill-the-gap-pad');
  const tempo = document.getElementById('fill-the-gap-tempo');
  const calibration = document.getElementById('fill-the-gap-calibration');
  const result = document.getElementById('fill-the-gap-result');
  const cycles = document.getElementById('fill-the-gap-cycles');
  const cycleText = document.getElementById('fill-the-gap-cycle');
  const $ = (part) => document.getElementById(`fill-the-gap-${part}`);
  let playing = null; // { ticker, ended } while a trial plays

  const setState = (state) => { element.dataset.state = state; };

  /** Which of the trial's cycles is heard now ("Cycle 3 of 16"), on the audio clock. */
  function showProgress(start, { gapSeconds, clickSeconds, sixteenthSeconds }) {
    // A gap per cycle; the cycles fill the trial evenly, to a sixteenth after its last sound.
    const total = gapSeconds.length;
    const cycleSeconds = (Math.max(...gapSeconds, ...clickSeconds) + sixteenthSeconds) / total;
    cycles.max = total;
    const tick = () => {
      const cycle = Math.min(total, Math.max(0, Math.floor((audibleTime(realtimeContext()) - start) / cycleSeconds) + 1));
      cycles.value = cycle;
      cycleText.textContent = t('fillTheGap.progress', { cycle, cycles: total });
    };
    tick();
    return setInterval(tick, 100);
  }

  return trainingLoop(context, {
    screen: 'screen-fill-the-gap',
    enter() {
      result.hidden = true;
      cycles.value = 0;
      cycleText.textContent = '';
      tempo.textContent = '';
      showLatency(calibration);
      setState('starting');
    },
    load: () => loadClick(),
    play(audio, trial, start, click) {
      const taps = tapAlong(audio, pad, {
        click, clickSeconds: trial.clickSeconds, start, latencySeconds: tapLatencySeconds,
        midi: Boolean(trial.session.midi?.taps),
      });
      tempo.textContent = t('rhythm.tempo', { bpm: trial.tempoBPM });
      // The trial's geometry beside its start, for the browser tests and the benchmark.
      return {
        taps,
        start,
        stop: () => taps.stop(),
        marks: { trialStart: start, gapSeconds: trial.gapSeconds.join(' '), sixteenthSeconds: trial.sixteenthSeconds },
      };
    },
    starts(trial, played) {
      setState('playing');
      playing = { ticker: showProgress(played.start, trial), ended: false };
    },
    /** Taps count from the first click; the answer is every tap, sent once the trial is over. */
    opens(trial, played, answer) {
      const current = playing;
      // A tap up to a sixteenth after the last gap or click still belongs to this trial.
      const end = played.start + Math.max(...trial.gapSeconds, ...trial.clickSeconds) + trial.sixteenthSeconds;
      untilAudible(realtimeContext(), end, () => current.ended).then((over) => {
        if (over) answer({ tapSeconds: played.taps.taps.slice() });
      });
    },
    closes() {
      if (!playing) return;
      playing.ended = true;
      clearInterval(playing.ticker);
      playing = null;
    },
    judge: judgeTaps,
    show({ meanOffsetMs, offsetSDMs, hitRate }, trial) {
      const gaps = trial.gapSeconds.length;
      const hits = Math.round(hitRate * gaps);
      $('mean').textContent = meanOffsetMs === null ? t('fillTheGap.noHits') : formatOffsetMs(meanOffsetMs);
      $('sd').textContent = offsetSDMs === null ? t('rhythm.noHits') : t('unit.ms', { value: formatNumber(offsetSDMs, 0) });
      $('hits').textContent = t('fillTheGap.hits', { hits, gaps, percent: formatPercent(hitRate) });
      result.hidden = false;
      context.announce(meanOffsetMs === null
        ? t('fillTheGap.noHits')
        : t('fillTheGap.said', { offset: formatOffsetMs(meanOffsetMs), hits, gaps }));
    },
    leave() {
      setState('idle');
    },
  });
}
