import { addStrings, t } from '../i18n/i18n.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'feedback.correct': 'Correct',
    'feedback.incorrect': 'Incorrect',
  },
  de: {
    'feedback.correct': 'Richtig',
    'feedback.incorrect': 'Falsch',
  },
});

/** The seeds' haptic tick on a wrong answer, where the device can vibrate. */
const WRONG_ANSWER_VIBRATION_MS = 40;

/** A thumb up; the thumb down is the same, turned. */
const THUMB = '<path fill="currentColor" d="M6 20h7v22H6zM17 42V20l9-14c3 0 5 2 5 5l-2 8h11c3 0 5 3 4 6l-4 13c-1 3-3 4-6 4z"/>';
const THUMBS = {
  up: `<svg class="thumb" viewBox="0 0 48 48" aria-hidden="true">${THUMB}</svg>`,
  down: `<svg class="thumb" viewBox="0 0 48 48" aria-hidden="true"><g transform="rotate(180 24 24)">${THUMB}</g></svg>`,
};

function thumb(isCorrect) {
  const template = document.createElement('template');
  template.innerHTML = THUMBS[isCorrect ? 'up' : 'down'];
  return template.content;
}

/** The judgement as every answer screen shows it: a thumb and a word, announced; a wrong answer buzzes. */
export function showJudgement(feedback, isCorrect, announce) {
  feedback.className = `feedback visible ${isCorrect ? 'correct' : 'incorrect'}`;
  const text = document.createElement('span');
  text.textContent = t(isCorrect ? 'feedback.correct' : 'feedback.incorrect');
  feedback.replaceChildren(thumb(isCorrect), text);
  announce(text.textContent);
  if (!isCorrect) navigator.vibrate?.(WRONG_ANSWER_VIBRATION_MS);
}

/**
 * The answer half of a training-loop kind whose trials are answered with one of two buttons (or
 * their keys): the buttons open and close with the loop, and the judgement shows as a thumb.
 * `buttons`: answer → button id; `keys`: lower-case key → answer; `feedback`: the feedback element's id.
 */
export function twoButtonAnswer({ announce }, { buttons, keys, feedback: feedbackId }) {
  const feedback = document.getElementById(feedbackId);
  const pairs = Object.entries(buttons).map(([answer, id]) => [answer, document.getElementById(id)]);
  let answer = null; // the loop's callback while answers are open

  const setEnabled = (enabled) => { for (const [, button] of pairs) button.disabled = !enabled; };
  for (const [which, button] of pairs) button.addEventListener('click', () => answer?.({ answer: which }));

  return {
    starts() {},
    opens(trial, played, given) {
      answer = given;
      setEnabled(true);
    },
    closes() {
      answer = null;
      setEnabled(false);
    },
    show({ isCorrect }) { showJudgement(feedback, isCorrect, announce); },
    hides() {
      feedback.className = 'feedback';
    },
    keys(event) {
      const which = keys[event.key.toLowerCase()];
      if (!which) return false;
      answer?.({ answer: which });
      return true;
    },
  };
}
