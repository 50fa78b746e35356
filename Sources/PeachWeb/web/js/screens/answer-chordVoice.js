import { api } from '../api.js';
import { loadSamples, scheduleNote } from '../audio/audio.js';
import { formatCents } from '../i18n/format.js';
import { addStrings, language, soundLabel, t } from '../i18n/i18n.js';
import { measurementView } from '../loop/measurement.js';
import { trainingLoop } from '../loop/training-loop.js';
import { twoButtonAnswer } from '../loop/two-button-answer.js';
import { addScreen } from './screen.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'measureChords.result': 'Your threshold in chords: {threshold} ¢, likely between {lower} and {upper} ¢, measured in {trials} chords.',
    'measureChords.resultOpen': 'Your threshold in chords: at least {lower} ¢, measured in {trials} chords.',
    'chordVoice.question': 'One voice of the chord is out of tune. Which?',
    'settings.chordIntonation': 'Which Voice?',
    'settings.chordTuningSystem': 'Tuning of the chords',
    'settings.chordTuningSystem.justIntonation': 'Just intonation: pure thirds and fifths',
    'settings.chordTuningSystem.equalTemperament': 'Equal temperament, as on a piano: thirds about 14 ¢ wider than pure',
    'chordVoice.highest': 'Highest',
    'chordVoice.middle': 'Middle',
    'chordVoice.lowest': 'Lowest',
    'chordVoice.name.highest': 'highest',
    'chordVoice.name.middle': 'middle',
    'chordVoice.name.lowest': 'lowest',
    'chordVoice.chord': '{chord} · {tuning}',
    'chordVoice.wasSharp': 'Last chord: the {voice} voice was {cents}\u00a0¢ sharp',
    'chordVoice.wasFlat': 'Last chord: the {voice} voice was {cents}\u00a0¢ flat',
    'chordVoice.soundInstead': '{name} fades away, so the chord plays on sines.',
    'keys.chordVoice': 'Keys: 3 or ↑ highest · 2 or → middle · 1 or ↓ lowest · Esc back to Start',
    'start.harmony': 'Harmony',
  },
  de: {
    'measureChords.result': 'Deine Schwelle im Akkord: {threshold} ¢, wahrscheinlich zwischen {lower} und {upper} ¢, gemessen in {trials} Akkorden.',
    'measureChords.resultOpen': 'Deine Schwelle im Akkord: mindestens {lower} ¢, gemessen in {trials} Akkorden.',
    'chordVoice.question': 'Eine Stimme des Akkords ist verstimmt. Welche?',
    'settings.chordIntonation': 'Welche Stimme?',
    'settings.chordTuningSystem': 'Stimmung der Akkorde',
    'settings.chordTuningSystem.justIntonation': 'Natürliche Stimmung: reine Terzen und Quinten',
    'settings.chordTuningSystem.equalTemperament': 'Gleichstufige Stimmung wie am Klavier: Terzen etwa 14 ¢ weiter als rein',
    'chordVoice.highest': 'Oberste',
    'chordVoice.middle': 'Mittlere',
    'chordVoice.lowest': 'Unterste',
    'chordVoice.name.highest': 'oberste',
    'chordVoice.name.middle': 'mittlere',
    'chordVoice.name.lowest': 'unterste',
    'chordVoice.chord': '{chord} · {tuning}',
    'chordVoice.wasSharp': 'Letzter Akkord: Die {voice} Stimme war {cents}\u00a0¢ zu hoch',
    'chordVoice.wasFlat': 'Letzter Akkord: Die {voice} Stimme war {cents}\u00a0¢ zu tief',
    'chordVoice.soundInstead': '{name} klingt aus, darum spielt der Akkord mit Sinustönen.',
    'keys.chordVoice': 'Tasten: 3 oder ↑ oberste · 2 oder → mittlere · 1 oder ↓ unterste · Esc zurück zum Start',
    'start.harmony': 'Harmonie',
  },
});

/** Top to bottom, as the voices sit on a staff. */
const VOICES = ['highest', 'middle', 'lowest'];

/**
 * Which Voice: a held triad, one voice out of tune; the user names it with one of three buttons
 * (keys 3, 2, 1 from the top, or ↑ · → · ↓). The server tunes every voice and says which it was.
 * Its measurement runs here too: the server places each chord's detuning and ends the run.
 */
