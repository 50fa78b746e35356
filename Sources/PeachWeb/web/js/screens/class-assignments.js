import { api } from '../api.js';
import { addStrings, hasString, language, t, translate } from '../i18n/i18n.js';
import { formatDate, formatNumber } from '../i18n/format.js';
import { disciplineName, disciplines, nameOf } from '../catalogue.js';
import { refusalText } from './sign-in.js';
import { dueText, progressText } from './start-assignments.js';

addStrings({
  en: {
    'assignments.new': 'New assignment',
    'assignments.titleField': 'Title',
    'assignments.dueField': 'Due',
    'assignments.discipline': 'Training',
    'assignments.goal': 'Goal',
    'assignments.goalAnswers': 'Answers',
    'assignments.goalThreshold': 'Threshold (¢)',
    'assignments.goalMeasure': 'One finished measurement',
    'assignments.goalValue': 'Goal value',
    'assignments.task': 'Task {number}',
    'assignments.withSettings': 'With my settings for it (as in Settings)',
    'assignments.addTask': 'Add a task',
    'assignments.removeTask': 'Remove this task',
    'assignments.create': 'Set the assignment',
    'assignments.delete': 'Delete',
    'assignments.csv': 'Download the table (CSV)',
    'assignments.none': 'No assignments yet.',
    'assignments.student': 'Student',
    'assignments.lastActivity': 'Last activity',
    'assignments.never': 'Never',
    'assignments.notStarted': 'not started',
    'assignments.sortBy': 'Sort by',
    'assignments.template': 'Save as a template (JSON)',
    'assignments.copyTo': 'Copy to the class',
    'assignments.copy': 'Copy',
    'assignments.copied': 'Copied to {name}, due the same day.',
    'assignments.fromTemplate': 'Or set it from a template file (with the due date above)',
    'assignments.notTemplate': '{file} is not a template: it holds no JSON.',
    'assignments.taskSettings': 'Settings for this task (left empty: the student’s own)',
    'assignments.ownSetting': 'The student’s own',
    'assignments.setting.intervals': 'Intervals',
    'assignments.setting.tuningSystem': 'Tuning',
    'assignments.setting.tempoBPM': 'Tempo (BPM, {min}–{max})',
    'assignments.setting.noteRangeLower': 'Lowest note',
    'assignments.setting.noteRangeUpper': 'Highest note',
    'assignments.refusal.title': 'A title is {minimum}–{maximum} characters long.',
    'assignments.refusal.titleCharacters': 'A title cannot hold control characters.',
    'assignments.refusal.due': 'Choose a due date.',
    'assignments.refusal.start': 'The start is not a date.',
    'assignments.refusal.startAfterDue': 'The start must not be after the due date.',
    'assignments.refusal.taskCount': 'An assignment has {minimum}–{maximum} tasks.',
    'assignments.refusal.discipline': '{task}: Peach has no training “{given}”.',
    'assignments.refusal.answers': '{task}: a goal of answers is {minimum}–{maximum}.',
    'assignments.refusal.noThreshold': '{task}: this training has no threshold to reach. Set a number of answers.',
    'assignments.refusal.threshold': '{task}: a threshold goal is {minimum}–{maximum} ¢.',
    'assignments.refusal.notMeasurement': '{task}: this training has no measurement. Set a number of answers.',
    'assignments.refusal.oneGoal': '{task}: a task has one goal: answers, a threshold or a measurement.',
    'assignments.refusal.setting': '{task}: Peach does not take this value for “{setting}”.',
    'assignments.refusal.noteRange': '{task}: the highest note must be at least {minimum} semitones above the lowest.',
    'assignments.refusal.student': 'This student is not in the class.',
    'assignments.refusal.notTemplate': 'This file is not a Peach assignment template.',
    'assignments.refusal.templateVersion': 'This template is in format {given}, and this Peach reads format {maximum}. Export it again from this Peach.',
  },
  de: {
    'assignments.new': 'Neue Aufgabe',
    'assignments.titleField': 'Titel',
    'assignments.dueField': 'Fällig',
    'assignments.discipline': 'Training',
    'assignments.goal': 'Ziel',
    'assignments.goalAnswers': 'Antworten',
    'assignments.goalThreshold': 'Schwelle (¢)',
    'assignments.goalMeasure': 'Eine abgeschlossene Messung',
    'assignments.goalValue': 'Zielwert',
    'assignments.task': 'Teilaufgabe {number}',
    'assignments.withSettings': 'Mit meinen Einstellungen dafür (wie in den Einstellungen)',
    'assignments.addTask': 'Teilaufgabe hinzufügen',
    'assignments.removeTask': 'Diese Teilaufgabe entfernen',
    'assignments.create': 'Aufgabe stellen',
    'assignments.delete': 'Löschen',
    'assignments.csv': 'Tabelle herunterladen (CSV)',
    'assignments.none': 'Noch keine Aufgaben.',
    'assignments.student': 'Schüler:in',
    'assignments.lastActivity': 'Zuletzt aktiv',
    'assignments.never': 'Nie',
    'assignments.notStarted': 'nicht begonnen',
    'assignments.sortBy': 'Sortieren nach',
    'assignments.template': 'Als Vorlage speichern (JSON)',
    'assignments.copyTo': 'In die Klasse kopieren',
    'assignments.copy': 'Kopieren',
    'assignments.copied': 'Nach {name} kopiert, am selben Tag fällig.',
    'assignments.fromTemplate': 'Oder aus einer Vorlagendatei stellen (mit dem Fälligkeitsdatum oben)',
    'assignments.notTemplate': '{file} ist keine Vorlage: Sie enthält kein JSON.',
    'assignments.taskSettings': 'Einstellungen für diese Teilaufgabe (leer: die eigenen der Schüler:innen)',
    'assignments.ownSetting': 'Die eigene der Schüler:innen',
    'assignments.setting.intervals': 'Intervalle',
    'assignments.setting.tuningSystem': 'Stimmung',
    'assignments.setting.tempoBPM': 'Tempo (BPM, {min}–{max})',
    'assignments.setting.noteRangeLower': 'Tiefster Ton',
    'assignments.setting.noteRangeUpper': 'Höchster Ton',
    'assignments.refusal.title': 'Ein Titel ist {minimum}–{maximum} Zeichen lang.',
    'assignments.refusal.titleCharacters': 'Ein Titel darf keine Steuerzeichen enthalten.',
    'assignments.refusal.due': 'Wähle ein Fälligkeitsdatum.',
    'assignments.refusal.start': 'Der Beginn ist kein Datum.',
    'assignments.refusal.startAfterDue': 'Der Beginn darf nicht nach dem Fälligkeitsdatum liegen.',
    'assignments.refusal.taskCount': 'Eine Aufgabe hat {minimum}–{maximum} Teilaufgaben.',
    'assignments.refusal.discipline': '{task}: Ein Training „{given}“ gibt es in Peach nicht.',
    'assignments.refusal.answers': '{task}: Ein Ziel in Antworten liegt bei {minimum}–{maximum}.',
    'assignments.refusal.noThreshold': '{task}: Dieses Training hat keine Schwelle als Ziel. Gib eine Zahl von Antworten vor.',
    'assignments.refusal.threshold': '{task}: Eine Schwelle als Ziel liegt bei {minimum}–{maximum} ¢.',
    'assignments.refusal.notMeasurement': '{task}: Dieses Training hat keine Messung. Gib eine Zahl von Antworten vor.',
    'assignments.refusal.oneGoal': '{task}: Eine Teilaufgabe hat ein Ziel: Antworten, eine Schwelle oder eine Messung.',
    'assignments.refusal.setting': '{task}: Diesen Wert für „{setting}“ nimmt Peach nicht an.',
    'assignments.refusal.noteRange': '{task}: Der höchste Ton muss mindestens {minimum} Halbtöne über dem tiefsten liegen.',
    'assignments.refusal.student': 'Diese Person ist nicht in der Klasse.',
    'assignments.refusal.notTemplate': 'Diese Datei ist keine Aufgabenvorlage von Peach.',
    'assignments.refusal.templateVersion': 'Diese Vorlage hat das Format {given}, dieses Peach liest Format {maximum}. Exportiere sie noch einmal aus diesem Peach.',
  },
});

