import { loadSamples, scheduleNote } from '../audio/audio.js';
import { cadenceFrequencies, scheduleCadence } from '../audio/cadence.js';
import { t } from '../i18n/i18n.js';
import { namingScreen } from '../loop/naming-screen.js';
import { useStylesheet } from '../stylesheet.js';

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
        status: t('degree.key', { tonic: trial.keyName, mode: t(`scaleMode.${trial.mode}`) }),
      };
    },
    /** Which degree it was stays on the page while the next cadence plays. */
    lastLine: (result) => (result.isCorrect
      ? t('degree.wasRight', { degree: labels[result.degree] })
      : t('degree.was', { degree: labels[result.degree], answered: labels[result.answeredDegree] })),
  });
}
