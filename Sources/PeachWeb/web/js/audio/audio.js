// Notes on Web Audio: the sine, or an instrument's key (rendered by the server with FluidSynth) read
// at target ÷ the key's calibrated frequency. Every function takes the BaseAudioContext to build on,
// so a test can hand it an OfflineAudioContext and measure exactly what a user would hear.
//
// How a note is shaped is not decided here: each trial carries the one sound definition (`synthesis`:
// ramps, glide, level; PeachAudio's SynthesisSettings), which the terminal's synthesizer follows too.

import { decodeWav } from './wav.js';

const CURVE_POINTS = 128;
/** Ascending raised cosine from 0 to 1, sampled for setValueCurveAtTime. */
const RISE = new Float32Array(CURVE_POINTS).map((_, i) => 0.5 - 0.5 * Math.cos((Math.PI * i) / (CURVE_POINTS - 1)));
const FALL = RISE.slice().reverse();

const dbToGain = (db) => 10 ** (db / 20);

let sharedContext = null;

/** The page's realtime context, created on first use (inside a user gesture, so it may start). */
export function realtimeContext() {
  if (!sharedContext) sharedContext = new AudioContext({ latencyHint: 'interactive' });
  return sharedContext;
}

/** Attack and release: a raised cosine lasting the longer of a floor in seconds and a number of periods. */
export function rampSeconds(synthesis, frequencyHz) {
  return Math.max(synthesis.rampSeconds, synthesis.rampPeriods / frequencyHz);
}

/** The key whose sample plays a note: the nearest at standard pitch, as the native instrument picks it. */
export function sampleKey(frequencyHz) {
  return Math.min(108, Math.max(21, Math.round(69 + 12 * Math.log2(frequencyHz / 440))));
}

const samples = new Map();

async function fetchSample(sound, key) {
  const response = await fetch(`/api/sounds/${encodeURIComponent(sound)}/notes/${key}`);
  if (!response.ok) throw new Error(`${sound} key ${key}: ${response.status} ${response.statusText}`);
  const buffer = decodeWav(await response.arrayBuffer());
  const loopStart = response.headers.get('Peach-Loop-Start');
  const loopEnd = response.headers.get('Peach-Loop-End');
  return {
    buffer,
    frequencyHz: Number(response.headers.get('Peach-Frequency-Hz')),
    loop: loopStart === null ? null : { start: Number(loopStart) / buffer.sampleRate, end: Number(loopEnd) / buffer.sampleRate },
  };
}

/**
 * The samples the notes at `frequencies` play with `sound` (null for the sine), fetched once per key
 * for the page's lifetime; a failed fetch is forgotten so the next trial tries again.
 */
export function loadSamples(sound, frequencies) {
  if (sound === 'sine') return Promise.resolve(frequencies.map(() => null));
  return Promise.all(frequencies.map((frequencyHz) => {
    const name = `${sound}/${sampleKey(frequencyHz)}`;
    if (!samples.has(name)) {
      samples.set(name, fetchSample(sound, sampleKey(frequencyHz)).catch((error) => {
        samples.delete(name);
        throw error;
      }));
    }
    return samples.get(name);
  }));
}

/**
 * Schedules one note: starts at `start` (context time), releases after `duration` seconds, or
 * sounds until `stop()` when `duration` is null. With a `sample` (from loadSamples) it is that key
 * read at frequencyHz ÷ its frequency, looped if it sustains; otherwise a sine. Returns a handle
 * whose stop() is idempotent.
 */