export const MARKUP = `
<section id="class-assignments" class="class-assignments" aria-labelledby="class-assignments-title">
  <h2 id="class-assignments-title" data-i18n="assignments.title"></h2>
  <div id="class-assignment-tables"></div>
  <p id="class-assignments-none" class="empty-state" data-i18n="assignments.none" hidden></p>
  <form id="assignment-form" class="assignment-form">
    <h3 data-i18n="assignments.new"></h3>
    <label><span data-i18n="assignments.titleField"></span>
      <input id="assignment-title" name="title" required></label>
    <label><span data-i18n="assignments.dueField"></span>
      <input id="assignment-due" name="due" type="date" required></label>
    <ol id="assignment-tasks" class="assignment-tasks"></ol>
    <button id="assignment-add-task" type="button" data-i18n="assignments.addTask"></button>
    <button id="assignment-create" class="primary" type="submit" data-i18n="assignments.create"></button>
    <label><span data-i18n="assignments.fromTemplate"></span>
      <input id="assignment-template-file" type="file" accept=".json,application/json"></label>
    <p id="assignment-status" class="status" role="alert"></p>
  </form>
</section>`;

// One task of the form: its training, its goal and, where ticked, the teacher's own settings for it.
const TASK_FIELDS = `
<fieldset>
  <legend></legend>
  <label><span data-i18n="assignments.discipline"></span><select class="task-discipline"></select></label>
  <label><span data-i18n="assignments.goal"></span>
    <select class="task-goal">
      <option value="answers" data-i18n="assignments.goalAnswers"></option>
      <option value="threshold" data-i18n="assignments.goalThreshold"></option>
      <option value="measure" data-i18n="assignments.goalMeasure"></option>
    </select></label>
  <label class="task-value-field"><span data-i18n="assignments.goalValue"></span>
    <input class="task-value" type="number" step="any" value="60" required></label>
  <label class="assignment-check"><input class="task-with-settings" type="checkbox">
    <span data-i18n="assignments.withSettings"></span></label>
  <fieldset class="task-settings" hidden>
    <legend data-i18n="assignments.taskSettings"></legend>
  </fieldset>
  <button class="task-remove" type="button" data-i18n="assignments.removeTask"></button>
</fieldset>`;

