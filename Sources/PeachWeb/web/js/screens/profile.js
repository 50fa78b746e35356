import { api } from '../api.js';
import { showIntervalProfile } from '../profile/interval-profile.js';
import { missingText } from '../profile/missing-threshold.js';
import { showRhythmProfile } from '../profile/rhythm-profile.js';
import { addStrings, language, t } from '../i18n/i18n.js';
import { allDisciplines, disciplineName, disciplines } from '../catalogue.js';
import { formatCents, formatCount, formatDate, formatMonth, formatPercent } from '../i18n/format.js';
import { attachTimelineChart } from '../profile/timeline-chart.js';
import '../profile/reference.js';
import { addScreen } from './screen.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'profile.title': 'Profile',
    'profile.discrimination': 'Pitch discrimination',
    'profile.empty': 'Start training to build your profile',
    'profile.threshold': 'Your threshold: {value} ¢, likely between {lower} and {upper} ¢',
    'profile.thresholdOpen': 'Your threshold: at least {lower} ¢',
    'profile.thresholdNote': 'The smallest difference you hear right {percent} of the time, from your newest {trials} comparisons.',
    'profile.thresholdPending': 'Your threshold appears once your answers show where it lies.',
    'profile.change': 'Over your last {answers} answers your threshold changed by {value}, likely between {lower} and {upper}.',
    'profile.changeNone': 'No change you can be sure of over your last {answers} answers',
    'profile.changeStudent': 'Over the last {answers} answers the threshold changed by {value}, likely between {lower} and {upper}.',
    'profile.changeNoneStudent': 'No change one can be sure of over the last {answers} answers',
    'profile.changePending': 'Too few answers yet to tell how your threshold changes',
    'profile.changePendingStudent': 'Too few answers yet to tell how the threshold changes',
    'profile.thresholdNoteStudent': 'The smallest difference heard right {percent} of the time, from the newest {trials} comparisons.',
    'profile.thresholdPendingStudent': 'The threshold appears once the answers show where it lies.',
    'profile.studentEmpty': 'No answers yet.',
    'profile.period': 'Group by',
    'profile.period.hour': 'Hour',
    'profile.period.day': 'Day',
    'profile.period.week': 'Week',
    'profile.mean': 'Mean difference played',
    'profile.sd': 'Standard deviation',
    'profile.trend': 'Trend',
    'profile.trend.improving': 'Improving',
    'profile.trend.stable': 'Stable',
    'profile.trend.declining': 'Declining',
    'profile.trend.unknown': 'Not enough data',
    'profile.trendSpan': '{trend} over the last {answers} answers',
    'profile.trendOver': 'over your last {answers} answers',
    'profile.trendOverStudent': 'over the last {answers} answers',
    'profile.comparisons': 'Comparisons',
    'profile.cents': '{value} ¢',
    'profile.intervals': 'Intervals',
    'profile.intervalsEmpty': 'Start interval training to see each interval here',
    'profile.intervalDiscrimination': 'Threshold',
    'profile.intervalMatchingColumn': 'Matching error',
    'profile.chartSummary': 'Threshold timeline showing {count} comparisons from {from} to {to}, latest threshold {value} cents.',
    'profile.chartSummaryNoFit': 'Threshold timeline showing {count} comparisons from {from} to {to}.',
    'profile.chartHelp': 'Line: the threshold per period (75 % correct); band: where it likely lies. Tap a dot for details.',
    'profile.howMeasured': 'How is this measured?',
    'profile.chartDetails': 'Each point of the chart is your threshold at the last answer of its period, read from the answers before and after it, the nearer the more: a listener changes gradually. The newest point is the threshold above. A period with few answers has a wide band; where it leaves the chart it is cut off and marked. The dashed line is the mean difference played, which the training keeps below the threshold on purpose. Drag or scroll to move through time, pinch or use the wheel to zoom.',
    'profile.popup.threshold': 'Threshold: {value} ¢ ({lower}–{upper})',
    'profile.popup.thresholdOpen': 'Threshold: at least {lower} ¢',
    'profile.popup.mean': 'Mean difference played: {value} ¢',
    'profile.popup.count': 'Comparisons: {count}',
    'profile.popup.accuracy': 'Accuracy: {correct} of {count} correct',
    'profile.popup.week': 'Week of {date}',
    'profile.popup.noThreshold': 'No threshold: {reason}',
    'profile.matchingEmpty': 'Start pitch matching to see your accuracy',
    'profile.matchingMean': 'Mean absolute error',
    'profile.matchingSd': 'Standard deviation',
    'profile.matchingCount': 'Attempts',
    'profile.sungEmpty': 'Sing It to see how close your voice lands',
    'profile.sungIntervalEmpty': 'Sing intervals to see how close your voice lands',
    'profile.accuracyTimeline': 'Mean absolute error per day; overall {value} ¢ over {count} attempts',
    'start.lowerIsBetter': 'Lower is better',
    'start.compareTiming': 'Compare Timing',
    'start.fillTheGap': 'Fill the Gap',
    'profile.disciplineThresholdNote': 'The smallest detuning heard right {percent} of the time, from the newest {trials} answers.',
    'profile.disciplineMeasuredNote': 'The newest measurement, in {trials} trials.',
    'profile.disciplineMeasuredPending': 'No measurement finished yet.',
    'profile.disciplineThresholdPending': 'Not enough answers yet to place a threshold.',
    'profile.confusion.table': 'As a table',
    'profile.confusion.swipe': 'Swipe sideways to see all of it →',
    'profile.disciplineEmpty': 'Nothing trained here yet: your progress will appear here.',
    'profile.confusion.caption': 'How often each answer was given (columns) when each was played (rows)',
    'profile.confusion.corner': 'Played',
    'profile.confusion.accuracy': 'Right',
    'profile.rhythm': 'Rhythm',
    'profile.rhythmEmpty': 'Train Compare Timing or Fill the Gap to see your timing here',
    'profile.tempoBand': 'Tempo',
    'profile.rhythmThreshold': 'Threshold',
    'profile.rhythmOffset': 'Mean offset',
    'profile.rhythmCount': 'Trials',
    'classes.back': '‹ Class',
    'classes.studentProfile': '{name}’s profile (read-only)',
  },
  de: {
    'profile.title': 'Profil',
    'profile.discrimination': 'Tonhöhenunterscheidung',
    'profile.empty': 'Beginne mit dem Training, um dein Profil aufzubauen',
    'profile.threshold': 'Deine Schwelle: {value} ¢, wahrscheinlich zwischen {lower} und {upper} ¢',
    'profile.thresholdOpen': 'Deine Schwelle: mindestens {lower} ¢',
    'profile.thresholdNote': 'Der kleinste Unterschied, den du in {percent} der Fälle richtig hörst, aus deinen neuesten {trials} Vergleichen.',
    'profile.thresholdPending': 'Deine Schwelle erscheint, sobald deine Antworten zeigen, wo sie liegt.',
    'profile.change': 'Über deine letzten {answers} Antworten hat sich deine Schwelle um {value} verändert, wahrscheinlich zwischen {lower} und {upper}.',
    'profile.changeNone': 'Keine sichere Veränderung über deine letzten {answers} Antworten',
    'profile.changeStudent': 'Über die letzten {answers} Antworten hat sich die Schwelle um {value} verändert, wahrscheinlich zwischen {lower} und {upper}.',
    'profile.changeNoneStudent': 'Keine sichere Veränderung über die letzten {answers} Antworten',
    'profile.changePending': 'Noch zu wenige Antworten, um zu sagen, wie sich deine Schwelle verändert',
    'profile.changePendingStudent': 'Noch zu wenige Antworten, um zu sagen, wie sich die Schwelle verändert',
    'profile.thresholdNoteStudent': 'Der kleinste Unterschied, der in {percent} der Fälle richtig gehört wird, aus den neuesten {trials} Vergleichen.',
    'profile.thresholdPendingStudent': 'Die Schwelle erscheint, sobald die Antworten zeigen, wo sie liegt.',
    'profile.studentEmpty': 'Noch keine Antworten.',
    'profile.period': 'Gruppieren nach',
    'profile.period.hour': 'Stunde',
    'profile.period.day': 'Tag',
    'profile.period.week': 'Woche',
    'profile.mean': 'Mittlerer gespielter Unterschied',
    'profile.sd': 'Standardabweichung',
    'profile.trend': 'Trend',
    'profile.trend.improving': 'Wird besser',
    'profile.trend.stable': 'Stabil',
    'profile.trend.declining': 'Lässt nach',
    'profile.trend.unknown': 'Noch zu wenige Daten',
    'profile.trendSpan': '{trend} über die letzten {answers} Antworten',
    'profile.trendOver': 'über deine letzten {answers} Antworten',
    'profile.trendOverStudent': 'über die letzten {answers} Antworten',
    'profile.comparisons': 'Vergleiche',
    'profile.cents': '{value} ¢',
    'profile.intervals': 'Intervalle',
    'profile.intervalsEmpty': 'Beginne mit dem Intervalltraining, um hier jedes Intervall zu sehen',
    'profile.intervalDiscrimination': 'Schwelle',
    'profile.intervalMatchingColumn': 'Treff-Fehler',
    'profile.chartSummary': 'Schwellenverlauf mit {count} Vergleichen von {from} bis {to}, neueste Schwelle {value} Cent.',
    'profile.chartSummaryNoFit': 'Schwellenverlauf mit {count} Vergleichen von {from} bis {to}.',
    'profile.chartHelp': 'Linie: Schwelle je Zeitraum (75 % richtig); Band: wo sie wahrscheinlich liegt. Punkt antippen für Details.',
    'profile.howMeasured': 'Wie wird das gemessen?',
    'profile.chartDetails': 'Jeder Punkt im Diagramm ist deine Schwelle bei der letzten Antwort seines Zeitraums, gelesen aus den Antworten davor und danach, die näheren stärker: Das Gehör ändert sich allmählich. Der neueste Punkt ist die Schwelle oben. Ein Zeitraum mit wenigen Antworten hat ein breites Band; wo es das Diagramm verlässt, ist es abgeschnitten und markiert. Die gestrichelte Linie ist der mittlere gespielte Unterschied, den das Training absichtlich unter der Schwelle hält. Ziehen oder scrollen, um durch die Zeit zu blättern, mit zwei Fingern oder dem Mausrad zoomen.',
    'profile.popup.threshold': 'Schwelle: {value} ¢ ({lower}–{upper})',
    'profile.popup.thresholdOpen': 'Schwelle: mindestens {lower} ¢',
    'profile.popup.mean': 'Mittlerer gespielter Unterschied: {value} ¢',
    'profile.popup.count': 'Vergleiche: {count}',
    'profile.popup.accuracy': 'Genauigkeit: {correct} von {count} richtig',
    'profile.popup.week': 'Woche ab {date}',
    'profile.popup.noThreshold': 'Keine Schwelle: {reason}',
    'profile.matchingEmpty': 'Beginne mit dem Tonhöhentreffen, um deine Genauigkeit zu sehen',
    'profile.matchingMean': 'Mittlerer absoluter Fehler',
    'profile.matchingSd': 'Standardabweichung',
    'profile.matchingCount': 'Versuche',
    'profile.sungEmpty': 'Sing nach, um zu sehen, wie genau deine Stimme trifft',
    'profile.sungIntervalEmpty': 'Sing Intervalle, um zu sehen, wie genau deine Stimme trifft',
    'profile.accuracyTimeline': 'Mittlerer absoluter Fehler pro Tag; insgesamt {value} ¢ aus {count} Versuchen',
    'start.lowerIsBetter': 'Niedriger ist besser',
    'start.compareTiming': 'Timing vergleichen',
    'start.fillTheGap': 'Lücke füllen',
    'profile.disciplineThresholdNote': 'Die kleinste Verstimmung, die in {percent} der Fälle richtig gehört wird, aus den neuesten {trials} Antworten.',
    'profile.disciplineMeasuredNote': 'Die neueste Messung, in {trials} Versuchen.',
    'profile.disciplineMeasuredPending': 'Noch keine Messung abgeschlossen.',
    'profile.disciplineThresholdPending': 'Noch nicht genug Antworten für eine Schwelle.',
    'profile.confusion.table': 'Als Tabelle',
    'profile.confusion.swipe': 'Seitlich wischen, um alles zu sehen →',
    'profile.disciplineEmpty': 'Hier noch nichts trainiert: Dein Fortschritt erscheint hier.',
    'profile.confusion.caption': 'Wie oft jede Antwort gegeben wurde (Spalten), wenn jede gespielt wurde (Zeilen)',
    'profile.confusion.corner': 'Gespielt',
    'profile.confusion.accuracy': 'Richtig',
    'profile.rhythm': 'Rhythmus',
    'profile.rhythmEmpty': 'Trainiere Timing vergleichen oder Lücke füllen, um hier dein Timing zu sehen',
    'profile.tempoBand': 'Tempo',
    'profile.rhythmThreshold': 'Schwelle',
    'profile.rhythmOffset': 'Mittlere Ab\u00ADweichung',
    'profile.rhythmCount': 'Versuche',
    'classes.back': '‹ Klasse',
    'classes.studentProfile': 'Profil von {name} (nur lesen)',
  },
});

