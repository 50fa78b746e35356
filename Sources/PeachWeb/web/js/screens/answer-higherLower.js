import { loadSamples, scheduleComparison } from '../audio/audio.js';
import { api } from '../api.js';
import { discipline as declared } from '../catalogue.js';
import { formatCents } from '../i18n/format.js';
import { addStrings, intervalLabel, soundText, t } from '../i18n/i18n.js';
import { measurementView, previousResult } from '../loop/measurement.js';
import { PITCH_REFERENCE } from '../profile/reference.js';
import { trainingLoop } from '../loop/training-loop.js';
import { twoButtonAnswer } from '../loop/two-button-answer.js';
import { addScreen } from './screen.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'comparison.higher': 'Higher',
    'comparison.lower': 'Lower',
    'measure.result': 'Your threshold: {threshold} ¢, likely between {lower} and {upper} ¢, measured in {trials} comparisons.',
    'measure.resultOpen': 'Your threshold: at least {lower} ¢, measured in {trials} comparisons.',
    'comparison.question': 'Was the second note higher or lower?',
    'intervalComparison.question': 'Was the second note higher or lower than {phrase} {direction}?',
    'intervalTuning.justIntonation': 'a just',
    'intervalTuning.equalTemperament': 'an equal-tempered',
    'intervalPhrase.m2': '{tuning} minor second',
    'intervalPhrase.M2': '{tuning} major second',
    'intervalPhrase.m3': '{tuning} minor third',
    'intervalPhrase.M3': '{tuning} major third',
    'intervalPhrase.P4': '{tuning} perfect fourth',
    'intervalPhrase.d5': '{tuning} tritone',
    'intervalPhrase.P5': '{tuning} perfect fifth',
    'intervalPhrase.m6': '{tuning} minor sixth',
    'intervalPhrase.M6': '{tuning} major sixth',
    'intervalPhrase.m7': '{tuning} minor seventh',
    'intervalPhrase.M7': '{tuning} major seventh',
    'intervalPhrase.P8': '{tuning} octave',
    'keys.comparison': 'Keys: ↑ or H higher · ↓ or L lower · Esc back to Start',
  },
  de: {
    'comparison.higher': 'Höher',
    'comparison.lower': 'Tiefer',
    'measure.result': 'Deine Schwelle: {threshold} ¢, wahrscheinlich zwischen {lower} und {upper} ¢, gemessen in {trials} Vergleichen.',
    'measure.resultOpen': 'Deine Schwelle: mindestens {lower} ¢, gemessen in {trials} Vergleichen.',
    'comparison.question': 'War der zweite Ton höher oder tiefer?',
    'intervalComparison.question': 'War der zweite Ton höher oder tiefer als {phrase} {direction}?',
    'intervalTuning.justIntonation': 'natürlich gestimmt',
    'intervalTuning.equalTemperament': 'gleichstufig gestimmt',
    'intervalPhrase.m2': 'eine {tuning}e kleine Sekunde',
    'intervalPhrase.M2': 'eine {tuning}e große Sekunde',
    'intervalPhrase.m3': 'eine {tuning}e kleine Terz',
    'intervalPhrase.M3': 'eine {tuning}e große Terz',
    'intervalPhrase.P4': 'eine {tuning}e reine Quarte',
    'intervalPhrase.d5': 'ein {tuning}er Tritonus',
    'intervalPhrase.P5': 'eine {tuning}e reine Quinte',
    'intervalPhrase.m6': 'eine {tuning}e kleine Sexte',
    'intervalPhrase.M6': 'eine {tuning}e große Sexte',
    'intervalPhrase.m7': 'eine {tuning}e kleine Septime',
    'intervalPhrase.M7': 'eine {tuning}e große Septime',
    'intervalPhrase.P8': 'eine {tuning}e Oktave',
    'keys.comparison': 'Tasten: ↑ oder H höher · ↓ oder L tiefer · Esc zurück zum Start',
  },
});

