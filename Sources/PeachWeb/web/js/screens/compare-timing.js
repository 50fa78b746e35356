import { api } from '../api.js';
import { loadClick, scheduleClicks } from '../audio/clicks.js';
import { formatCents, formatNumber } from '../i18n/format.js';
import { t } from '../i18n/i18n.js';
import { measurementView } from '../loop/measurement.js';
import { trainingLoop } from '../loop/training-loop.js';
import { twoButtonAnswer } from '../loop/two-button-answer.js';

/** Compare Timing: four sixteenth clicks, the third early or late, answered with two buttons; or its measurement. */
export function compareTimingScreen(context) {
  const screen = document.getElementById('screen-compare-timing');
  const title = document.getElementById('compare-timing-title');
  const tempo = document.getElementById('compare-timing-tempo');
  const measurement = measurementView({
    progress: document.getElementById('timing-measurement-progress'),
    result: document.getElementById('timing-measurement-result'),
    resultText: document.getElementById('timing-measurement-result-text'),
    hides: [screen.querySelector('.answer-buttons'), screen.querySelector('.keys-hint'), screen.querySelector('.hint[data-i18n]'), tempo],
  });
  return trainingLoop(context, {
    screen: 'screen-compare-timing',
    ...twoButtonAnswer(context, {
      buttons: { early: 'answer-early', late: 'answer-late' },
      keys: { arrowleft: 'early', e: 'early', arrowright: 'late', l: 'late' },
      feedback: 'compare-timing-feedback',
    }),
    enter(discipline) {
      // Through data-i18n, so a language change re-translates the right title.
      title.dataset.i18n = discipline === 'timingMeasurement' ? 'measureTiming.title' : 'compareTiming.title';
      title.textContent = t(title.dataset.i18n);
      tempo.textContent = '';
      measurement.reset();
    },
    load: () => loadClick(),
    play(audio, trial, start, click) {
      const scheduled = scheduleClicks(audio, click, trial.clickSeconds, start);
      tempo.textContent = t('rhythm.tempo', { bpm: trial.tempoBPM });
      measurement.show(trial);
      return { stop: scheduled.stop, marks: { trialStart: start } };
    },
    ends: (trial) => measurement.ends(trial, () => result(trial.tempoBand)),
  });

  /** The newest measurement at the band, as the server folded it from the answers. */
  async function result(band) {
    const { measurements } = await api.rhythmTimeline(band);
    const { estimate, tempoBPM, thresholdMs, lowerMs } = measurements[measurements.length - 1];
    const values = {
      threshold: formatCents(estimate.threshold), lower: formatCents(estimate.lower), upper: formatCents(estimate.upper),
      thresholdMs: formatNumber(thresholdMs, 1), lowerMs: formatNumber(lowerMs, 1), tempo: tempoBPM, trials: estimate.trials,
    };
    return [estimate.upperIsOpen ? 'measureTiming.resultOpen' : 'measureTiming.result', values];
  }
}