/** The screen's markup: its strings by key (data-i18n), filled in by translate. */
const MARKUP = `
<section id="screen-profile" class="screen" aria-labelledby="profile-title" hidden>
  <header class="bar">
    <a href="#/" class="back" data-i18n="nav.back"></a>
    <h1 id="profile-title" data-i18n="profile.title"></h1>
  </header>
  <!-- Each section summarises the disciplines it names (data-discipline[s]); one no offered
       discipline is in is hidden, and a discipline no section names gets its own (profile.js). -->
  <section class="profile-section" aria-labelledby="profile-discrimination-title" data-disciplines="pitchComparison pitchMeasurement">
    <h2 id="profile-discrimination-title" data-i18n="profile.discrimination"></h2>
    <p id="profile-empty" class="empty-state" data-i18n="profile.empty" hidden></p>
    <div id="profile-discrimination-data" hidden>
      <p id="profile-threshold" class="threshold-estimate"></p>
      <p id="profile-threshold-note" class="note"></p>
      <p id="profile-reference" class="note" data-i18n="reference.pitch"></p>
      <p id="profile-change" hidden></p>
      <div class="period-picker" role="radiogroup" aria-labelledby="profile-period-label">
        <span id="profile-period-label" class="visually-hidden" data-i18n="profile.period"></span>
        <button type="button" role="radio" data-period="hour" data-i18n="profile.period.hour"></button>
        <button type="button" role="radio" data-period="day" data-i18n="profile.period.day"></button>
        <button type="button" role="radio" data-period="week" data-i18n="profile.period.week"></button>
      </div>
      <div id="profile-chart" class="timeline-chart" role="img" tabindex="0"></div>
      <div id="profile-popup" class="chart-popup" role="status" hidden></div>
      <p id="profile-chart-help" class="note" data-i18n="profile.chartHelp"></p>
      <details class="how-measured">
        <summary data-i18n="profile.howMeasured"></summary>
        <p class="note" data-i18n="profile.chartDetails"></p>
      </details>
      <dl id="profile-stats" class="stats">
        <div><dt data-i18n="profile.mean"></dt><dd id="profile-mean"></dd></div>
        <div><dt data-i18n="profile.sd"></dt><dd id="profile-sd"></dd></div>
        <div><dt data-i18n="profile.trend"></dt><dd id="profile-trend"></dd></div>
        <div><dt data-i18n="profile.comparisons"></dt><dd id="profile-count"></dd></div>
      </dl>
    </div>
  </section>
  <section class="profile-section intervals" aria-labelledby="profile-intervals-title" data-disciplines="intervalComparison intervalMatching intervalMeasurement">
    <h2 id="profile-intervals-title" data-i18n="profile.intervals"></h2>
    <p id="interval-profile-empty" class="empty-state" data-i18n="profile.intervalsEmpty" hidden></p>
    <table id="interval-profile-table" class="interval-profile" hidden>
      <thead><tr>
        <th scope="col" data-i18n="settings.interval"></th>
        <th scope="col" data-i18n="profile.intervalDiscrimination"></th>
        <th scope="col" data-i18n="profile.intervalMatchingColumn"></th>
      </tr></thead>
      <tbody id="interval-profile-body"></tbody>
    </table>
    <p id="interval-measured" class="note" hidden></p>
  </section>
  <!-- How close answers land, by slider and by voice: one template, filled by profile.js. -->
  <section class="profile-section matching" data-accuracy="matching" data-discipline="pitchMatching" data-scope="pitch"></section>
  <section class="profile-section matching" data-accuracy="sung" data-discipline="pitchSinging" data-scope="singing"></section>
  <section class="profile-section matching" data-accuracy="sungInterval" data-discipline="intervalSinging" data-scope="intervalSinging"></section>
  <section class="profile-section rhythm" aria-labelledby="profile-rhythm-title" data-group="rhythm">
    <h2 id="profile-rhythm-title" data-i18n="profile.rhythm"></h2>
    <p id="rhythm-profile-empty" class="empty-state" data-i18n="profile.rhythmEmpty" hidden></p>
    <div id="rhythm-comparison" data-answer-method="earlyLate" hidden>
      <h3 data-i18n="start.compareTiming"></h3>
      <table class="interval-profile">
        <thead><tr>
          <th scope="col" data-i18n="profile.tempoBand"></th>
          <th scope="col" data-i18n="profile.rhythmThreshold"></th>
          <th scope="col" data-i18n="profile.rhythmCount"></th>
        </tr></thead>
        <tbody id="rhythm-comparison-body"></tbody>
      </table>
    </div>
    <div id="rhythm-matching" data-answer-method="taps" hidden>
      <h3 data-i18n="start.fillTheGap"></h3>
      <table class="interval-profile">
        <thead><tr>
          <th scope="col" data-i18n="profile.tempoBand"></th>
          <th scope="col" data-i18n="profile.rhythmOffset"></th>
          <th scope="col" data-i18n="fillTheGap.hitRate"></th>
          <th scope="col" data-i18n="profile.rhythmCount"></th>
        </tr></thead>
        <tbody id="rhythm-matching-body"></tbody>
      </table>
    </div>
  </section>
  <template id="accuracy-template">
    <h2 data-part="title"></h2>
    <p data-part="empty" class="empty-state" hidden></p>
    <div data-part="stats" hidden>
      <div data-part="timeline" class="accuracy-timeline" role="img"></div>
      <p class="note sparkline-better" data-i18n="start.lowerIsBetter"></p>
      <dl class="stats">
        <div><dt data-i18n="profile.matchingMean"></dt><dd data-part="mean"></dd></div>
        <div><dt data-i18n="profile.matchingSd"></dt><dd data-part="sd"></dd></div>
        <div><dt data-i18n="profile.trend"></dt><dd data-part="trend"></dd></div>
        <div><dt data-i18n="profile.matchingCount"></dt><dd data-part="count"></dd></div>
      </dl>
    </div>
  </template>
</section>`;

