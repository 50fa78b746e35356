import { hasString, t } from '../i18n/i18n.js';
import { formatCount, formatPercent } from '../i18n/format.js';

/**
 * Play it Back's part of the Profile: the longest melody mastered and, for each step size, the
 * share of the notes it led to that were played back right (the kind's summary, GET
 * /api/profile/part). The Profile loads this module by the catalogue's kind.
 */
export default function dictationPart(section, entry) {
  const longest = document.createElement('p');
  longest.className = 'part-figure';
  longest.id = `melody-longest-${entry.id}`;
  const table = document.createElement('table');
  table.className = 'part-table';
  table.id = `melody-steps-${entry.id}`;
  section.append(longest, table);
  return {
    /** `summary`: the kind's summary, null when it could not be read. */
    show(summary) {
      const empty = !summary || summary.melodies === 0;
      longest.textContent = empty ? t('profile.empty')
        : summary.longestMastered === null ? t('profile.melody.noneMastered', { times: summary.masteredAfter })
          : t('profile.melody.longest', { notes: summary.longestMastered, times: summary.masteredAfter });
      table.hidden = empty || summary.steps.length === 0;
      if (table.hidden) return;
      const cell = (tag, text, scope) => {
        const element = document.createElement(tag);
        element.textContent = text;
        if (scope) element.scope = scope;
        return element;
      };
      const head = document.createElement('tr');
      head.append(cell('th', t('profile.melody.step'), 'col'), cell('th', t('profile.melody.notes'), 'col'),
        cell('th', t('profile.melody.accuracy'), 'col'));
      const rows = summary.steps.map((step) => {
        const row = document.createElement('tr');
        // Steps are interval numbers (1: a repeated note); past an octave they share one name.
        const key = `settings.melodyStep.${step.step}`;
        row.append(cell('th', t(hasString(key) ? key : 'settings.melodyStepWider'), 'row'), cell('td', formatCount(step.notes)),
          cell('td', formatPercent(step.accuracy)));
        return row;
      });
      table.replaceChildren(cell('caption', t('profile.melody.caption')), head, ...rows);
    },
  };
}
