// What the page keeps in the browser between visits, in IndexedDB: answers not yet acknowledged,
// reserved trials, the account last seen and a sign-out not yet sent. Where IndexedDB is
// unavailable (a private window in some browsers) a plain map keeps them for the page's lifetime.

const DATABASE = 'peach';
/** Version 1 held only pendingAnswers; its answers are kept as they are on upgrade. */
const VERSION = 2;
export const PENDING_ANSWERS = 'pendingAnswers';
export const RESERVES = 'reserves';
export const STATE = 'state';
const KEYS = { [PENDING_ANSWERS]: 'key', [RESERVES]: 'id', [STATE]: 'name' };

let database = null;
const memory = Object.fromEntries(Object.keys(KEYS).map((name) => [name, new Map()]));

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
      for (const [name, keyPath] of Object.entries(KEYS)) {
        if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name, { keyPath });
      }
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
