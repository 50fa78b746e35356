import { api } from '../api.js';
import * as reserve from '../offline/reserve.js';
import { addStrings, t } from '../i18n/i18n.js';
import { formatCents, formatCount, formatDate, formatPercent } from '../i18n/format.js';
import { nameOf, discipline as offered } from '../catalogue.js';

addStrings({
  en: {
    'assignments.title': 'Assignments',
    'assignments.due': 'due {date}',
    'assignments.overdue': 'overdue since {date}',
    'assignments.answers': '{count} / {goal}',
    'assignments.threshold': 'goal ≤ {goal} ¢',
    'assignments.thresholdAnswered': 'goal ≤ {goal} ¢; {count} answered, no threshold yet',
    'assignments.reached': 'now {value} ¢, goal ≤ {goal} ¢',
    'assignments.thresholdReached': 'reached {value} ¢',
    'assignments.done': 'done',
    'assignments.doneReached': 'done: {value}',
    'assignments.measure': 'measure once',
    'assignments.measuring': 'measuring: {count} answered',
    'assignments.measured': 'measured {value}',
    'assignments.cents': '{value} ¢',
    'assignments.percentOfSixteenth': '{value} of a sixteenth',
  },
  de: {
    'assignments.title': 'Aufgaben',
    'assignments.due': 'fällig {date}',
    'assignments.overdue': 'überfällig seit {date}',
    'assignments.answers': '{count} / {goal}',
    'assignments.threshold': 'Ziel ≤ {goal} ¢',
    'assignments.thresholdAnswered': 'Ziel ≤ {goal} ¢; {count} beantwortet, noch keine Schwelle',
    'assignments.reached': 'jetzt {value} ¢, Ziel ≤ {goal} ¢',
    'assignments.thresholdReached': '{value} ¢ erreicht',
    'assignments.done': 'erledigt',
    'assignments.doneReached': 'erledigt: {value}',
    'assignments.measure': 'einmal messen',
    'assignments.measuring': 'Messung läuft: {count} beantwortet',
    'assignments.measured': 'gemessen {value}',
    'assignments.cents': '{value} ¢',
    'assignments.percentOfSixteenth': '{value} einer Sechzehntel',
  },
});

/** A threshold or a measurement in the unit the server names for the task. */
function reachedText(task, value) {
  return task.unit === 'percentOfSixteenth'
    ? t('assignments.percentOfSixteenth', { value: formatPercent(value / 100, 1) })
    : t('assignments.cents', { value: formatCents(value) });
}

/**
 * How far a task is, as the API counts it: answers of the goal's, the threshold to reach (the
 * server's fit of the task's own answers), or a measurement to finish; once done, what was reached,
 * where the goal reads a value.
 */
export function progressText(task, progress) {
  if (progress.status === 'done') {
    if (task.threshold !== null && progress.reached !== null) {
      return t('assignments.thresholdReached', { value: formatCents(progress.reached) });
    }
    return task.answers === null && progress.reached !== null
      ? t('assignments.doneReached', { value: reachedText(task, progress.reached) })
      : t('assignments.done');
  }
  if (task.answers !== null) {
    return t('assignments.answers', { count: formatCount(progress.answers), goal: formatCount(task.answers) });
  }
  if (task.measure) {
    if (progress.reached !== null) return t('assignments.measured', { value: reachedText(task, progress.reached) });
    return progress.answers === 0 ? t('assignments.measure') : t('assignments.measuring', { count: formatCount(progress.answers) });
  }
  if (progress.reached !== null) {
    return t('assignments.reached', { goal: formatCents(task.threshold), value: formatCents(progress.reached) });
  }
  return progress.answers === 0
    ? t('assignments.threshold', { goal: formatCents(task.threshold) })
    : t('assignments.thresholdAnswered', { goal: formatCents(task.threshold), count: formatCount(progress.answers) });
}

/** When it is due, or since when it is overdue (the server says which). */
export function dueText(assignment) {
  return t(assignment.overdue ? 'assignments.overdue' : 'assignments.due', { date: formatDate(assignment.due) });
}

/**
 * Start's first section on a class server: each open or recent assignment with a button per task
 * ("Week 3 — Compare Intervals 40 / 60, due …"); a tap trains the task with its settings.
 * Everything it says comes from `GET /api/assignments` (offline: as last seen); the section stays
 * hidden without any. Each open task's reserve is topped up online, so that it trains offline too.
 */
export function startAssignments(section, navigate) {
  let shown = 0;

  function taskButton(entry, task, progress) {
    const button = document.createElement('button');
    button.type = 'button';
    button.id = `assignment-task-${task.id}`;
    button.className = `training-row assignment-task${progress.status === 'done' ? ' done' : ''}`;
    button.dataset.status = progress.status;
    const text = document.createElement('span');
    text.className = 'training-text';
    const name = document.createElement('span');
    name.className = 'training-name';
    name.textContent = `${entry.assignment.title} — ${nameOf(task.discipline)}`;
    const summary = document.createElement('span');
    summary.className = 'training-summary';
    summary.textContent = `${progressText(task, progress)}, ${dueText(entry.assignment)}`;
    text.append(name, summary);
    button.append(text);
    // A discipline this page cannot train (not offered here) is listed, not opened.
    button.disabled = !offered(task.discipline);
    button.addEventListener('click', () => navigate(`#/train/${task.discipline}/task/${task.id}`));
    return button;
  }

  return {
    /** Asks the server again; `user`: the signed-in user of a class server (otherwise there are none). */
    async show(user) {
      const id = ++shown;
      if (!user) {
        section.hidden = true;
        return;
      }
      const mine = await api.assignments(user.id).catch(() => null);
      if (id !== shown) return;
      const entries = mine?.assignments ?? [];
      if (mine && !mine.offline) {
        const open = entries.filter((entry) => !entry.done && !entry.assignment.overdue).flatMap((entry) =>
          entry.assignment.tasks.filter((task, index) => entry.progress[index].status !== 'done' && offered(task.discipline)));
        // One after another, in the background: a reserve is a session's worth of trials.
        (async () => { for (const task of open) await reserve.refill(user.id, task.discipline, task.id); })();
      }
      section.hidden = entries.length === 0;
      const title = document.createElement('h2');
      title.id = 'start-assignments-title';
      title.textContent = t('assignments.title');
      section.replaceChildren(title, ...entries.flatMap((entry) =>
        entry.assignment.tasks.map((task, index) => taskButton(entry, task, entry.progress[index]))));
    },
  };
}
