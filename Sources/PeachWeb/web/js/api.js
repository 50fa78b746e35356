// The only module that talks to the server. Every rule lives there; this just carries JSON.
import * as queue from './offline/answer-queue.js';
import { language } from './i18n/i18n.js';
import * as local from './offline/local-store.js';

export class ApiError extends Error {
  constructor(status, message, detail = {}) {
    super(message);
    this.status = status;
    this.detail = detail;
  }
}

const signedOutListeners = [];

/** On a class server every route but the account's own needs a session: a 401 means signed out. */
function refused(response, path) {
  if (response.status === 401 && !path.startsWith('account')) for (const listener of signedOutListeners) listener();
}

// Whether the server answered the last request: a request that got no response at all (no
// network, the server down) makes the page offline until the next one that gets any response.
let reachable = true;
const reachabilityListeners = new Set();
function reached(now) {
  if (now === reachable) return;
  reachable = now;
  for (const listener of reachabilityListeners) listener(reachable);
}

// A sign-out given while the server could not be reached waits in IndexedDB and goes before any
// other request, also after a reload: until it has gone, nothing else is sent with the old cookie.
const SIGN_OUT = 'signOut';
let signOutPending = local.get(local.STATE, SIGN_OUT).then(Boolean).catch(() => false);

let signingOut = null;
function sendPendingSignOut() {
  signingOut ??= (async () => {
    try {
      if (!(await signOutPending)) return;
      // Any response ends the session (a 401: it had ended already); no response keeps it waiting.
      await send('POST', '/api/account/sign-out');
      await local.remove(local.STATE, SIGN_OUT);
      signOutPending = Promise.resolve(false);
    } finally {
      signingOut = null;
    }
  })();
  return signingOut;
}

async function send(method, url, init = {}) {
  try {
    const response = await fetch(url, { method, ...init });
    reached(true);
    return response;
  } catch (error) {
    reached(false);
    throw error;
  }
}

/** Every request but the pending sign-out itself waits for it. */
async function call(method, path, init) {
  await sendPendingSignOut();
  return send(method, `/api/${path}`, init);
}

/** JSON in, JSON out; a Blob (a chosen file) goes as it is. */
async function request(method, path, body, headers = {}) {
  const raw = body instanceof Blob;
  const response = await call(method, path, {
    headers: body === undefined || raw ? headers : { 'Content-Type': 'application/json', ...headers },
    body: body === undefined || raw ? body : JSON.stringify(body),
  });
  const payload = response.status === 204 ? {} : await response.json().catch(() => ({}));
  if (!response.ok) {
    refused(response, path);
    throw new ApiError(response.status, payload?.error?.message ?? response.statusText, payload?.error ?? {});
  }
  return payload;
}

async function requestText(path) {
  const response = await call('GET', path);
  if (!response.ok) {
    refused(response, path);
    const payload = await response.json().catch(() => ({}));
    throw new ApiError(response.status, payload?.error?.message ?? response.statusText, payload?.error ?? {});
  }
  return response.text();
}

async function requestBytes(path) {
  const response = await call('GET', path);
  if (!response.ok) throw new ApiError(response.status, `${path}: ${response.status} ${response.statusText}`);
  return response.arrayBuffer();
}

/** A fresh idempotency key: `crypto.randomUUID` needs a secure context, a phone on the LAN has none. */
function answerKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const sendAnswer = (path, body, key) => request('POST', path, body, { 'Idempotency-Key': key });

// Answers kept from an earlier visit or a lost connection go out as soon as they can (once the
// page knows whose session it has: `useAccount`).
window.addEventListener('online', () => queue.flush(sendAnswer));

// The account last seen, so that a page opened offline knows whose Start and reserve to show.
const ACCOUNT = 'account';

/** `GET account`, or offline the account last seen (`offline: true`); a personal Peach when never seen. */
async function account() {
  try {
    const status = await request('GET', 'account');
    await local.put(local.STATE, { name: ACCOUNT, status }).catch(() => {});
    return status;
  } catch (error) {
    if (error.status !== undefined) throw error;
    const kept = await local.get(local.STATE, ACCOUNT).catch(() => null);
    return { ...(kept?.status ?? { accounts: false }), offline: true };
  }
}

// Each user's assignments as last seen, so that Start lists them, and their tasks train, offline.
const ASSIGNMENTS = 'assignments';

/** `GET assignments`, kept for `user`; offline the last kept (`offline: true`), or none. */
async function assignments(user) {
  const name = `${ASSIGNMENTS}|${user}`;
  try {
    const mine = await request('GET', 'assignments');
    await local.put(local.STATE, { name, mine }).catch(() => {});
    return mine;
  } catch (error) {
    if (error.status !== undefined) throw error;
    const kept = await local.get(local.STATE, name).catch(() => null);
    return { assignments: kept?.mine?.assignments ?? [], offline: true };
  }
}

