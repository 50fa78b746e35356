import { api } from './api.js';
import { allDisciplines, discipline, disciplines } from './catalogue.js';
import { setLanguage, t } from './i18n/i18n.js';
import { restoreMidi } from './input/midi.js';
import { keepAppOffline } from './offline/offline-app.js';
import { refillKept } from './offline/reserve.js';
import { startScreen } from './screens/start.js';
import { settingsScreen } from './screens/settings.js';
import { profileScreen } from './screens/profile.js';
import { calibrationScreen } from './screens/calibration.js';
import { signInScreen } from './screens/sign-in.js';
import { accountScreen } from './screens/account.js';
import { ownPasswordScreen } from './screens/own-password.js';
import { invitationScreen } from './screens/invitation.js';
import { classesScreen } from './screens/classes.js';
import { classScreen } from './screens/class.js';
import { phoneScreen } from './screens/phone.js';

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

// The addresses training screens had before #/train/<discipline>, kept for bookmarks: each training
// screen's module says its own (`formerAddresses`); new disciplines have only the new one.
const formerAddresses = {};
/** The discipline a training address names, or null. */
function trainingDiscipline(hash) {
  return formerAddresses[hash] ?? /^#\/train\/(\w+)(?:\/task\/\d+)?$/.exec(hash)?.[1] ?? null;
}

/** The assignment task a training address names (`#/train/<discipline>/task/<id>`), or null. */
function trainingTask(hash) {
  const task = /^#\/train\/\w+\/task\/(\d+)$/.exec(hash)?.[1];
  return task === undefined ? null : Number(task);
}

// A reload mid-training is a "coming back": it lands on Start, never straight into sound. Decided
// on the address the page was loaded with, once the screens have loaded (they know their former
// addresses): a training address the user went to while they loaded is a choice, not a reload.
const loadedAt = location.hash;

// On a class server (GET /api/account says `accounts`), every screen but sign-in needs a user.
let account = { accounts: false, user: null };

/** Start's line on who is signed in, and a teacher's way to their classes. */
function showAccount() {
  const startAccount = document.getElementById('start-account');
  startAccount.hidden = !account.user;
  if (!account.user) return;
  document.getElementById('open-account').textContent = t('start.signedInAs', { name: account.user.name });
  document.getElementById('open-classes').hidden = !account.user.teacher;
}

// The password a student just signed in with while it is one handed out, to send again as the
// current one when they choose their own; kept in memory only, so a reload forgets it.
let handed = null;

function signedIn(user, password = null) {
  account = { accounts: true, user };
  handed = user.mustChangePassword ? password : null;
  showAccount();
  // This user's answers kept while signed out go now; anyone else's wait for them.
  api.useAccount(user);
  if (!user.mustChangePassword) {
    api.settings().then(({ settings }) => setLanguage(settings.language)).then(showAccount).catch(() => {});
  }
  navigate('#/');
}

function signedOut() {
  account = { accounts: true, user: null };
  handed = null;
  api.useAccount(null);
  showAccount();
  navigate('#/sign-in');
}
api.onSignedOut(() => { if (account.accounts && account.user) signedOut(); });

// The screen a spoke was opened from, for a spoke that returns there rather than to Start.
let cameFrom = '#/';
const context = {
  navigate, announce, signedIn, signedOut, account: () => account, cameFrom: () => cameFrom, handedPassword: () => handed,
  noTrialsOffline: () => { noTrials = true; showStatus(); },
};
restoreMidi();
// A discipline trains on the screen of its answer method (the catalogue says which): a module of
// its own, `screens/answer-<method>.js`, whose default export makes its screen (its section too),
// so a new kind answered in a new way edits nothing here. They load together, so the page is ready
// as soon as the slowest of them is; before any screen is drawn, as they bring their kinds' strings
// (the Settings of a kind not offered here are drawn too, hidden).
const methods = [...new Set(allDisciplines().map((entry) => entry.answerMethod))];
const modules = await Promise.allSettled(methods.map((method) => import(`./screens/answer-${method}.js`)));
const offeredMethods = new Set(disciplines().map((entry) => entry.answerMethod));
const start = startScreen(context);
const settings = settingsScreen(context);
const calibration = calibrationScreen(context);
const profile = profileScreen(context);
const signIn = signInScreen(context);
const accountPage = accountScreen(context);
const ownPassword = ownPasswordScreen(context);
const invitation = invitationScreen(context);
const classes = classesScreen(context);
const classPage = classScreen(context);
const phone = phoneScreen(context);
const screens = [start, settings, calibration, profile, signIn, ownPassword, invitation, accountPage, classes, classPage,
  phone];
