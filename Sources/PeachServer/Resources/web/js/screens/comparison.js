import { loadSamples, scheduleComparison } from '../audio.js';
import { comparisonQuestion, intervalLabel, soundText, t } from '../i18n.js';
import { trainingLoop } from '../training-loop.js';
import { twoButtonAnswer } from '../two-button-answer.js';

/** Higher or lower: two notes, unison or an interval, answered with two buttons. */
export function comparisonScreen(context) {
  const title = document.getElementById('comparison-title');
  const question = document.getElementById('comparison-question');
  const intervalText = document.getElementById('comparison-interval');
  const sound = document.getElementById('comparison-sound');
  let discipline = null;
  return trainingLoop(context, {
    screen: 'screen-comparison',
    ...twoButtonAnswer(context, {
      buttons: { higher: 'answer-higher', lower: 'answer-lower' },
      keys: { arrowup: 'higher', h: 'higher', arrowdown: 'lower', l: 'lower' },
      feedback: 'comparison-feedback',
    }),
    enter(chosen) {
      discipline = chosen;
      // Through data-i18n, so a language change re-translates the right title.
      title.dataset.i18n = discipline === 'intervalComparison' ? 'intervalComparison.title' : 'comparison.title';
      title.textContent = t(title.dataset.i18n);
      intervalText.hidden = true;
      sound.hidden = true;
      question.textContent = discipline === 'intervalComparison' ? '' : t('comparison.question');
    },
    // An instrument's keys come from the server on first use (cached after), before the clock starts.
    load: (trial) => loadSamples(trial.sound.id, [trial.note1.frequencyHz, trial.note2.frequencyHz]),
    /** The question, the sound, and for interval trials the interval to listen for (unison needs none). */
    play(audio, trial, start, samples) {
      const scheduled = scheduleComparison(audio, trial, start, { samples });
      const isInterval = discipline === 'intervalComparison';
      intervalText.hidden = !isInterval;
      intervalText.textContent = isInterval ? intervalLabel(trial.interval, trial.tuningSystem) : '';
      question.textContent = comparisonQuestion(isInterval ? trial.interval : null, trial.tuningSystem);
      sound.textContent = soundText(trial.sound);
      sound.hidden = false;
      return { stop: scheduled.stop, marks: { note1Start: start, note2Start: scheduled.note2Start } };
    },
  });
}
