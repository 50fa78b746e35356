import { addStrings, t } from '../i18n/i18n.js';

/** Its own strings, in every language the page speaks (i18n.js looks them up). */
addStrings({
  en: {
    'matching.cents.one': '{signed} cent',
    'matching.cents.other': '{signed} cents',
    'matching.sharp.one': '{cents} cent sharp',
    'matching.sharp.other': '{cents} cents sharp',
    'matching.flat.one': '{cents} cent flat',
    'matching.flat.other': '{cents} cents flat',
    'matching.deadCenter': 'Dead center',
  },
  de: {
    'matching.cents.one': '{signed} Cent',
    'matching.cents.other': '{signed} Cent',
    'matching.sharp.one': '{cents} Cent zu hoch',
    'matching.sharp.other': '{cents} Cent zu hoch',
    'matching.flat.one': '{cents} Cent zu tief',
    'matching.flat.other': '{cents} Cent zu tief',
    'matching.deadCenter': 'Genau getroffen',
  },
});

// The feedback of a matching attempt, slid or sung: the signed cents in the seeds' band colours,
// an arrow as long as the band, and the same words for screen readers.

const SVG = 'http://www.w3.org/2000/svg';
/** Arrow length by band, as the seeds draw it: short when close, long when far. */
const ARROW_LENGTH = { close: 28, near: 52, far: 76 };

function feedbackGlyph(band, sharp) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'glyph');
  svg.setAttribute('viewBox', '0 0 40 84');
  svg.setAttribute('aria-hidden', 'true');
  if (band === 'deadCenter') {
    const dot = document.createElementNS(SVG, 'circle');
    dot.setAttribute('cx', '20');
    dot.setAttribute('cy', '42');
    dot.setAttribute('r', '14');
    svg.append(dot);
    return svg;
  }
  const length = ARROW_LENGTH[band];
  const tip = 42 - length / 2;
  const tail = 42 + length / 2;
  // Drawn pointing up, mirrored for flat.
  const arrow = document.createElementNS(SVG, 'path');
  arrow.setAttribute('d', `M20 ${tip} L34 ${tip + 16} H24 V${tail} H16 V${tip + 16} H6 Z`);
  if (!sharp) arrow.setAttribute('transform', 'rotate(180 20 42)');
  svg.append(arrow);
  return svg;
}

/** Shows `{userCentError, band}` in `feedback` and announces it; `extra` is said after the cents. */
export function showMatchingFeedback(feedback, { userCentError, band }, announce, extra = '') {
  const sharp = userCentError > 0;
  const cents = band === 'deadCenter' ? 0 : Math.round(Math.abs(userCentError));
  const plural = cents === 1 ? 'one' : 'other';
  const sign = cents === 0 ? '' : sharp ? '+' : '\u2212';
  feedback.className = `feedback visible band-${band}`;
  feedback.dataset.direction = cents === 0 ? 'none' : sharp ? 'sharp' : 'flat';
  const text = document.createElement('span');
  text.className = 'cents';
  text.textContent = t(`matching.cents.${plural}`, { signed: `${sign}${cents}` });
  const parts = [feedbackGlyph(band, sharp), text];
  if (extra) {
    const note = document.createElement('span');
    note.className = 'feedback-note';
    note.textContent = extra;
    parts.push(note);
  }
  feedback.replaceChildren(...parts);
  const said = cents === 0
    ? t('matching.deadCenter')
    : t(`matching.${sharp ? 'sharp' : 'flat'}.${plural}`, { cents });
  announce(extra ? `${said}. ${extra}` : said);
}

/**
 * The result the server will give a matching answer, from the trial's `judging` (MatchingJudging):
 * a slider's value moves the error on from the slider's centre; a sung pitch is judged from the
 * nearest whole octave (a half octave rounding away from zero), which it keeps as `sungOctave`.
 * Null when the trial does not say (reserved from an older server): the result waits for the response.
 */
export function judgeMatching(judging, { normalizedValue, sungCents }) {
  if (!judging) return null;
  const { errorAtCentreCents, centsPerUnit, octaveCents, bands } = judging;
  let userCentError;
  let sungOctave;
  if (sungCents !== undefined && octaveCents !== undefined) {
    sungOctave = Math.sign(sungCents) * Math.round(Math.abs(sungCents) / octaveCents);
    userCentError = sungCents - sungOctave * octaveCents;
  } else if (normalizedValue !== undefined && centsPerUnit !== undefined) {
    userCentError = errorAtCentreCents + normalizedValue * centsPerUnit;
  } else {
    return null;
  }
  const magnitude = Math.abs(userCentError);
  const { band } = bands.find(({ upToCents, inclusive }) =>
    upToCents === undefined || magnitude < upToCents || (inclusive && magnitude === upToCents));
  return sungOctave === undefined ? { userCentError, band } : { userCentError, band, sungOctave: sungOctave || 0 };
}

export function hideMatchingFeedback(feedback) {
  feedback.className = 'feedback';
}
