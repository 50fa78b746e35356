// The only module that talks to the server. Every rule lives there; this just carries JSON.

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

/** A fresh idempotency key: `crypto.randomUUID` needs a secure context, a phone on the LAN has none. */
function answerKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Posts an answer once and, if the server never acknowledged it, once more under the same key, so
 * the server stores it once even if only the first response was lost; the retry says how long ago
 * the user answered. A 4xx is final.
 */
async function answerWithOneRetry(path, body) {
  const headers = { 'Idempotency-Key': answerKey() };
  const answeredAt = performance.now();
  try {
    return await request('POST', path, body, headers);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) throw error;
    const answeredSecondsAgo = (performance.now() - answeredAt) / 1000;
    return request('POST', path, { ...body, answeredSecondsAgo }, headers);
  }
}

export const api = {
  health: () => request('GET', 'health'),
  /** A trial of any discipline; its `session` says when answers open and how long feedback shows. */
  nextTrial: (discipline) => request('POST', 'trials', { discipline }),
  /** `{ answer: 'higher' | 'lower' }` or `{ normalizedValue }`, as the trial's kind takes. */
  answerTrial: (id, body) => answerWithOneRetry(`trials/${encodeURIComponent(id)}/answer`, body),
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
  sparklineSvg: (discipline) => requestText(`profile/sparkline.svg?discipline=${encodeURIComponent(discipline)}`),
};