/** Forgets the user at once; the server's session ends now, or before anything else once it can be reached. */
async function signOut() {
  await local.put(local.STATE, { name: ACCOUNT, status: { accounts: true, user: null } }).catch(() => {});
  queue.setOwner(null);
  try {
    await request('POST', 'account/sign-out');
  } catch (error) {
    if (error.status !== undefined) return;
    await local.put(local.STATE, { name: SIGN_OUT });
    signOutPending = Promise.resolve(true);
  }
}

/** Signing in or up: the server's answer, also kept as the account last seen. */
async function signedIn(answer) {
  const { user } = await answer;
  await local.put(local.STATE, { name: ACCOUNT, status: { accounts: true, user } }).catch(() => {});
  return { user };
}

export const api = {
  /** `{ status, version, webVersion }`. */
  health: () => request('GET', 'health'),
  phone: () => request('GET', 'phone'),
  /** A trial of any discipline; its `session` says when answers open and how long feedback shows. */
  nextTrial: (discipline, task = null) => request('POST', 'trials', task ? { discipline, task } : { discipline }),
  /**
   * Trials to train on while the server cannot be reached, each answered like any other: a
   * session's worth of the user's own, or of an assignment `task`'s → `{ trials, sessionSize, validSeconds }`.
   */
  reserveTrials: (discipline, task = null) =>
    request('POST', 'trials/reserve', task ? { discipline, task } : { discipline }),
  /**
   * `{ answer: 'higher' | 'lower' }`, `{ answer: 'early' | 'late' }`, `{ normalizedValue }`, `{ sungCents }`
   * or `{ tapSeconds }`, as the trial's kind takes. Resolves with the judged answer, or null while the server cannot be reached: the answer
   * is kept and delivered later (see answer-queue.js). Delivered at once, the result carries the
   * discipline's next trial (`next`); a late delivery asks for none.
   */
  answerTrial: (id, body) => {
    const path = `trials/${encodeURIComponent(id)}/answer`;
    return queue.submit(path, body, answerKey(), sendAnswer, `${path}?next=true`);
  },
  /** Called with `{ mine, others: [{ name, count }] }` (answers not yet acknowledged), now and on every change. */
  onPendingAnswers: queue.onPendingChange,
  /** Whose session the page has (a user, or null): only their kept answers are sent, starting now. */
  useAccount: async (user) => {
    await queue.setOwner(user ? { id: user.id, name: user.name } : null);
    queue.flush(sendAnswer);
  },
  /** Called with whether the server answered the last request, whenever that changes. */
  onReachability: (listener) => reachabilityListeners.add(listener),
  isReachable: () => reachable,
  /** The rhythm disciplines' click (a WAV whose onset is its first sample). */
  clickSound: () => requestBytes('sounds/click.wav'),
  /** Taps along clicks, both on one time base → `{ latencyMs, tapsUsed }` (400 when too few fall near a click). */
  calibrationPlan: () => request('GET', 'rhythm/calibration'),
  rhythmCalibration: (clickSeconds, tapSeconds) => request('POST', 'rhythm/calibration', { clickSeconds, tapSeconds }),
  settings: () => request('GET', 'settings'),
  updateSettings: (changes) => request('PUT', 'settings', changes),
  resetTrainingData: () => request('DELETE', 'records'),
  exportURL: '/api/export',
  importRecords: (file, mode) => request('POST', `import?mode=${encodeURIComponent(mode)}`, file),
  ...profileRoutes('profile'),
  /** `{ accounts: false }` on the personal Peach; `{ accounts: true, user: null | { id, name, teacher } }` on a class server. */
  account,
  signIn: (name, password) => signedIn(request('POST', 'account/sign-in', { name, password })),
  signUp: (name, password, invitation) => signedIn(request('POST', 'account/sign-up', { name, password, invitation })),
  /** Whose account a class list's invitation link is for (`{ name }`), or why it no longer works. */
  checkInvitation: (token) => request('POST', 'account/invitation/check', { token }),
  /** A class list's invitation link: its account's password chosen, and signed in. */
  acceptInvitation: (token, password) => signedIn(request('POST', 'account/invitation', { token, password })),
  signOut,
  changePassword: (current, next) => request('POST', 'account/password', { current, new: next }),
  /** The classes that see my data. */
  myClasses: () => request('GET', 'account/classes'),
  joinClass: (invitation) => request('POST', 'account/classes', { invitation }),
  leaveClass: (id) => request('DELETE', `account/classes/${encodeURIComponent(id)}`),
  /** A teacher's classes, one class with each student's summary, its chart and its CSV. */
  classes: () => request('GET', 'classes'),
  createClass: (name) => request('POST', 'classes', { name }),
  classDetail: (id) => request('GET', `classes/${encodeURIComponent(id)}`),
  /** Drawn `width` CSS pixels wide: its text stays at its size on a phone. */
  classChartSvg: (id, lang, width) =>
    requestText(`classes/${encodeURIComponent(id)}/distribution.svg?${new URLSearchParams({ lang, width })}`),
  classSummaryURL: (id) => `/api/classes/${encodeURIComponent(id)}/summary.csv`,
  /** My open and recent assignments with my progress → `{ assignments: [{ assignment, className, progress, done }] }`. */
  assignments,
  /** A class's assignments, each with its table of students × tasks → `{ assignments: [{ assignment, rows }] }`. */
  classAssignments: (id) => request('GET', `classes/${encodeURIComponent(id)}/assignments`),
  /** `{ title, due, start?, student?, tasks: [{ discipline, answers | threshold, settings? }] }`; the server checks it whole. */
  createAssignment: (id, assignment) => request('POST', `classes/${encodeURIComponent(id)}/assignments`, assignment),
  /** Where the assignment's table downloads as CSV (a link's `href`). */
  assignmentTableURL: (id, assignment) =>
    `/api/classes/${encodeURIComponent(id)}/assignments/${encodeURIComponent(assignment)}/table.csv`,
  /** Where the assignment downloads as a template's file (a link's `href`). */
  assignmentTemplateURL: (id, assignment) =>
    `/api/classes/${encodeURIComponent(id)}/assignments/${encodeURIComponent(assignment)}/template.json`,
  /** The assignment as a template: `{ peachAssignmentTemplate, title, tasks }`. */
  assignmentTemplate: (id, assignment) =>
    request('GET', `classes/${encodeURIComponent(id)}/assignments/${encodeURIComponent(assignment)}/template.json`),
  /** Sets a class a template's assignment: `{ template, due, start?, student? }` → the assignment with its table. */
  createAssignmentFromTemplate: (id, body) =>
    request('POST', `classes/${encodeURIComponent(id)}/assignments/from-template`, body),
  deleteAssignment: (id, assignment) =>
    request('DELETE', `classes/${encodeURIComponent(id)}/assignments/${encodeURIComponent(assignment)}`),
  /** A student's profile, read-only, through a class the teacher teaches: the same routes as one's own. */
  studentProfile: (classId, studentId) =>
    profileRoutes(`classes/${encodeURIComponent(classId)}/students/${encodeURIComponent(studentId)}/profile`),
  /** Called whenever the server says "sign in first". */
  onSignedOut: (listener) => signedOutListeners.push(listener),
};

