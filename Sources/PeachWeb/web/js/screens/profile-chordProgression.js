import { addStrings, t } from '../i18n/i18n.js';
import { formatCount, formatPercent } from '../i18n/format.js';

addStrings({
  en: {
    'profile.moves.caption': 'Each chord after the one before it, the hardest first',
    'profile.moves.move': 'Change',
    'profile.moves.chords': 'Heard',
    'profile.moves.accuracy': 'Named right',
  },
  de: {
    'profile.moves.caption': 'Jeder Akkord nach dem davor, die schwersten zuerst',
    'profile.moves.move': 'Wechsel',
    'profile.moves.chords': 'Gehört',
    'profile.moves.accuracy': 'Richtig benannt',
  },
});

/** How many changes the table lists: the hardest, enough to practise on, few enough to read. */
const SHOWN = 8;

/**
 * Chord Progressions' part of the Profile: each chord in the context of the chord heard before it
 * (the kind's summary, GET /api/profile/part), the changes named right least often first. Common
 * Progressions names no single chord: its summary lists none and the table stays hidden.
 */
export default function movesPart(section, entry) {
  const table = document.createElement('table');
  table.className = 'part-table';
  table.id = `progression-moves-${entry.id}`;
  table.hidden = true;
  section.append(table);
  const cell = (tag, text, scope) => {
    const element = document.createElement(tag);
    element.textContent = text;
    if (scope) element.scope = scope;
    return element;
  };
  return {
    /** `summary`: the kind's summary, null when it could not be read. */
    show(summary) {
      table.hidden = !summary || summary.moves.length === 0;
      if (table.hidden) return;
      const head = document.createElement('tr');
      head.append(cell('th', t('profile.moves.move'), 'col'), cell('th', t('profile.moves.chords'), 'col'),
        cell('th', t('profile.moves.accuracy'), 'col'));
      const rows = summary.moves.slice(0, SHOWN).map((move) => {
        const row = document.createElement('tr');
        row.append(cell('th', `${move.from} → ${move.to}`, 'row'), cell('td', formatCount(move.chords)),
          cell('td', formatPercent(move.accuracy)));
        return row;
      });
      table.replaceChildren(cell('caption', t('profile.moves.caption')), head, ...rows);
    },
  };
}
