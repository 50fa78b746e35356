// What the page keeps in the browser between visits, in IndexedDB: answers not yet acknowledged,
// reserved trials, the account last seen and a sign-out not yet sent. Where IndexedDB is
// unavailable (a private window in some browsers) a plain map keeps them for the page's lifetime.

const DATABASE = 'peach';
/**
 * Version 1 held only pendingAnswers; its answers are kept as they are on upgrade. Version 2 kept
 * each reserve's trials in one array (rewritten whole, 1.5 MB for 900 comparisons, on every trial
 * taken); version 3 keeps one entry per trial in reservedTrials and moves version 2's there.
 */
const VERSION = 3;
export const PENDING_ANSWERS = 'pendingAnswers';
/** Per reserve (`owner|discipline`): its session size. */
export const RESERVES = 'reserves';
/** One reserved trial each, `{ reserve, trial, validUntil }`, in the order they were kept. */
export const RESERVED_TRIALS = 'reservedTrials';
export const STATE = 'state';
const KEYS = { [PENDING_ANSWERS]: 'key', [RESERVES]: 'id', [RESERVED_TRIALS]: 'seq', [STATE]: 'name' };

let database = null;
const memory = Object.fromEntries(Object.keys(KEYS).map((name) => [name, new Map()]));
let memorySequence = 0;

function createReservedTrials(db, transaction) {
  const trials = db.createObjectStore(RESERVED_TRIALS, { keyPath: 'seq', autoIncrement: true });
  trials.createIndex('reserve', 'reserve');
  if (!db.objectStoreNames.contains(RESERVES)) return;
  // Version 2's reserves: each array's trials become entries, oldest first, as they were kept.
  const reserves = transaction.objectStore(RESERVES);
  reserves.openCursor().onsuccess = (event) => {
    const cursor = event.target.result;
    if (!cursor) return;
    const { id, sessionSize, trials: kept = [] } = cursor.value;
    for (const { trial, validUntil } of kept) trials.add({ reserve: id, trial, validUntil });
    cursor.update({ id, sessionSize });
    cursor.continue();
  };
}

function open() {
  database ??= new Promise((resolve) => {
    let request;
    try {
      request = indexedDB.open(DATABASE, VERSION);
    } catch {
      resolve(null);
      return;
    }
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const [name, keyPath] of Object.entries(KEYS)) {
        if (name === RESERVED_TRIALS || db.objectStoreNames.contains(name)) continue;
        db.createObjectStore(name, { keyPath });
      }
      if (!db.objectStoreNames.contains(RESERVED_TRIALS)) createReservedTrials(db, request.transaction);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
  });
  return database;
}

async function transact(storeName, mode, work) {
  const db = await open();
  if (!db) return work(null, memory[storeName]);
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(storeName, mode);
    const result = work(transaction.objectStore(storeName), null);
    transaction.oncomplete = () => resolve(result instanceof IDBRequest ? result.result : result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

export const put = (storeName, value) =>
  transact(storeName, 'readwrite', (store, map) => (store ? store.put(value) : map.set(value[KEYS[storeName]], value)));
export const remove = (storeName, key) =>
  transact(storeName, 'readwrite', (store, map) => (store ? store.delete(key) : map.delete(key)));
export const get = async (storeName, key) =>
  (await transact(storeName, 'readonly', (store, map) => (store ? store.get(key) : map.get(key)))) ?? null;
export const all = (storeName) =>
  transact(storeName, 'readonly', (store, map) => (store ? store.getAll() : [...map.values()]));
export const keys = (storeName) =>
  transact(storeName, 'readonly', (store, map) => (store ? store.getAllKeys() : [...map.keys()]));
/** Adds every value, in order, in one transaction (the store assigns their keys). */
export const addAll = (storeName, values) =>
  transact(storeName, 'readwrite', (store, map) => {
    for (const value of values) {
      if (store) store.add(value);
      else {
        memorySequence += 1;
        map.set(memorySequence, { ...value, [KEYS[storeName]]: memorySequence });
      }
    }
  });

/** How many values have `key` in `index`. */
export const count = (storeName, index, key) =>
  transact(storeName, 'readonly', (store, map) =>
    (store ? store.index(index).count(IDBKeyRange.only(key)) : [...map.values()].filter((value) => value[index] === key).length));

/**
 * Removes and returns the oldest value with `key` in `index` that `keep` accepts, removing those
 * before it that it refuses; null when none is left. One transaction: nothing else takes it too.
 */
export async function takeFirst(storeName, index, key, keep) {
  const taken = await transact(storeName, 'readwrite', (store, map) => {
    const found = { value: null };
    if (!store) {
      for (const [seq, value] of map) {
        if (value[index] !== key) continue;
        map.delete(seq);
        if (keep(value)) {
          found.value = value;
          break;
        }
      }
      return found;
    }
    store.index(index).openCursor(IDBKeyRange.only(key)).onsuccess = (event) => {
      const cursor = event.target.result;
      if (!cursor) return;
      cursor.delete();
      if (keep(cursor.value)) found.value = cursor.value;
      else cursor.continue();
    };
    return found;
  });
  return taken.value;
}
