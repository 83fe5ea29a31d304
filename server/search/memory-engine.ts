/**
 * Searches answered from the in-memory index (memory-index.ts, memory-search.ts), one per engine, kept at
 * the index version: a version move refreshes it by hashes in the background (a refresh with too much
 * changed, or the first build, reads everything). Until it has caught up, and for what it cannot answer
 * exactly (UnsupportedQuery), `answer` returns null and the engine answers with SQL, which is always current.
 * PostgreSQL still parses every query (websearch_to_tsquery, one small statement, remembered per query text)
 * and ranks Japanese phrases (ts_rank_cd over the matches only); the page's stored fields are read by key.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { loadIndex, type MemoryIndex, refreshIndex } from './memory-index.ts';
import { byKeys, KEYS_PER_READ } from './memory-keys.ts';
import {
  compareMatches,
  facetsOf,
  type MemoryMatch,
  matchDocuments,
  needsCoverDensity,
  pageOf,
  scoreOut,
} from './memory-search.ts';
import type { SearchRequest } from './request.ts';
import type { SearchResponse } from './response.ts';
import { ResultCache } from './result-cache.ts';
import { UnsupportedQuery } from './tsquery.ts';
import type { Json } from './validation.ts';
import { localeLexeme } from './writer.ts';

export interface MemoryAnswer {
  total: number;
  facets: SearchResponse['facets'];
  rows: Array<{ id: string; locale: string; type: string; score: number; fields: Json }>;
}

export interface MemoryEngine {
  /**
   * The answer from memory when the index there is at `version` and the request is one it answers exactly;
   * null otherwise (and a refresh is started when the index is behind).
   */
  answer(
    engine: string,
    version: number,
    request: SearchRequest,
    text: { sql: SQL; key: string; coverDensity: boolean } | null,
    locale: string | null,
  ): Promise<MemoryAnswer | null>;
  /** Resolves once the index of `engine` is in memory at `version` (benchmarks and tests wait on it). */
  prepare(engine: string, version: number): Promise<void>;
  /** How many searches memory answered and how many it left to SQL. */
  stats(): { memory: number; sql: number };
  clear(): void;
}

export function createMemoryEngine(db: Database): MemoryEngine {
  const indexes = new Map<string, MemoryIndex>();
  const pending = new Map<string, Promise<void>>();
  const parsed = new ResultCache<string>(5000);
  const counts = { memory: 0, sql: 0 };
  let generation = 0;

  function catchUp(engine: string, version: number): Promise<void> {
    let running = pending.get(engine);
    if (running) return running;
    const started = generation;
    running = (async () => {
      const known = indexes.get(engine);
      const refreshed = known ? await refreshIndex(db, engine, known, version) : null;
      const index = refreshed?.index ?? (await loadIndex(db, engine, version));
      if (started === generation) indexes.set(engine, index);
    })().finally(() => pending.delete(engine));
    pending.set(engine, running);
    return running;
  }

  async function tsqueryText(key: string, text: SQL): Promise<string> {
    const known = parsed.get(key, 0);
    if (known !== undefined) return known;
    const result = (await db.execute(sql`select (${text})::text as q`)) as unknown as {
      rows: Array<{ q: string | null }>;
    };
    const value = result.rows[0]?.q ?? '';
    parsed.set(key, 0, value);
    return value;
  }

  /** ts_rank_cd of the matches, from PostgreSQL (only Japanese phrases need it). */
  async function coverDensity(engine: string, tsquery: string, found: MemoryMatch[]) {
    const scores = new Map<string, number>();
    for (let start = 0; start < found.length; start += KEYS_PER_READ) {
      const keys = found.slice(start, start + KEYS_PER_READ).map(({ doc }) => doc);
      const result = (await db.execute(
        sql`select d.locale, d.id, ts_rank_cd('{0.02, 0.05, 0.3, 1.0}'::float4[], d.tsv, ${tsquery}::tsquery, 1) as score
            from search_documents d where ${byKeys(engine, keys)}`,
      )) as unknown as { rows: Array<{ locale: string; id: string; score: number | string }> };
      for (const row of result.rows) scores.set(`${row.locale}|${row.id}`, Number(row.score));
    }
    for (const match of found) match.score = scores.get(`${match.doc.locale}|${match.doc.id}`) ?? 0;
  }

  return {
    async answer(engine, version, request, text, locale) {
      const index = indexes.get(engine);
      if (!index || index.version !== version) {
        void catchUp(engine, version).catch(() => undefined);
        counts.sql++;
        return null;
      }
      try {
        const tsquery = text ? await tsqueryText(text.key, text.sql) : null;
        const found = matchDocuments(
          index,
          request,
          locale,
          locale ? localeLexeme(locale) : null,
          tsquery === null ? null : { text: tsquery, coverDensity: text?.coverDensity ?? false },
        );
        const textQuery =
          tsquery === null ? null : { text: tsquery, coverDensity: text?.coverDensity ?? false };
        const sqlScores = needsCoverDensity(textQuery);
        if (tsquery !== null && sqlScores) await coverDensity(engine, tsquery, found);
        const hasQuery = tsquery !== null;
        const compare = compareMatches(request.sort, hasQuery);
        const facets = facetsOf(request, found);
        const { size, current } = request.page;
        const page = pageOf(found, compare, (current - 1) * size, size);
        const rows = page.length
          ? (
              (await db.execute(
                sql`select d.locale, d.id, d.type, d.fields from search_documents d where ${byKeys(
                  engine,
                  page.map(({ doc }) => doc),
                )}`,
              )) as unknown as { rows: Array<{ locale: string; id: string; type: string; fields: unknown }> }
            ).rows
          : [];
        const stored = new Map(rows.map((row) => [`${row.locale}|${row.id}`, row]));
        counts.memory++;
        return {
          total: found.length,
          facets,
          rows: page.map(({ doc, score }) => {
            const row = stored.get(`${doc.locale}|${doc.id}`);
            const fields = typeof row?.fields === 'string' ? JSON.parse(row.fields) : (row?.fields ?? {});
            return {
              id: doc.id,
              locale: doc.locale,
              type: row?.type ?? doc.type,
              score: sqlScores ? score : scoreOut(score),
              fields: fields as Json,
            };
          }),
        };
      } catch (error) {
        if (error instanceof UnsupportedQuery) {
          counts.sql++;
          return null;
        }
        throw error;
      }
    },
    async prepare(engine, version) {
      while (indexes.get(engine)?.version !== version) await catchUp(engine, version);
    },
    stats: () => ({ ...counts }),
    clear() {
      generation++;
      indexes.clear();
      parsed.clear();
    },
  };
}
