import { api } from '../api.js';
import { realtimeContext, scheduleComparison } from '../audio.js';
import { untilContextTime } from '../clock.js';
import { t } from '../i18n.js';

/** How long "Correct" / "Incorrect" stays up; nothing else separates an answer from the next trial. */
export const FEEDBACK_SECONDS = 0.4;
/** Head start for the first note so its scheduled start is never already in the past. */
const LEAD_SECONDS = 0.05;

// The comparison loop in the browser: the server picks every comparison and judges every answer;
// this screen schedules the sound on the audio clock, gates the buttons and shows feedback.
export function comparisonScreen({ navigate, announce }) {
  const element = document.getElementById('screen-comparison');
  const higher = document.getElementById('answer-higher');
  const lower = document.getElementById('answer-lower');
  const feedback = document.getElementById('comparison-feedback');

  let session = 0; // bumped on every stop, so callbacks of a discarded trial do nothing
  let trial = null;

  const isCurrent = (id) => id === session;
  const setEnabled = (enabled) => {
    higher.disabled = !enabled;
    lower.disabled = !enabled;
  };

  async function play(comparison, id, startAt) {
    const context = realtimeContext();
    if (context.state !== 'running') await context.resume();
    if (!isCurrent(id)) return;
    if (context.state !== 'running') throw new Error(`audio context is ${context.state}`);
    const start = Math.max(startAt ?? 0, context.currentTime + LEAD_SECONDS);
    trial = { comparison, scheduled: scheduleComparison(context, comparison, start), answered: false };
    element.dataset.note2Start = String(trial.scheduled.note2Start);
    element.dataset.note1Start = String(start);
    setEnabled(false);
    const current = trial;
    if (await untilContextTime(context, current.scheduled.note2Start, () => !isCurrent(id) || current.answered)) {
      setEnabled(true);
      element.dataset.enabledAt = String(context.currentTime);
    }
  }

  async function answer(which) {
    const current = trial;
    if (!current || current.answered || higher.disabled) return;
    const id = session;
    current.answered = true;
    setEnabled(false);
    const context = realtimeContext();
    current.scheduled.stop();
    try {
      const result = await api.answerComparison(current.comparison.id, which);
      if (!isCurrent(id)) return;
      const feedbackEnd = context.currentTime + FEEDBACK_SECONDS;
      showFeedback(result.isCorrect);
      // Asked only now, so the server's chain already includes this answer.
      const next = await api.nextComparison();
      if (!isCurrent(id)) return;
      untilContextTime(context, feedbackEnd, () => !isCurrent(id)).then((reached) => reached && hideFeedback());
      await play(next, id, feedbackEnd);
    } catch (error) {
      // Never an error screen: training stops quietly and the user is back at Start.
      console.warn('training stopped:', error);
      if (isCurrent(id)) navigate('#/');
    }
  }

  function showFeedback(isCorrect) {
    feedback.className = `feedback visible ${isCorrect ? 'correct' : 'incorrect'}`;
    feedback.innerHTML = '';
    const thumb = document.createElement('span');
    thumb.className = 'thumb';
    thumb.textContent = isCorrect ? '👍' : '👎';
    const text = document.createElement('span');
    text.textContent = t(isCorrect ? 'feedback.correct' : 'feedback.incorrect');
    feedback.append(thumb, text);
    announce(text.textContent);
  }

  function hideFeedback() {
    feedback.className = 'feedback';
  }

  function onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    if (key === 'arrowup' || key === 'h') answer('higher');
    else if (key === 'arrowdown' || key === 'l') answer('lower');
    else if (key === 'escape') navigate('#/');
    else return;
    event.preventDefault();
  }

  higher.addEventListener('click', () => answer('higher'));
  lower.addEventListener('click', () => answer('lower'));

  return {
    element,
    async show() {
      const id = ++session;
      document.addEventListener('keydown', onKey);
      hideFeedback();
      setEnabled(false);
      try {
        await play(await api.nextComparison(), id);
      } catch (error) {
        console.warn('training could not start:', error);
        if (isCurrent(id)) navigate('#/');
      }
    },
    /** Leaving discards the unfinished comparison: it was never answered, so nothing is stored. */
    hide() {
      session += 1;
      document.removeEventListener('keydown', onKey);
      trial?.scheduled.stop();
      trial = null;
      setEnabled(false);
      hideFeedback();
    },
  };
}
