import { formatDate } from '../i18n/format.js';
import { addStrings, t } from '../i18n/i18n.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'measure.progress': 'Trial {trial} of at most {maxTrials}',
    'measure.done': 'Back to Start',
    'measure.previous': 'Last time, on {date}: {result}.',
    'measure.atLeast': 'at least {value}',
  },
  de: {
    'measure.progress': 'Versuch {trial} von höchstens {maxTrials}',
    'measure.done': 'Zurück zum Start',
    'measure.previous': 'Beim letzten Mal, am {date}: {result}.',
    'measure.atLeast': 'mindestens {value}',
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
     * `resultOf()` resolves to the lines that state the result, each an i18n key and its values.
     */
    ends(trial, resultOf) {
      if (trial.measurement?.trial !== 1) return false;
      for (const part of [...hides, progress]) part.hidden = true;
      resultOf().then((lines) => {
        resultText.textContent = lines.map(([key, values]) => t(key, values)).join(' ');
        result.hidden = false;
        result.querySelector('a').focus();
      });
      return true;
    },
  };
}

/**
 * The run before the newest, so a result says how it moved: its day and its threshold, `spell`ing a
 * value in the run's unit ("12.3 ¢"); a run open above stays "at least".
 */
export function previousResult({ estimate, finished }, spell) {
  const result = estimate.upperIsOpen ? t('measure.atLeast', { value: spell(estimate.lower) }) : spell(estimate.threshold);
  return ['measure.previous', { date: formatDate(finished), result }];
}
