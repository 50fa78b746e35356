import { formatCount, formatNumber, formatOffsetMs } from './format.js';
import { t } from './i18n.js';

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
 * The Profile screen's rhythm section, from `/api/profile`'s `rhythm`: a row per tempo band with
 * records, Compare Timing's threshold (percent of a sixteenth and ms), Fill the Gap's mean offset ± SD
 * and hit rate. Every number is the server's.
 */
export function showRhythmProfile(rhythm) {
  const comparison = rhythm?.comparison ?? [];
  const matching = rhythm?.matching ?? [];
  document.getElementById('rhythm-profile-empty').hidden = comparison.length + matching.length > 0;
  document.getElementById('rhythm-comparison').hidden = comparison.length === 0;
  document.getElementById('rhythm-matching').hidden = matching.length === 0;
  document.getElementById('rhythm-comparison-body').replaceChildren(...comparison.map((entry) => row([
    bandText(entry.tempoBand),
    entry.thresholdPercent === null ? t('profile.rhythmTooFew') : t('profile.rhythmThresholdValue', {
      percent: formatNumber(entry.thresholdPercent, 1), ms: formatNumber(entry.thresholdMs, 1) }),
    formatCount(entry.count),
  ])));
  document.getElementById('rhythm-matching-body').replaceChildren(...matching.map((entry) => row([
    bandText(entry.tempoBand),
    entry.meanOffsetMs === null ? t('rhythm.noHits') : t('profile.rhythmOffsetValue', {
      offset: formatOffsetMs(entry.meanOffsetMs), sd: formatNumber(entry.offsetSDMs ?? 0, 0) }),
    // null: none of the band's trials recorded a hit rate (imported from the iPhone app).
    entry.hitRate === null ? t('profile.rhythmHitRateUnknown') : t('unit.percent', { value: formatNumber(entry.hitRate * 100, 0) }),
    formatCount(entry.count),
  ])));
}
