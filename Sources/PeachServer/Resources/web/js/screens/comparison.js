import { api } from '../api.js';
import { loadSamples, realtimeContext, scheduleComparison } from '../audio.js';
import { audibleTime, untilAudible } from '../clock.js';
import { comparisonQuestion, intervalLabel, soundText, t } from '../i18n.js';

/** Head start for a first note so its scheduled start is never already in the past. */
const LEAD_SECONDS = 0.05;
/** Trials kept for a lost network: enough for a few minutes of training. */
const RESERVE_SIZE = 20;
/** The seeds' haptic tick on a wrong answer, where the device can vibrate. */
const WRONG_ANSWER_VIBRATION_MS = 40;

/** Higher or lower: two notes, unison or an interval. */
const pitch = {
  screen: 'screen-comparison',
  feedback: 'comparison-feedback',
  buttons: { higher: 'answer-higher', lower: 'answer-lower' },
  keys: { arrowup: 'higher', h: 'higher', arrowdown: 'lower', l: 'lower' },
  enter(discipline) {
    const title = document.getElementById('comparison-title');
    // Through data-i18n, so a language change re-translates the right title.
    title.dataset.i18n = discipline === 'intervalComparison' ? 'intervalComparison.title' : 'comparison.title';
    title.textContent = t(title.dataset.i18n);
    document.getElementById('comparison-interval').hidden = true;
    document.getElementById('comparison-sound').hidden = true;
    document.getElementById('comparison-question').textContent = discipline === 'intervalComparison' ? '' : t('comparison.question');
  },
  // An instrument's keys come from the server on first use (cached after), before the clock starts.
  load: (comparison) => loadSamples(comparison.sound.id, [comparison.note1.frequencyHz, comparison.note2.frequencyHz]),
  schedule(context, comparison, start, samples) {
    const scheduled = scheduleComparison(context, comparison, start, { samples });
    return { stop: scheduled.stop, marks: { note1Start: start, note2Start: scheduled.note2Start } };
  },
  /** The question, the sound, and for interval trials the interval to listen for (unison needs none). */
  label(comparison, discipline) {
    const intervalText = document.getElementById('comparison-interval');
    const isInterval = discipline === 'intervalComparison';
    intervalText.hidden = !isInterval;
    intervalText.textContent = isInterval ? intervalLabel(comparison.interval, comparison.tuningSystem) : '';
    document.getElementById('comparison-question').textContent =
      comparisonQuestion(isInterval ? comparison.interval : null, comparison.tuningSystem);
    const sound = document.getElementById('comparison-sound');
    sound.textContent = soundText(comparison.sound);
    sound.hidden = false;
  },
};

/** The comparison screen of the pitch disciplines. */
export const comparisonScreen = (context) => comparisonLoop(context, pitch);

