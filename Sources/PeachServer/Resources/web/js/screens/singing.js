import { api } from '../api.js';
import { loadSamples, realtimeContext, scheduleNote } from '../audio.js';
import { untilAudible } from '../clock.js';
import { t } from '../i18n.js';
import { hideMatchingFeedback, showMatchingFeedback } from '../matching-feedback.js';
import { SteadyPitch } from '../steady-pitch.js';

/** Head start for the reference so its scheduled start is never already in the past. */
const LEAD_SECONDS = 0.05;
/** The needle's reach each side of the target. */
const NEEDLE_CENTS = 50;

// The microphone asks for the raw signal: echo cancellation, noise suppression and automatic
// gain all bend pitch or chop a held note.
const MICROPHONE = { audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false } };

const contextsWithTracker = new WeakSet();

// Sing or play it (issue 13): the server issues a reference note and judges the sung pitch; this
// screen asks for the microphone (after saying why), plays the reference, follows the voice with
// the detector in an AudioWorklet (pitch-worklet.js), commits a note held steadily for a second
// (or on Done/Enter) and posts only its cents from the target. No sound leaves the device.
export function singingScreen({ navigate, announce }) {
  const element = document.getElementById('screen-singing');
  const allow = document.getElementById('singing-allow');
  const done = document.getElementById('singing-done');
  const status = document.getElementById('singing-status');
  const feedback = document.getElementById('singing-feedback');
  const needle = document.getElementById('singing-needle');
  const hold = document.getElementById('singing-hold');

  let session = 0; // bumped on every stop, so callbacks of a discarded attempt do nothing
  let microphone = null; // {stream, source, tracker}
  let attempt = null; // {challenge, steady, lastHeard, reference}
  let silenceTimer = null;

  const isCurrent = (id) => id === session;
  const setState = (state) => { element.dataset.state = state; };
  // The status names the note to sing; `said` keeps which message it is (data-i18n would re-translate it without the note).
  const say = (key, params = {}) => {
    status.dataset.said = key;
    status.textContent = key ? t(key, params) : '';
  };
  const noteParams = () => ({ note: attempt?.challenge.referenceNote.name ?? '' });
  const showHeld = (fraction) => hold.style.setProperty('--held', String(fraction));

  async function openMicrophone(context) {
    const stream = await navigator.mediaDevices.getUserMedia(MICROPHONE);
    if (!contextsWithTracker.has(context)) {
      await context.audioWorklet.addModule('/js/pitch-worklet.js');
      contextsWithTracker.add(context);
    }
    const source = context.createMediaStreamSource(stream);
    const tracker = new AudioWorkletNode(context, 'pitch-tracker', { numberOfOutputs: 1, outputChannelCount: [1] });
    source.connect(tracker);
    // Its output is silence; connected so the graph keeps pulling the tracker.
    tracker.connect(context.destination);
    tracker.port.onmessage = ({ data }) => onFrame(data);
    return { stream, source, tracker };
  }

  function closeMicrophone() {
    if (!microphone) return;
    microphone.tracker.port.onmessage = null;
    microphone.source.disconnect();
    microphone.tracker.disconnect();
    for (const track of microphone.stream.getTracks()) track.stop();
    microphone = null;
  }

  function onFrame({ time, frequency }) {
    const current = attempt;
    if (!current || element.dataset.state !== 'singing') return;
    const cents = frequency === null ? null : 1200 * Math.log2(frequency / current.challenge.tunableNote.startFrequencyHz);
    if (cents !== null) {
      current.lastHeard = time;
      if (status.dataset.said === 'singing.silence') say('singing.sing', noteParams());
    }
    showNeedle(cents);
    const held = current.steady.push(time, cents);
    showHeld(held === null ? current.steady.heldFraction() : 1);
    if (held !== null) commit(held);
  }

  /** The setting's live needle: cents from the nearest octave of the target (as the answer is judged). */
  function showNeedle(cents) {
    if (needle.hidden) return;
    if (cents === null) {
      needle.dataset.cents = '';
      return;
    }
    const folded = cents - 1200 * Math.round(cents / 1200);
    needle.dataset.cents = String(Math.round(folded));
    needle.style.setProperty('--cents', String(Math.max(-NEEDLE_CENTS, Math.min(NEEDLE_CENTS, folded)) * 50 / NEEDLE_CENTS));
  }

  async function play(challenge, id, startAt) {
    const context = realtimeContext();
    if (context.state !== 'running') await context.resume();
    if (!isCurrent(id)) return;
    const { synthesis, sound, session: { singing: rules } } = challenge;
    const [sample] = await loadSamples(sound.id, [challenge.referenceNote.frequencyHz]);
    if (!isCurrent(id)) return;
    const start = Math.max(startAt ?? 0, context.currentTime + LEAD_SECONDS);
    const end = start + challenge.noteDurationSeconds;
    // While the reference sounds (and its echo dies away) the speaker is not the singer.
    microphone.tracker.port.postMessage({ listenFrom: end + rules.echoSeconds });
    const current = {
      challenge,
      steady: new SteadyPitch(rules),
      lastHeard: end,
      reference: scheduleNote(context, {
        frequencyHz: challenge.referenceNote.frequencyHz, start, duration: challenge.noteDurationSeconds, synthesis, sample,
      }),
    };
    attempt = current;
    if (!(await untilAudible(context, start, () => !isCurrent(id)))) return;
    hideMatchingFeedback(feedback);
    showHeld(0);
    setState('reference');
    say('singing.listen', noteParams());
    if (!(await untilAudible(context, end, () => !isCurrent(id)))) return;
    needle.dataset.cents = '';
    needle.style.setProperty('--cents', '0');
    setState('singing');
    say('singing.sing', noteParams());
    done.disabled = false;
    watchSilence(id, context);
  }

  function watchSilence(id, context) {
    clearInterval(silenceTimer);
    silenceTimer = setInterval(() => {
      if (!isCurrent(id) || element.dataset.state !== 'singing') return;
      if (context.currentTime - attempt.lastHeard >= attempt.challenge.session.singing.silencePromptSeconds && status.dataset.said !== 'singing.silence') {
        say('singing.silence');
        announce(t('singing.silence'));
      }
    }, 250);
  }

  /** Done or Enter: what was sung lately, if anything was. */
  function commitNow() {
    if (!attempt || element.dataset.state !== 'singing') return;
    const cents = attempt.steady.latest();
    if (cents === null) {
      say('singing.silence');
      announce(t('singing.silence'));
      return;
    }
    commit(cents);
  }

  async function commit(sungCents) {
    const current = attempt;
    if (!current || element.dataset.state !== 'singing') return;
    const id = session;
    setState('committing');
    done.disabled = true;
    clearInterval(silenceTimer);
    microphone?.tracker.port.postMessage({ listenFrom: Infinity });
    const context = realtimeContext();
    try {
      const result = await api.answerTrial(current.challenge.id, { sungCents });
      if (!isCurrent(id)) return;
      // Null: kept for delivery once the server is back; training goes on without feedback.
      const feedbackEnd = context.currentTime + (result ? current.challenge.session.feedbackSeconds : 0);
      if (result) {
        const octave = result.sungOctave ?? 0;
        const octaves = Math.abs(octave);
        const extra = octave === 0 ? '' : t(`singing.octave.${octave > 0 ? 'up' : 'down'}.${octaves === 1 ? 'one' : 'other'}`, { octaves });
        showMatchingFeedback(feedback, result, announce, extra);
      }
      say('');
      setState('feedback');
      const next = await api.nextTrial('pitchSinging');
      if (!isCurrent(id)) return;
      await play(next, id, feedbackEnd);
    } catch (error) {
      // Never an error screen: training stops quietly and the user is back at Start.
      console.warn('singing stopped:', error);
      if (isCurrent(id)) navigate('#/');
    }
  }

  async function begin(id) {
    setState('preparing');
    const context = realtimeContext();
    try {
      if (context.state !== 'running') await context.resume();
      microphone = await openMicrophone(context);
    } catch (error) {
      if (!isCurrent(id)) return;
      console.warn('no microphone:', error);
      setState(error?.name === 'NotAllowedError' || error?.name === 'SecurityError' ? 'denied' : 'no-microphone');
      document.getElementById(element.dataset.state === 'denied' ? 'singing-denied' : 'singing-unavailable').focus();
      return;
    }
    if (!isCurrent(id)) {
      closeMicrophone();
      return;
    }
    try {
      await play(await api.nextTrial('pitchSinging'), id);
    } catch (error) {
      console.warn('singing could not start:', error);
      if (isCurrent(id)) navigate('#/');
    }
  }

  function onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      navigate('#/');
    } else if (event.key === 'Enter' && element.dataset.state === 'singing' && event.target.tagName !== 'A') {
      event.preventDefault();
      commitNow();
    }
  }

  allow.addEventListener('click', () => begin(session));
  done.addEventListener('click', commitNow);

  return {
    element,
    async show() {
      const id = ++session;
      document.addEventListener('keydown', onKey);
      hideMatchingFeedback(feedback);
      done.disabled = true;
      say('');
      // Explain before the browser asks; once allowed, the explanation is not repeated.
      const [permission, settings] = await Promise.all([
        navigator.permissions?.query({ name: 'microphone' }).catch(() => null),
        api.settings().then((answer) => answer.settings, () => null),
      ]);
      if (!isCurrent(id)) return;
      needle.hidden = !settings?.pitchNeedle;
      if (permission?.state === 'granted') {
        begin(id);
      } else {
        setState('permission');
        allow.focus({ preventScroll: true });
      }
    },
    /** Leaving discards the unfinished attempt and lets go of the microphone. */
    hide() {
      session += 1;
      document.removeEventListener('keydown', onKey);
      clearInterval(silenceTimer);
      attempt?.reference.stop();
      attempt = null;
      closeMicrophone();
      setState('idle');
      hideMatchingFeedback(feedback);
    },
  };
}