const trainingScreens = {};
modules.forEach((loaded, index) => {
  if (loaded.status === 'rejected') {
    console.warn(`no screen for answering by ${methods[index]}:`, loaded.reason);
    return;
  }
  if (!offeredMethods.has(methods[index])) return;
  const screen = loaded.value.default(context);
  trainingScreens[methods[index]] = screen;
  screens.push(screen);
  Object.assign(formerAddresses, loaded.value.formerAddresses);
});
// Every screen is drawn and every kind's strings are in (a test waits for this before it reads them).
document.body.dataset.screens = 'drawn';
if (location.hash === loadedAt && trainingDiscipline(loadedAt)) history.replaceState(null, '', '#/');
// Each route: the screen and what it is shown with.
const routes = {
  '#/': [start],
  '#/calibration': [calibration],
  '#/settings': [settings],
  '#/profile': [profile],
  '#/sign-in': [signIn],
  '#/password': [ownPassword],
  '#/account': [accountPage],
  '#/classes': [classes],
  '#/phone': [phone],
};

/** The screen for a hash, with what it is shown with; a class and a student's profile carry ids. */
function resolve(hash) {
  const link = /^#\/invitation\/([\w-]+)$/.exec(hash);
  if (link) return [invitation, link[1]];
  const student = /^#\/classes\/(\d+)\/students\/(\d+)$/.exec(hash);
  if (student) {
    const [, classId, studentId] = student;
    return [profile, { classId, studentId, name: classPage.studentName(studentId) ?? t('classes.aStudent') }];
  }
  const classroom = /^#\/classes\/(\d+)$/.exec(hash);
  if (classroom) return [classPage, classroom[1]];
  const entry = discipline(trainingDiscipline(hash));
  if (entry && trainingScreens[entry.answerMethod]) return [trainingScreens[entry.answerMethod], entry.id, trainingTask(hash)];
  return routes[hash] ?? routes['#/'];
}

/** Where a hash may not go for who is (not) signed in, the hash to go to instead. */
function redirect(hash, [screen]) {
  if (!account.accounts) {
    return [signIn, ownPassword, invitation, accountPage, classes, classPage].includes(screen) ? '#/' : null;
  }
  // An invitation link opens whoever is signed in here: accepting it signs its student in.
  if (screen === invitation) return null;
  if (!account.user) return screen === signIn ? null : '#/sign-in';
  // The server refuses everything else to a password handed out.
  if (account.user.mustChangePassword) return screen === ownPassword ? null : '#/password';
  if (screen === signIn || screen === ownPassword) return '#/';
  if ((screen === classes || screen === classPage || hash.includes('/students/')) && !account.user.teacher) return '#/';
  return null;
}

let active = null;
let activeArgument = null;

function route() {
  const resolved = resolve(location.hash);
  const elsewhere = redirect(location.hash, resolved);
  if (elsewhere) {
    navigate(elsewhere);
    return;
  }
  const [next, argument, task] = resolved;
  // Another screen, or the same one for another class or student, opens at its top, as an app's does.
  if (next !== active || argument !== activeArgument) window.scrollTo(0, 0);
  // A training screen is left and re-entered when only its discipline changes.
  if (active) active.hide();
  for (const screen of screens) screen.element.hidden = screen !== next;
  active = next;
  activeArgument = argument;
  next.show(argument, task);
}

// Training stops whenever the page is hidden (a call, another app, a locked screen): a trial heard
// half-way would be judged unfairly, so coming back lands on Start rather than mid-trial.
// An invitation link's screen stays: its token is only in the address (a student may switch to a
// password manager while choosing).
function interrupt() {
  if (active !== start && active !== invitation) navigate('#/');
}
document.addEventListener('visibilitychange', () => { if (document.hidden) interrupt(); });
window.addEventListener('pagehide', interrupt);
window.addEventListener('hashchange', (event) => {
  cameFrom = new URL(event.oldURL).hash || '#/';
  route();
});