// The comparison loop in the browser, for every discipline answered with one of two buttons: the
// server picks every trial, judges every answer and sends the loop's timing with each trial; this
// screen schedules the sound on the audio clock, gates the buttons and shows feedback. `kind` says
// which screen, buttons and keys, and how a trial sounds (see `pitch` above).
export function comparisonLoop({ navigate, announce }, kind) {
  const element = document.getElementById(kind.screen);
  let discipline = null;
  const buttons = Object.entries(kind.buttons).map(([answer, id]) => [answer, document.getElementById(id)]);
  const feedback = document.getElementById(kind.feedback);

  let session = 0; // bumped on every stop, so callbacks of a discarded trial do nothing
  let trial = null;
  // Drawn by the server when training starts; played only while it cannot be reached.
  let reserve = [];

  const isCurrent = (id) => id === session;
  const setEnabled = (enabled) => {
    for (const [, button] of buttons) button.disabled = !enabled;
  };
  // Timing marks on the audio clock, read by the browser tests and the benchmark.
  const mark = (name, time) => { element.dataset[name] = String(time); };

  const stopQuietly = (id, reason) => {
    console.warn('training stopped:', reason);
    if (isCurrent(id)) navigate('#/');
  };

  // A suspended or closed audio context means no sound: training stops (FR7).
  const onAudioStateChange = () => {
    const context = realtimeContext();
    if (context.state !== 'running') stopQuietly(session, `audio context ${context.state}`);
  };

  async function play(comparison, id, startAt) {
    const context = realtimeContext();
    const loaded = await kind.load(comparison);
    if (!isCurrent(id)) return;
    const start = Math.max(startAt ?? 0, context.currentTime + LEAD_SECONDS);
    const scheduled = kind.schedule(context, comparison, start, loaded);
    trial = { comparison, scheduled, answered: false };
    for (const [name, time] of Object.entries(scheduled.marks)) mark(name, time);
    setEnabled(false);
    kind.label(comparison, discipline);
    const current = trial;
    const answersOpen = start + comparison.session.answersOpenSeconds;
    if (await untilAudible(context, answersOpen, () => !isCurrent(id) || current.answered)) {
      setEnabled(true);
      mark('enabledAt', audibleTime(context));
    }
  }

  async function answer(which) {
    const current = trial;
    if (!current || current.answered || buttons[0][1].disabled) return;
    const id = session;
    current.answered = true;
    setEnabled(false);
    const context = realtimeContext();
    current.scheduled.stop();

    let result = null;
    try {
      result = await api.answerTrial(current.comparison.id, { answer: which });
    } catch (error) {
      // Refused by the server (the trial expired): nothing to keep, training goes on.
      console.warn('answer refused:', error);
    }
    if (!isCurrent(id)) return;
    let feedbackEnd = context.currentTime;
    // Null: kept for delivery once the server is back; training goes on without feedback.
    if (result) {
      feedbackEnd += current.comparison.session.feedbackSeconds;
      showFeedback(result.isCorrect);
    }
    mark('feedbackEnd', feedbackEnd);
    try {
      // Asked only now, so the server's chain already includes this answer.
      const next = await nextTrial();
      if (!isCurrent(id)) return;
      mark('nextReadyAt', context.currentTime);
      untilAudible(context, feedbackEnd, () => !isCurrent(id)).then((reached) => reached && hideFeedback());
      await play(next, id, feedbackEnd);
    } catch (error) {
      stopQuietly(id, error);
    }
  }

  /** The server's next trial or, while it cannot be reached (no HTTP status), one of the reserve. */
  async function nextTrial() {
    try {
      return await api.nextTrial(discipline);
    } catch (error) {
      if (error.status !== undefined || reserve.length === 0) throw error;
      console.warn('server unreachable, playing a reserve trial:', error);
      return reserve.shift();
    }
  }

  function showFeedback(isCorrect) {
    feedback.className = `feedback visible ${isCorrect ? 'correct' : 'incorrect'}`;
    const thumb = document.getElementById(isCorrect ? 'thumb-up' : 'thumb-down').content.cloneNode(true);
    const text = document.createElement('span');
    text.textContent = t(isCorrect ? 'feedback.correct' : 'feedback.incorrect');
    feedback.replaceChildren(thumb, text);
    announce(text.textContent);
    if (!isCorrect) navigator.vibrate?.(WRONG_ANSWER_VIBRATION_MS);
  }

  function hideFeedback() {
    feedback.className = 'feedback';
  }

  function onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    if (kind.keys[key]) answer(kind.keys[key]);
    else if (key === 'escape') navigate('#/');
    else return;
    event.preventDefault();
  }

  for (const [which, button] of buttons) button.addEventListener('click', () => answer(which));

  return {
    element,
    async show(chosen) {
      discipline = chosen;
      kind.enter(discipline);
      const id = ++session;
      document.addEventListener('keydown', onKey);
      hideFeedback();
      setEnabled(false);
      try {
        const context = realtimeContext();
        if (context.state !== 'running') await context.resume();
        if (context.state !== 'running') throw new Error(`audio context ${context.state}`);
        context.addEventListener('statechange', onAudioStateChange);
        const first = await api.nextTrial(discipline);
        reserve = [];
        api.reserveTrials(discipline, RESERVE_SIZE).then((trials) => { if (isCurrent(id)) reserve = trials.trials; })
          .catch((error) => console.warn('no reserve of trials:', error));
        if (isCurrent(id)) await play(first, id);
      } catch (error) {
        stopQuietly(id, error);
      }
    },
    /** Leaving discards the unfinished comparison: it was never answered, so nothing is stored. */
    hide() {
      session += 1;
      document.removeEventListener('keydown', onKey);
      realtimeContext().removeEventListener('statechange', onAudioStateChange);
      trial?.scheduled.stop();
      trial = null;
      setEnabled(false);
      hideFeedback();
    },
  };
}
