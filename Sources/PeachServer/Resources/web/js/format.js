import { language } from './i18n.js';

// Numbers and dates in the user's language; the values themselves always come from the server.

export function formatCents(value) {
  return new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

export function formatCount(value) {
  return new Intl.NumberFormat(language()).format(value);
}

export function formatDate(iso, withTime = false) {
  const options = withTime
    ? { dateStyle: 'medium', timeStyle: 'short' }
    : { dateStyle: 'medium' };
  return new Intl.DateTimeFormat(language(), options).format(new Date(iso));
}
