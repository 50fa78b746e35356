// The rhythm disciplines' clicks on the audio clock: the server's click sound, decoded once, and one
// AudioBufferSourceNode per click started at its exact context time. Like audio.js, every function
// takes the BaseAudioContext to build on, so a test renders exactly this in an OfflineAudioContext.
import { api } from '../api.js';
import { decodeWav } from './wav.js';

let click = null;

/** The click as an AudioBuffer, fetched once for the page's lifetime (a failed fetch is tried again next time). */
export function loadClick() {
  click ??= api.clickSound().then(decodeWav).catch((error) => {
    click = null;
    throw error;
  });
  return click;
}

/**
 * Starts `buffer` at `start + time` (context seconds) for each of `times` (the trial's `clickSeconds`).
 * Returns the handle that stops the clicks not yet over.
 */
export function scheduleClicks(context, buffer, times, start, destination = context.destination) {
  const sources = times.map((time) => {
    const source = new AudioBufferSourceNode(context, { buffer });
    source.connect(destination);
    source.start(start + time);
    return source;
  });
  const end = start + Math.max(...times) + buffer.duration;
  let stopped = false;
  return {
    start,
    end,
    stop(at = context.currentTime) {
      if (stopped) return;
      stopped = true;
      for (const source of sources) source.stop(at);
    },
  };
}
