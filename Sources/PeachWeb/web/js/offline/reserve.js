// Trials drawn ahead, per account and discipline (and assignment task), kept in IndexedDB so that training goes on while
// the server cannot be reached — also in a page opened offline. The server says how many make a
// session and how long each stays valid; this only keeps them and hands them out oldest first.
import { api } from '../api.js';
import * as local from './local-store.js';

const refilling = new Map();
// How many trials each reserve held when last counted, and its session size: deciding whether to
// top up then costs no read of the store on every trial played online.
const known = new Map();
const isLow = ({ count, sessionSize }) => count === 0 || count < sessionSize / 2;

/** A task's trials are drawn with its settings and count for it: a reserve of their own. */
const idOf = (owner, discipline, task = null) => `${owner ?? ''}|${discipline}${task === null ? '' : `|${task}`}`;

async function measure(id) {
  const [kept, count] = await Promise.all([
    local.get(local.RESERVES, id).catch(() => null),
    local.count(local.RESERVED_TRIALS, 'reserve', id).catch(() => 0),
  ]);
  known.set(id, { count, sessionSize: kept?.sessionSize ?? 0 });
  return known.get(id);
}

/**
 * The oldest reserved trial of this account's discipline, taken out of the reserve (a trial older
 * than the server keeps it open would be refused: it is dropped unplayed); null when none is left.
 */
export async function take(owner, discipline, task = null) {
  const id = idOf(owner, discipline, task);
  const now = Date.now();
  const taken = await local.takeFirst(local.RESERVED_TRIALS, 'reserve', id, (entry) => now < entry.validUntil);
  await measure(id);
  return taken?.trial ?? null;
}

/**
 * Tops the reserve up to a session's worth in the background once it is down to half of that (or
 * empty); does nothing while a top-up of it is under way. Resolves when done; never rejects.
 */
export function refill(owner, discipline, task = null) {
  const id = idOf(owner, discipline, task);
  if (known.has(id) && !isLow(known.get(id))) return Promise.resolve();
  if (!refilling.has(id)) {
    refilling.set(id, (async () => {
      try {
        if (!isLow(await measure(id))) return;
        const { trials, sessionSize, validSeconds } = await api.reserveTrials(discipline, task);
        const validUntil = Date.now() + validSeconds * 1000;
        await local.addAll(local.RESERVED_TRIALS, trials.map((trial) => ({ reserve: id, trial, validUntil })));
        await local.put(local.RESERVES, { id, sessionSize });
        await measure(id);
      } catch (error) {
        console.warn('no reserve of trials:', error);
      } finally {
        refilling.delete(id);
      }
    })());
  }
  return refilling.get(id);
}

/**
 * Tops up, one after another, every reserve this account has (the disciplines it trained here
 * before) — `first` before them, kept or not: Start's first discipline trains offline from the
 * first visit, on a phone that was only ever opened, never trained on. A task's reserve is topped
 * up by Start while the task is open (a finished or deleted one is not drawn for again).
 */
export async function refillKept(owner, first = null) {
  if (first) await refill(owner, first);
  const ids = await local.keys(local.RESERVES).catch(() => []);
  for (const id of ids) {
    const [keptOwner, discipline, task] = id.split('|');
    if (keptOwner === `${owner ?? ''}` && task === undefined) await refill(owner, discipline);
  }
}