const TREND_ARROWS = { improving: '↘', stable: '→', declining: '↗' };

/**
 * Until the server can tell a direction the trend says so, not a guess. A threshold's trend is the
 * direction of its change, so it names the change's span (`answers`, the server's): read beside "no
 * change you can be sure of over …" it is the same claim, not another one.
 */
export function trendText(trend, answers = null) {
  if (!trend) return t('profile.trend.unknown');
  const direction = `${TREND_ARROWS[trend]}\u00a0${t(`profile.trend.${trend}`)}`;
  if (answers === null) return direction;
  return t('profile.trendSpan', { trend: direction, answers: formatCount(answers) });
}

/** A fitted threshold in words; an interval open above is no bound: "at least", never the search's edge. */
function thresholdText(estimate) {
  return estimate.upperIsOpen
    ? t('profile.thresholdOpen', { lower: formatCents(estimate.lower) })
    : t('profile.threshold', {
      value: formatCents(estimate.threshold), lower: formatCents(estimate.lower), upper: formatCents(estimate.upper),
    });
}

/** What the threshold means: the share of answers it stands for, and how many answers it rests on. */
function thresholdNote(key, estimate) {
  return t(key, { trials: formatCount(estimate.trials), percent: formatPercent(estimate.percentCorrect) });
}

