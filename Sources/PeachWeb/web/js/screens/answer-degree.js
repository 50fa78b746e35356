import { loadSamples, scheduleNote } from '../audio/audio.js';
import { cadenceFrequencies, scheduleCadence } from '../audio/cadence.js';
import { addStrings, language, t } from '../i18n/i18n.js';
import { namingScreen } from '../loop/naming-screen.js';
import { useStylesheet } from '../stylesheet.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'degree.question': 'A cadence sets the key, then one note sounds. Which degree is it?',
    'degree.key': 'Key: {key}',
    'degree.wasRight': 'Last note: {degree}',
    'degree.was': 'Last note: {degree}, not {answered}',
    'settings.degrees': 'Scale degrees',
    'settings.scaleDegrees': 'Degrees of the scale',
    'settings.chromaticDegrees': 'Also the five degrees outside the scale',
    'settings.degreeLabels': 'Name degrees by',
    'settings.degreeLabels.numbers': 'Numbers (♭3)',
    'settings.degreeLabels.solfege': 'Solfège (me)',
    'settings.degreesTooFew': 'Choose at least two degrees to tell apart.',
    'keys.degree': 'Keys: 1–7 name the degree · Esc back to Start',
  },
  de: {
    'degree.question': 'Eine Kadenz legt die Tonart fest, dann erklingt ein Ton. Welche Stufe ist er?',
    'degree.key': 'Tonart: {key}',
    'degree.wasRight': 'Letzter Ton: {degree}',
    'degree.was': 'Letzter Ton: {degree}, nicht {answered}',
    'settings.degrees': 'Tonstufen',
    'settings.scaleDegrees': 'Stufen der Tonleiter',
    'settings.chromaticDegrees': 'Auch die fünf leiterfremden Stufen',
    'settings.degreeLabels': 'Stufen benennen als',
    'settings.degreeLabels.numbers': 'Zahlen (♭3)',
    'settings.degreeLabels.solfege': 'Solmisation (me)',
    'settings.degreesTooFew': 'Wähle mindestens zwei Stufen zum Unterscheiden.',
    'keys.degree': 'Tasten: 1–7 nennen die Stufe · Esc zurück zum Start',
  },
});

await useStylesheet(new URL('./answer-degree.css', import.meta.url));

/**
 * Scale Degrees: a cadence sets the key, then one note; the user names its degree with a row of
 * large buttons (the trial's choices, labelled as the settings say) or the number keys the server
 * assigns. The server draws the key and the degree and judges the answer.
 */
export default function degreeScreen(context) {
  let labels = {}; // degree → label, as the trial names them
  return namingScreen(context, {
    name: 'degree',
    status: 'key',
    rowClass: 'degrees',
    load: (trial) => loadSamples(trial.sound.id, [...cadenceFrequencies(trial), trial.note.frequencyHz]),
    play(audio, trial, start, samples) {
      const notes = scheduleCadence(audio, trial, start, samples);
      const noteStart = start + trial.noteStartSeconds;
      notes.push(scheduleNote(audio, {
        frequencyHz: trial.note.frequencyHz, start: noteStart, duration: trial.noteDurationSeconds,
        synthesis: trial.synthesis, sample: samples[samples.length - 1],
      }));
      return {
        stop: (at) => { for (const note of notes) note.stop(at); },
        marks: { cadenceStart: start, noteStart },
      };
    },
    starts(trial) {
      labels = Object.fromEntries(trial.choices.map((choice) => [choice.degree, choice.label]));
      return {
        choices: trial.choices.map((choice) => ({ value: choice.degree, label: choice.label, key: choice.key })),
        status: t('degree.key', { key: trial.keyNames[language()] }),
      };
    },
    /** Which degree it was stays on the page while the next cadence plays. */
    lastLine: (result) => (result.isCorrect
      ? t('degree.wasRight', { degree: labels[result.degree] })
      : t('degree.was', { degree: labels[result.degree], answered: labels[result.answeredDegree] })),
  });
}
