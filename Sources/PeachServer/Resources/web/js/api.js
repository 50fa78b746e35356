// The only module that talks to the server. Every rule lives there; this just carries JSON.
import * as queue from './answer-queue.js';

export class ApiError extends Error {
  constructor(status, message, detail = {}) {
    super(message);
    this.status = status;
    this.detail = detail;
  }
}

/** JSON in, JSON out; a Blob (a chosen file) goes as it is. */
async function request(method, path, body, headers = {}) {
  const raw = body instanceof Blob;
  const response = await fetch(`/api/${path}`, {
    method,
    headers: body === undefined || raw ? headers : { 'Content-Type': 'application/json', ...headers },
    body: body === undefined || raw ? body : JSON.stringify(body),
  });
  const payload = response.status === 204 ? {} : await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new ApiError(response.status, payload?.error?.message ?? response.statusText, payload?.error ?? {});
  }
  return payload;
}

async function requestText(path) {
  const response = await fetch(`/api/${path}`);
  if (!response.ok) {
    const payload = await response.json().catch(() => ({}));
    throw new ApiError(response.status, payload?.error?.message ?? response.statusText);
  }
  return response.text();
}

async function requestBytes(path) {
  const response = await fetch(`/api/${path}`);
  if (!response.ok) throw new ApiError(response.status, `${path}: ${response.status} ${response.statusText}`);
  return response.arrayBuffer();
}

/** A fresh idempotency key: `crypto.randomUUID` needs a secure context, a phone on the LAN has none. */
function answerKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const sendAnswer = (path, body, key) => request('POST', path, body, { 'Idempotency-Key': key });

// Answers kept from an earlier visit or a lost connection go out as soon as they can.
queue.flush(sendAnswer);
window.addEventListener('online', () => queue.flush(sendAnswer));

export const api = {
  health: () => request('GET', 'health'),
  /** A trial of any discipline; its `session` says when answers open and how long feedback shows. */
  nextTrial: (discipline) => request('POST', 'trials', { discipline }),
  /** `count` trials to train on while the server cannot be reached; each is answered like any other. */
  reserveTrials: (discipline, count) => request('POST', 'trials/reserve', { discipline, count }),
  /**
   * `{ answer: 'higher' | 'lower' }`, `{ answer: 'early' | 'late' }`, `{ normalizedValue }`, `{ sungCents }`
   * or `{ tapSeconds }`, as the trial's kind takes. Resolves with the judged answer, or null while the server cannot be reached: the answer
   * is kept and delivered later (see answer-queue.js).
   */
  answerTrial: (id, body) => queue.submit(`trials/${encodeURIComponent(id)}/answer`, body, answerKey(), sendAnswer),
  /** Called with the number of answers not yet acknowledged, now and on every change. */
  onPendingAnswers: queue.onPendingChange,
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
  /** `scope`: 'pitch' (default), 'intervals', or one interval such as 'P5up'. */
  profile: (scope = 'pitch') => request('GET', `profile?scope=${encodeURIComponent(scope)}`),
  intervalProfiles: () => request('GET', 'profile/intervals'),
  timeline: (period, scope = 'pitch') =>
    request('GET', `profile/timeline?${new URLSearchParams({ period, scope })}`),
  chartSvg: ({ period, width, height, lang, view, scope = 'pitch' }) =>
    requestText(`profile/chart.svg?${new URLSearchParams({
      period, width, height, lang, scope, ...(view ? { viewStart: view.start, viewWidth: view.width } : {}),
    })}`),
  /** One discipline's series: its fitted threshold per day, or its mean absolute error per day. */
  /** `band` only with a rhythm discipline: that tempo band's series. */
  sparklineSvg: (discipline, band) =>
    requestText(`profile/sparkline.svg?${new URLSearchParams({ discipline, ...(band ? { band } : {}) })}`),
  /** One tempo band's rhythm results per day. */
  rhythmTimeline: (band) => request('GET', `profile/rhythm?band=${encodeURIComponent(band)}`),
};
