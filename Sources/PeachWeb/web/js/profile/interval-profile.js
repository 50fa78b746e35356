import { api } from '../api.js';
import { formatCents, formatCount, formatDate, formatPercent } from '../i18n/format.js';
import { addStrings, t } from '../i18n/i18n.js';
import { missingText } from './missing-threshold.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'profile.intervalThreshold': '{value} ¢ ({percent} right)',
    'profile.intervalMeasured': 'Measured on {date} over the intervals chosen: {threshold} ¢, likely between {lower} and {upper} ¢, in {trials} comparisons.',
    'profile.intervalMeasuredOpen': 'Measured on {date} over the intervals chosen: at least {lower} ¢, in {trials} comparisons.',
    'profile.intervalMeanPlayed': 'mean difference played {value} ¢',
    'profile.intervalMatchError': '{value} ¢ over {count}',
    'profile.intervalTrials': '{count} comparisons',
    'profile.intervalChange': '{value} over the last {answers}',
    'profile.intervalChangeNone': 'no sure change over the last {answers}',
  },
  de: {
    'profile.intervalThreshold': '{value} ¢ ({percent} richtig)',
    'profile.intervalMeasured': 'Gemessen am {date} über die gewählten Intervalle: {threshold} ¢, wahrscheinlich zwischen {lower} und {upper} ¢, in {trials} Vergleichen.',
    'profile.intervalMeasuredOpen': 'Gemessen am {date} über die gewählten Intervalle: mindestens {lower} ¢, in {trials} Vergleichen.',
    'profile.intervalMeanPlayed': 'mittlerer gespielter Unterschied {value} ¢',
    'profile.intervalMatchError': '{value} ¢ bei {count} Versuchen',
    'profile.intervalTrials': '{count} Vergleiche',
    'profile.intervalChange': '{value} über die letzten {answers}',
    'profile.intervalChangeNone': 'keine sichere Veränderung über die letzten {answers}',
  },
});

/**
 * The Profile screen's interval section: one row per trained interval, with the fitted threshold
 * where the server could fit one and, where it could not, why, with the mean difference played.
 * `source`: whose profile (the api's own routes, or a student's through a class).
 */
export async function showIntervalProfile(source = api) {
  const body = document.getElementById('interval-profile-body');
  const empty = document.getElementById('interval-profile-empty');
  const table = document.getElementById('interval-profile-table');
  const measured = document.getElementById('interval-measured');
  let intervals = [];
  let measurements = [];
  try {
    [{ intervals }, { measurements }] = await Promise.all([
      source.intervalProfiles(), source.timeline('day', { scope: 'intervals' })]);
  } catch (error) {
    console.warn('interval profile unavailable:', error);
  }
  // "Measure my interval threshold" measures the intervals chosen together: one line, the newest run.
  const newest = measurements[measurements.length - 1];
  measured.hidden = !newest;
  if (newest) {
    const { estimate } = newest;
    measured.textContent = t(estimate.upperIsOpen ? 'profile.intervalMeasuredOpen' : 'profile.intervalMeasured', {
      date: formatDate(newest.finished), threshold: formatCents(estimate.threshold), lower: formatCents(estimate.lower),
      upper: formatCents(estimate.upper), trials: formatCount(estimate.trials) });
  }
  empty.hidden = intervals.length > 0;
  table.hidden = intervals.length === 0;
  body.replaceChildren(...intervals.map((entry) => {
    const row = document.createElement('tr');
    const name = document.createElement('th');
    name.scope = 'row';
    name.textContent = entry.interval.name === 'P1'
      ? t('interval.P1')
      : t('interval.named', { name: t(`interval.${entry.interval.name}`), direction: t(`interval.${entry.interval.direction}`) });
    const discrimination = document.createElement('td');
    if (entry.threshold !== null) {
      discrimination.textContent = t('profile.intervalThreshold', {
        value: formatCents(entry.threshold), percent: formatPercent(entry.percentCorrect) });
    } else {
      // Why there is none, as the server judged it (issue 49); the difference played is no threshold.
      discrimination.textContent = missingText(entry.missingThreshold, 'profile.missingShort.pending', 'profile.missingShort');
      if (entry.meanDifference !== null) {
        const played = document.createElement('span');
        played.className = 'count';
        played.textContent = t('profile.intervalMeanPlayed', { value: formatCents(entry.meanDifference) });
        discrimination.append(document.createElement('br'), played);
      }
    }
    if (entry.comparisons > 0) {
      const count = document.createElement('span');
      count.className = 'count';
      count.textContent = t('profile.intervalTrials', { count: formatCount(entry.comparisons) });
      discrimination.append(document.createElement('br'), count);
    }
    // The interval's own change, worded as the server judged it (sure or not).
    if (entry.change) {
      const change = document.createElement('span');
      change.className = 'count change';
      change.textContent = t(entry.change.sure ? 'profile.intervalChange' : 'profile.intervalChangeNone', {
        value: formatPercent(entry.change.change, 0, { signed: true }), answers: formatCount(entry.change.answers) });
      discrimination.append(document.createElement('br'), change);
    }
    const matching = document.createElement('td');
    matching.textContent = entry.meanAbsoluteError === null
      ? '—'
      : t('profile.intervalMatchError', { value: formatCents(entry.meanAbsoluteError), count: formatCount(entry.matchings) });
    row.append(name, discrimination, matching);
    return row;
  }));
}
