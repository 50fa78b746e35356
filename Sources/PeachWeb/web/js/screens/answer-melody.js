import { loadSamples, realtimeContext, scheduleNote } from '../audio/audio.js';
import { cadenceFrequencies, scheduleCadence } from '../audio/cadence.js';
import { addStrings, language, soundLabel, t } from '../i18n/i18n.js';
import { onMidiNote } from '../input/midi.js';
import { pianoKeyboard } from '../input/piano-keyboard.js';
import { useStylesheet } from '../stylesheet.js';
import { sequenceAnswer } from '../loop/sequence-answer.js';
import { trainingLoop } from '../loop/training-loop.js';
import { showJudgement } from '../loop/two-button-answer.js';
import { addScreen } from './screen.js';

/** A note as the server spelled it in the melody's key, in the page's language (B♭3, B3). */
const spelled = (note) => note && (note.names?.[language()] ?? note.name);

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'start.melody': 'Melody',
    'melody.question': 'A cadence sets the key, then a melody: play it back on the keyboard.',
    'melody.key': 'Key: {key} · {notes} notes',
    'melody.answer': 'Your notes: {notes}',
    'melody.undo': 'Undo last note',
    'melody.labels': 'Note names',
    'melody.wasRight': 'Last melody: {notes}',
    'melody.was': 'Last melody: {melody}; you played {notes}',
    'keys.melody': 'Keys: Z S X D C V G B H N J M , from the lowest C, Q 2 W 3 E R 5 T 6 Y 7 U I an octave up · ← → and Enter on the keys · Backspace undoes · Esc back to Start',
    'settings.dictation': 'Play it back',
    'settings.melodyShortest': 'Shortest melody (notes)',
    'settings.melodyLongest': 'Longest melody (notes)',
    'settings.melodySteps': 'Steps between notes',
    'settings.melodyStep.1': 'Repeated notes',
    'settings.melodyStep.2': 'Seconds',
    'settings.melodyStep.3': 'Thirds',
    'settings.melodyStep.4': 'Fourths',
    'settings.melodyStep.5': 'Fifths',
    'settings.melodyStep.6': 'Sixths',
    'settings.melodyStep.7': 'Sevenths',
    'settings.melodyStep.8': 'Octaves',
    'settings.melodyStepWider': 'Wider than an octave',
    'settings.melodyStepsTooFew': 'Choose at least one step size.',
    'settings.melodySpan': 'Range of a melody',
    'settings.melodySpan.7': 'Within a fifth',
    'settings.melodySpan.12': 'Within an octave',
    'profile.melody.longest': 'Longest melody mastered: {notes} notes (played back without a wrong note {times} times)',
    'profile.melody.noneMastered': 'No melody length mastered yet (a length counts once played back without a wrong note {times} times)',
    'profile.melody.caption': 'Right notes by the step that led to them',
    'profile.melody.step': 'Step',
    'profile.melody.notes': 'Notes',
    'profile.melody.accuracy': 'Right',
  },
  de: {
    'start.melody': 'Melodie',
    'melody.question': 'Eine Kadenz legt die Tonart fest, dann eine Melodie: Spiele sie auf der Tastatur nach.',
    'melody.key': 'Tonart: {key} · {notes} Töne',
    'melody.answer': 'Deine Töne: {notes}',
    'melody.undo': 'Letzten Ton zurücknehmen',
    'melody.labels': 'Notennamen',
    'melody.wasRight': 'Letzte Melodie: {notes}',
    'melody.was': 'Letzte Melodie: {melody}; du hast {notes} gespielt',
    'keys.melody': 'Tasten: Y S X D C V G B H N J M , ab dem tiefsten C, Q 2 W 3 E R 5 T 6 Z 7 U I eine Oktave höher · ← → und Enter auf den Tasten · Rücktaste nimmt zurück · Esc zurück zum Start',
    'settings.dictation': 'Nachspielen',
    'settings.melodyShortest': 'Kürzeste Melodie (Töne)',
    'settings.melodyLongest': 'Längste Melodie (Töne)',
    'settings.melodySteps': 'Schritte zwischen den Tönen',
    'settings.melodyStep.1': 'Tonwiederholungen',
    'settings.melodyStep.2': 'Sekunden',
    'settings.melodyStep.3': 'Terzen',
    'settings.melodyStep.4': 'Quarten',
    'settings.melodyStep.5': 'Quinten',
    'settings.melodyStep.6': 'Sexten',
    'settings.melodyStep.7': 'Septimen',
    'settings.melodyStep.8': 'Oktaven',
    'settings.melodyStepWider': 'Weiter als eine Oktave',
    'settings.melodyStepsTooFew': 'Wähle mindestens eine Schrittgröße.',
    'settings.melodySpan': 'Umfang einer Melodie',
    'settings.melodySpan.7': 'Innerhalb einer Quinte',
    'settings.melodySpan.12': 'Innerhalb einer Oktave',
    'profile.melody.longest': 'Längste sichere Melodie: {notes} Töne ({times}-mal ohne falschen Ton nachgespielt)',
    'profile.melody.noneMastered': 'Noch keine Melodielänge sicher (eine Länge zählt, wenn sie {times}-mal ohne falschen Ton nachgespielt wurde)',
    'profile.melody.caption': 'Richtige Töne nach dem Schritt, der zu ihnen führte',
    'profile.melody.step': 'Schritt',
    'profile.melody.notes': 'Töne',
    'profile.melody.accuracy': 'Richtig',
  },
});