/**
 * The settings a task's form offers a field for, where its training reads them (the catalogue's
 * `settings`): what a teacher sets most. Their choices and bounds are the server's (`GET
 * /api/settings`), and whether they fit together (a note range too narrow) is the server's to say.
 */
const TASK_SETTINGS = ['intervals', 'tuningSystem', 'tempoBPM', 'noteRangeLower', 'noteRangeUpper'];

/** A select offering the student's own value first, then `options` as [value, text]. */
function ownOrChoice(options, multiple = false) {
  const select = document.createElement('select');
  if (multiple) {
    select.multiple = true;
    select.size = Math.min(options.length, 6);
  } else {
    select.append(new Option(t('assignments.ownSetting'), ''));
  }
  select.append(...options.map(([value, text]) => new Option(text, value)));
  return select;
}

/** The control of one task setting, from the server's choices and ranges. */
function settingControl(name, { choices, ranges }) {
  if (name === 'intervals') {
    return ownOrChoice(choices.intervals.map((interval) => [JSON.stringify(interval),
      t('interval.named', { name: t(`interval.${interval.name}`), direction: t(`interval.${interval.direction}`) })]), true);
  }
  if (name === 'tuningSystem') return ownOrChoice(choices.tuningSystems.map((system) => [system, t(`tuning.${system}`)]));
  if (name === 'tempoBPM') {
    const input = document.createElement('input');
    Object.assign(input, { type: 'number', step: '1', inputMode: 'numeric', placeholder: t('assignments.ownSetting') });
    return input;
  }
  const [lowest, highest] = ranges.noteRange;
  const notes = [];
  for (let note = lowest; note <= highest; note += 1) notes.push([String(note), choices.noteNames[note]]);
  return ownOrChoice(notes);
}

/** The label of one task setting: the tempo says its range, which the form does not enforce. */
function settingLabel(name, { ranges }) {
  const [min, max] = name === 'tempoBPM' ? ranges.tempoBPM : [];
  return t(`assignments.setting.${name}`, { min, max });
}

/**
 * A refused assignment or template in the page's language: the server sends why (`reason`) and
 * what the sentence names (the task, the setting, the bounds); any other refusal as every form says it.
 */
