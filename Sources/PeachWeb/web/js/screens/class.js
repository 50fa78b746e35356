import { api } from '../api.js';
import { addStrings, language, t } from '../i18n/i18n.js';
import { formatCents, formatCount, formatDate, formatPercent } from '../i18n/format.js';
import { allDisciplines, disciplineName } from '../catalogue.js';
import { refusalText } from './sign-in.js';
import { trendText } from './profile.js';
import { missingText } from '../profile/missing-threshold.js';
import { watchWidth } from '../profile/width-watch.js';
import { addScreen } from './screen.js';
import { classAssignments, MARKUP as ASSIGNMENTS } from './class-assignments.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'classes.backToList': '‹ My classes',
    'classes.noFigure': 'Not enough data yet',
    'classes.threshold': '{value} ¢ ({lower}–{upper})',
    'classes.thresholdOpen': 'at least {lower} ¢',
    'classes.openProfile': 'Open the profile of {name}',
    'classes.never': 'Never',
    'classes.invitation': 'Invitation code: {code}',
    'classes.chartAlt': 'Thresholds of the class: {placed} of {count} students with a threshold, each with where it likely lies',
    'classes.noStudents': 'No students yet. Give them the invitation code.',
    'classes.student': 'Student',
    'classes.thresholdColumn': 'Threshold (likely range)',
    'classes.trials': 'All answers',
    'classes.accuracy': '{percent} right ({answers} answers)',
    'classes.lastActivity': 'Last activity',
    'classes.csv': 'Download the summary (CSV)',
    'classes.preparing': 'Figures of {count} of {total} students are still being prepared; this page updates itself.',
    'classes.preparingRow': 'Preparing…',
    'classes.updatingRow': '(updating…)',
    'classes.preparingOne': 'The figures of the class’s one student are still being prepared; this page updates itself.',
    'classes.password.oneTime': 'Has not yet changed the one-time password',
    'classes.password.invitation': 'Has not yet used the invitation link',
    'classes.password.invitationExpired': 'Invitation link expired unused: needs a new one',
  },
  de: {
    'classes.backToList': '‹ Meine Klassen',
    'classes.noFigure': 'Noch zu wenige Daten',
    'classes.threshold': '{value} ¢ ({lower}–{upper})',
    'classes.thresholdOpen': 'mindestens {lower} ¢',
    'classes.openProfile': 'Profil von {name} öffnen',
    'classes.never': 'Nie',
    'classes.invitation': 'Einladungscode: {code}',
    'classes.chartAlt': 'Schwellen der Klasse: {placed} von {count} Schüler:innen mit Schwelle, jeweils mit dem Bereich, in dem sie wahrscheinlich liegt',
    'classes.noStudents': 'Noch keine Schüler:innen. Gib ihnen den Einladungscode.',
    'classes.student': 'Schüler:in',
    'classes.thresholdColumn': 'Schwelle (wahrscheinlicher Bereich)',
    'classes.trials': 'Alle Antworten',
    'classes.accuracy': '{percent} richtig ({answers} Antworten)',
    'classes.lastActivity': 'Zuletzt aktiv',
    'classes.csv': 'Übersicht herunterladen (CSV)',
    'classes.preparing': 'Die Zahlen von {count} der {total} Schüler:innen werden noch vorbereitet; diese Seite aktualisiert sich selbst.',
    'classes.preparingRow': 'Wird vorbereitet…',
    'classes.updatingRow': '(wird aktualisiert…)',
    'classes.preparingOne': 'Die Zahlen der einzigen Person in der Klasse werden noch vorbereitet; diese Seite aktualisiert sich selbst.',
    'classes.password.oneTime': 'Hat das Einmalpasswort noch nicht geändert',
    'classes.password.invitation': 'Hat den Einladungslink noch nicht benutzt',
    'classes.password.invitationExpired': 'Einladungslink ungenutzt abgelaufen: braucht einen neuen',
  },
});

