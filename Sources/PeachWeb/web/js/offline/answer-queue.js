// Every answer is kept in IndexedDB, under its idempotency key, until the server acknowledges it:
// a network loss, a server restart or a page reload never loses one, and the server stores each key
// once however often it is sent. Each answer belongs to the account it was given under (`owner`,
// null on a personal Peach) and goes only with that account's session: another user signing in on
// the same browser leaves it waiting for its owner. Only api.js uses this module.
import * as local from './local-store.js';

/** Retry delays after a failed delivery: doubling from 1 s, at most 30 s apart. */
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30000;

const listeners = new Set();
let retryDelay = FIRST_RETRY_MS;
let retryTimer = null;
let flushing = null;
/** A flush was asked for while one ran. */
let flushAgain = false;
/** Whose answers may be sent now: undefined until the page knows who is signed in. */
let owner;
/** Unknown until IndexedDB has been read. */
let pending = null;

const put = (entry) => local.put(local.PENDING_ANSWERS, entry);
const remove = (key) => local.remove(local.PENDING_ANSWERS, key);
const all = () => local.all(local.PENDING_ANSWERS);

/** Answers kept before owners were recorded went with whoever was signed in; they still do. */
const belongsTo = (entry, account) => entry.owner == null || entry.owner.id === account?.id;

async function updateCount() {
  const entries = await all();
  const mine = owner === undefined ? [] : entries.filter((entry) => belongsTo(entry, owner));
  const others = new Map();
  for (const entry of entries) {
    if (mine.includes(entry) || entry.owner == null) continue;
    const waiting = others.get(entry.owner.id) ?? { name: entry.owner.name, count: 0 };
    waiting.count += 1;
    others.set(entry.owner.id, waiting);
  }
  pending = { mine: mine.length, others: [...others.values()] };
  for (const listener of listeners) listener(pending);
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
async function deliver(entry, send, path = entry.path) {
  // The server records when the user answered, so a late delivery says how late it is.
  const answeredSecondsAgo = Math.max(0, (Date.now() - entry.answeredAt) / 1000);
  try {
    const result = await send(path, { ...entry.body, answeredSecondsAgo }, entry.key);
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

/**
 * The account whose session the page now has (null: none, or a personal Peach): only its answers
 * are sent from now on. The others are counted as waiting for their owners.
 */
export function setOwner(account) {
  owner = account;
  return updateCount();
}

/**
 * Delivers the owner's kept answers, oldest first; stops at the first that cannot be sent and retries
 * later. Asked while a pass runs, it runs one more pass after it: the pass under way read its answers
 * before and stops when the session's account changes, so without it an answer could wait until the
 * next one given (the server back, and the account asked again, while a retry was sending).
 */
export function flush(send) {
  if (owner === undefined) return Promise.resolve();
  if (flushing) {
    flushAgain = true;
    return flushing;
  }
  flushing = (async () => {
    try {
      const sending = owner;
      const entries = (await all()).filter((entry) => belongsTo(entry, sending)).sort((a, b) => a.answeredAt - b.answeredAt);
      for (const entry of entries) {
        // Someone signed out or in meanwhile: the rest is not theirs to send.
        if ((owner?.id ?? null) !== (sending?.id ?? null)) break;
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
  })().then(() => {
    if (!flushAgain) return undefined;
    flushAgain = false;
    return flush(send);
  });
  return flushing;
}

/**
 * Keeps the answer as the owner's, then sends it (once more at once if the first response was
 * lost). Resolves with the server's result, or with null when it could not be delivered yet: it
 * stays kept and is retried in the background. A finally refused answer rejects. `livePath`, when
 * given, is where these first attempts go (asking for what only a page training now needs); a
 * later delivery goes to `path`.
 */
export async function submit(path, body, key, send, livePath = path) {
  const entry = { key, path, body, answeredAt: Date.now(), owner: owner ?? null };
  await put(entry);
  await updateCount();
  try {
    return await deliver(entry, send, livePath);
  } catch (error) {
    if (isFinal(error)) throw error;
    try {
      return await deliver(entry, send, livePath);
    } catch (retryError) {
      if (isFinal(retryError)) throw retryError;
      scheduleRetry(send);
      return null;
    }
  } finally {
    await updateCount();
  }
}

/**
 * Called with `{ mine, others: [{ name, count }] }` — the signed-in account's answers waiting for
 * the server, and other accounts' waiting for their owners — now and whenever it changes.
 */
export function onPendingChange(listener) {
  listeners.add(listener);
  if (pending !== null) listener(pending);
}
