import { addStrings, t } from '../i18n/i18n.js';
import { formatCount, formatPercent } from '../i18n/format.js';
import { fillPartTable } from '../profile/part-table.js';

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
  return {
    /** `summary`: the kind's summary, null when it could not be read. */
    show(summary) {
      table.hidden = !summary || summary.moves.length === 0;
      if (table.hidden) return;
      fillPartTable(table, t('profile.moves.caption'),
        [t('profile.moves.move'), t('profile.moves.chords'), t('profile.moves.accuracy')],
        summary.moves.slice(0, SHOWN).map((move) => [`${move.from} → ${move.to}`, formatCount(move.chords),
          formatPercent(move.accuracy)]));
    },
  };
}