// One calm line on the state of things: offline or not, answers waiting to be saved (the user's
// own, and other accounts' waiting for their owners), and training stopped for want of trials.
const status = document.getElementById('pending-answers');
let pending = { mine: 0, others: [] };
// An answer on its way counts as waiting too. Said only once one has waited longer than a slow
// round trip: the line, which the screen makes room for, would otherwise come and go with every
// answer on a slow network and move the answer buttons under the user's finger.
const PENDING_GRACE_MS = 2000;
let waitedLong = false;
let graceTimer = null;
// Answers kept when the page opens have waited already: said at once.
let firstCount = true;
let offline = !navigator.onLine;
let noTrials = false;
const plural = (count, one, other) => t(count === 1 ? one : other, { count });
function showStatus() {
  const lines = [];
  if (noTrials) lines.push(t('offline.noTrials'));
  if (offline) lines.push(pending.mine === 0 ? t('offline.none') : plural(pending.mine, 'offline.one', 'offline.other'));
  else if (pending.mine > 0 && waitedLong) lines.push(plural(pending.mine, 'pending.one', 'pending.other'));
  for (const { name, count } of pending.others) {
    lines.push(t(count === 1 ? 'pending.ownerOne' : 'pending.ownerOther', { count, name }));
  }
  status.hidden = lines.length === 0;
  status.replaceChildren(...lines.map((line) => {
    const span = document.createElement('span');
    span.textContent = line;
    return span;
  }));
}
api.onPendingAnswers((counts) => {
  pending = counts;
  if (firstCount && counts.mine > 0) waitedLong = true;
  firstCount = false;
  if (counts.mine === 0) {
    clearTimeout(graceTimer);
    graceTimer = null;
    waitedLong = false;
  } else if (!waitedLong && graceTimer === null) {
    // From the first answer waiting: answers that keep coming do not put the line off.
    graceTimer = setTimeout(() => {
      graceTimer = null;
      waitedLong = true;
      showStatus();
    }, PENDING_GRACE_MS);
  }
  showStatus();
});
document.addEventListener('languagechange', showStatus);

// While the server cannot be reached it is asked now and then whether it is back; once it is, a
// pending sign-out goes first (api.js), then the account is asked again.
const PROBE_MS = 5000;
let probe = null;
function reachability(reachable) {
  offline = !reachable || !navigator.onLine;
  if (reachable) noTrials = false;
  showStatus();
  clearInterval(probe);
  probe = offline ? setInterval(() => api.health().catch(() => {}), PROBE_MS) : null;
  if (!reachable) return;
  // The server may be another version now (an upgrade while it was away): its app replaces the copy.
  keepCurrentApp();
  if (account.offline) loadAccount().then(afterAccount);
}

/** A failed look at the server's version, or a failed registration, is tried again a few times while it can be reached. */
async function keepCurrentApp(tries = 0) {
  const kept = await api.health().then(({ webVersion }) => keepAppOffline(webVersion)).catch(() => false);
  if (!kept && tries < 5 && api.isReachable()) setTimeout(() => keepCurrentApp(tries + 1), 3000);
}
api.onReachability(reachability);
window.addEventListener('online', () => api.health().catch(() => {}).finally(() => reachability(api.isReachable())));
window.addEventListener('offline', () => reachability(false));

/** Who is signed in, from the server or, offline, as last seen; then the screen for them. */
async function loadAccount() {
  const status = await api.account().catch(() => ({ accounts: false, user: null }));
  const before = account.user?.id;
  account = { accounts: status.accounts, user: status.user ?? null, offline: status.offline === true };
  // Not awaited: the first screen shows as soon as the account is known, not after IndexedDB.
  api.useAccount(account.user);
  showAccount();
  return before !== account.user?.id || active === null;
}

/** With the account known: its screen (when it changed), the app kept for offline use, the user's language. */
function afterAccount(changed) {
  if (changed) route();
  if (account.offline) return;
  keepCurrentApp();
  if (account.accounts && (!account.user || account.user.mustChangePassword)) return;
  // A visit online keeps the reserves of the disciplines trained here full, for the next offline one,
  // and Start's first discipline's from the first visit on.
  refillKept(account.user?.id ?? null, disciplines()[0]?.id);
  // The language override lives with the other settings on the server.
  api.settings().then(({ settings }) => setLanguage(settings.language)).then(showAccount).catch(() => {});
}

setLanguage();
// Who may see what is known before the first screen shows; a Peach that cannot say is a personal one.
loadAccount().then(afterAccount);
