import { loadSamples, scheduleComparison } from '../audio/audio.js';
import { api } from '../api.js';
import { discipline as declared } from '../catalogue.js';
import { formatCents } from '../i18n/format.js';
import { comparisonQuestion, intervalLabel, soundText, t } from '../i18n/i18n.js';
import { measurementView } from '../loop/measurement.js';
import { trainingLoop } from '../loop/training-loop.js';
import { twoButtonAnswer } from '../loop/two-button-answer.js';
import { addScreen } from './screen.js';

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

  /** The run's result as the server folded it from the answers: the newest measurement. */
  async function result() {
    const { measurements } = await api.timeline('day', { scope: isInterval ? 'intervals' : 'pitch' });
    const { estimate } = measurements[measurements.length - 1];
    const values = { threshold: formatCents(estimate.threshold), lower: formatCents(estimate.lower), upper: formatCents(estimate.upper), trials: estimate.trials };
    return [estimate.upperIsOpen ? 'measure.resultOpen' : 'measure.result', values];
  }
}
