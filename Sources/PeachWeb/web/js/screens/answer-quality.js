import { loadSamples, scheduleNote } from '../audio/audio.js';
import { addStrings, hasString, language, t } from '../i18n/i18n.js';
import { namingScreen } from '../loop/naming-screen.js';
import { useStylesheet } from '../stylesheet.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'quality.question': 'A chord sounds. What kind of chord is it?',
    'quality.voicing.block': 'All notes at once',
    'quality.voicing.arpeggio': 'Arpeggiated, from the bass up',
    'quality.major': 'Major',
    'quality.minor': 'Minor',
    'quality.diminished': 'Diminished',
    'quality.augmented': 'Augmented',
    'quality.dominant7': 'Dominant 7th',
    'quality.major7': 'Major 7th',
    'quality.minor7': 'Minor 7th',
    'quality.halfDiminished7': 'Half-diminished 7th',
    'quality.inversion.0': 'root position',
    'quality.inversion.1': 'first inversion',
    'quality.inversion.2': 'second inversion',
    'quality.inversion.3': 'third inversion',
    'quality.inText.major': 'major',
    'quality.inText.minor': 'minor',
    'quality.inText.diminished': 'diminished',
    'quality.inText.augmented': 'augmented',
    'quality.inText.dominant7': 'dominant 7th',
    'quality.inText.major7': 'major 7th',
    'quality.inText.minor7': 'minor 7th',
    'quality.inText.halfDiminished7': 'half-diminished 7th',
    'quality.wasRight': 'Last chord: {chord}, {quality}, {inversion}',
    'quality.was': 'Last chord: {chord}, {quality}, {inversion}; not {answered}',
    'settings.chords': 'Chord quality',
    'settings.chordQualities': 'Qualities',
    'settings.chordVoicing': 'Play chords',
    'settings.chordVoicing.block': 'All notes at once',
    'settings.chordVoicing.arpeggio': 'Arpeggiated',
    'settings.chordInversions': 'Inversions too, not only root position',
    'settings.qualitiesTooFew': 'Choose at least two qualities to tell apart.',
    'keys.quality': 'Keys: 1–8 name the quality, in the order shown · Esc back to Start',
  },
  de: {
    'quality.question': 'Ein Akkord erklingt. Welcher Akkordtyp ist es?',
    'quality.voicing.block': 'Alle Töne zugleich',
    'quality.voicing.arpeggio': 'Arpeggiert, vom Bass aufwärts',
    'quality.major': 'Dur',
    'quality.minor': 'Moll',
    'quality.diminished': 'Vermindert',
    'quality.augmented': 'Übermäßig',
    'quality.dominant7': 'Dominantseptakkord',
    'quality.major7': 'Großer Septakkord',
    'quality.minor7': 'Moll-Septakkord',
    'quality.halfDiminished7': 'Halbverminderter Septakkord',
    'quality.inversion.0': 'Grundstellung',
    'quality.inversion.1': 'erste Umkehrung',
    'quality.inversion.2': 'zweite Umkehrung',
    'quality.inversion.3': 'dritte Umkehrung',
    'quality.inText.major': 'Dur',
    'quality.inText.minor': 'Moll',
    'quality.inText.diminished': 'vermindert',
    'quality.inText.augmented': 'übermäßig',
    'quality.inText.dominant7': 'Dominantseptakkord',
    'quality.inText.major7': 'großer Septakkord',
    'quality.inText.minor7': 'Moll-Septakkord',
    'quality.inText.halfDiminished7': 'halbverminderter Septakkord',
    'quality.wasRight': 'Letzter Akkord: {chord}, {quality}, {inversion}',
    'quality.was': 'Letzter Akkord: {chord}, {quality}, {inversion}; nicht {answered}',
    'settings.chords': 'Akkordtyp',
    'settings.chordQualities': 'Akkordtypen',
    'settings.chordVoicing': 'Akkorde spielen',
    'settings.chordVoicing.block': 'Alle Töne zugleich',
    'settings.chordVoicing.arpeggio': 'Arpeggiert',
    'settings.chordInversions': 'Auch Umkehrungen, nicht nur Grundstellung',
    'settings.qualitiesTooFew': 'Wähle mindestens zwei Akkordtypen zum Unterscheiden.',
    'keys.quality': 'Tasten: 1–8 nennen den Akkordtyp, in der gezeigten Reihenfolge · Esc zurück zum Start',
  },
});

await useStylesheet(new URL('./answer-quality.css', import.meta.url));

/**
 * Chord Quality: a chord, block or arpeggiated; the user names its quality with a row of large
 * buttons (the qualities chosen in Settings) or the number keys the server assigns. The server
 * draws the chord, times every note and judges the answer.
 */
export default function qualityScreen(context) {
  const name = (quality) => t(`quality.${quality}`);
  return namingScreen(context, {
    name: 'quality',
    status: 'voicing',
    rowClass: 'qualities',
    load: (trial) => loadSamples(trial.sound.id, trial.notes.map((note) => note.note.frequencyHz)),
    play(audio, trial, start, samples) {
      const notes = trial.notes.map((note, index) => scheduleNote(audio, {
        frequencyHz: note.note.frequencyHz, start: start + note.startSeconds, duration: note.durationSeconds,
        synthesis: trial.synthesis, levelDB: note.levelDB, sample: samples[index],
      }));
      return {
        stop: (at) => { for (const note of notes) note.stop(at); },
        marks: { chordStart: start },
      };
    },
    starts: (trial) => ({
      choices: trial.choices.map((choice) => ({ value: choice.quality, label: name(choice.quality), key: choice.key })),
      status: t(`quality.voicing.${trial.voicing}`),
    }),
    /** The chord it was stays on the page while the next one plays. */
    lastLine(result) {
      const inText = (quality) => (hasString(`quality.inText.${quality}`) ? t(`quality.inText.${quality}`) : name(quality));
      const chord = { chord: result.chordNames[language()], quality: inText(result.quality), inversion: t(`quality.inversion.${result.inversion}`) };
      return result.isCorrect ? t('quality.wasRight', chord) : t('quality.was', { ...chord, answered: inText(result.answeredQuality) });
    },
  });
}