/** A chart's view as the profile's chart and timeline take it; they may draw a longer period than asked. */
function chartView(view) {
  return { coarsen: true, ...(view ? { viewStart: view.start, viewWidth: view.width, viewPeriod: view.period } : {}) };
}

/** The profile's routes under `base`: one's own (`profile`) or a student's through a class. */
function profileRoutes(base) {
  return {
    /** `scope`: 'pitch' (default), 'intervals', or one interval such as 'P5up'. */
    profile: (scope = 'pitch') => request('GET', `${base}?scope=${encodeURIComponent(scope)}`),
    intervalProfiles: () => request('GET', `${base}/intervals`),
    /**
     * The periods the chart `width` px wide draws for `view` (as chartSvg takes it); without one, the
     * newest. Both coarsen: zoomed out, the server draws weeks or months and says which.
     */
    timeline: (period, { scope = 'pitch', view, width } = {}) =>
      request('GET', `${base}/timeline?${new URLSearchParams({ period, scope, ...(width ? { width } : {}), ...chartView(view) })}`),
    /** `view`: {start, width, period}, in periods of the chart shown (its data-period). */
    chartSvg: ({ period, width, height, lang, view, scope = 'pitch' }) =>
      requestText(`${base}/chart.svg?${new URLSearchParams({ period, width, height, lang, scope, ...chartView(view) })}`),
    /** One discipline's series: its fitted threshold per day, or its mean absolute error per day. */
    /** `band` only with a rhythm discipline: that tempo band's series. Its title, in the page's language, says which way is better. */
    sparklineSvg: (discipline, band) =>
      requestText(`${base}/sparkline.svg?${new URLSearchParams({ discipline, ...(band ? { band } : {}), lang: language() })}`),
    /** A discipline's own fitted threshold (a kind that fits one: Which Voice?). */
    threshold: (discipline) => request('GET', `${base}/threshold?discipline=${encodeURIComponent(discipline)}`),
    /** What was named for each item played (a discipline answered by naming items), and its heat map. */
    confusion: (discipline) => request('GET', `${base}/confusion?discipline=${encodeURIComponent(discipline)}`),
    confusionSvg: (discipline) =>
      requestText(`${base}/confusion.svg?${new URLSearchParams({ discipline, lang: language() })}`),
    /** What the Profile says of a discipline in its kind's own shape (the catalogue's `profilePart`). */
    part: (discipline) => request('GET', `${base}/part?discipline=${encodeURIComponent(discipline)}`),
    /** One tempo band's rhythm results per day. */
    rhythmTimeline: (band) => request('GET', `${base}/rhythm?band=${encodeURIComponent(band)}`),
  };
}
