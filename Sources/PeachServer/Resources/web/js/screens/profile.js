import { api } from '../api.js';
import { showIntervalProfile } from '../interval-profile.js';
import { language, t } from '../i18n.js';
import { formatCents, formatCount, formatDate } from '../format.js';
import { attachTimelineChart } from '../timeline-chart.js';

const TREND_ARROWS = { improving: '↘', stable: '→', declining: '↗' };

// The Profile screen: every number comes from /api/profile and the chart from the server's SVG
// renderer; this module only lays them out and handles the chart's gestures and popup.
export function profileScreen() {
  const element = document.getElementById('screen-profile');
  const $ = (id) => document.getElementById(id);
  const chart = $('profile-chart');
  const popup = $('profile-popup');
  const periodButtons = [...element.querySelectorAll('.period-picker button')];

  let period = 'day';
  let points = [];
  let profile = null;
  let generation = 0;
  let chartControl = null;

  function showPopup(index, at) {
    const point = points[index];
    if (!point) return;
    const date = period === 'week'
      ? t('profile.popup.week', { date: formatDate(point.start) })
      : formatDate(point.start, period === 'hour');
    popup.replaceChildren(...[
      date,
      t('profile.popup.mean', { value: formatCents(point.meanThreshold) }),
      t('profile.popup.count', { count: formatCount(point.count) }),
      t('profile.popup.accuracy', { correct: formatCount(point.correctCount), count: formatCount(point.count) }),
    ].map((text, line) => {
      const row = document.createElement(line === 0 ? 'strong' : 'span');
      row.textContent = text;
      return row;
    }));
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

  async function loadChart(id) {
    const width = Math.max(200, Math.round(chart.clientWidth));
    const height = Math.round(Math.min(360, Math.max(180, window.innerHeight * 0.42)));
    const [svg, timeline] = await Promise.all([
      api.chartSvg({ period, width, height, lang: language() }),
      api.timeline(period),
    ]);
    if (id !== generation) return;
    points = timeline.points;
    hidePopup();
    chart.innerHTML = svg;
    chart.querySelector('svg').setAttribute('aria-hidden', 'true');
    chartControl = attachTimelineChart(chart, { onSelect: showPopup, onDismiss: hidePopup });
    const latest = points.at(-1);
    chart.setAttribute('aria-label', t('profile.chartSummary', {
      count: formatCount(profile.comparisons.count),
      from: formatDate(profile.comparisons.first),
      to: formatDate(profile.comparisons.last),
      value: formatCents(latest.rollingMean),
    }));
  }

  function showSummary() {
    const comparisons = profile.comparisons;
    const hasData = comparisons.count > 0;
    $('profile-empty').hidden = hasData;
    $('profile-discrimination-data').hidden = !hasData;
    if (hasData) {
      const estimate = profile.threshold;
      $('profile-threshold').textContent = estimate
        ? t('profile.threshold', {
          value: formatCents(estimate.threshold), lower: formatCents(estimate.lower),
          upper: formatCents(estimate.upper), percent: Math.round(estimate.percentCorrect * 100),
        })
        : '';
      $('profile-threshold').hidden = !estimate;
      $('profile-threshold-note').textContent = estimate
        ? t('profile.thresholdNote', { trials: formatCount(estimate.trials) })
        : t('profile.thresholdPending');
      $('profile-mean').textContent = t('profile.cents', { value: formatCents(comparisons.meanThreshold) });
      $('profile-sd').textContent = t('profile.cents', { value: formatCents(comparisons.standardDeviation) });
      // Too few answers for a trend: the indicator is hidden, not faked (seed story 5.2).
      $('profile-trend').parentElement.hidden = !comparisons.trend;
      $('profile-trend').textContent = comparisons.trend
        ? `${TREND_ARROWS[comparisons.trend]} ${t(`profile.trend.${comparisons.trend}`)}`
        : '';
      $('profile-count').textContent = formatCount(comparisons.count);
    }
    const matching = profile.pitchMatching;
    $('matching-empty').hidden = matching.count > 0;
    $('matching-stats').hidden = matching.count === 0;
    if (matching.count > 0) {
      $('matching-mean').textContent = t('profile.cents', { value: formatCents(matching.meanAbsoluteError) });
      $('matching-sd').textContent = t('profile.cents', { value: formatCents(matching.standardDeviation) });
      $('matching-count').textContent = formatCount(matching.count);
    }
    return hasData;
  }

  function markPeriod() {
    for (const button of periodButtons) button.setAttribute('aria-checked', String(button.dataset.period === period));
  }

  async function load() {
    const id = ++generation;
    try {
      profile = await api.profile();
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

  return {
    element,
    show() {
      markPeriod();
      load();
      showIntervalProfile();
    },
    hide() {
      generation += 1;
      hidePopup();
    },
  };
}
