import { loadClick, scheduleClicks } from '../clicks.js';
import { t } from '../i18n.js';
import { comparisonLoop } from './comparison.js';

/** Compare Timing: four sixteenth clicks, the third early or late; the comparison loop with clicks. */
const timing = {
  screen: 'screen-compare-timing',
  feedback: 'compare-timing-feedback',
  buttons: { early: 'answer-early', late: 'answer-late' },
  keys: { arrowleft: 'early', e: 'early', arrowright: 'late', l: 'late' },
  enter() {
    document.getElementById('compare-timing-tempo').textContent = '';
  },
  load: () => loadClick(),
  schedule(context, trial, start, click) {
    const scheduled = scheduleClicks(context, click, trial.clickSeconds, start);
    return { stop: scheduled.stop, marks: { trialStart: start } };
  },
  label(trial) {
    document.getElementById('compare-timing-tempo').textContent = t('rhythm.tempo', { bpm: trial.tempoBPM });
  },
};

export const compareTimingScreen = (context) => comparisonLoop(context, timing);