/** The screen's markup: its strings by key (data-i18n), filled in by translate. */
const MARKUP = `
<section id="screen-class" class="screen" aria-labelledby="class-title" hidden>
  <header class="bar">
    <a href="#/classes" class="back" data-i18n="classes.backToList"></a>
    <h1 id="class-title"></h1>
  </header>
  <div class="class-view">
    <p id="class-invitation" class="hint"></p>
    <p id="class-status" class="status" role="alert"></p>
    <p id="class-preparing" class="hint" hidden></p>
    <div id="class-chart" class="class-chart" role="img" hidden></div>
    <p id="class-empty" class="empty-state" data-i18n="classes.noStudents" hidden></p>
    <div class="class-students">
      <table id="class-students" class="class-table">
        <thead>
          <tr>
            <th scope="col" data-i18n="classes.student"></th>
            <th scope="col" data-i18n="classes.thresholdColumn"></th>
            <th scope="col" data-i18n="profile.trend"></th>
            <th scope="col" data-i18n="classes.trials"></th>
            <th scope="col" data-i18n="classes.lastActivity"></th>
          </tr>
        </thead>
        <tbody id="class-students-body"></tbody>
      </table>
    </div>
    <a id="class-csv" class="button-link" download data-i18n="classes.csv"></a>
    ${ASSIGNMENTS}
  </div>
</section>`;

/**
 * The student's fitted threshold as their own Profile states it; an interval open above says "at
 * least", and none says why (`missing`, the server's reason) when the server says.
 */
function thresholdText(fit, missing = null) {
  if (!fit) return missingText(missing, 'profile.missingShort.pending', 'profile.missingShort');
  return fit.upperIsOpen
    ? t('classes.thresholdOpen', { lower: formatCents(fit.lower) })
    : t('classes.threshold', { value: formatCents(fit.threshold), lower: formatCents(fit.lower), upper: formatCents(fit.upper) });
}

/** A discipline's own figure: its threshold or its share of right answers, whichever it states. */
function ownFigureText(figures) {
  if (figures.threshold) return thresholdText(figures.threshold);
  // A kind that fits a threshold says why it has none, as the student's Profile does.
  if (figures.missingThreshold) return thresholdText(null, figures.missingThreshold);
  if (figures.accuracy === null) return t('classes.noFigure');
  return t('classes.accuracy', { percent: formatPercent(figures.accuracy), answers: formatCount(figures.answers) });
}

/** How often the screen asks again while some students' figures are still being prepared. */
const PREPARING_POLL_MS = 3000;

