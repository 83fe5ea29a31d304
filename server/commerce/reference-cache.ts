import { createVersionedCache, readCacheWatcher, scopeVersion } from '../cache/data-version.ts';
import type { Database } from '../db/database.ts';

/**
 * A small reference table (the guest groups, the category tree) that every priced read needs, kept until the
 * catalogue's data version moves: the tables' triggers bump it (customer_groups, categories), so a back-office
 * change reaches every process within the read cache's interval (READ_CACHE_VERSION_INTERVAL_MS), not seconds.
 * No write depends on it (carts and checkout re-read prices inside their transaction).
 */
export function followingCatalogue<T>(db: Database, load: () => Promise<T>): { get(): Promise<T> } {
  const watcher = readCacheWatcher(db);
  const cache = createVersionedCache<T>({
    version: async () => scopeVersion(await watcher.current(), ['catalogue']),
    maxEntries: 1,
  });
  return { get: () => cache.get('value', load) };
}
