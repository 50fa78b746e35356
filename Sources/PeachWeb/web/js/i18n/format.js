import { language, t } from './i18n.js';

// Numbers and dates in the user's language; the values themselves always come from the server.

/**
 * A number with exactly `fractionDigits` decimals, as the current language writes it (1.5 / 1,5);
 * `signed` writes a sign before any value but zero, with a true minus ("−18", "+12").
 */
export function formatNumber(value, fractionDigits = 0, { signed = false } = {}) {
  const text = new Intl.NumberFormat(language(), {
    minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits, signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(value);
  return signed ? text.replace('-', '\u2212') : text;
}

/**
 * A fraction (0.75) as a percentage in the current language ("75 %"); `signed` for a change
 * ("−18 %", "+12 %"). Every fraction shown as a percentage goes through here, so none is printed unscaled.
 */
export function formatPercent(fraction, fractionDigits = 0, options = {}) {
  return t('unit.percent', { value: formatNumber(fraction * 100, fractionDigits, options) });
}

export function formatCents(value) {
  return formatNumber(value, 1);
}

/** A signed timing offset in ms (negative is early) as words: "12 ms early", "on time". */
export function formatOffsetMs(offsetMs) {
  const value = formatNumber(Math.abs(offsetMs), 0);
  if (value === formatNumber(0, 0)) return t('rhythm.onTime');
  return t(offsetMs < 0 ? 'rhythm.early' : 'rhythm.late', { value });
}

export function formatCount(value) {
  return new Intl.NumberFormat(language()).format(value);
}

/** The month `iso` falls in, as "November 2026": a monthly chart's dot. */
export function formatMonth(iso) {
  return new Intl.DateTimeFormat(language(), { month: 'long', year: 'numeric' }).format(new Date(iso));
}

export function formatDate(iso, withTime = false) {
  const options = withTime
    ? { dateStyle: 'medium', timeStyle: 'short' }
    : { dateStyle: 'medium' };
  return new Intl.DateTimeFormat(language(), options).format(new Date(iso));
}
