import { api } from '../api.js';
import { loadClick, scheduleClicks } from '../audio/clicks.js';
import { formatCents, formatNumber } from '../i18n/format.js';
import { addStrings, t } from '../i18n/i18n.js';
import { measurementView, previousResult } from '../loop/measurement.js';
import { trainingLoop } from '../loop/training-loop.js';
import { twoButtonAnswer } from '../loop/two-button-answer.js';
import { addScreen } from './screen.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'measureTiming.ofASixteenth': '{value} % of a sixteenth',
    'measureTiming.result': 'Your timing threshold: {threshold} % of a sixteenth, {thresholdMs} ms at {tempo} BPM, likely between {lower} and {upper} %, measured in {trials} trials.',
    'measureTiming.resultOpen': 'Your timing threshold: at least {lower} % of a sixteenth, {lowerMs} ms at {tempo} BPM, measured in {trials} trials.',
    'compareTiming.hint': 'Four clicks: is the third early or late?',
    'compareTiming.early': 'Early',
    'compareTiming.late': 'Late',
    'keys.compareTiming': 'Keys: ← or E early · → or L late · Esc back to Start',
  },
  de: {
    'measureTiming.ofASixteenth': '{value} % einer Sechzehntel',
    'measureTiming.result': 'Deine Timing-Schwelle: {threshold} % einer Sechzehntel, {thresholdMs} ms bei {tempo} BPM, wahrscheinlich zwischen {lower} und {upper} %, gemessen in {trials} Versuchen.',
    'measureTiming.resultOpen': 'Deine Timing-Schwelle: mindestens {lower} % einer Sechzehntel, {lowerMs} ms bei {tempo} BPM, gemessen in {trials} Versuchen.',
    'compareTiming.hint': 'Vier Klicks: Kommt der dritte zu früh oder zu spät?',
    'compareTiming.early': 'Früh',
    'compareTiming.late': 'Spät',
    'keys.compareTiming': 'Tasten: ← oder E früh · → oder L spät · Esc zurück zum Start',
  },
});

/** The screen's markup: its strings by key (data-i18n), filled in by translate. */
const MARKUP = `
<section id="screen-compare-timing" class="screen" aria-labelledby="compare-timing-title" hidden>
  <header class="bar">
    <a href="#/" class="back" data-i18n="nav.back"></a>
    <h1 id="compare-timing-title"></h1>
  </header>
  <p class="hint" data-i18n="compareTiming.hint"></p>
  <p id="compare-timing-tempo" class="interval-label"></p>
  <p id="timing-measurement-progress" class="hint" role="status" hidden></p>
  <div id="timing-measurement-result" class="measurement-result" hidden>
    <p id="timing-measurement-result-text" role="status"></p>
    <a href="#/" class="button" data-i18n="measure.done"></a>
  </div>
  <div class="answer-buttons side-by-side">
    <button id="answer-early" class="answer" type="button" disabled>
      <span class="glyph" aria-hidden="true">◀</span><span data-i18n="compareTiming.early"></span>
    </button>
    <button id="answer-late" class="answer" type="button" disabled>
      <span class="glyph" aria-hidden="true">▶</span><span data-i18n="compareTiming.late"></span>
    </button>
  </div>
  <p class="keys-hint" data-i18n="keys.compareTiming"></p>
  <div id="compare-timing-feedback" class="feedback" aria-hidden="true"></div>
</section>`;


/** The addresses its disciplines had before #/train/<discipline>, kept for bookmarks (app.js follows them). */
export const formerAddresses = { '#/compare-timing': 'rhythmComparison' };

/** Compare Timing: four sixteenth clicks, the third early or late, answered with two buttons; or its measurement. */
export default function compareTimingScreen(context) {
  const screen = addScreen(MARKUP);
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
    const { estimate, tempoBPM, thresholdMs, lowerMs } = measurements.at(-1);
    const values = {
      threshold: formatCents(estimate.threshold), lower: formatCents(estimate.lower), upper: formatCents(estimate.upper),
      thresholdMs: formatNumber(thresholdMs, 1), lowerMs: formatNumber(lowerMs, 1), tempo: tempoBPM, trials: estimate.trials,
    };
    const lines = [[estimate.upperIsOpen ? 'measureTiming.resultOpen' : 'measureTiming.result', values]];
    if (measurements.length > 1) {
      lines.push(previousResult(measurements.at(-2), (percent) => t('measureTiming.ofASixteenth', { value: formatCents(percent) })));
    }
    return lines;
  }
}
