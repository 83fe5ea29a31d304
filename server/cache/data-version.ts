import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { dataVersions } from './schema.ts';

/**
 * The current version of everything anonymous pages show, as one string. Reading it costs one small query, so
 * it is read at most once per `intervalMs`: a change reaches every process's cache within that time.
 */
export function createDataVersionWatcher(db: Database, intervalMs = 1000) {
  let value = '';
  let readAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<string> | null = null;

  const read = async () => {
    const rows = await db
      .select({ scope: dataVersions.scope, version: dataVersions.version })
      .from(dataVersions)
      .orderBy(dataVersions.scope);
    value = rows.map((row) => `${row.scope}:${row.version}`).join(',');
    readAt = performance.now();
    return value;
  };

  return {
    current(): Promise<string> {
      if (performance.now() - readAt < intervalMs) return Promise.resolve(value);
      pending ??= read().finally(() => {
        pending = null;
      });
      return pending;
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
