// Trials drawn ahead, per account and discipline, kept in IndexedDB so that training goes on while
// the server cannot be reached — also in a page opened offline. The server says how many make a
// session and how long each stays valid; this only keeps them and hands them out oldest first.
import { api } from './api.js';
import * as local from './local-store.js';

const refilling = new Map();
// How many trials each reserve held when last read or written, and its session size: deciding
// whether to top up then costs no read of hundreds of trials on every trial played online.
const known = new Map();
const isLow = ({ count, sessionSize }) => count === 0 || count < sessionSize / 2;
// Reads and writes of the reserve one after another: a trial taken while a top-up arrives stays taken.
let chain = Promise.resolve();
const serially = (work) => {
  const done = chain.then(work);
  chain = done.catch(() => {});
  return done;
};

const idOf = (owner, discipline) => `${owner ?? ''}|${discipline}`;

async function read(owner, discipline) {
  const stored = await local.get(local.RESERVES, idOf(owner, discipline)).catch(() => null);
  const kept = stored ?? { id: idOf(owner, discipline), trials: [], sessionSize: 0 };
  // A trial older than the server keeps it open would be refused: it is not played.
  kept.trials = kept.trials.filter((entry) => Date.now() < entry.validUntil);
  known.set(kept.id, { count: kept.trials.length, sessionSize: kept.sessionSize });
  return kept;
}

async function write(kept) {
  await local.put(local.RESERVES, kept);
  known.set(kept.id, { count: kept.trials.length, sessionSize: kept.sessionSize });
}

/** The oldest reserved trial of this account's discipline, taken out of the reserve; null when none is left. */
export function take(owner, discipline) {
  return serially(async () => {
    const kept = await read(owner, discipline);
    const next = kept.trials.shift();
    await write(kept);
    return next?.trial ?? null;
  });
}

/**
 * Tops the reserve up to a session's worth in the background once it is down to half of that (or
 * empty); does nothing while a top-up of it is under way. Resolves when done; never rejects.
 */
export function refill(owner, discipline) {
  const id = idOf(owner, discipline);
  if (known.has(id) && !isLow(known.get(id))) return Promise.resolve();
  if (!refilling.has(id)) {
    refilling.set(id, (async () => {
      try {
        if (!isLow((await read(owner, discipline), known.get(id)))) return;
        const { trials, sessionSize, validSeconds } = await api.reserveTrials(discipline);
        const validUntil = Date.now() + validSeconds * 1000;
        await serially(async () => {
          const now = await read(owner, discipline);
          now.trials.push(...trials.map((trial) => ({ trial, validUntil })));
          now.sessionSize = sessionSize;
          await write(now);
        });
      } catch (error) {
        console.warn('no reserve of trials:', error);
      } finally {
        refilling.delete(id);
      }
    })());
  }
  return refilling.get(id);
}

/** Tops up, one after another, every reserve this account has (the disciplines it trained here before). */
export async function refillKept(owner) {
  const ids = await local.keys(local.RESERVES).catch(() => []);
  for (const id of ids) {
    const [keptOwner, discipline] = id.split('|');
    if (keptOwner === `${owner ?? ''}`) await refill(owner, discipline);
  }
}
