import { formatCents, formatCount } from '../i18n/format.js';
import { addStrings, t } from '../i18n/i18n.js';

/**
 * Why there is no threshold, in words: the sentences of the Profile's headline, and short forms for
 * a table's cell or a chart's popup (the intervals, the timeline, a class's rows). The reason and its
 * figures are the server's (`missingThreshold`, one rule in Swift); this module only words them.
 */
addStrings({
  en: {
    'profile.missing.noAnswers': 'No threshold yet: no answers yet.',
    'profile.missing.tooFewAnswers': 'No threshold yet: {answers} of the {needed} answers it needs.',
    'profile.missing.unplaced': 'No threshold yet: {correct} of {answers} answers right, down to {smallest} ¢ — too few mistakes to show where it lies.',
    'profile.missing.tooWide': 'No threshold yet: the newest {answers} answers place it only between {lower} and {upper} ¢, too wide a range to state.',
    'profile.missingShort.noAnswers': 'No answers yet',
    'profile.missingShort.tooFewAnswers': '{answers} of the {needed} answers needed',
    'profile.missingShort.unplaced': 'Too few mistakes to place ({correct} of {answers} right)',
    'profile.missingShort.tooWide': 'Only between {lower} and {upper} ¢: too wide to state',
    'profile.missingShort.pending': 'Not enough data yet',
  },
  de: {
    'profile.missing.noAnswers': 'Noch keine Schwelle: noch keine Antworten.',
    'profile.missing.tooFewAnswers': 'Noch keine Schwelle: {answers} der {needed} Antworten, die sie braucht.',
    'profile.missing.unplaced': 'Noch keine Schwelle: {correct} von {answers} Antworten richtig, bis hinab zu {smallest} ¢ – zu wenige Fehler, um zu zeigen, wo sie liegt.',
    'profile.missing.tooWide': 'Noch keine Schwelle: Die neuesten {answers} Antworten legen sie nur zwischen {lower} und {upper} ¢ fest, ein zu weiter Bereich für eine Angabe.',
    'profile.missingShort.noAnswers': 'Noch keine Antworten',
    'profile.missingShort.tooFewAnswers': '{answers} der {needed} nötigen Antworten',
    'profile.missingShort.unplaced': 'Zu wenige Fehler für eine Schwelle ({correct} von {answers} richtig)',
    'profile.missingShort.tooWide': 'Nur zwischen {lower} und {upper} ¢: zu weit für eine Angabe',
    'profile.missingShort.pending': 'Noch zu wenige Daten',
  },
});

/** The figures of `missingThreshold` in cents; the others count answers. */
const MISSING_CENTS = new Set(['smallest', 'lower', 'upper']);

/**
 * Why there is no threshold, as the server says it (`missingThreshold`), in the sentences under
 * `table` (a key per reason: `profile.missing`, or `profile.missingShort` for a cell); `pending`
 * when it says nothing.
 */
export function missingText(missing, pending, table = 'profile.missing') {
  if (!missing) return t(pending);
  const values = {};
  for (const [name, value] of Object.entries(missing)) {
    if (typeof value === 'number') values[name] = MISSING_CENTS.has(name) ? formatCents(value) : formatCount(value);
  }
  return t(`${table}.${missing.reason}`, values);
}
