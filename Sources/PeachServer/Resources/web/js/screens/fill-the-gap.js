import { api } from '../api.js';
import { loadClick } from '../clicks.js';
import { audibleTime, untilAudible } from '../clock.js';
import { realtimeContext } from '../audio.js';
import { showLatency, storedLatencyMs } from '../device-latency.js';
import { formatNumber, formatOffsetMs, formatPercent } from '../format.js';
import { t } from '../i18n.js';
import { tapAlong } from '../taps.js';

/** Head start for the first click so its scheduled start is never already in the past. */
const LEAD_SECONDS = 0.1;

// Fill the Gap: the trial's clicks play on (16 cycles of four sixteenths, one silent in each); every
// tap is moved onto the trial's time base on the audio clock, less this device's calibration, and
// sent when the last cycle is over. The server judges each tap; the screen shows its verdict while
// the next trial already plays.
export function fillTheGapScreen({ navigate, announce }) {
  const element = document.getElementById('screen-fill-the-gap');
  const pad = document.getElementById('fill-the-gap-pad');
  const tempo = document.getElementById('fill-the-gap-tempo');
  const calibration = document.getElementById('fill-the-gap-calibration');
  const result = document.getElementById('fill-the-gap-result');
  const cycles = document.getElementById('fill-the-gap-cycles');
  const cycleText = document.getElementById('fill-the-gap-cycle');
  const $ = (part) => document.getElementById(`fill-the-gap-${part}`);

  let session = 0;
  let running = null;
  const isCurrent = (id) => id === session;
  const mark = (name, value) => { element.dataset[name] = String(value); };
  const setState = (state) => { element.dataset.state = state; };

  const stopQuietly = (id, reason) => {
    console.warn('training stopped:', reason);
    if (isCurrent(id)) navigate('#/');
  };

  /** One trial after another until the screen is left. */
  async function train(id) {
    const context = realtimeContext();
    let startAt = 0;
    while (isCurrent(id)) {
      const [click, trial] = await Promise.all([loadClick(), api.nextTrial('rhythmMatching')]);
      if (!isCurrent(id)) return;
      const start = Math.max(startAt, context.currentTime + LEAD_SECONDS);
      running = tapAlong(context, pad, {
        click, clickSeconds: trial.clickSeconds, start, latencySeconds: (storedLatencyMs() ?? 0) / 1000,
      });
      tempo.textContent = t('rhythm.tempo', { bpm: trial.tempoBPM });
      mark('trialStart', start);
      // The trial's geometry beside its start, for the browser tests and the benchmark.
      mark('gapSeconds', trial.gapSeconds.join(' '));
      mark('sixteenthSeconds', trial.sixteenthSeconds);
      setState('playing');
      const progress = showProgress(context, start, trial, id);
      // A tap up to a sixteenth after the last gap or click still belongs to this trial.
      const end = start + Math.max(...trial.gapSeconds, ...trial.clickSeconds) + trial.sixteenthSeconds;
      const finished = await untilAudible(context, end, () => !isCurrent(id));
      clearInterval(progress);
      if (!finished) return;
      running.stop();
      const tapSeconds = running.taps.slice();
      running = null;
      let judged = null;
      try {
        judged = await api.answerTrial(trial.id, { tapSeconds });
      } catch (error) {
        // Refused by the server (the trial expired): nothing to keep, training goes on.
        console.warn('answer refused:', error);
      }
      if (!isCurrent(id)) return;
      // Null: kept for delivery once the server is back; the next trial plays without a verdict.
      if (judged) showResult(judged, trial.gapSeconds.length);
      mark('answered', trial.id);
      startAt = context.currentTime + trial.session.feedbackSeconds;
    }
  }

  /** Which of the trial's cycles is heard now ("Cycle 3 of 16"), on the audio clock; returns the ticker. */
  function showProgress(context, start, { gapSeconds, clickSeconds, sixteenthSeconds }, id) {
    // A gap per cycle; the cycles fill the trial evenly, to a sixteenth after its last sound.
    const total = gapSeconds.length;
    const cycleSeconds = (Math.max(...gapSeconds, ...clickSeconds) + sixteenthSeconds) / total;
    cycles.max = total;
    const tick = () => {
      if (!isCurrent(id)) return;
      const cycle = Math.min(total, Math.max(0, Math.floor((audibleTime(context) - start) / cycleSeconds) + 1));
      cycles.value = cycle;
      cycleText.textContent = t('fillTheGap.progress', { cycle, cycles: total });
    };
    tick();
    return setInterval(tick, 100);
  }

  function showResult({ meanOffsetMs, offsetSDMs, hitRate }, gaps) {
    const hits = Math.round(hitRate * gaps);
    $('mean').textContent = meanOffsetMs === null ? t('fillTheGap.noHits') : formatOffsetMs(meanOffsetMs);
    $('sd').textContent = offsetSDMs === null ? t('rhythm.noHits') : t('unit.ms', { value: formatNumber(offsetSDMs, 0) });
    $('hits').textContent = t('fillTheGap.hits', { hits, gaps, percent: formatPercent(hitRate) });
    result.hidden = false;
    announce(meanOffsetMs === null
      ? t('fillTheGap.noHits')
      : t('fillTheGap.said', { offset: formatOffsetMs(meanOffsetMs), hits, gaps }));
  }

  function onKey(event) {
    if (event.key === 'Escape') navigate('#/');
  }

  return {
    element,
    async show() {
      const id = ++session;
      result.hidden = true;
      cycles.value = 0;
      cycleText.textContent = '';
      showLatency(calibration);
      tempo.textContent = '';
      setState('starting');
      document.addEventListener('keydown', onKey);
      try {
        const context = realtimeContext();
        if (context.state !== 'running') await context.resume();
        if (context.state !== 'running') throw new Error(`audio context ${context.state}`);
        await train(id);
      } catch (error) {
        stopQuietly(id, error);
      }
    },
    /** Leaving drops the unfinished trial: its taps are never sent, so nothing is stored. */
    hide() {
      session += 1;
      document.removeEventListener('keydown', onKey);
      running?.stop();
      running = null;
      setState('idle');
    },
  };
}