function assignmentRefusal(error, offered) {
  const detail = error.detail ?? {};
  const key = `assignments.refusal.${detail.reason}`;
  if (detail.code !== 'invalidAssignment' || !hasString(key)) return refusalText(error);
  const labelled = detail.setting && offered && hasString(`assignments.setting.${detail.setting}`);
  const digits = (value) => (Number.isInteger(value) ? 0 : 1);
  return t(key, {
    ...detail,
    task: t('assignments.task', { number: detail.task }),
    setting: labelled ? settingLabel(detail.setting, offered) : detail.setting,
    minimum: detail.minimum === undefined ? '' : formatNumber(detail.minimum, digits(detail.minimum)),
    maximum: detail.maximum === undefined ? '' : formatNumber(detail.maximum, digits(detail.maximum)),
  });
}

/** The value a control holds in the API's shape; undefined where the student's own is left. */
function settingValue(name, control) {
  if (name === 'intervals') {
    const chosen = [...control.selectedOptions].map((option) => JSON.parse(option.value));
    return chosen.length > 0 ? chosen : undefined;
  }
  if (control.value === '') return undefined;
  return name === 'tuningSystem' ? control.value : Number(control.value);
}

// A task's column in order of how far each student is, from the figures the server sends: not
// started, in progress (the nearer a threshold goal or the lower a measurement, then the more
// answers), done.
const STATUS_ORDER = ['notStarted', 'inProgress', 'done'];

function progressOrder(task, progress) {
  const nearer = task.answers === null && progress.reached !== null ? -progress.reached : -Infinity;
  return [STATUS_ORDER.indexOf(progress.status), nearer, progress.answers];
}

const byKeys = (a, b) => a.reduce((found, value, index) => found || (value > b[index]) - (value < b[index]), 0);

/** How two rows of `assignment`'s table compare in `column` (ascending); `names` compares students' names. */
function comparing(assignment, column, names) {
  if (column === 'lastActivity') {
    const time = (row) => (row.lastActivity ? Date.parse(row.lastActivity) : -Infinity);
    return (a, b) => byKeys([time(a)], [time(b)]);
  }
  const index = column.startsWith('task-') ? Number(column.slice('task-'.length)) : -1;
  // A task column the assignment no longer has (changed since it was sorted) sorts by name.
  const task = assignment.tasks[index];
  if (task) {
    return (a, b) => byKeys(progressOrder(task, a.tasks[index]), progressOrder(task, b.tasks[index]));
  }
  return (a, b) => names.compare(a.student.name, b.student.name);
}

const SORTS_KEY = 'peach.assignmentSorts';

/** The sorts kept on this device; none when what is kept cannot be read (written by an older page). */
function keptSorts() {
  try {
    const kept = JSON.parse(localStorage.getItem(SORTS_KEY) ?? '[]');
    return new Map(kept.filter(([id, sort]) => Number.isInteger(id) && typeof sort?.column === 'string' && typeof sort.ascending === 'boolean'));
  } catch {
    return new Map();
  }
}

/**
 * A class's assignments on its teacher's screen: a table per assignment (each student it is for ×
 * each task, as the server counts them; a card per student on a phone, under a row of the column
 * buttons), and a form for a new one: a title, a due date and one task. The server checks what the
 * form sends and says what is wrong. Every column header sorts the rows by that column (again:
 * the other way round); how each table is sorted is kept on the device, across reloads.
 */
