import { api } from '../api.js';
import { loadSamples, realtimeContext, scheduleNote } from '../audio/audio.js';
import { discipline as declared } from '../catalogue.js';
import { addStrings, intervalLabel, t } from '../i18n/i18n.js';
import { hideMatchingFeedback, judgeMatching, showMatchingFeedback } from '../loop/matching-feedback.js';
import { SteadyPitch } from '../audio/steady-pitch.js';
import { trainingLoop } from '../loop/training-loop.js';
import { addScreen } from './screen.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'singing.needle.flat': 'flat',
    'singing.needle.sharp': 'sharp',
    'singing.hint': 'Listen to the note, then sing or play it. Hold it steady for a second, or press Done.',
    'singing.permission': 'Singing needs your microphone. Your browser will ask for it next.',
    'singing.privacy': 'The sound never leaves this device: Peach keeps only how many cents you were off.',
    'singing.allow': 'Use the microphone',
    'singing.denied': 'Peach may not use the microphone. Allow it in your browser\'s site settings to sing, or train another way.',
    'singing.unavailable': 'No microphone could be opened. Connect one, or train another way.',
    'singing.backToStart': 'Back to Start',
    'singing.listen': 'Listen: {note}',
    'singing.sing': 'Now sing {note}',
    'singing.silence': 'I can\'t hear you yet. Sing or play the note, close to the microphone, or press Done.',
    'singing.done': 'Done',
    'singing.octave.up.one': 'sung an octave higher',
    'singing.octave.up.other': 'sung {octaves} octaves higher',
    'singing.octave.down.one': 'sung an octave lower',
    'singing.octave.down.other': 'sung {octaves} octaves lower',
    'intervalSinging.hint': 'Listen to the note, then sing the interval shown from it. Hold it steady for a second, or press Done.',
    'intervalSinging.sing': 'Now sing the interval from {note}',
    'keys.singing': 'Keys: Enter when you are done · Esc back to Start',
  },
  de: {
    'singing.needle.flat': 'zu tief',
    'singing.needle.sharp': 'zu hoch',
    'singing.hint': 'Hör dir den Ton an, dann sing oder spiel ihn. Halte ihn eine Sekunde lang ruhig oder tippe auf Fertig.',
    'singing.permission': 'Zum Singen braucht Peach dein Mikrofon. Dein Browser fragt gleich danach.',
    'singing.privacy': 'Der Klang verlässt dieses Gerät nie: Peach behält nur, um wie viele Cent du daneben lagst.',
    'singing.allow': 'Mikrofon verwenden',
    'singing.denied': 'Peach darf das Mikrofon nicht verwenden. Erlaube es in den Website-Einstellungen deines Browsers, um zu singen, oder trainiere anders.',
    'singing.unavailable': 'Es ließ sich kein Mikrofon öffnen. Schließ eines an oder trainiere anders.',
    'singing.backToStart': 'Zurück zum Start',
    'singing.listen': 'Hör zu: {note}',
    'singing.sing': 'Jetzt sing {note}',
    'singing.silence': 'Ich höre dich noch nicht. Sing oder spiel den Ton nah am Mikrofon oder tippe auf Fertig.',
    'singing.done': 'Fertig',
    'singing.octave.up.one': 'eine Oktave höher gesungen',
    'singing.octave.up.other': '{octaves} Oktaven höher gesungen',
    'singing.octave.down.one': 'eine Oktave tiefer gesungen',
    'singing.octave.down.other': '{octaves} Oktaven tiefer gesungen',
    'intervalSinging.hint': 'Hör dir den Ton an und sing dann das angezeigte Intervall dazu. Halte ihn eine Sekunde lang ruhig oder tippe auf Fertig.',
    'intervalSinging.sing': 'Jetzt sing das Intervall von {note} aus',
    'keys.singing': 'Tasten: Eingabe, wenn du fertig bist · Esc zurück zum Start',
  },
});