/** How far the threshold moved over the newest answers, or that no change is sure (the server says which). */
function changeText(change, student) {
  const answers = formatCount(change.answers);
  const key = `profile.change${change.sure ? '' : 'None'}${student ? 'Student' : ''}`;
  const signed = (fraction) => formatPercent(fraction, 0, { signed: true });
  return t(key, { answers, value: signed(change.change), lower: signed(change.lower), upper: signed(change.upper) });
}

/**
 * A section on how close matching answers land, one per way of answering (slider, voice): made from
 * the page's template, its parts named `${name}-${part}` and its empty line `profile.${name}Empty`.
 */
function accuracySection(section) {
  const name = section.dataset.accuracy;
  section.append(document.getElementById('accuracy-template').content.cloneNode(true));
  const part = (key) => section.querySelector(`[data-part="${key}"]`);
  for (const element of section.querySelectorAll('[data-part]')) element.id = `${name}-${element.dataset.part}`;
  section.setAttribute('aria-labelledby', part('title').id);
  // Named as on Start and on its screen: the catalogue's name.
  const entry = allDisciplines().find((each) => each.id === section.dataset.discipline);
  const title = () => { part('title').textContent = entry ? disciplineName(entry) : ''; };
  title();
  document.addEventListener('languagechange', title);
  part('empty').dataset.i18n = `profile.${name}Empty`;
  return {
    /** `stats`: the profile's pitchMatching numbers of this section's scope, read from `source`. */
    async show(stats, source) {
      part('empty').hidden = stats.count > 0;
      part('stats').hidden = stats.count === 0;
      if (stats.count === 0) return;
      part('mean').textContent = t('profile.cents', { value: formatCents(stats.meanAbsoluteError) });
      part('sd').textContent = t('profile.cents', { value: formatCents(stats.standardDeviation) });
      part('trend').textContent = trendText(stats.trend);
      part('count').textContent = formatCount(stats.count);
      // The day-by-day mean absolute error, drawn by the server like Start's sparklines.
      part('timeline').innerHTML = await source.sparklineSvg(section.dataset.discipline);
      part('timeline').querySelector('svg')?.setAttribute('aria-hidden', 'true');
      part('timeline').setAttribute('aria-label', t('profile.accuracyTimeline', {
        value: formatCents(stats.meanAbsoluteError), count: formatCount(stats.count),
      }));
    },
  };
}

