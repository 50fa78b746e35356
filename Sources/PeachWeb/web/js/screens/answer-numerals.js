import { loadSamples } from '../audio/audio.js';
import { chordFrequencies, playProgression, progressionChords } from '../audio/cadence.js';
import { addStrings, language, soundLabel, t } from '../i18n/i18n.js';
import { onMidiMessage } from '../input/midi.js';
import { choiceRow } from '../loop/choice-row.js';
import { sequenceAnswer } from '../loop/sequence-answer.js';
import { trainingLoop } from '../loop/training-loop.js';
import { showJudgement } from '../loop/two-button-answer.js';
import { useStylesheet } from '../stylesheet.js';
import { addScreen } from './screen.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'numerals.question': 'A cadence sets the key, then a progression: name each chord.',
    'numerals.key': 'Key: {key} · {chords} chords',
    'numerals.answer': 'Your chords: {numerals}',
    'numerals.undo': 'Undo last chord',
    'numerals.wasRight': 'Last progression: {numerals}',
    'numerals.was': 'Last progression: {progression}; you named {numerals}',
    'settings.progressions': 'Chord progressions',
    'settings.progressionInversions': 'Inversions where the bass can move by step (I–V⁶–vi) from the start, not only once every chord is mastered',
    'keys.numerals': 'Keys: 1–7 name the chord on that scale step, 8 V7 · MIDI: play the chord · Backspace undoes · Esc back to Start',
  },
  de: {
    'numerals.question': 'Eine Kadenz legt die Tonart fest, dann eine Akkordfolge: Benenne jeden Akkord.',
    'numerals.key': 'Tonart: {key} · {chords} Akkorde',
    'numerals.answer': 'Deine Akkorde: {numerals}',
    'numerals.undo': 'Letzten Akkord zurücknehmen',
    'numerals.wasRight': 'Letzte Akkordfolge: {numerals}',
    'numerals.was': 'Letzte Akkordfolge: {progression}; du hast {numerals} genannt',
    'settings.progressions': 'Akkordfolgen',
    'settings.progressionInversions': 'Umkehrungen, wo der Bass schrittweise gehen kann (I–V⁶–vi), von Anfang an, nicht erst wenn jeder Akkord sitzt',
    'keys.numerals': 'Tasten: 1–7 nennen den Akkord auf dieser Stufe, 8 V7 · MIDI: spiele den Akkord · Rücktaste nimmt zurück · Esc zurück zum Start',
  },
});

await useStylesheet(new URL('./answer-numerals.css', import.meta.url));

/**
 * Calls `played(notes)` with each chord a MIDI keyboard plays: the keys pressed from one silence
 * to the next (every key up), however they are spread or rolled. Returns the function that stops it.
 */
function onMidiChord(played) {
  const held = new Set();
  let pressed = new Set();
  return onMidiMessage((message) => {
    if (message.type === 'noteOn') {
      held.add(message.note);
      pressed.add(message.note);
    } else if (message.type === 'noteOff' && held.delete(message.note) && held.size === 0) {
      const notes = [...pressed];
      pressed = new Set();
      played(notes);
    }
  });
}

/**
 * Chord Progressions: a cadence sets the key, then a progression of the server's length; the user
 * names each chord by its Roman numeral (buttons, the keys the server assigns, or the chord played
 * on a MIDI keyboard), with undo until the last one is named. The server draws, voices and tunes every chord and judges each numeral;
 * it serves how it judges them (`judging`), so that the result shows at the last tap.
 */
