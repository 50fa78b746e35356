import { loadSamples, scheduleNote } from '../audio/audio.js';
import { t } from '../i18n/i18n.js';
import { namingScreen } from '../loop/naming-screen.js';
import { useStylesheet } from '../stylesheet.js';

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
      const chord = { chord: result.chord, quality: name(result.quality), inversion: t(`quality.inversion.${result.inversion}`) };
      return result.isCorrect ? t('quality.wasRight', chord) : t('quality.was', { ...chord, answered: name(result.answeredQuality) });
    },
  });
}