// One class as its teacher sees it: the distribution of the students' thresholds (one chart, drawn by
// the server), a row per student, the CSV. A student's name opens their profile, read-only. Rows
// whose figures the server is still preparing say so, and the screen asks again until none is left.
export function classScreen({ navigate }) {
  const element = addScreen(MARKUP);
  const assignments = classAssignments();
  const body = document.getElementById('class-students-body');
  const table = document.getElementById('class-students');
  const empty = document.getElementById('class-empty');
  const chart = document.getElementById('class-chart');
  const status = document.getElementById('class-status');
  const preparing = document.getElementById('class-preparing');
  const headers = table.tHead.rows[0].cells;
  const answersHeader = headers[headers.length - 2];
  /** The columns of the disciplines with a figure of their own, between Trend and All answers: as many as the server lists. */
  let ownColumns = [];
  let shown = 0;
  /** The names of the class shown last, for a student's profile opened from it. */
  const names = new Map();
  let poll = null;
  /** The width the chart shown was drawn for (null before one is): asked again when the page's width changes. */
  let chartWidth = null;
  let chartsAsked = 0;
  let stopWatchingWidth = null;
  const widthNow = () => Math.min(4000, Math.max(280, Math.round(chart.clientWidth)));

  /** Inline, so that it takes the page's colours (dark too), and as wide as it is shown. */
  async function drawChart(classId) {
    const asked = ++chartsAsked;
    const width = widthNow();
    const svg = await api.classChartSvg(classId, language(), width);
    // Asked again since (a later view, a new width) or the screen was left.
    if (asked !== chartsAsked) return;
    chartWidth = width;
    chart.innerHTML = svg;
    chart.querySelector('svg').setAttribute('aria-hidden', 'true');
  }

  function row(classId, student) {
    const tr = document.createElement('tr');
    const name = document.createElement('th');
    name.scope = 'row';
    const open = document.createElement('a');
    open.href = `#/classes/${classId}/students/${student.id}`;
    open.textContent = student.name;
    open.setAttribute('aria-label', t('classes.openProfile', { name: student.name }));
    name.append(open);
    // Who still signs in with what someone else was given: the teacher hands out a new password or link.
    if (student.password !== 'own') {
      const mark = document.createElement('span');
      mark.className = 'password-mark';
      mark.dataset.password = student.password;
      mark.textContent = t(`classes.password.${student.password}`);
      name.append(mark);
    }
    // Being prepared with no earlier fit (after an upgrade): one cell says so. A student who
    // answered since keeps the last fit's figures, marked as being updated.
    if (student.preparing && student.trials === null) {
      const cell = document.createElement('td');
      cell.className = 'preparing';
      cell.colSpan = headers.length - 1;
      cell.textContent = t('classes.preparingRow');
      tr.append(name, cell);
      return tr;
    }
    const cells = [
      thresholdText(student.threshold, student.missingThreshold),
      trendText(student.trend, student.change?.answers ?? null),
      ...student.disciplines.map(ownFigureText),
      formatCount(student.trials),
      student.lastActivity ? formatDate(student.lastActivity, true) : t('classes.never'),
    ].map((text, column) => {
      const cell = document.createElement('td');
      cell.textContent = text;
      // On a narrow screen each student is a card: every value names its column.
      cell.dataset.label = headers[column + 1].textContent;
      if (ownColumns.includes(headers[column + 1])) cell.className = 'own-figure';
      return cell;
    });
    if (student.preparing) {
      const updating = document.createElement('span');
      updating.className = 'updating';
      updating.textContent = t('classes.updatingRow');
      name.append(' ', updating);
    }
    tr.append(name, ...cells);
    return tr;
  }

  /** `disciplines`: the ids the server lists for the class, each a column of its own. */
  function showOwnColumns(disciplines) {
    for (const column of ownColumns) column.remove();
    ownColumns = disciplines.map((discipline) => {
      const header = document.createElement('th');
      header.scope = 'col';
      const entry = allDisciplines().find((candidate) => candidate.id === discipline);
      header.textContent = entry ? disciplineName(entry) : discipline;
      answersHeader.before(header);
      return header;
    });
  }

  async function load(classId) {
    const id = ++shown;
    clearTimeout(poll);
    status.textContent = '';
    try {
      const detail = await api.classDetail(classId);
      if (id !== shown) return;
      document.getElementById('class-title').textContent = detail.name;
      document.getElementById('class-invitation').textContent = t('classes.invitation', { code: detail.invitation });
      names.clear();
      for (const student of detail.students) names.set(String(student.id), student.name);
      empty.hidden = detail.students.length > 0;
      table.hidden = detail.students.length === 0;
      showOwnColumns(detail.disciplines);
      body.replaceChildren(...detail.students.map((student) => row(classId, student)));
      preparing.hidden = detail.preparing === 0;
      preparing.textContent = detail.preparing === 0 ? ''
        : detail.students.length === 1 ? t('classes.preparingOne')
          : t('classes.preparing', { count: formatCount(detail.preparing), total: formatCount(detail.students.length) });
      if (detail.preparing > 0) poll = setTimeout(() => load(classId), PREPARING_POLL_MS);
      const placed = detail.students.filter((student) => student.threshold).length;
      chart.setAttribute('aria-label', t('classes.chartAlt', { placed: formatCount(placed), count: formatCount(detail.students.length) }));
      document.getElementById('class-csv').href = api.classSummaryURL(classId);
      chart.hidden = false;
      await drawChart(classId);
    } catch (error) {
      if (id !== shown) return;
      status.textContent = refusalText(error);
      if (error.status === 404) navigate('#/classes');
    }
  }

  let current = null;
  // The rows are written in the language of the moment: a change (the settings arrive) rewrites them.
  document.addEventListener('languagechange', () => { if (!element.hidden && current) load(current); });

  return {
    element,
    /** `classId`: the class the route names. */
    show(classId) {
      // Another class's chart is not shown under this one's name while this one's is drawn.
      if (String(classId) !== String(current)) chart.replaceChildren();
      current = classId;
      chartWidth = null;
      stopWatchingWidth?.();
      stopWatchingWidth = watchWidth(chart, {
        width: widthNow,
        drawnAt: () => chartWidth,
        redraw: () => drawChart(classId).catch((error) => { status.textContent = refusalText(error); }),
      });
      load(classId);
      assignments.load(classId);
    },
    hide() {
      assignments.hide();
      shown += 1;
      chartsAsked += 1;
      clearTimeout(poll);
      stopWatchingWidth?.();
      stopWatchingWidth = null;
    },
    /** A student's name in the class shown last, or nothing when the page opened straight on them. */
    studentName: (studentId) => names.get(String(studentId)),
  };
}
