import { loadClick, scheduleClicks } from '../clicks.js';
import { t } from '../i18n.js';
import { trainingLoop } from '../training-loop.js';
import { twoButtonAnswer } from '../two-button-answer.js';

/** Compare Timing: four sixteenth clicks, the third early or late, answered with two buttons. */
export function compareTimingScreen(context) {
  const tempo = document.getElementById('compare-timing-tempo');
  return trainingLoop(context, {
    screen: 'screen-compare-timing',
    ...twoButtonAnswer(context, {
      buttons: { early: 'answer-early', late: 'answer-late' },
      keys: { arrowleft: 'early', e: 'early', arrowright: 'late', l: 'late' },
      feedback: 'compare-timing-feedback',
    }),
    enter() {
      tempo.textContent = '';
    },
    load: () => loadClick(),
    play(audio, trial, start, click) {
      const scheduled = scheduleClicks(audio, click, trial.clickSeconds, start);
      tempo.textContent = t('rhythm.tempo', { bpm: trial.tempoBPM });
      return { stop: scheduled.stop, marks: { trialStart: start } };
    },
  });
}