export default function numeralsScreen(context) {
  const section = addScreen(`
  <section id="screen-numerals" class="screen" aria-labelledby="numerals-title" hidden>
    <header class="bar">
      <a href="#/" class="back" data-i18n="nav.back"></a>
      <h1 id="numerals-title"></h1>
    </header>
    <p class="hint question" data-i18n="numerals.question"></p>
    <p id="numerals-key" class="interval-label" role="status"></p>
    <p id="numerals-sound" class="sound-line" hidden></p>
    <p id="numerals-last" class="hint last-result" aria-live="polite"></p>
    <p id="numerals-answer" class="numerals-answer" aria-live="polite"></p>
    <div id="numerals-buttons" class="answer-buttons numerals" role="group" aria-labelledby="numerals-title"></div>
    <div class="numerals-actions">
      <button type="button" id="numerals-undo" data-i18n="numerals.undo" disabled></button>
    </div>
    <p class="keys-hint" data-i18n="keys.numerals"></p>
    <div id="numerals-feedback" class="feedback" aria-hidden="true"></div>
  </section>`);

  const part = (id) => section.querySelector(`#numerals-${id}`);
  const [keyLine, sound, last, answerLine, undo, feedback] = ['key', 'sound', 'last', 'answer', 'undo', 'feedback'].map(part);
  const named = sequenceAnswer({
    line: answerLine, undo, label: (numeral) => numeral, text: (numerals) => t('numerals.answer', { numerals }),
    body: (numerals) => ({ numerals }),
  });
  const row = choiceRow(part('buttons'), { idPrefix: 'answer-numerals', chosen: (numeral) => named.add(numeral) });
  // A chord played names the numeral the server says it is (session.midi.chords: each numeral's
  // pitch classes), in any octave and voicing; a chord that is none of them names nothing.
  let midiChords = [];
  let stopChords = () => {};
  const chordPlayed = (notes) => {
    const classes = [...new Set(notes.map((note) => note % 12))].sort((a, b) => a - b).join(' ');
    const chord = midiChords.find((candidate) => candidate.pitchClasses.join(' ') === classes);
    if (chord) named.add(chord.answer);
  };

  return trainingLoop(context, {
    screen: section.id,
    enter() {
      keyLine.textContent = '';
      sound.hidden = true;
      last.textContent = '\u00a0';
      named.clear();
      stopChords();
      stopChords = onMidiChord(chordPlayed);
    },
    load: (next) => loadSamples(next.sound.id, chordFrequencies(progressionChords(next))),
    play: playProgression,
    starts(next) {
      row.show(next.choices.map((choice) => ({ value: choice.numeral, label: choice.numeral, key: choice.key })));
      keyLine.textContent = t('numerals.key', { key: next.keyNames[language()], chords: next.chords.length });
      sound.textContent = t('training.sound', { name: soundLabel(next.sound.id, next.sound.name) });
      sound.hidden = false;
      named.start(next.chords.length);
      midiChords = next.session.midi?.chords ?? [];
    },
    opens(next, _played, given) {
      named.open(given);
      row.setEnabled(true);
    },
    closes() {
      named.close();
      row.setEnabled(false);
    },
    judge(next, { numerals }) {
      // A trial reserved from an older server does not say how it is judged: that waits for the response.
      if (next.judging?.chordsNeeded === undefined) return null;
      const { rightNumerals, chordsNeeded } = next.judging;
      const chordsCorrect = rightNumerals.map((numeral, index) => numerals[index] === numeral);
      const correctChords = chordsCorrect.filter(Boolean).length;
      return {
        isCorrect: correctChords >= chordsNeeded, numerals: rightNumerals, answered: numerals, chordsCorrect,
        correctChords, chordNames: next.chords.map((chord) => chord.name ?? chord.numeral),
      };
    },
    show(result) {
      showJudgement(feedback, result.isCorrect, context.announce);
      // Each chord as the server names it with its inversion (V⁶); a right numeral stands for it.
      const played = result.chordNames ?? result.numerals;
      const marked = result.answered.map((numeral, index) => {
        const right = result.chordsCorrect[index];
        return `${right ? played[index] : numeral}${right ? '✓' : '✗'}`;
      }).join(' ');
      last.textContent = result.isCorrect
        ? t('numerals.wasRight', { numerals: marked })
        : t('numerals.was', { numerals: marked, progression: played.join(' ') });
    },
    hides() {
      feedback.className = 'feedback';
    },
    keys(event) {
      if (named.key(event)) return true;
      const which = row.valueForKey(event.key);
      if (!which) return false;
      named.add(which);
      return true;
    },
    leave() {
      stopChords();
      midiChords = [];
    },
  });
}
