// The only module that talks to the server. Every rule lives there; this just carries JSON.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function request(method, path, body) {
  const response = await fetch(`/api/${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new ApiError(response.status, payload?.error?.message ?? response.statusText);
  }
  return payload;
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
  nextPitchMatching: () => request('POST', 'pitch-matching'),
  commitPitchMatching: (id, normalizedValue) =>
    requestWithOneRetry('POST', `pitch-matching/${encodeURIComponent(id)}/result`, { normalizedValue }),
};
