import { choiceRow } from './choice-row.js';
import { soundLabel, t, translate } from '../i18n/i18n.js';
import { trainingLoop } from './training-loop.js';
import { showJudgement } from './two-button-answer.js';

/**
 * A training screen answered by naming one of the trial's choices (a scale degree, a chord
 * quality): its section (title, question, a status line, the sound, the last result, a row of
 * large buttons, the keys hint, the judgement), the answers by button and by the server's keys, and
 * the judgement as on every screen. Its ids and strings are named after `name` (`screen-degree`,
 * `keys.degree`…); the status line's id after `status` too (`degree-key`).
 *
 * A kind gives how to load and play a trial, what a trial starts with (`starts(trial)` →
 * `{ choices: [{ value, label, key }], status }`) and the line a result leaves on the page
 * (`lastLine(result)`), which stays while the next trial plays.
 */
export function namingScreen(context, { name, status, rowClass, load, play, starts, lastLine }) {
  const section = document.createElement('section');
  section.id = `screen-${name}`;
  section.className = 'screen';
  section.hidden = true;
  section.setAttribute('aria-labelledby', `${name}-title`);
  section.innerHTML = `
    <header class="bar">
      <a href="#/" class="back" data-i18n="nav.back"></a>
      <h1 id="${name}-title"></h1>
    </header>
    <p class="hint question" data-i18n="${name}.question"></p>
    <p id="${name}-${status}" class="interval-label" role="status"></p>
    <p id="${name}-sound" class="sound-line" hidden></p>
    <p id="${name}-last" class="hint last-result" aria-live="polite"></p>
    <div id="${name}-buttons" class="answer-buttons ${rowClass}" role="group" aria-labelledby="${name}-title"></div>
    <p class="keys-hint" data-i18n="keys.${name}"></p>
    <div id="${name}-feedback" class="feedback" aria-hidden="true"></div>`;
  document.getElementById('screen-start').parentElement.append(section);
  translate(section);

  const part = (id) => section.querySelector(`#${name}-${id}`);
  const [statusLine, sound, last, feedback] = [part(status), part('sound'), part('last'), part('feedback')];
  let answer = null; // the loop's callback while answers are open
  const row = choiceRow(part('buttons'), { idPrefix: `answer-${name}`, chosen: (value) => answer?.({ answer: value }) });

  return trainingLoop(context, {
    screen: section.id,
    enter() {
      statusLine.textContent = '';
      sound.hidden = true;
      // Holds its line from the start, so the buttons do not move when the first result arrives.
      last.textContent = '\u00a0';
    },
    load,
    play,
    starts(trial) {
      const started = starts(trial);
      row.show(started.choices);
      statusLine.textContent = started.status;
      sound.textContent = t('training.sound', { name: soundLabel(trial.sound.id, trial.sound.name) });
      sound.hidden = false;
    },
    opens(trial, played, given) {
      answer = given;
      row.setEnabled(true);
    },
    closes() {
      answer = null;
      row.setEnabled(false);
    },
    show(result) {
      showJudgement(feedback, result.isCorrect, context.announce);
      last.textContent = lastLine(result);
    },
    hides() {
      feedback.className = 'feedback';
    },
    keys(event) {
      const which = row.valueForKey(event.key);
      if (!which) return false;
      answer?.({ answer: which });
      return true;
    },
  });
}
