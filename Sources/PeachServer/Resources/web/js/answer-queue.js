// Every answer is kept in IndexedDB, under its idempotency key, until the server acknowledges it:
// a network loss, a server restart or a page reload never loses one, and the server stores each key
// once however often it is sent. Only api.js uses this module.

const DATABASE = 'peach';
const STORE = 'pendingAnswers';
/** Retry delays after a failed delivery: doubling from 1 s, at most 30 s apart. */
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30000;

const listeners = new Set();
let database = null;
let retryDelay = FIRST_RETRY_MS;
let retryTimer = null;
let flushing = null;
/** Unknown until IndexedDB has been read. */
let pendingCount = null;

/** The browser's IndexedDB, or a plain map for the page's lifetime where it is unavailable. */
function open() {
  database ??= new Promise((resolve) => {
    let request;
    try {
      request = indexedDB.open(DATABASE, 1);
    } catch {
      resolve(null);
      return;
    }
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
  });
  return database;
}

const memory = new Map();

async function transact(mode, work) {
  const db = await open();
  if (!db) return work(null);
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const result = work(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(result?.result ?? result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

const put = (entry) => transact('readwrite', (store) => (store ? store.put(entry) : memory.set(entry.key, entry)));
const remove = (key) => transact('readwrite', (store) => (store ? store.delete(key) : memory.delete(key)));
const all = () => transact('readonly', (store) => (store ? store.getAll() : [...memory.values()]));

async function updateCount() {
  pendingCount = (await all()).length;
  for (const listener of listeners) listener(pendingCount);
}

/**
 * A refusal that sending again cannot change: a 4xx (the trial expired or was answered under
 * another key), except 401 (signed out on a class server: it goes once the user is back), 408 and 429.
 */
const isFinal = (error) => error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);

/**
 * Sends one kept answer. Resolves with the server's result; a final refusal drops the answer;
 * anything else (no network, 5xx, signed out) leaves it kept and rejects.
 */
async function deliver(entry, send) {
  // The server records when the user answered, so a late delivery says how late it is.
  const answeredSecondsAgo = Math.max(0, (Date.now() - entry.answeredAt) / 1000);
  try {
    const result = await send(entry.path, { ...entry.body, answeredSecondsAgo }, entry.key);
    await remove(entry.key);
    return result;
  } catch (error) {
    if (isFinal(error)) {
      console.warn('answer refused, dropped:', error);
      await remove(entry.key);
    }
    throw error;
  }
}

function scheduleRetry(send) {
  if (retryTimer !== null) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    flush(send);
  }, retryDelay);
  retryDelay = Math.min(retryDelay * 2, LAST_RETRY_MS);
}

/** Delivers every kept answer, oldest first; stops at the first that cannot be sent and retries later. */
export function flush(send) {
  flushing ??= (async () => {
    try {
      const entries = (await all()).sort((a, b) => a.answeredAt - b.answeredAt);
      for (const entry of entries) {
        try {
          await deliver(entry, send);
        } catch (error) {
          if (!isFinal(error)) {
            scheduleRetry(send);
            return;
          }
        }
      }
      retryDelay = FIRST_RETRY_MS;
    } finally {
      flushing = null;
      await updateCount();
    }
  })();
  return flushing;
}

/**
 * Keeps the answer, then sends it (once more at once if the first response was lost). Resolves
 * with the server's result, or with null when it could not be delivered yet: it stays kept and is
 * retried in the background. A finally refused answer rejects.
 */
export async function submit(path, body, key, send) {
  const entry = { key, path, body, answeredAt: Date.now() };
  await put(entry);
  await updateCount();
  try {
    return await deliver(entry, send);
  } catch (error) {
    if (isFinal(error)) throw error;
    try {
      return await deliver(entry, send);
    } catch (retryError) {
      if (isFinal(retryError)) throw retryError;
      scheduleRetry(send);
      return null;
    }
  } finally {
    await updateCount();
  }
}

/** Called with the number of answers waiting for the server, now and whenever it changes. */
export function onPendingChange(listener) {
  listeners.add(listener);
  if (pendingCount !== null) listener(pendingCount);
}
