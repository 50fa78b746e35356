import { scheduleNote } from './audio.js';

/**
 * The cadence a trial sets its key with (Scale Degrees, Play it Back): the server's chords, each
 * note at its time and level.
 */
export const cadenceFrequencies = (trial) => trial.cadence.flatMap((chord) => chord.notes.map((note) => note.frequencyHz));

/** Schedules the chords from `start`, with `samples` in `cadenceFrequencies`' order; returns the notes. */
export function scheduleCadence(audio, trial, start, samples) {
  let index = 0;
  return trial.cadence.flatMap((chord) => chord.notes.map((note) => scheduleNote(audio, {
    frequencyHz: note.frequencyHz, start: start + chord.startSeconds, duration: chord.durationSeconds,
    synthesis: trial.synthesis, levelDB: chord.levelDB, sample: samples[index++],
  })));
}