export function classAssignments() {
  const tables = document.getElementById('class-assignment-tables');
  const none = document.getElementById('class-assignments-none');
  const form = document.getElementById('assignment-form');
  const status = document.getElementById('assignment-status');
  let classId = null;
  let shown = 0;
  // The teacher's other classes, where an assignment can be copied.
  let otherClasses = [];
  // Each table's sort by its assignment's id: `{ column, ascending }`; by the student's name at first.
  // Kept on this device, so the table a teacher sorted is sorted so when they come back to it.
  const sorts = keptSorts();
  const sortOf = (id) => sorts.get(id) ?? { column: 'student', ascending: true };
  // The server's choices and ranges of the settings (`GET /api/settings`), once asked for.
  let offered = null;
  /** What an assignment may hold (`limits` of the class's assignments), once the server said. */
  let limits = null;

  const taskList = document.getElementById('assignment-tasks');

  /**
   * A threshold to reach only where the discipline's kind has one, a finished measurement only for
   * a measurement, as the catalogue says; a measurement has no number to give.
   */
  function offerGoals(fields) {
    const entry = disciplines().find((candidate) => candidate.id === fields.querySelector('.task-discipline').value);
    const goal = fields.querySelector('.task-goal');
    goal.querySelector('option[value="threshold"]').disabled = !entry?.thresholdGoal;
    goal.querySelector('option[value="measure"]').disabled = !entry?.measures;
    if (goal.selectedOptions[0]?.disabled) goal.value = 'answers';
    const measuring = goal.value === 'measure';
    fields.querySelector('.task-value-field').hidden = measuring;
    const value = fields.querySelector('.task-value');
    value.disabled = measuring;
    // The bounds the server checks a goal against, offered before it is sent.
    if (limits && !measuring) {
      [value.min, value.max] = goal.value === 'threshold' ? limits.threshold : limits.answers;
      value.step = goal.value === 'threshold' ? 'any' : '1';
    }
  }

  /**
   * A field for each of `TASK_SETTINGS` the task's training reads; what was chosen in a field the
   * training still reads stays (a language change draws the fields again).
   */
  function offerSettings(fields) {
    const box = fields.querySelector('.task-settings');
    const discipline = fields.querySelector('.task-discipline').value;
    const reads = disciplines().find((candidate) => candidate.id === discipline)?.settings ?? [];
    const names = offered ? TASK_SETTINGS.filter((name) => reads.includes(name)) : [];
    const kept = new Map([...box.querySelectorAll('.task-setting')].map((control) => [control.dataset.setting, control]));
    box.querySelectorAll('label').forEach((label) => label.remove());
    for (const name of names) {
      const label = document.createElement('label');
      const caption = document.createElement('span');
      caption.textContent = settingLabel(name, offered);
      const control = settingControl(name, offered);
      control.classList.add('task-setting');
      control.dataset.setting = name;
      const before = kept.get(name);
      if (before?.multiple) {
        const chosen = new Set([...before.selectedOptions].map((option) => option.value));
        for (const option of control.options) option.selected = chosen.has(option.value);
      } else if (before) {
        control.value = before.value;
      }
      label.append(caption, control);
      box.append(label);
    }
    box.hidden = names.length === 0;
  }

  function fillDisciplines(fields) {
    const select = fields.querySelector('.task-discipline');
    const chosen = select.value;
    select.replaceChildren(...disciplines().map((entry) => new Option(disciplineName(entry), entry.id)));
    if (chosen) select.value = chosen;
    offerGoals(fields);
    offerSettings(fields);
  }

  /** Numbers the tasks; the only one left cannot be removed, and no more are added than an assignment holds. */
  function numberTasks() {
    const all = [...taskList.children];
    all.forEach((item, index) => {
      item.querySelector('legend').textContent = t('assignments.task', { number: index + 1 });
      item.querySelector('.task-remove').hidden = all.length === 1;
    });
    document.getElementById('assignment-add-task').disabled = limits !== null && all.length >= limits.tasks[1];
  }

  function addTask() {
    const item = document.createElement('li');
    item.innerHTML = TASK_FIELDS;
    translate(item);
    taskList.append(item);
    fillDisciplines(item);
    item.querySelector('.task-discipline').addEventListener('change', () => {
      offerGoals(item);
      offerSettings(item);
    });
    item.querySelector('.task-goal').addEventListener('change', () => offerGoals(item));
    item.querySelector('.task-remove').addEventListener('click', () => {
      item.remove();
      numberTasks();
    });
    numberTasks();
    return item;
  }
  document.getElementById('assignment-add-task').addEventListener('click', () => {
    addTask().querySelector('.task-discipline').focus();
  });

  /** A fresh form: one task, its fields as a new one's. */
  function resetTasks() {
    taskList.replaceChildren();
    addTask();
  }

  /**
   * The task one set of fields describes. With the teacher's settings ticked, it trains with the
   * teacher's own values of the settings its discipline reads (the catalogue's list): set them in
   * Settings, then set the task. A value set in the task's own fields goes over them; the server
   * says what it will not take.
   */
  function taskOf(fields, own) {
    const discipline = fields.querySelector('.task-discipline').value;
    const value = Number(fields.querySelector('.task-value').value);
    const goals = { answers: { answers: Math.round(value) }, threshold: { threshold: value }, measure: { measure: true } };
    const task = { discipline, ...goals[fields.querySelector('.task-goal').value] };
    if (fields.querySelector('.task-with-settings').checked) {
      const names = disciplines().find((entry) => entry.id === discipline)?.settings ?? [];
      task.settings = Object.fromEntries(names.filter((name) => name in own).map((name) => [name, own[name]]));
    }
    const set = [...fields.querySelectorAll('.task-setting')]
      .map((control) => [control.dataset.setting, settingValue(control.dataset.setting, control)])
      .filter(([, chosen]) => chosen !== undefined);
    if (set.length > 0) task.settings = { ...task.settings, ...Object.fromEntries(set) };
    return task;
  }

  function cell(text, label, className) {
    const td = document.createElement('td');
    td.textContent = text;
    td.dataset.label = label;
    if (className) td.className = className;
    return td;
  }

  function sortButton(th, text, column, entry) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'sort-button';
    button.dataset.column = column;
    button.textContent = text;
    button.addEventListener('click', () => {
      const now = sortOf(entry.assignment.id);
      sorts.set(entry.assignment.id, { column, ascending: now.column === column ? !now.ascending : true });
      localStorage.setItem(SORTS_KEY, JSON.stringify([...sorts]));
      showSorted(th.closest('table'), entry);
    });
    th.append(button);
  }

  /** Puts the table's rows in its sort's order, and says the order on the sorted column's header. */
  function showSorted(table, { assignment, rows }) {
    const sort = sortOf(assignment.id);
    for (const th of table.tHead.rows[0].cells) {
      if (th.querySelector('.sort-button').dataset.column === sort.column) {
        th.setAttribute('aria-sort', sort.ascending ? 'ascending' : 'descending');
      } else {
        th.removeAttribute('aria-sort');
      }
    }
    const names = new Intl.Collator(language());
    const compare = comparing(assignment, sort.column, names);
    // Equal in the column: by name, A to Z either way.
    const body = table.tBodies[0];
    const trs = new Map([...body.rows].map((tr) => [tr.dataset.student, tr]));
    const order = rows.map((row) => ({ row, tr: trs.get(String(row.student.id)) }));
    order.sort((a, b) => (sort.ascending ? 1 : -1) * compare(a.row, b.row) || names.compare(a.row.student.name, b.row.student.name));
    body.append(...order.map(({ tr }) => tr));
  }

  function assignmentTable(entry) {
    const { assignment, rows } = entry;
    const section = document.createElement('section');
    section.className = 'assignment';
    section.dataset.assignment = assignment.id;
    const heading = document.createElement('h3');
    heading.textContent = `${assignment.title} (${dueText(assignment)})`;
    if (assignment.overdue) heading.classList.add('overdue');
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.className = 'assignment-delete';
    remove.textContent = t('assignments.delete');
    remove.addEventListener('click', async () => {
      try {
        await api.deleteAssignment(classId, assignment.id);
        load(classId);
      } catch (error) {
        status.textContent = refusalText(error);
      }
    });
    const table = document.createElement('table');
    table.className = 'class-table assignment-table';
    const head = table.createTHead().insertRow();
    // On a phone the header is a row of buttons above the cards: it says what they do.
    head.dataset.label = t('assignments.sortBy');
    const names = assignment.tasks.map((task) => nameOf(task.discipline));
    const columns = [['student', t('assignments.student')], ...names.map((text, index) => [`task-${index}`, text]),
      ['lastActivity', t('assignments.lastActivity')]];
    for (const [column, text] of columns) {
      const th = document.createElement('th');
      th.scope = 'col';
      sortButton(th, text, column, entry);
      head.append(th);
    }
    const body = table.createTBody();
    for (const row of rows) {
      const tr = body.insertRow();
      tr.dataset.student = row.student.id;
      const name = document.createElement('th');
      name.scope = 'row';
      name.textContent = row.student.name;
      tr.append(name, ...assignment.tasks.map((task, index) => {
        const progress = row.tasks[index];
        const text = progress.status === 'notStarted' ? t('assignments.notStarted') : progressText(task, progress);
        const td = cell(text, names[index], `task-${progress.status}`);
        td.dataset.status = progress.status;
        return td;
      }), cell(row.lastActivity ? formatDate(row.lastActivity, true) : t('assignments.never'), t('assignments.lastActivity')));
    }
    showSorted(table, entry);
    const csv = document.createElement('a');
    csv.className = 'button-link assignment-csv';
    csv.href = api.assignmentTableURL(classId, assignment.id);
    csv.download = '';
    csv.textContent = t('assignments.csv');
    const template = document.createElement('a');
    template.className = 'button-link assignment-template';
    template.href = api.assignmentTemplateURL(classId, assignment.id);
    template.download = '';
    template.textContent = t('assignments.template');
    // Delete last, away from the rest.
    section.append(heading, table, csv, template, ...(otherClasses.length > 0 ? [copyForm(assignment)] : []), remove);
    return section;
  }

  /** Sets the assignment again in another class of the teacher's, from its template, due when it is. */
  function copyForm(assignment) {
    const copy = document.createElement('form');
    copy.className = 'assignment-copy';
    const label = document.createElement('label');
    const text = document.createElement('span');
    text.textContent = t('assignments.copyTo');
    const target = document.createElement('select');
    target.className = 'assignment-copy-class';
    target.append(...otherClasses.map((other) => new Option(other.name, other.id)));
    label.append(text, target);
    const button = document.createElement('button');
    button.type = 'submit';
    button.textContent = t('assignments.copy');
    copy.append(label, button);
    copy.addEventListener('submit', async (event) => {
      event.preventDefault();
      status.textContent = '';
      try {
        const template = await api.assignmentTemplate(classId, assignment.id);
        await api.createAssignmentFromTemplate(target.value, { template, due: assignment.due, start: assignment.start ?? undefined });
        status.textContent = t('assignments.copied', { name: target.selectedOptions[0].textContent });
      } catch (error) {
        status.textContent = assignmentRefusal(error, offered);
      }
    });
    return copy;
  }

  async function load(id) {
    // A draft, and what was said about it, belong to the class it was begun in.
    if (classId !== null && String(id) !== String(classId)) {
      form.reset();
      resetTasks();
      status.textContent = '';
    }
    classId = id;
    const asked = ++shown;
    if (taskList.children.length === 0) addTask();
    for (const item of taskList.children) fillDisciplines(item);
    numberTasks();
    try {
      const [{ assignments, limits: served }, { classes }, { choices, ranges }] = await Promise.all(
        [api.classAssignments(id), api.classes(), api.settings()]);
      if (asked !== shown) return;
      limits = served;
      const title = document.getElementById('assignment-title');
      [title.minLength, title.maxLength] = limits.titleLength;
      for (const item of taskList.children) offerGoals(item);
      numberTasks();
      offered = { choices, ranges };
      for (const item of taskList.children) offerSettings(item);
      otherClasses = classes.filter((other) => String(other.id) !== String(id));
      none.hidden = assignments.length > 0;
      tables.replaceChildren(...assignments.map(assignmentTable));
    } catch (error) {
      if (asked === shown) status.textContent = refusalText(error);
    }
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    status.textContent = '';
    const items = [...taskList.children];
    try {
      const checked = items.some((item) => item.querySelector('.task-with-settings').checked);
      const own = checked ? (await api.settings()).settings : {};
      // Due at the end of the chosen day where the teacher is.
      const due = new Date(`${document.getElementById('assignment-due').value}T23:59:59`);
      await api.createAssignment(classId, {
        title: document.getElementById('assignment-title').value,
        due: due.toISOString(),
        tasks: items.map((item) => taskOf(item, own)),
      });
      form.reset();
      resetTasks();
      load(classId);
    } catch (error) {
      status.textContent = assignmentRefusal(error, offered);
    }
  });
  // A template file, set with the form's due date (the day's end where the teacher is, as above).
  const templateFile = document.getElementById('assignment-template-file');
  templateFile.addEventListener('change', async () => {
    status.textContent = '';
    const [file] = templateFile.files;
    const dueField = document.getElementById('assignment-due');
    if (!file) return;
    if (!dueField.reportValidity()) {
      templateFile.value = '';
      return;
    }
    let template;
    try {
      template = JSON.parse(await file.text());
    } catch {
      status.textContent = t('assignments.notTemplate', { file: file.name });
      templateFile.value = '';
      return;
    }
    try {
      const due = new Date(`${dueField.value}T23:59:59`);
      await api.createAssignmentFromTemplate(classId, { template, due: due.toISOString() });
      form.reset();
      resetTasks();
      load(classId);
    } catch (error) {
      status.textContent = assignmentRefusal(error, offered);
      templateFile.value = '';
    }
  });
  document.addEventListener('languagechange', () => { if (classId !== null) load(classId); });

  return { load, hide() { shown += 1; } };
}
