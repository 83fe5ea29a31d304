/** Reading `search_documents` rows by key for the in-memory index (memory-index.ts, memory-engine.ts). */
import { type SQL, sql } from 'drizzle-orm';

/**
 * Rows of `search_documents d` by their keys, as primary-key tuples bound one by one (a join to a key list or
 * an array from a subquery reads the whole table on PGlite); callers pass at most KEYS_PER_READ keys.
 */
export const KEYS_PER_READ = 500;
export function byKeys(engine: string, keys: ReadonlyArray<{ locale: string; id: string }>): SQL {
  if (keys.length === 0) return sql`false`;
  return sql`(d.engine, d.locale, d.id) in (${sql.join(
    keys.map((key) => sql`(${engine}, ${key.locale}, ${key.id})`),
    sql`, `,
  )})`;
}
