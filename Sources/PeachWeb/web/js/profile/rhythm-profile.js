import { api } from '../api.js';
import { allDisciplines } from '../catalogue.js';
import { formatCount, formatNumber, formatOffsetMs, formatPercent } from '../i18n/format.js';
import { addStrings, t } from '../i18n/i18n.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'profile.rhythmTooFew': 'too few trials yet',
    'profile.rhythmHitRateUnknown': 'not recorded',
    'profile.tempoBandValue': '{band} BPM',
    'profile.rhythmThresholdValue': '{percent} of a sixteenth ({ms} ms)',
    'profile.rhythmOffsetValue': '{offset} ± {sd} ms',
    'profile.rhythmDaysThreshold': 'Threshold per day over {days} days: from {first} to {last} of a sixteenth',
    'profile.rhythmDaysOffset': 'Mean offset per day over {days} days: from {first} to {last}',
    'profile.rhythmTooFewDays': 'Per day: too few days with a result yet to draw a line',
    'profile.rhythmMeasured': 'Measured: {percent} of a sixteenth ({ms} ms at {tempo} BPM); measurements: {count}',
    'profile.rhythmMeasuredOpen': 'Measured: above {percent} of a sixteenth ({ms} ms at {tempo} BPM); measurements: {count}',
  },
  de: {
    'profile.rhythmTooFew': 'noch zu wenige Versuche',
    'profile.rhythmHitRateUnknown': 'nicht erfasst',
    'profile.tempoBandValue': '{band} BPM',
    'profile.rhythmThresholdValue': '{percent} einer Sechzehntel ({ms} ms)',
    'profile.rhythmOffsetValue': '{offset} ± {sd} ms',
    'profile.rhythmDaysThreshold': 'Schwelle pro Tag über {days} Tage: von {first} bis {last} einer Sechzehntel',
    'profile.rhythmDaysOffset': 'Mittlere Abweichung pro Tag über {days} Tage: von {first} bis {last}',
    'profile.rhythmTooFewDays': 'Pro Tag: noch zu wenige Tage mit Ergebnis für eine Linie',
    'profile.rhythmMeasured': 'Gemessen: {percent} einer Sechzehntel ({ms} ms bei {tempo} BPM); Messungen: {count}',
    'profile.rhythmMeasuredOpen': 'Gemessen: über {percent} einer Sechzehntel ({ms} ms bei {tempo} BPM); Messungen: {count}',
  },
});

function row(cells) {
  const tr = document.createElement('tr');
  const [band, ...rest] = cells;
  const header = document.createElement('th');
  header.scope = 'row';
  header.textContent = band;
  tr.append(header, ...rest.map((text) => {
    const cell = document.createElement('td');
    cell.textContent = text;
    return cell;
  }));
  return tr;
}

const bandText = (band) => t('profile.tempoBandValue', { band: band.replace('-', '–') });

/**
 * A row under a band's row, across the table: the band's series per day as the server's sparkline,
 * described in words for screen readers (the first and the newest day's value).
 */
function timelineRow(columns) {
  const tr = document.createElement('tr');
  tr.className = 'rhythm-days';
  const cell = document.createElement('td');
  cell.colSpan = columns;
  const figure = document.createElement('div');
  figure.className = 'rhythm-timeline';
  figure.setAttribute('role', 'img');
  cell.append(figure);
  tr.append(cell);
  return { tr, figure, cell };
}

/** The band's newest "Measure my timing threshold" result under its timeline, if it has one. */
function measuredLine(cell, measurements) {
  if (measurements.length === 0) return;
  const { estimate, thresholdMs, lowerMs, tempoBPM } = measurements[measurements.length - 1];
  const line = document.createElement('p');
  line.className = 'rhythm-measured';
  line.textContent = t(estimate.upperIsOpen ? 'profile.rhythmMeasuredOpen' : 'profile.rhythmMeasured', {
    percent: formatPercent((estimate.upperIsOpen ? estimate.lower : estimate.threshold) / 100, 1),
    ms: formatNumber(estimate.upperIsOpen ? lowerMs : thresholdMs, 1), tempo: tempoBPM, count: formatCount(measurements.length),
  });
  cell.append(line);
}

