import { hasString, t } from '../i18n/i18n.js';
import { formatCount, formatPercent } from '../i18n/format.js';
import { fillPartTable } from '../profile/part-table.js';

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
      // Steps are interval numbers (1: a repeated note); past an octave they share one name.
      const stepName = (step) => t(hasString(`settings.melodyStep.${step}`) ? `settings.melodyStep.${step}` : 'settings.melodyStepWider');
      fillPartTable(table, t('profile.melody.caption'),
        [t('profile.melody.step'), t('profile.melody.notes'), t('profile.melody.accuracy')],
        summary.steps.map((step) => [stepName(step.step), formatCount(step.notes), formatPercent(step.accuracy)]));
    },
  };
}
