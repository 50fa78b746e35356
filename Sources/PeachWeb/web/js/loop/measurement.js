import { addStrings, t } from '../i18n/i18n.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'measure.progress': 'Trial {trial} of at most {maxTrials}',
    'measure.done': 'Back to Start',
  },
  de: {
    'measure.progress': 'Versuch {trial} von höchstens {maxTrials}',
    'measure.done': 'Zurück zum Start',
  },
});

/**
 * "Measure my threshold" on a training screen: the run's progress under the question, and when the
 * run ends its result in place of the answer controls. The server places every trial and ends the
 * run; a trial says where it stands (`trial.measurement`), and the screen says how to read a result.
 *
 * @param {object} parts the screen's `progress` line, `result` box (its link leads back) and
 *   `resultText`, and `hides`: what a result stands in for (the answer buttons, the keys hint, …).
 */
export function measurementView({ progress, result, resultText, hides }) {
  return {
    /** A fresh screen: training or a run, nothing of a result shown. */
    reset() {
      progress.hidden = true;
      result.hidden = true;
      for (const part of hides) part.hidden = false;
    },
    /** A trial played: a run's trial says its place. */
    show(trial) {
      progress.hidden = !trial.measurement;
      if (trial.measurement) progress.textContent = t('measure.progress', trial.measurement);
    },
    /**
     * Asked after an answer: a run's first trial then means the run before it has finished, and
     * `resultOf()` resolves to the i18n key and values that state the result.
     */
    ends(trial, resultOf) {
      if (trial.measurement?.trial !== 1) return false;
      for (const part of [...hides, progress]) part.hidden = true;
      resultOf().then(([key, values]) => {
        resultText.textContent = t(key, values);
        result.hidden = false;
        result.querySelector('a').focus();
      });
      return true;
    },
  };
}