async function fillTimeline(source, figure, discipline, band, describe, isCurrent) {
  const [svg, days] = await Promise.all([source.sparklineSvg(discipline, band), source.rhythmTimeline(band)]);
  if (!isCurrent()) return;
  figure.innerHTML = svg;
  figure.querySelector('svg')?.setAttribute('aria-hidden', 'true');
  figure.setAttribute('aria-label', describe(days));
  return days;
}

/** Per day: the first and the newest value the days have, or why there is no series yet. */
function daysText(key, values, dayCount, format) {
  if (values.length < 2) return t('profile.rhythmTooFewDays');
  return t(key, { days: formatCount(dayCount), first: format(values[0]), last: format(values[values.length - 1]) });
}

let shown = 0;

/**
 * The discipline whose series a table shows: the catalogue's one answered the way the table's
 * element says (`data-answer-method`) that is not a measurement.
 */
function tableDiscipline(id) {
  const method = document.getElementById(id).dataset.answerMethod;
  return allDisciplines().find((entry) => entry.answerMethod === method && !entry.measures)?.id;
}

/**
 * The Profile screen's rhythm section, from `/api/profile`'s `rhythm`: a row per tempo band with
 * records, Compare Timing's threshold (percent of a sixteenth and ms), Fill the Gap's mean offset ± SD
 * and hit rate, each with the band's timeline per day under it. Every number is the server's.
 * `source`: whose profile (the api's own routes, or a student's through a class).
 */
export function showRhythmProfile(rhythm, source = api) {
  const comparison = rhythm?.comparison ?? [];
  const matching = rhythm?.matching ?? [];
  const id = ++shown;
  const isCurrent = () => id === shown;
  const failed = (error) => console.warn('rhythm timeline:', error);
  document.getElementById('rhythm-profile-empty').hidden = comparison.length + matching.length > 0;
  document.getElementById('rhythm-comparison').hidden = comparison.length === 0;
  document.getElementById('rhythm-matching').hidden = matching.length === 0;
  const [timing, tapping] = [tableDiscipline('rhythm-comparison'), tableDiscipline('rhythm-matching')];
  document.getElementById('rhythm-comparison-body').replaceChildren(...comparison.flatMap((entry) => {
    const days = timelineRow(3);
    fillTimeline(source, days.figure, timing, entry.tempoBand, ({ comparison: points }) => daysText(
      'profile.rhythmDaysThreshold',
      points.filter((point) => point.threshold !== null).map((point) => point.threshold.threshold),
      points.length, (value) => formatPercent(value / 100, 1),
    ), isCurrent).then((timeline) => timeline && measuredLine(days.cell, timeline.measurements)).catch(failed);
    return [row([
      bandText(entry.tempoBand),
      entry.thresholdPercent === null ? t('profile.rhythmTooFew') : t('profile.rhythmThresholdValue', {
        percent: formatPercent(entry.thresholdPercent / 100, 1), ms: formatNumber(entry.thresholdMs, 1) }),
      formatCount(entry.count),
    ]), days.tr];
  }));
  document.getElementById('rhythm-matching-body').replaceChildren(...matching.flatMap((entry) => {
    const days = timelineRow(4);
    fillTimeline(source, days.figure, tapping, entry.tempoBand, ({ matching: points }) => daysText(
      'profile.rhythmDaysOffset',
      points.filter((point) => point.meanOffsetMs !== null).map((point) => point.meanOffsetMs),
      points.length, formatOffsetMs,
    ), isCurrent).catch(failed);
    return [row([
      bandText(entry.tempoBand),
      entry.meanOffsetMs === null ? t('rhythm.noHits') : t('profile.rhythmOffsetValue', {
        offset: formatOffsetMs(entry.meanOffsetMs), sd: formatNumber(entry.offsetSDMs ?? 0, 0) }),
      // null: none of the band's trials recorded a hit rate (imported from the iPhone app).
      entry.hitRate === null ? t('profile.rhythmHitRateUnknown') : formatPercent(entry.hitRate),
      formatCount(entry.count),
    ]), days.tr];
  }));
}
