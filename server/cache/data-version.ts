import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { writeEpochOf } from '../db/write-epoch.ts';
import { dataVersions } from './schema.ts';

/**
 * How long the watcher of the embedded database trusts its last read when this process wrote nothing: a
 * backstop for writes its client does not count (raw protocol messages), not the usual way changes are seen.
 */
export const EMBEDDED_VERSION_BACKSTOP_MS = 5000;

/**
 * The current version of everything anonymous pages show, as one string. Reading it costs one small query, so
 * it is read at most once per `intervalMs`: a change reaches every process's cache within that time. On the
 * embedded database (one process, every write counted: db/write-epoch.ts) it is read again as soon as this
 * process has written, and otherwise only every EMBEDDED_VERSION_BACKSTOP_MS.
 */
export function createDataVersionWatcher(db: Database, intervalMs = 1000) {
  let value = '';
  let readAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<string> | null = null;
  let pendingEpoch = Number.NaN;
  const epochOf = writeEpochOf(db);
  // The write epoch the last read started at: a write that finished before it is in the value read.
  let readEpoch = Number.NaN;

  const fresh = () => {
    const age = performance.now() - readAt;
    if (!epochOf) return age < intervalMs;
    return epochOf() === readEpoch ? age < Math.max(intervalMs, EMBEDDED_VERSION_BACKSTOP_MS) : false;
  };

  const read = async () => {
    const epoch = epochOf?.() ?? Number.NaN;
    const rows = await db
      .select({ scope: dataVersions.scope, version: dataVersions.version })
      .from(dataVersions)
      .orderBy(dataVersions.scope);
    value = rows.map((row) => `${row.scope}:${row.version}`).join(',');
    readAt = performance.now();
    readEpoch = epoch;
    return value;
  };

  return {
    current(): Promise<string> {
      if (fresh()) return Promise.resolve(value);
      // A read already under way answers too, unless this process wrote since it started.
      if (pending && (!epochOf || pendingEpoch === epochOf())) return pending;
      pendingEpoch = epochOf?.() ?? Number.NaN;
      const started: Promise<string> = read().finally(() => {
        if (pending === started) pending = null;
      });
      pending = started;
      return started;
    },
  };
}

export type DataVersionWatcher = ReturnType<typeof createDataVersionWatcher>;

/** Marks data as changed by hand, for writes the triggers do not see (e.g. an import outside the database). */
export async function bumpDataVersion(db: Database, scope: string): Promise<void> {
  await db
    .insert(dataVersions)
    .values({ scope, version: 1 })
    .onConflictDoUpdate({
      target: dataVersions.scope,
      set: { version: sql`${dataVersions.version} + 1`, updatedAt: sql`now()` },
    });
}

/**
 * The versions of some scopes only, out of the watcher's string ("catalogue:4,content:9" → "catalogue:4"), so a
 * cache of catalogue reads is not emptied by a content edit.
 */
export function scopeVersion(all: string, scopes: readonly string[]): string {
  return all
    .split(',')
    .filter((part) => scopes.includes(part.slice(0, part.lastIndexOf(':'))))
    .join(',');
}

/**
 * How stale an in-process read cache may be: a write from any process is seen by reads that start this long
 * after it. Short enough that no person can act between a write and a stale page (the page cache allows 1 s);
 * long enough that a page's dozen cached reads share one version statement (each costs about a millisecond on
 * the embedded database, as much as the reads it saves).
 */
export const READ_CACHE_VERSION_INTERVAL_MS = 100;

const readCacheWatchers = new WeakMap<Database, DataVersionWatcher>();

/** The watcher that in-process read caches share, one per database handle. */
export function readCacheWatcher(db: Database): DataVersionWatcher {
  let watcher = readCacheWatchers.get(db);
  if (!watcher) {
    watcher = createDataVersionWatcher(db, READ_CACHE_VERSION_INTERVAL_MS);
    readCacheWatchers.set(db, watcher);
  }
  return watcher;
}

export interface VersionedCache<V> {
  /** The value stored under `key` for the current data version, loading (once, shared) when missing. */
  get(key: string, load: () => Promise<V>): Promise<V>;
  clear(): void;
  readonly size: number;
}

/**
 * A read cache emptied whenever the data version moves. A value is only ever stored by a load that started
 * after its version was read, so it is at least as new as that version; a failed load is not kept.
 */
export function createVersionedCache<V>(options: {
  version: () => Promise<string>;
  maxEntries?: number;
}): VersionedCache<V> {
  const maxEntries = options.maxEntries ?? 1000;
  let version: string | null = null;
  let entries = new Map<string, Promise<V>>();
  return {
    async get(key, load) {
      const current = await options.version();
      if (current !== version) {
        version = current;
        entries = new Map();
      }
      const map = entries;
      const held = map.get(key);
      if (held) {
        // Most recently used last, so the oldest entry is the first key.
        map.delete(key);
        map.set(key, held);
        return held;
      }
      const pending = load();
      map.set(key, pending);
      pending.catch(() => {
        if (map.get(key) === pending) map.delete(key);
      });
      while (map.size > maxEntries) {
        const oldest = map.keys().next().value;
        if (oldest === undefined) break;
        map.delete(oldest);
      }
      return pending;
    },
    clear() {
      entries = new Map();
      version = null;
    },
    get size() {
      return entries.size;
    },
  };
}
