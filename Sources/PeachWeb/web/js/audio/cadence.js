import { scheduleNote } from './audio.js';

/**
 * A trial's chords as the server serves them (a cadence's, a progression's): each note at its
 * frequency, each chord at its start, length and level. The cadence a trial sets its key with is
 * its `cadence`.
 */
export const chordFrequencies = (chords) => chords.flatMap((chord) => chord.notes.map((note) => note.frequencyHz));

export const cadenceFrequencies = (trial) => chordFrequencies(trial.cadence);

/**
 * Schedules `chords` from `start` with the trial's `synthesis`, with `samples` in `chordFrequencies`'
 * order; returns the notes.
 */
export function scheduleChords(audio, chords, { start, synthesis, samples }) {
  let index = 0;
  return chords.flatMap((chord) => chord.notes.map((note) => scheduleNote(audio, {
    frequencyHz: note.frequencyHz, start: start + chord.startSeconds, duration: chord.durationSeconds,
    synthesis, levelDB: chord.levelDB, sample: samples[index++],
  })));
}

/** The trial's cadence from `start`, with `samples` in `cadenceFrequencies`' order; returns the notes. */
export const scheduleCadence = (audio, trial, start, samples) =>
  scheduleChords(audio, trial.cadence, { start, synthesis: trial.synthesis, samples });

/** A progression trial's chords: the cadence's first. */
export const progressionChords = (trial) => [...trial.cadence, ...trial.chords];

/** A progression trial from `start`, with `samples` in its chords' order: what a loop's `play` returns. */
export function playProgression(audio, trial, start, samples) {
  const notes = scheduleChords(audio, progressionChords(trial), { start, synthesis: trial.synthesis, samples });
  return {
    stop: (at) => { for (const note of notes) note.stop(at); },
    marks: { cadenceStart: start, progressionStart: start + trial.chords[0].startSeconds },
  };
}
