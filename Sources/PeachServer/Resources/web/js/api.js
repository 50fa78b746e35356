// The only module that talks to the server. Every rule lives there; this just carries JSON.

export class ApiError extends Error {
  constructor(status, message, detail = {}) {
    super(message);
    this.status = status;
    this.detail = detail;
  }
}

/** JSON in, JSON out; a Blob (a chosen file) goes as it is. */
async function request(method, path, body) {
  const raw = body instanceof Blob;
  const response = await fetch(`/api/${path}`, {
    method,
    headers: body === undefined || raw ? {} : { 'Content-Type': 'application/json' },
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

/** Posts once and, if the server never acknowledged it, once more; a 4xx is final. */
async function requestWithOneRetry(method, path, body) {
  try {
    return await request(method, path, body);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) throw error;
    return request(method, path, body);
  }
}

export const api = {
  health: () => request('GET', 'health'),
  nextComparison: () => request('POST', 'comparisons'),
  answerComparison: (id, answer) => requestWithOneRetry('POST', `comparisons/${encodeURIComponent(id)}/answer`, { answer }),
  settings: () => request('GET', 'settings'),
  updateSettings: (changes) => request('PUT', 'settings', changes),
  resetTrainingData: () => request('DELETE', 'records'),
  exportURL: '/api/export',
  importRecords: (file, mode) => request('POST', `import?mode=${encodeURIComponent(mode)}`, file),
  profile: () => request('GET', 'profile'),
  timeline: (period) => request('GET', `profile/timeline?period=${encodeURIComponent(period)}`),
  chartSvg: ({ period, width, height, lang, view }) =>
    requestText(`profile/chart.svg?${new URLSearchParams({
      period, width, height, lang, ...(view ? { viewStart: view.start, viewWidth: view.width } : {}),
    })}`),
  sparklineSvg: () => requestText('profile/sparkline.svg'),
  nextPitchMatching: () => request('POST', 'pitch-matching'),
  commitPitchMatching: (id, normalizedValue) =>
    requestWithOneRetry('POST', `pitch-matching/${encodeURIComponent(id)}/result`, { normalizedValue }),
};