/** The screen's markup: its strings by key (data-i18n), filled in by translate. */
const MARKUP = `
<section id="screen-singing" class="screen" aria-labelledby="singing-title" data-state="idle" hidden>
  <header class="bar">
    <a href="#/" class="back" id="singing-back" data-i18n="nav.back"></a>
    <h1 id="singing-title"></h1>
  </header>
  <p id="singing-hint" class="hint" data-i18n="singing.hint"></p>
  <p id="singing-interval" class="interval-label" role="status" hidden></p>
  <div class="singing-panel singing-permission">
    <p data-i18n="singing.permission"></p>
    <p class="singing-privacy" data-i18n="singing.privacy"></p>
    <button id="singing-allow" class="primary big" type="button" data-i18n="singing.allow"></button>
  </div>
  <div id="singing-denied" class="singing-panel singing-denied" role="alert" tabindex="-1">
    <p data-i18n="singing.denied"></p>
    <a href="#/" class="singing-back-link" data-i18n="singing.backToStart"></a>
  </div>
  <div id="singing-unavailable" class="singing-panel singing-unavailable" role="alert" tabindex="-1">
    <p data-i18n="singing.unavailable"></p>
    <a href="#/" class="singing-back-link" data-i18n="singing.backToStart"></a>
  </div>
  <div class="singing-stage">
    <p id="singing-status" class="singing-status" role="status" aria-live="polite"></p>
    <!-- A picture of what the ear already hears: left out for screen readers, which the feedback serves. -->
    <div id="singing-needle" class="pitch-needle" aria-hidden="true" hidden>
      <span data-i18n="singing.needle.flat"></span>
      <div class="pitch-needle-scale"><div class="pitch-needle-marker"></div></div>
      <span data-i18n="singing.needle.sharp"></span>
    </div>
    <div id="singing-hold" class="hold-ring" aria-hidden="true"></div>
    <button id="singing-done" class="primary big" type="button" data-i18n="singing.done" disabled></button>
  </div>
  <p class="keys-hint" data-i18n="keys.singing"></p>
  <div id="singing-feedback" class="feedback" aria-hidden="true"></div>
</section>`;

/** The needle's reach each side of the target. */
const NEEDLE_CENTS = 50;

// The microphone asks for the raw signal: echo cancellation, noise suppression and automatic
// gain all bend pitch or chop a held note.
const MICROPHONE = { audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false } };

const contextsWithTracker = new WeakSet();

// Sing or play it (Sing It), or sing the interval from it (Sing Intervals): the server issues a
// reference note and judges the sung pitch against its target (the tuned interval's); this screen
// asks for the microphone (after saying why), plays the reference, follows the voice with the
// detector in an AudioWorklet (pitch-worklet.js), commits a note held steadily for a second (or on
// Done/Enter) and posts only its cents from the target. No sound leaves the device.

/** The addresses its disciplines had before #/train/<discipline>, kept for bookmarks (app.js follows them). */
export const formerAddresses = { '#/singing': 'pitchSinging' };