/**
 * The sections of the page, read against the catalogue: a section none of whose disciplines is
 * offered is hidden, and each offered discipline no section names gets one of its own, drawn from
 * what every kind declares: its daily series, as the server's sparkline says it.
 */
function catalogueSections(element) {
  const offered = new Set(disciplines().map((entry) => entry.id));
  const named = new Set();
  for (const section of element.querySelectorAll('.profile-section[data-discipline], .profile-section[data-disciplines], .profile-section[data-group]')) {
    // A section names its disciplines, or their group (the catalogue's): every discipline in it.
    const ids = section.dataset.group
      ? allDisciplines().filter((entry) => entry.group === section.dataset.group).map((entry) => entry.id)
      : (section.dataset.disciplines ?? section.dataset.discipline).split(' ');
    ids.forEach((id) => named.add(id));
    section.hidden = !ids.some((id) => offered.has(id));
  }
  const template = document.getElementById('accuracy-template');
  return disciplines().filter((entry) => !named.has(entry.id)).map((entry) => {
    const section = document.createElement('section');
    section.className = 'profile-section';
    section.dataset.discipline = entry.id;
    section.setAttribute('aria-labelledby', `profile-${entry.id}-title`);
    const title = document.createElement('h2');
    title.id = `profile-${entry.id}-title`;
    const line = document.createElement('div');
    line.className = 'accuracy-timeline';
    line.setAttribute('role', 'img');
    const empty = document.createElement('p');
    empty.className = 'empty-state';
    empty.id = `profile-${entry.id}-empty`;
    empty.dataset.i18n = 'profile.disciplineEmpty';
    empty.textContent = t('profile.disciplineEmpty');
    empty.hidden = true;
    const threshold = entry.threshold ? thresholdPart(entry) : null;
    section.append(title, empty, ...(threshold?.elements ?? []), line);
    const confusion = entry.confusion ? confusionPart(section, entry) : null;
    const own = entry.profilePart ? kindPart(section, entry) : null;
    element.insertBefore(section, template);
    return {
      name() { title.textContent = disciplineName(entry); },
      async show(source) {
        line.innerHTML = await source.sparklineSvg(entry.id).catch(() => '');
        const svg = line.querySelector('svg');
        // Nothing trained yet: words instead of a dashed line.
        empty.hidden = Boolean(svg?.querySelector('path:not(.empty)'));
        line.hidden = !empty.hidden;
        svg?.setAttribute('aria-hidden', 'true');
        // The series says in words what it traces and which way is better.
        line.setAttribute('aria-label', svg?.querySelector('title')?.textContent ?? disciplineName(entry));
        await threshold?.show(source);
        await confusion?.show(source);
        await own?.show(source);
      },
    };
  });
}