export default function chordVoiceScreen(context) {
  const section = addScreen(`
  <section id="screen-chord-voice" class="screen" aria-labelledby="chord-voice-title" hidden>
    <header class="bar">
      <a href="#/" class="back" data-i18n="nav.back"></a>
      <h1 id="chord-voice-title"></h1>
    </header>
    <p class="hint question" data-i18n="chordVoice.question"></p>
    <p id="chord-voice-chord" class="interval-label holds-two-lines" role="status"></p>
    <p id="chord-voice-sound" class="sound-line" hidden></p>
    <p id="chord-voice-last" class="hint last-result" aria-live="polite"></p>
    <p id="chord-voice-progress" class="hint" role="status" hidden></p>
    <div id="chord-voice-result" class="measurement-result" hidden>
      <p id="chord-voice-result-text" role="status"></p>
      <a href="#/" class="button" data-i18n="measure.done"></a>
    </div>
    <div class="answer-buttons voices">
      ${VOICES.map((voice) => `
      <button id="answer-voice-${voice}" class="answer" type="button" disabled>
        <span data-i18n="chordVoice.${voice}"></span>
      </button>`).join('')}
    </div>
    <p class="keys-hint" data-i18n="keys.chordVoice"></p>
    <div id="chord-voice-feedback" class="feedback" aria-hidden="true"></div>
  </section>`);

  const chord = section.querySelector('#chord-voice-chord');
  const sound = section.querySelector('#chord-voice-sound');
  const last = section.querySelector('#chord-voice-last');
  const measurement = measurementView({
    progress: section.querySelector('#chord-voice-progress'),
    result: section.querySelector('#chord-voice-result'),
    resultText: section.querySelector('#chord-voice-result-text'),
    hides: [section.querySelector('.answer-buttons'), section.querySelector('.keys-hint'), section.querySelector('.question'), last, chord, sound],
  });
  const answer = twoButtonAnswer(context, {
    buttons: Object.fromEntries(VOICES.map((voice) => [voice, `answer-voice-${voice}`])),
    keys: { 3: 'highest', arrowup: 'highest', 2: 'middle', arrowright: 'middle', 1: 'lowest', arrowdown: 'lowest' },
    feedback: 'chord-voice-feedback',
  });
  return trainingLoop(context, {
    screen: section.id,
    ...answer,
    enter(discipline) {
      measurement.reset();
      chord.textContent = '';
      sound.hidden = true;
      // Holds its line from the start, so the buttons do not move when the first result arrives.
      last.textContent = '\u00a0';
    },
    load: (trial) => loadSamples(trial.sound.id, trial.voices.map((voice) => voice.note.frequencyHz)),
    play(audio, trial, start, samples) {
      const notes = trial.voices.map((voice, index) => scheduleNote(audio, {
        frequencyHz: voice.note.frequencyHz, start, duration: trial.chordDurationSeconds, synthesis: trial.synthesis,
        levelDB: voice.levelDB, sample: samples[index],
      }));
      chord.textContent = t('chordVoice.chord', {
        chord: trial.chordNames[language()], tuning: t(`tuning.${trial.tuningSystem}`),
      });
      sound.textContent = trial.sound.insteadOf
        ? t('chordVoice.soundInstead', { name: soundLabel(trial.sound.insteadOf) })
        : t('training.sound', { name: soundLabel(trial.sound.id, trial.sound.name) });
      sound.hidden = false;
      measurement.show(trial);
      return {
        stop: (at) => { for (const note of notes) note.stop(at); },
        marks: { chordStart: start },
      };
    },
    /**
     * The judgement shows as on every screen; which voice it was and how far off stays on the page
     * while the next chord plays, longer than the feedback lasts, for the user to read.
     */
    show(result) {
      answer.show(result);
      last.textContent = t(result.centOffset > 0 ? 'chordVoice.wasSharp' : 'chordVoice.wasFlat', {
        voice: t(`chordVoice.name.${result.detunedVoice}`), cents: formatCents(Math.abs(result.centOffset)),
      });
    },
    ends: (trial) => measurement.ends(trial, measured),
  });

  /** The run's result as the server folded it from the answers: the newest measurement. */
  async function measured() {
    const { threshold } = await api.threshold('chordIntonationMeasurement');
    const values = {
      threshold: formatCents(threshold.threshold), lower: formatCents(threshold.lower), upper: formatCents(threshold.upper),
      trials: threshold.trials,
    };
    return [[threshold.upperIsOpen ? 'measureChords.resultOpen' : 'measureChords.result', values]];
  }
}