export default function singingScreen(context) {
  const element = addScreen(MARKUP);
  const allow = document.getElementById('singing-allow');
  const done = document.getElementById('singing-done');
  const status = document.getElementById('singing-status');
  const feedback = document.getElementById('singing-feedback');
  const needle = document.getElementById('singing-needle');
  const hold = document.getElementById('singing-hold');
  const hint = document.getElementById('singing-hint');
  const intervalText = document.getElementById('singing-interval');

  let microphone = null; // {stream, source, tracker}
  let listening = null; // { challenge, steady, lastHeard, answer } while the user may sing
  let silenceTimer = null;
  let allowed = null; // resolves the permission panel's wait
  let singsIntervals = false; // the discipline's target is an interval from the reference

  const setState = (state) => { element.dataset.state = state; };
  // The status names the note to sing; `said` keeps which message it is (data-i18n would re-translate it without the note).
  const say = (key, params = {}) => {
    status.dataset.said = key;
    status.textContent = key ? t(key, params) : '';
  };
  const noteOf = (challenge) => ({ note: challenge.referenceNote.name });
  const singKey = () => (singsIntervals ? 'intervalSinging.sing' : 'singing.sing');
  const showHeld = (fraction) => hold.style.setProperty('--held', String(fraction));

  async function openMicrophone(audio) {
    const stream = await navigator.mediaDevices.getUserMedia(MICROPHONE);
    if (!contextsWithTracker.has(audio)) {
      await audio.audioWorklet.addModule('/js/audio/pitch-worklet.js');
      contextsWithTracker.add(audio);
    }
    const source = audio.createMediaStreamSource(stream);
    const tracker = new AudioWorkletNode(audio, 'pitch-tracker', { numberOfOutputs: 1, outputChannelCount: [1] });
    source.connect(tracker);
    // Its output is silence; connected so the graph keeps pulling the tracker.
    tracker.connect(audio.destination);
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
    const current = listening;
    if (!current) return;
    const cents = frequency === null ? null : 1200 * Math.log2(frequency / current.challenge.tunableNote.startFrequencyHz);
    if (cents !== null) {
      current.lastHeard = time;
      if (status.dataset.said === 'singing.silence') say(singKey(), noteOf(current.challenge));
    }
    showNeedle(cents);
    const held = current.steady.push(time, cents);
    showHeld(held === null ? current.steady.heldFraction() : 1);
    if (held !== null) current.answer({ sungCents: held });
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

  /** Done or Enter: what was sung lately, if anything was. */
  function commitNow() {
    if (!listening) return;
    const cents = listening.steady.latest();
    if (cents === null) {
      say('singing.silence');
      context.announce(t('singing.silence'));
      return;
    }
    listening.answer({ sungCents: cents });
  }

  /** The microphone, opened once the user has read why (or had allowed it before). */
  async function prepare(isCurrent) {
    // Explain before the browser asks; once allowed, the explanation is not repeated.
    const [permission, settings] = await Promise.all([
      navigator.permissions?.query({ name: 'microphone' }).catch(() => null),
      api.settings().then((answer) => answer.settings, () => null),
    ]);
    if (!isCurrent()) return false;
    needle.hidden = !settings?.pitchNeedle;
    if (permission?.state !== 'granted') {
      setState('permission');
      allow.focus({ preventScroll: true });
      await new Promise((resolve) => { allowed = resolve; });
      if (!isCurrent()) return false;
    }
    setState('preparing');
    try {
      microphone = await openMicrophone(realtimeContext());
    } catch (error) {
      if (!isCurrent()) return false;
      console.warn('no microphone:', error);
      setState(error?.name === 'NotAllowedError' || error?.name === 'SecurityError' ? 'denied' : 'no-microphone');
      document.getElementById(element.dataset.state === 'denied' ? 'singing-denied' : 'singing-unavailable').focus();
      return false;
    }
    if (isCurrent()) return true;
    closeMicrophone();
    return false;
  }

  allow.addEventListener('click', () => allowed?.());
  done.addEventListener('click', commitNow);

  return trainingLoop(context, {
    screen: 'screen-singing',
    enter(chosen) {
      singsIntervals = declared(chosen ?? 'pitchSinging')?.usesIntervals ?? false;
      // Through data-i18n, so a language change re-translates the right texts.
      hint.dataset.i18n = singsIntervals ? 'intervalSinging.hint' : 'singing.hint';
      hint.textContent = t(hint.dataset.i18n);
      intervalText.hidden = true;
      hideMatchingFeedback(feedback);
      done.disabled = true;
      say('');
      setState('starting');
    },
    prepare,
    load: (challenge) => loadSamples(challenge.sound.id, [challenge.referenceNote.frequencyHz]),
    play(audio, challenge, start, [sample]) {
      const end = start + challenge.noteDurationSeconds;
      // While the reference sounds (and its echo dies away) the speaker is not the singer.
      microphone.tracker.port.postMessage({ listenFrom: end + challenge.session.singing.echoSeconds });
      const note = scheduleNote(audio, {
        frequencyHz: challenge.referenceNote.frequencyHz, start, duration: challenge.noteDurationSeconds,
        synthesis: challenge.synthesis, sample,
      });
      return { stop: note.stop, marks: { referenceStart: start } };
    },
    starts(challenge) {
      hideMatchingFeedback(feedback);
      showHeld(0);
      setState('reference');
      intervalText.hidden = !singsIntervals;
      intervalText.textContent = singsIntervals ? intervalLabel(challenge.interval, challenge.tuningSystem) : '';
      say('singing.listen', noteOf(challenge));
    },
    opens(challenge, played, answer) {
      listening = { challenge, steady: new SteadyPitch(challenge.session.singing), lastHeard: realtimeContext().currentTime, answer };
      needle.dataset.cents = '';
      needle.style.setProperty('--cents', '0');
      setState('singing');
      say(singKey(), noteOf(challenge));
      done.disabled = false;
      const current = listening;
      silenceTimer = setInterval(() => {
        const quiet = realtimeContext().currentTime - current.lastHeard >= challenge.session.singing.silencePromptSeconds;
        if (listening === current && quiet && status.dataset.said !== 'singing.silence') {
          say('singing.silence');
          context.announce(t('singing.silence'));
        }
      }, 250);
    },
    closes() {
      listening = null;
      clearInterval(silenceTimer);
      done.disabled = true;
      microphone?.tracker.port.postMessage({ listenFrom: Infinity });
      if (element.dataset.state === 'singing') setState('committing');
    },
    // Judged at the commit from the trial's `judging`, as the server then judges it.
    judge: (challenge, body) => judgeMatching(challenge.judging, body),
    show(result) {
      const octave = result.sungOctave ?? 0;
      const octaves = Math.abs(octave);
      const extra = octave === 0 ? '' : t(`singing.octave.${octave > 0 ? 'up' : 'down'}.${octaves === 1 ? 'one' : 'other'}`, { octaves });
      showMatchingFeedback(feedback, result, context.announce, extra);
      say('');
      setState('feedback');
    },
    hides() {
      hideMatchingFeedback(feedback);
    },
    keys(event) {
      if (event.key !== 'Enter' || !listening || event.target.tagName === 'A') return false;
      commitNow();
      return true;
    },
    /** Leaving lets go of the microphone. */
    leave() {
      allowed = null;
      closeMicrophone();
      setState('idle');
    },
  });
}