/**
 * A discipline whose kind fits a threshold of its own (Which Voice?): the threshold with its 95 %
 * interval and how many answers it rests on, above its day-by-day line.
 */
function thresholdPart(entry) {
  const value = document.createElement('p');
  value.className = 'threshold-estimate';
  value.id = `threshold-${entry.id}`;
  const note = document.createElement('p');
  note.className = 'note';
  note.id = `threshold-${entry.id}-note`;
  // How far it moved over the newest answers, as the pitch section says it (the server's change).
  const moved = document.createElement('p');
  moved.id = `threshold-${entry.id}-change`;
  moved.hidden = true;
  return {
    elements: [value, note, moved],
    async show(source) {
      const { threshold, missingThreshold, change } = await source.threshold(entry.id).catch(() => ({ threshold: null }));
      moved.hidden = !change;
      moved.textContent = change ? changeText(change, source !== api) : '';
      value.hidden = !threshold;
      value.textContent = threshold ? thresholdText(threshold) : '';
      const measured = entry.measures ? 'profile.disciplineMeasuredNote' : 'profile.disciplineThresholdNote';
      note.textContent = threshold
        ? thresholdNote(measured, threshold)
        : missingText(missingThreshold, entry.measures ? 'profile.disciplineMeasuredPending' : 'profile.disciplineThresholdPending');
    },
  };
}

/**
 * A discipline whose kind says more of it (the catalogue's `profilePart`): drawn by the kind's own
 * module, `screens/profile-<kind>.js`, from the kind's summary (GET /api/profile/part), so a new
 * kind's part edits nothing here.
 */
function kindPart(section, entry) {
  const drawn = import(`./profile-${entry.kind}.js`).then((module) => module.default(section, entry), (reason) => {
    console.warn(`no Profile part for ${entry.kind}:`, reason);
    return null;
  });
  return {
    async show(source) {
      const [part, summary] = await Promise.all([drawn, source.part(entry.id).catch(() => null)]);
      part?.show(summary);
    },
  };
}

/**
 * A discipline answered by naming items: the server's heat map of what was named for each item
 * played, and the same counts as a table (what a screen reader reads; anyone may open it).
 */
/**
 * The line under a box that scrolls sideways (a map or a table wider than a phone) saying so, shown
 * while it does: wider content, a narrower screen or an opened table show it, a wide screen hides it.
 */
function swipeHint(scroller) {
  const hint = document.createElement('p');
  hint.className = 'swipe-hint';
  hint.dataset.i18n = 'profile.confusion.swipe';
  hint.textContent = t('profile.confusion.swipe');
  hint.hidden = true;
  const fits = () => { hint.hidden = scroller.scrollWidth <= scroller.clientWidth + 1; };
  const observer = new ResizeObserver(fits);
  observer.observe(scroller);
  new MutationObserver(() => {
    fits();
    for (const child of scroller.children) observer.observe(child);
  }).observe(scroller, { childList: true, subtree: true });
  return hint;
}

function confusionPart(section, entry) {
  const figure = document.createElement('figure');
  figure.className = 'confusion-map';
  figure.id = `confusion-${entry.id}`;
  figure.hidden = true;
  const map = document.createElement('div');
  map.className = 'confusion-chart';
  const details = document.createElement('details');
  const summary = document.createElement('summary');
  const table = document.createElement('table');
  table.className = 'confusion-table';
  // Twelve degrees are wider than a phone: the table scrolls, the page does not.
  const scroller = document.createElement('div');
  scroller.className = 'confusion-scroll';
  scroller.append(table);
  details.append(summary, scroller, swipeHint(scroller));
  figure.append(map, swipeHint(map), details);
  section.append(figure);

  function cell(tag, text, scope) {
    const element = document.createElement(tag);
    element.textContent = text;
    if (scope) element.scope = scope;
    return element;
  }

  return {
    async show(source) {
      const [matrix, svg] = await Promise.all([source.confusion(entry.id), source.confusionSvg(entry.id)]).catch(() => [null, '']);
      figure.hidden = !matrix || matrix.items.length === 0;
      if (figure.hidden) return;
      map.innerHTML = svg;
      summary.textContent = t('profile.confusion.table');
      const head = document.createElement('tr');
      head.append(cell('th', t('profile.confusion.corner'), 'col'), ...matrix.items.map((item) => cell('th', item, 'col')),
        cell('th', t('profile.confusion.accuracy'), 'col'));
      const rows = matrix.items.map((item, row) => {
        const line = document.createElement('tr');
        const accuracy = matrix.accuracy[row];
        line.append(cell('th', item, 'row'), ...matrix.counts[row].map((count) => cell('td', String(count))),
          cell('td', accuracy === null ? '–' : formatPercent(accuracy)));
        return line;
      });
      table.replaceChildren(cell('caption', t('profile.confusion.caption')), head, ...rows);
    },
  };
}