export function scheduleNote(context, {
  frequencyHz, start, synthesis, duration = null, levelDB = 0, sample = null, destination = context.destination,
}) {
  const source = sample
    ? new AudioBufferSourceNode(context, {
      buffer: sample.buffer,
      playbackRate: frequencyHz / sample.frequencyHz,
      loop: sample.loop !== null,
      loopStart: sample.loop?.start ?? 0,
      loopEnd: sample.loop?.end ?? 0,
    })
    : new OscillatorNode(context, { type: 'sine', frequency: frequencyHz });
  const envelope = new GainNode(context, { gain: 0 });
  const peak = dbToGain(synthesis.levelDB + levelDB);
  const ramp = rampSeconds(synthesis, frequencyHz);
  source.connect(envelope).connect(destination);
  envelope.gain.setValueCurveAtTime(RISE.map((g) => g * peak), start, ramp);
  source.start(start);

  // Retunes move `detune` (cents from the starting frequency), so sine and sample glide alike.
  const startHz = frequencyHz;
  let glide = { from: 0, to: 0, at: start, seconds: 0 };
  const detuneAt = (time) => {
    if (time >= glide.at + glide.seconds) return glide.to;
    if (time <= glide.at) return glide.from;
    return glide.from + (glide.to - glide.from) * (0.5 - 0.5 * Math.cos((Math.PI * (time - glide.at)) / glide.seconds));
  };

  let releasedAt = null;
  const release = (at) => {
    if (releasedAt !== null) return;
    const from = Math.max(at, start + ramp);
    // As long as the note's ramp at the pitch it has been retuned to.
    const fall = rampSeconds(synthesis, startHz * 2 ** (detuneAt(from) / 1200));
    releasedAt = from + fall;
    envelope.gain.cancelScheduledValues(from);
    envelope.gain.setValueCurveAtTime(FALL.map((g) => g * peak), from, fall);
    source.stop(releasedAt + 0.001);
  };
  if (duration !== null) release(start + duration - ramp);

  return {
    source,
    start,
    get end() { return releasedAt; },
    /**
     * Glides the note to `frequencyHz` from `at` (default: the next audio block after now): a raised
     * cosine in cents, from wherever the pitch is then (also mid-glide).
     */
    setFrequency(frequencyHz, at = context.currentTime) {
      const from = Math.max(at, start);
      glide = { from: detuneAt(from), to: 1200 * Math.log2(frequencyHz / startHz), at: from, seconds: synthesis.glideSeconds };
      source.detune.cancelAndHoldAtTime(from);
      const curve = RISE.map((g) => glide.from + (glide.to - glide.from) * g);
      source.detune.setValueCurveAtTime(curve, from, glide.seconds);
    },
    /** Releases with the ramp now (or at `at`); harmless when already released. */
    stop(at = context.currentTime) {
      if (at <= start) {
        // Not begun yet: it simply never sounds, and is not left running unheard (an indefinite note
        // would otherwise keep its source alive).
        envelope.disconnect();
        source.stop(start);
        return;
      }
      if (releasedAt !== null && releasedAt <= at + rampSeconds(synthesis, startHz * 2 ** (detuneAt(at) / 1200))) return;
      releasedAt = null;
      release(at);
    },
  };
}

/**
 * Schedules a comparison as the server described it: note 1, the gap, then note 2 at its level
 * offset, with `samples` from loadSamples (none for the sine). Returns the context times the caller
 * synchronises the answer buttons with.
 */
export function scheduleComparison(
  context, comparison, start, { destination = context.destination, samples = [null, null] } = {},
) {
  const duration = comparison.noteDurationSeconds;
  const synthesis = comparison.synthesis;
  const note2Start = start + duration + (comparison.noteGapSeconds ?? 0);
  const note1 = scheduleNote(context, {
    frequencyHz: comparison.note1.frequencyHz, start, duration, synthesis, sample: samples[0], destination,
  });
  const note2 = scheduleNote(context, {
    frequencyHz: comparison.note2.frequencyHz, start: note2Start, duration, synthesis, sample: samples[1],
    levelDB: comparison.note2.levelOffsetDB ?? 0, destination,
  });
  return {
    note1Start: start,
    note2Start,
    end: note2Start + duration,
    stop(at = context.currentTime) {
      note1.stop(at);
      note2.stop(at);
    },
  };
}
