import { api } from '../api.js';
import { loadSamples, realtimeContext, scheduleNote } from '../audio.js';
import { untilAudible } from '../clock.js';
import { intervalLabel, soundText, t } from '../i18n.js';
import { verticalPitchSlider } from '../pitch-slider.js';
import { formatPercent } from '../format.js';
import { hideMatchingFeedback, showMatchingFeedback } from '../matching-feedback.js';

/** Head start for the reference so its scheduled start is never already in the past. */
const LEAD_SECONDS = 0.05;
/** ↑/↓ move about 1 ¢, PageUp/PageDown 10 ¢. */
const FINE_STEP_CENTS = 1;
const COARSE_STEP_CENTS = 10;

/**
 * Where the tunable note sounds for a slider value. The one piece of pitch maths in the client, so
 * the note answers the slider within the same input event; the recorded error is the server's,
 * computed from the same value.
 */
export function tunableFrequencyHz(challenge, value) {
  return challenge.tunableNote.startFrequencyHz * 2 ** ((value * challenge.centRange) / 1200);
}

// The pitch-matching loop in the browser (seed epics 15–17): the server issues each challenge and
// judges each result; this screen plays the reference and then the tunable note, lets the slider
// retune it, commits on release and shows the signed error.
export function pitchMatchingScreen({ navigate, announce }) {
  const element = document.getElementById('screen-pitch-matching');
  const title = document.getElementById('pitch-matching-title');
  const hint = document.getElementById('pitch-matching-hint');
  const soundNote = document.getElementById('pitch-matching-sound');
  const intervalText = document.getElementById('pitch-matching-interval');
  let discipline = 'pitchMatching';
  const feedback = document.getElementById('pitch-matching-feedback');
  const sliderElement = document.getElementById('pitch-slider');

  let session = 0; // bumped on every stop, so callbacks of a discarded attempt do nothing
  let attempt = null;
  let watchedContext = null;

  const isCurrent = (id) => id === session;
  const setState = (state) => { element.dataset.state = state; };

  const slider = verticalPitchSlider(sliderElement, {
    onChange(value) {
      if (element.dataset.state === 'tuning') attempt.tunable.setFrequency(tunableFrequencyHz(attempt.challenge, value));
    },
    onCommit: (value) => commit(value),
    valueText(value) {
      if (Math.round(Math.abs(value) * 100) === 0) return t('pitchMatching.slider.centre');
      return t(value > 0 ? 'pitchMatching.slider.up' : 'pitchMatching.slider.down', { percent: formatPercent(Math.abs(value)) });
    },
  });

  // Audio failure (the device went away, the system took the context) ends training quietly.
  function onContextStateChange() {
    if (watchedContext.state !== 'running' && ['reference', 'tuning'].includes(element.dataset.state)) {
      console.warn(`pitch matching stopped: audio context is ${watchedContext.state}`);
      navigate('#/');
    }
  }

  async function play(challenge, id, startAt) {
    const context = realtimeContext();
    if (context.state !== 'running') await context.resume();
    if (!isCurrent(id)) return;
    if (context.state !== 'running') throw new Error(`audio context is ${context.state}`);
    if (watchedContext !== context) {
      watchedContext = context;
      context.addEventListener('statechange', onContextStateChange);
    }
    const duration = challenge.noteDurationSeconds;
    const { synthesis, sound } = challenge;
    const [referenceSample, tunableSample] = await loadSamples(
      sound.id, [challenge.referenceNote.frequencyHz, challenge.tunableNote.startFrequencyHz]);
    if (!isCurrent(id)) return;
    showSoundNote(sound);
    const start = Math.max(startAt ?? 0, context.currentTime + LEAD_SECONDS);
    const tunableStart = start + challenge.session.answersOpenSeconds;
    const current = {
      challenge,
      reference: scheduleNote(context, {
        frequencyHz: challenge.referenceNote.frequencyHz, start, duration, synthesis, sample: referenceSample,
      }),
      // Indefinite (a looped sustain for an instrument): it sounds until the user lets go.
      tunable: scheduleNote(context, {
        frequencyHz: challenge.tunableNote.startFrequencyHz, start: tunableStart, synthesis, sample: tunableSample,
      }),
    };
    attempt = current;
    slider.setSteps(FINE_STEP_CENTS / challenge.centRange, COARSE_STEP_CENTS / challenge.centRange);
    if (!(await untilAudible(context, start, () => !isCurrent(id)))) return;
    hideMatchingFeedback(feedback);
    slider.reset();
    const isInterval = discipline === 'intervalMatching';
    intervalText.hidden = !isInterval;
    intervalText.textContent = isInterval ? intervalLabel(challenge.interval, challenge.tuningSystem) : '';
    setState('reference');
    if (!(await untilAudible(context, tunableStart, () => !isCurrent(id)))) return;
    setState('tuning');
    slider.setActive(true);
  }

  async function commit(value) {
    const current = attempt;
    if (!current || element.dataset.state !== 'tuning') return;
    const id = session;
    setState('committing');
    current.tunable.stop();
    const context = realtimeContext();
    try {
      const result = await api.answerTrial(current.challenge.id, { normalizedValue: value });
      if (!isCurrent(id)) return;
      // Null: kept for delivery once the server is back; training goes on without feedback.
      const feedbackEnd = context.currentTime + (result ? current.challenge.session.feedbackSeconds : 0);
      if (result) showMatchingFeedback(feedback, result, announce);
      setState('feedback');
      const next = await api.nextTrial(discipline);
      if (!isCurrent(id)) return;
      await play(next, id, feedbackEnd);
    } catch (error) {
      // Never an error screen: training stops quietly and the user is back at Start.
      console.warn('pitch matching stopped:', error);
      if (isCurrent(id)) navigate('#/');
    }
  }

  /** The instrument, or (when the one chosen decays and cannot be held) that the server sent the sine. */
  function showSoundNote(sound) {
    soundNote.hidden = false;
    soundNote.textContent = soundText(sound);
  }

  function onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      navigate('#/');
    } else if (event.target === document.body && ['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown'].includes(event.key)) {
      // Focus strayed off the slider (a click on the background): bring it back, keys and all.
      event.preventDefault();
      sliderElement.focus({ preventScroll: true });
    }
  }

  return {
    element,
    async show(chosen = 'pitchMatching') {
      discipline = chosen;
      const isInterval = discipline === 'intervalMatching';
      // Through data-i18n, so a language change re-translates the right texts.
      title.dataset.i18n = isInterval ? 'intervalMatching.title' : 'pitchMatching.title';
      hint.dataset.i18n = isInterval ? 'intervalMatching.hint' : 'pitchMatching.hint';
      title.textContent = t(title.dataset.i18n);
      hint.textContent = t(hint.dataset.i18n);
      intervalText.hidden = true;
      soundNote.hidden = true;
      const id = ++session;
      sliderElement.setAttribute('aria-label', t('pitchMatching.slider.label'));
      document.addEventListener('keydown', onKey);
      hideMatchingFeedback(feedback);
      slider.setActive(false);
      slider.reset();
      setState('preparing');
      sliderElement.focus({ preventScroll: true });
      try {
        await play(await api.nextTrial(discipline), id);
      } catch (error) {
        console.warn('pitch matching could not start:', error);
        if (isCurrent(id)) navigate('#/');
      }
    },
    /** Leaving discards the unfinished attempt: it was never committed, so nothing is stored. */
    hide() {
      session += 1;
      document.removeEventListener('keydown', onKey);
      slider.setActive(false);
      attempt?.reference.stop();
      attempt?.tunable.stop();
      attempt = null;
      setState('idle');
      hideMatchingFeedback(feedback);
    },
  };
}