// The Profile screen: every number comes from /api/profile and the chart from the server's SVG
// renderer; this module only lays them out and handles the chart's gestures and popup. A teacher
// sees a student's profile on the same screen, read from the class's routes for that student.
export function profileScreen() {
  const element = addScreen(MARKUP);
  const $ = (id) => document.getElementById(id);
  const chart = $('profile-chart');
  const popup = $('profile-popup');
  const periodButtons = [...element.querySelectorAll('.period-picker button')];

  /** The user's choice: the finest period the chart draws. */
  let period = 'day';
  /** The period drawn: zoomed out, a longer one. */
  let drawnPeriod = period;
  /** The periods the chart drew, from the timeline's `first`: a dot's data-index less it is its point. */
  let points = [];
  let firstPoint = 0;
  let profile = null;
  let generation = 0;
  let chartsAsked = 0;
  let chartControl = null;
  /** Whose profile: one's own (the api) or a student's (`api.studentProfile`). */
  let source = api;
  const ownSections = catalogueSections(element);
  const nameOwnSections = () => ownSections.forEach((section) => section.name());
  nameOwnSections();
  document.addEventListener('languagechange', nameOwnSections);
  const accuracy = [...element.querySelectorAll('[data-accuracy]')].map((section) => ({
    scope: section.dataset.scope, view: accuracySection(section),
  }));

  function showPopup(index, at) {
    const point = points[index - firstPoint];
    if (!point) return;
    const date = {
      week: () => t('profile.popup.week', { date: formatDate(point.start) }),
      month: () => formatMonth(point.start),
    }[drawnPeriod]?.() ?? formatDate(point.start, drawnPeriod === 'hour');
    const fit = point.threshold;
    const lines = [date];
    if (fit) {
      lines.push(fit.upperIsOpen
        ? t('profile.popup.thresholdOpen', { lower: formatCents(fit.lower) })
        : t('profile.popup.threshold', {
          value: formatCents(fit.threshold), lower: formatCents(fit.lower), upper: formatCents(fit.upper),
        }));
    } else {
      // A period without a threshold says why, as the server judged it (issue 49).
      lines.push(t('profile.popup.noThreshold', {
        reason: missingText(point.missingThreshold, 'profile.missingShort.pending', 'profile.missingShort'),
      }));
    }
    lines.push(
      t('profile.popup.mean', { value: formatCents(point.meanThreshold) }),
      t('profile.popup.count', { count: formatCount(point.count) }),
      t('profile.popup.accuracy', { correct: formatCount(point.correctCount), count: formatCount(point.count) }),
    );
    popup.replaceChildren(...lines.map((text, line) => {
      const row = document.createElement(line === 0 ? 'strong' : 'span');
      row.textContent = text;
      return row;
    }));
    // Measured at the chart's left, where it has the most room: a reason wraps, at most its max-width.
    popup.style.left = `${chart.offsetLeft}px`;
    popup.hidden = false;
    // Beside the dot, kept inside the chart.
    const chartBox = chart.getBoundingClientRect();
    const offsetTop = chart.offsetTop;
    const width = popup.offsetWidth;
    const left = Math.min(Math.max(0, at.x - width / 2), chartBox.width - width);
    const above = at.y - popup.offsetHeight - 14;
    popup.style.left = `${chart.offsetLeft + left}px`;
    popup.style.top = `${offsetTop + (above >= 0 ? above : at.y + 14)}px`;
  }

  function hidePopup() {
    popup.hidden = true;
  }

  /** `view`: the periods to show ({start, width, period}); without it the chart opens at the newest. */
  async function loadChart(id, view = null) {
    const width = Math.max(200, Math.round(chart.clientWidth));
    const height = Math.round(Math.min(360, Math.max(180, window.innerHeight * 0.42)));
    // The timeline is asked for the same view and width as the chart: the server sends the periods it drew.
    const asked = ++chartsAsked;
    const [svg, timeline] = await Promise.all([
      source.chartSvg({ period, width, height, lang: language(), view }),
      source.timeline(period, { view, width }),
    ]);
    // A chart asked for later may have come first: this one's view is past.
    if (id !== generation || asked !== chartsAsked) return;
    drawnPeriod = timeline.period;
    points = timeline.points;
    firstPoint = timeline.first;
    hidePopup();
    chart.innerHTML = svg;
    chart.querySelector('svg').setAttribute('aria-hidden', 'true');
    chartControl = attachTimelineChart(chart, {
      onSelect: showPopup,
      onDismiss: hidePopup,
      // The server drew only around the view: past that, the chart for the new view replaces it.
      onViewBeyond: (next) => loadChart(generation, next),
      previous: chartControl,
    });
    // The label is the chart's as it opened, on the newest periods; a moved view keeps it.
    if (view) return;
    // The newest period that has a fitted threshold: the chart's last dot.
    const latest = points.findLast((point) => point.threshold)?.threshold;
    const range = {
      count: formatCount(profile.comparisons.count),
      from: formatDate(profile.comparisons.first),
      to: formatDate(profile.comparisons.last),
    };
    chart.setAttribute('aria-label', latest
      ? t('profile.chartSummary', { ...range, value: formatCents(latest.threshold) })
      : t('profile.chartSummaryNoFit', range));
  }

  function showSummary() {
    const comparisons = profile.comparisons;
    const hasData = comparisons.count > 0;
    $('profile-empty').hidden = hasData;
    $('profile-discrimination-data').hidden = !hasData;
    if (hasData) {
      const estimate = profile.threshold;
      $('profile-threshold').textContent = estimate ? thresholdText(estimate) : '';
      $('profile-threshold').hidden = !estimate;
      // A teacher reads a student's profile: it is not "yours".
      $('profile-threshold-note').textContent = estimate
        ? thresholdNote(shownStudent ? 'profile.thresholdNoteStudent' : 'profile.thresholdNote', estimate)
        : missingText(profile.missingThreshold, shownStudent ? 'profile.thresholdPendingStudent' : 'profile.thresholdPending');
      // With a threshold but no change yet, say so: silence would read as "no change".
      const change = profile.change;
      $('profile-change').hidden = !change && !estimate;
      $('profile-change').textContent = change
        ? changeText(change, shownStudent)
        : t(shownStudent ? 'profile.changePendingStudent' : 'profile.changePending');
      $('profile-mean').textContent = t('profile.cents', { value: formatCents(comparisons.meanThreshold) });
      $('profile-sd').textContent = t('profile.cents', { value: formatCents(comparisons.standardDeviation) });
      // The direction in the card's large type, its span in a line of small type beneath: four
      // lines of bold on a phone read as a headline of their own.
      const trend = $('profile-trend');
      trend.textContent = trendText(comparisons.trend);
      if (comparisons.trend && change) {
        const span = document.createElement('span');
        span.className = 'stat-span';
        span.textContent = t(shownStudent ? 'profile.trendOverStudent' : 'profile.trendOver', { answers: formatCount(change.answers) });
        trend.append(span);
      }
      $('profile-count').textContent = formatCount(comparisons.count);
    }
    return hasData;
  }

  function markPeriod() {
    for (const button of periodButtons) button.setAttribute('aria-checked', String(button.dataset.period === period));
  }

  async function load() {
    const id = ++generation;
    try {
      const [pitch, ...accuracies] = await Promise.all([source.profile(), ...accuracy.map(({ scope }) => source.profile(scope))]);
      if (id !== generation) return;
      profile = pitch;
      showRhythmProfile(pitch.rhythm, source);
      ownSections.forEach((section) => section.show(source));
      await Promise.all(accuracy.map(({ view }, index) => view.show(accuracies[index].pitchMatching, source)));
      if (id !== generation) return;
      if (showSummary()) await loadChart(id);
    } catch (error) {
      console.warn('profile unavailable:', error);
    }
  }

  for (const button of periodButtons) {
    button.addEventListener('click', () => {
      period = button.dataset.period;
      markPeriod();
      load();
    });
  }

  // A tap anywhere outside the chart and the popup dismisses the popup.
  document.addEventListener('pointerdown', (event) => {
    if (popup.hidden || chart.contains(event.target) || popup.contains(event.target)) return;
    chartControl?.dismiss();
  });

  let resizeTimer = null;
  window.addEventListener('resize', () => {
    if (element.hidden || !profile?.comparisons.count) return;
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => loadChart(generation), 150);
  });

  let shownStudent = null;
  /** A student's name in the title: no table key fills it, so a language change writes it again. */
  function showStudentTitle() {
    if (shownStudent) $('profile-title').textContent = t('classes.studentProfile', { name: shownStudent.name });
  }
  document.addEventListener('languagechange', showStudentTitle);
  // Figures, dates and percentages are formatted in the language: the settings can arrive after them.
  document.addEventListener('languagechange', () => {
    if (element.hidden) return;
    load();
    showIntervalProfile(source);
  });

  return {
    element,
    /** `student`: `{ classId, studentId, name }` for a student's profile seen by their teacher. */
    show(student) {
      shownStudent = student;
      source = student ? api.studentProfile(student.classId, student.studentId) : api;
      const back = element.querySelector('.back');
      back.href = student ? `#/classes/${student.classId}` : '#/';
      back.dataset.i18n = student ? 'classes.back' : 'nav.back';
      back.textContent = t(back.dataset.i18n);
      const title = $('profile-title');
      // A name in the title: no table key fills it on a language switch.
      if (student) delete title.dataset.i18n;
      else title.dataset.i18n = 'profile.title';
      title.textContent = student ? t('classes.studentProfile', { name: student.name }) : t('profile.title');
      // The empty states speak to the user about their own training; of a student they only say so.
      for (const empty of element.querySelectorAll('.empty-state')) {
        empty.dataset.own ??= empty.dataset.i18n;
        empty.dataset.i18n = student ? 'profile.studentEmpty' : empty.dataset.own;
        empty.textContent = t(empty.dataset.i18n);
      }
      markPeriod();
      load();
      showIntervalProfile(source);
    },
    hide() {
      generation += 1;
      hidePopup();
    },
  };
}