await useStylesheet(new URL('./answer-melody.css', import.meta.url));

const LABELS_KEY = 'peach.pianoLabels';
/** How long a key pressed on the keyboard sounds. */
const KEY_SECONDS = 0.6;

/** The open screen's key press, for `pressNote`; null while no Play it Back screen is open. */
let activePress = null;

/**
 * A key press from outside the screen (a MIDI keyboard: `onMidiNote(pressNote)`), taken exactly as
 * a press of the on-screen key: heard, and while the melody is being played back, added to it.
 * Does nothing while Play it Back is not open.
 */
export function pressNote(midiNote) {
  activePress?.(midiNote);
}
// A MIDI keyboard's keys are the piano's, whenever Play it Back is open.
onMidiNote(({ note }) => pressNote(note));

/**
 * Play it Back: a cadence sets the key, then a melody of the server's length; the user plays it
 * back on the on-screen piano (touch, mouse, or the computer keyboard), note by note, with undo
 * until the last note is in. The server draws the key and the melody, lists the keys with their
 * frequencies, and judges each note; it serves how it judges them (`judging`), so that the result
 * shows at the last note.
 */
export default function melodyScreen(context) {
  const section = addScreen(`
  <section id="screen-melody" class="screen" aria-labelledby="melody-title" hidden>
    <header class="bar">
      <a href="#/" class="back" data-i18n="nav.back"></a>
      <h1 id="melody-title"></h1>
    </header>
    <p class="hint question" data-i18n="melody.question"></p>
    <p id="melody-key" class="interval-label" role="status"></p>
    <p id="melody-sound" class="sound-line" hidden></p>
    <p id="melody-last" class="hint last-result" aria-live="polite"></p>
    <p id="melody-answer" class="melody-answer" aria-live="polite"></p>
    <div class="melody-keyboard">
      <div id="melody-piano" aria-labelledby="melody-title"></div>
    </div>
    <div class="melody-actions">
      <button type="button" id="melody-undo" data-i18n="melody.undo" disabled></button>
      <label><input type="checkbox" id="melody-labels"> <span data-i18n="melody.labels"></span></label>
    </div>
    <p class="keys-hint" data-i18n="keys.melody"></p>
    <div id="melody-feedback" class="feedback" aria-hidden="true"></div>
  </section>`);

  const part = (id) => section.querySelector(`#melody-${id}`);
  const [keyLine, sound, last, answerLine, undo, labels, feedback] = ['key', 'sound', 'last', 'answer', 'undo', 'labels', 'feedback'].map(part);
  let trial = null;
  let samples = new Map(); // midi → sample, for the trial's keys
  const played = sequenceAnswer({
    line: answerLine, undo,
    label: (midi) => spelled(trial.keys.find((key) => key.midi === midi)) ?? String(midi),
    text: (notes) => t('melody.answer', { notes }),
    body: (playedNotes) => ({ playedNotes }),
  });

  const piano = pianoKeyboard(part('piano'), { pressed: press });
  labels.checked = localStorage.getItem(LABELS_KEY) === 'true';
  piano.label(labels.checked);
  labels.addEventListener('change', () => {
    localStorage.setItem(LABELS_KEY, String(labels.checked));
    piano.label(labels.checked);
  });

  function press(midi) {
    if (!trial) return;
    piano.flash(midi);
    const key = trial.keys.find((candidate) => candidate.midi === midi);
    if (key) {
      const audio = realtimeContext();
      scheduleNote(audio, {
        frequencyHz: key.frequencyHz, start: audio.currentTime, duration: KEY_SECONDS, synthesis: trial.synthesis,
        sample: samples.get(midi) ?? null,
      });
    }
    if (midi >= 21 && midi <= 108) played.add(midi);
  }

  return trainingLoop(context, {
    screen: section.id,
    enter() {
      keyLine.textContent = '';
      sound.hidden = true;
      last.textContent = '\u00a0';
      played.clear();
      activePress = press;
    },
    async load(next) {
      const frequencies = [...cadenceFrequencies(next), ...next.melody.map((note) => note.note.frequencyHz),
        ...next.keys.map((key) => key.frequencyHz)];
      return loadSamples(next.sound.id, frequencies);
    },
    play(audio, next, start, loaded) {
      const notes = scheduleCadence(audio, next, start, loaded);
      const offset = next.cadence.reduce((count, chord) => count + chord.notes.length, 0);
      next.melody.forEach((note, index) => notes.push(scheduleNote(audio, {
        frequencyHz: note.note.frequencyHz, start: start + note.startSeconds, duration: note.durationSeconds,
        synthesis: next.synthesis, sample: loaded[offset + index],
      })));
      const keysFrom = offset + next.melody.length;
      samples = new Map(next.keys.map((key, index) => [key.midi, loaded[keysFrom + index]]));
      return {
        stop: (at) => { for (const note of notes) note.stop(at); },
        marks: { cadenceStart: start, melodyStart: start + next.melody[0].startSeconds },
      };
    },
    starts(next) {
      trial = next;
      piano.show(next.keys.map((key) => ({ ...key, name: spelled(key) })));
      // Heard, not yet answered: the keys sound, and count once the melody has ended.
      piano.setEnabled(false);
      keyLine.textContent = t('melody.key', { key: next.keyNames[language()], notes: next.melody.length });
      sound.textContent = t('training.sound', { name: soundLabel(next.sound.id, next.sound.name) });
      sound.hidden = false;
      played.start(next.melody.length);
    },
    opens(next, _played, given) {
      played.open(given);
      piano.setEnabled(true);
    },
    closes() {
      played.close();
      piano.setEnabled(false);
    },
    judge(next, { playedNotes }) {
      // Named as the keyboard names its keys; a note off the keyboard (a MIDI keyboard's) waits
      // for the server's name.
      const answer = playedNotes.map((midi) => next.keys.find((key) => key.midi === midi));
      // A trial reserved from an older server does not say how it is judged: that waits too.
      if (answer.includes(undefined) || !next.judging) return null;
      const { rightNotes, notesNeeded } = next.judging;
      const notesCorrect = rightNotes.map((right, index) => right.includes(playedNotes[index]));
      const correctNotes = notesCorrect.filter(Boolean).length;
      return {
        isCorrect: correctNotes >= notesNeeded, melody: next.melody.map(({ note }) => note), answer, notesCorrect,
        correctNotes,
      };
    },
    show(result) {
      showJudgement(feedback, result.isCorrect, context.announce);
      const marked = result.answer.map((note, index) => `${spelled(note)}${result.notesCorrect[index] ? '✓' : '✗'}`).join(' ');
      last.textContent = result.isCorrect
        ? t('melody.wasRight', { notes: marked })
        : t('melody.was', { notes: marked, melody: result.melody.map(spelled).join(' ') });
    },
    hides() {
      feedback.className = 'feedback';
    },
    keys(event) {
      if (played.key(event)) return true;
      // Keys on a focused control (the labels checkbox, a key's Enter) are theirs.
      if (event.target instanceof HTMLInputElement) return false;
      const midi = piano.noteForCode(event.code);
      if (midi === null || event.repeat) return midi !== null;
      press(midi);
      return true;
    },
    leave() {
      activePress = null;
      trial = null;
    },
  });
}
