import { api } from './api.js';
import { setLanguage, t } from './i18n.js';
import { startScreen } from './screens/start.js';
import { comparisonScreen } from './screens/comparison.js';
import { settingsScreen } from './screens/settings.js';
import { profileScreen } from './screens/profile.js';
import { pitchMatchingScreen } from './screens/pitch-matching.js';
import { singingScreen } from './screens/singing.js';
import { compareTimingScreen } from './screens/compare-timing.js';
import { fillTheGapScreen } from './screens/fill-the-gap.js';
import { calibrationScreen } from './screens/calibration.js';

// Hub and spoke: Start is the hub (#/), every other screen is a spoke that returns to it.
const announcer = document.getElementById('announcer');
const announce = (text) => {
  announcer.textContent = '';
  // A fresh text node after clearing makes screen readers repeat identical messages.
  requestAnimationFrame(() => { announcer.textContent = text; });
};
const navigate = (hash) => {
  if (location.hash === hash) route();
  else location.hash = hash;
};

const context = { navigate, announce };
const start = startScreen(context);
const comparison = comparisonScreen(context);
const pitchMatching = pitchMatchingScreen(context);
const singing = singingScreen(context);
const compareTiming = compareTimingScreen(context);
const fillTheGap = fillTheGapScreen(context);
const calibration = calibrationScreen(context);
const screens = [start, comparison, pitchMatching, settingsScreen(context), profileScreen(context), singing,
  compareTiming, fillTheGap, calibration];
// Each route: the screen and what it is shown with (the discipline of a training screen).
const routes = {
  '#/': [start],
  '#/training': [comparison, 'pitchComparison'],
  '#/interval-training': [comparison, 'intervalComparison'],
  '#/pitch-matching': [pitchMatching, 'pitchMatching'],
  '#/interval-matching': [pitchMatching, 'intervalMatching'],
  '#/singing': [singing],
  '#/compare-timing': [compareTiming, 'rhythmComparison'],
  '#/fill-the-gap': [fillTheGap],
  '#/calibration': [calibration],
  '#/settings': [screens[3]],
  '#/profile': [screens[4]],
};

let active = null;

function route() {
  const [next, argument] = routes[location.hash] ?? routes['#/'];
  // A training screen is left and re-entered when only its discipline changes.
  if (active) active.hide();
  for (const screen of screens) screen.element.hidden = screen !== next;
  active = next;
  next.show(argument);
}

// Training stops whenever the page is hidden; coming back lands on Start (FR7, FR7a).
function interrupt() {
  if (active !== start) navigate('#/');
}
document.addEventListener('visibilitychange', () => { if (document.hidden) interrupt(); });
window.addEventListener('pagehide', interrupt);
window.addEventListener('hashchange', route);

// A reload mid-training is a "coming back": it lands on Start, never straight into sound.
const trainingScreens = new Set(['#/training', '#/interval-training', '#/pitch-matching', '#/interval-matching', '#/singing',
  '#/compare-timing', '#/fill-the-gap']);
if (trainingScreens.has(location.hash)) history.replaceState(null, '', '#/');

// Answers the server has not acknowledged yet are kept and retried; the user sees how many.
const pending = document.getElementById('pending-answers');
api.onPendingAnswers((count) => {
  pending.hidden = count === 0;
  pending.textContent = count === 0 ? '' : t(count === 1 ? 'pending.one' : 'pending.other', { count });
});

setLanguage();
route();
// The language override lives with the other settings on the server.
api.settings().then(({ settings }) => setLanguage(settings.language)).catch(() => {});