/** The screen's markup: its strings by key (data-i18n), filled in by translate. */
const MARKUP = `
<section id="screen-comparison" class="screen" aria-labelledby="comparison-title" hidden>
  <header class="bar">
    <a href="#/" class="back" id="comparison-back" data-i18n="nav.back"></a>
    <h1 id="comparison-title"></h1>
  </header>
  <p id="comparison-question" class="hint question"></p>
  <p id="comparison-interval" class="interval-label" role="status" hidden></p>
  <p id="comparison-sound" class="sound-line" hidden></p>
  <p id="measurement-progress" class="hint" role="status" hidden></p>
  <div id="measurement-result" class="measurement-result" hidden>
    <p id="measurement-result-text" role="status"></p>
    <a href="#/" class="button" data-i18n="measure.done"></a>
  </div>
  <div class="answer-buttons">
    <button id="answer-higher" class="answer" type="button" disabled>
      <span class="glyph" aria-hidden="true">▲</span><span data-i18n="comparison.higher"></span>
    </button>
    <button id="answer-lower" class="answer" type="button" disabled>
      <span class="glyph" aria-hidden="true">▼</span><span data-i18n="comparison.lower"></span>
    </button>
  </div>
  <p class="keys-hint" data-i18n="keys.comparison"></p>
  <div id="comparison-feedback" class="feedback" aria-hidden="true"></div>
</section>`;

/** The question a comparison asks: of two notes, or against the interval (and tuning) the trial names. */
function comparisonQuestion(interval, tuningSystem) {
  if (!interval || interval.name === 'P1') return t('comparison.question');
  const phrase = t(`intervalPhrase.${interval.name}`, { tuning: t(`intervalTuning.${tuningSystem}`) });
  return t('intervalComparison.question', { phrase, direction: t(`interval.${interval.direction}`) });
}

/** The addresses its disciplines had before #/train/<discipline>, kept for bookmarks (app.js follows them). */
export const formerAddresses = { '#/training': 'pitchComparison', '#/interval-training': 'intervalComparison' };

/** Higher or lower: two notes, unison or an interval, answered with two buttons. */
export default function comparisonScreen(context) {
  const element = addScreen(MARKUP);
  const question = document.getElementById('comparison-question');
  const intervalText = document.getElementById('comparison-interval');
  const sound = document.getElementById('comparison-sound');
  const measurement = measurementView({
    progress: document.getElementById('measurement-progress'),
    result: document.getElementById('measurement-result'),
    resultText: document.getElementById('measurement-result-text'),
    // The last trial's interval goes too: the result is over every interval of the run.
    hides: [document.getElementById('answer-higher').parentElement, element.querySelector('.keys-hint'), question, sound, intervalText],
  });
  let discipline = null;
  let isInterval = false;
  return trainingLoop(context, {
    screen: 'screen-comparison',
    ...twoButtonAnswer(context, {
      buttons: { higher: 'answer-higher', lower: 'answer-lower' },
      keys: { arrowup: 'higher', h: 'higher', arrowdown: 'lower', l: 'lower' },
      feedback: 'comparison-feedback',
    }),
    enter(chosen) {
      discipline = chosen;
      isInterval = declared(discipline)?.usesIntervals ?? false;
      measurement.reset();
      intervalText.hidden = true;
      sound.hidden = true;
      question.textContent = isInterval ? '' : t('comparison.question');
    },
    // An instrument's keys come from the server on first use (cached after), before the clock starts.
    load: (trial) => loadSamples(trial.sound.id, [trial.note1.frequencyHz, trial.note2.frequencyHz]),
    /** The question, the sound, and for interval trials the interval to listen for (unison needs none). */
    play(audio, trial, start, samples) {
      const scheduled = scheduleComparison(audio, trial, start, { samples });
      intervalText.hidden = !isInterval;
      intervalText.textContent = isInterval ? intervalLabel(trial.interval, trial.tuningSystem) : '';
      question.textContent = comparisonQuestion(isInterval ? trial.interval : null, trial.tuningSystem);
      sound.textContent = soundText(trial.sound);
      sound.hidden = false;
      measurement.show(trial);
      return { stop: scheduled.stop, marks: { note1Start: start, note2Start: scheduled.note2Start } };
    },
    ends: (trial) => measurement.ends(trial, result),
  });

  /**
   * The run's result as the server folded it from the answers (the newest measurement), the run
   * before it, and for a pitch threshold where the literature places listeners.
   */
  async function result() {
    const { measurements } = await api.timeline('day', { scope: isInterval ? 'intervals' : 'pitch' });
    const { estimate } = measurements.at(-1);
    const values = { threshold: formatCents(estimate.threshold), lower: formatCents(estimate.lower), upper: formatCents(estimate.upper), trials: estimate.trials };
    const lines = [[estimate.upperIsOpen ? 'measure.resultOpen' : 'measure.result', values]];
    if (measurements.length > 1) lines.push(previousResult(measurements.at(-2), (cents) => `${formatCents(cents)} ¢`));
    if (!isInterval) lines.push([PITCH_REFERENCE, {}]);
    return lines;
  }
}
