/**
 * The built-in search engine over PostgreSQL full-text search: requests of the hosted-search protocol
 * (request.ts) answered with language-stemmed matching per content locale (Japanese by bigrams), typo tolerance
 * for short queries and prefix suggestions (from the in-memory vocabulary, vocabulary.ts). Answers are cached
 * per index version (result-cache.ts); the index itself is written by `writeDocuments` (writer.ts).
 * Searches are answered from the in-memory copy of the index (memory-engine.ts, decision 0015) once it is at
 * the index version, and by the SQL below until then or for what memory cannot answer exactly.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { cappedTotalPages } from '#core/search-connector.ts';
import type { Database } from '../db/database.ts';
import type { IndexDocument } from './documents.ts';
import { FIELDS } from './fields.ts';
import { compileFilters, localeOfFilters } from './filters.ts';
import { createMemoryEngine, type MemoryAnswer } from './memory-engine.ts';
import type { SearchRequest } from './request.ts';
import { newRequestId, resultOf, type SearchResponse } from './response.ts';
import { ResultCache } from './result-cache.ts';
import { searchClicks, searchDocuments, searchIndexState, searchTerms } from './schema.ts';
import { configFor, correctedQuery, hasCjk, ngramText, words } from './text.ts';
import type { Json } from './validation.ts';
import { valueFacet } from './value-facet.ts';
import { createVocabularies, prefixTerms } from './vocabulary.ts';
import { localeLexeme, writeIndex } from './writer.ts';

export interface Engine {
  search(engine: string, request: SearchRequest): Promise<SearchResponse>;
  suggest(
    engine: string,
    input: { query: string; size: number; locale: string | null },
  ): Promise<{ meta: { request_id: string }; results: { documents: Array<{ suggestion: string }> } }>;
  click(
    engine: string,
    input: { query: string; documentId: string; requestId?: string; tags: string[] },
  ): Promise<void>;
  /**
   * Replaces the documents of the given locales (and their vocabulary); returns counts. With `only`, rewrites
   * just the documents with those ids and nothing else, or answers null (nothing written) when that cannot be
   * exact (see writeIndex).
   */
  writeDocuments(
    engine: string,
    docs: readonly IndexDocument[],
    meta: { stack: string; environment: string },
    only?: readonly string[],
  ): Promise<{ written: number; removed: number } | null>;
  documentCount(engine: string): Promise<number>;
  /** Whether the index holds any document: one row read, where a count scans them all (a sync asks it often). */
  hasDocuments(engine: string): Promise<boolean>;
  forgetVocabulary(): void;
  /** Resolves once searches of `engine` are answered from memory at the current index version. */
  prepare(engine: string): Promise<void>;
  /** How many searches (result cache misses) memory answered, and how many SQL did. */
  stats(): { memory: number; sql: number };
}

export interface EngineOptions {
  /** Answers kept in the in-process result cache (0 turns it off). */
  resultCacheSize?: number;
  /**
   * How long a read of the index version is trusted. Writes made by this process are seen at once; writes by
   * another process sharing the database are seen within this time.
   */
  versionCheckMs?: number;
  /** Answer from the in-memory index (default true); false keeps every search in SQL. */
  memory?: boolean;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export function createEngine(db: Database, options: EngineOptions = {}): Engine {
  const versionCheckMs = options.versionCheckMs ?? 1000;
  const results = new ResultCache<SearchResponse>(options.resultCacheSize ?? 500);
  const versions = new Map<string, { value: number; at: number }>();
  const pendingVersions = new Map<string, Promise<number>>();
  const memory = options.memory === false ? null : createMemoryEngine(db);

  /** The index version of an engine, read at most once per `versionCheckMs`. */
  async function indexVersion(engine: string): Promise<number> {
    const known = versions.get(engine);
    if (known && performance.now() - known.at < versionCheckMs) return known.value;
    let pending = pendingVersions.get(engine);
    if (!pending) {
      pending = db
        .select({ version: searchIndexState.version })
        .from(searchIndexState)
        .where(eq(searchIndexState.engine, engine))
        .then((rows) => {
          const value = Number(rows[0]?.version ?? 0);
          versions.set(engine, { value, at: performance.now() });
          return value;
        })
        .finally(() => pendingVersions.delete(engine));
      pendingVersions.set(engine, pending);
    }
    return pending;
  }

  const vocabularies = createVocabularies(db, indexVersion);

  /** The tsquery of a query in a configuration; each corrected word matches itself or its correction. */
  function tsquery(query: string, config: string, changes: Map<string, string>): SQL | null {
    if (hasCjk(query)) {
      const grams = ngramText(query)
        .split(/\s+/)
        .filter(Boolean)
        .map((gram) => gram.replace(/[&|!():*<>'\\]/g, ''))
        .filter(Boolean);
      if (grams.length === 0) return null;
      // Adjacent bigrams (a phrase): the word itself matches, not its characters scattered through a text.
      return sql`to_tsquery('simple', ${grams.map((gram) => `'${gram}'`).join(' <-> ')})`;
    }
    const list = words(query);
    if (list.length === 0) return null;
    const parts = list.map((word) => {
      const own = sql`websearch_to_tsquery(${config}::regconfig, ${word})`;
      const fixed = changes.get(word);
      return fixed ? sql`(${own} || websearch_to_tsquery(${config}::regconfig, ${fixed}))` : own;
    });
    return sql.join(parts, sql` && `);
  }

  function orderBy(sort: SearchRequest['sort'], hasQuery: boolean): SQL {
    const parts: SQL[] = [];
    for (const { field: name, direction } of sort) {
      if (name === '_score') {
        if (hasQuery) parts.push(direction === 'asc' ? sql`score asc` : sql`score desc`);
        continue;
      }
      const { column } = FIELDS[name]!;
      parts.push(direction === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`);
    }
    if (parts.length === 0 && hasQuery) parts.push(sql`score desc`);
    parts.push(sql`d.rank asc`, sql`d.title asc`, sql`d.id asc`);
    return sql.join(parts, sql`, `);
  }

  /**
   * One statement per search: the matching set is read once (narrow: only the columns sorting and faceting
   * need), counted and faceted in a single grouping-sets pass, and the page's stored fields joined in.
   */
  async function runSearch(engine: string, request: SearchRequest): Promise<SearchResponse> {
    const locale = localeOfFilters(request.filters);
    const config = configFor(locale);
    const changes =
      request.query && locale
        ? await vocabularies.corrections(engine, locale, request.query)
        : new Map<string, string>();
    const text = request.query ? tsquery(request.query, config, changes) : null;
    if (memory) {
      const fast = await memory.answer(
        engine,
        await indexVersion(engine),
        request,
        text
          ? {
              sql: text,
              key: `${config}|${request.query}|${JSON.stringify([...changes])}`,
              coverDensity: hasCjk(request.query),
            }
          : null,
        locale,
      );
      if (fast) return respond(engine, request, fast, changes);
    }
    // The locale's own lexeme narrows the index lookup to that locale's documents.
    const query = text && locale ? sql`(${text}) && to_tsquery('simple', ${localeLexeme(locale)})` : text;
    const base: SQL[] = [sql`d.engine = ${engine}`, compileFilters(request.filters)];
    if (query) base.push(sql`d.tsv @@ (${query})`);
    const where = sql.join(base, sql` and `);
    const { size, current } = request.page;
    // Title words weigh most; normalisation 1 favours short documents (a product over a long article).
    // ts_rank costs about half of ts_rank_cd per match (EXPLAIN ANALYZE over 5,776 matches); n-gram
    // (Japanese) queries keep cover density, which ranks the word in a title over scattered mentions.
    const rank = hasCjk(request.query) ? sql.raw('ts_rank_cd') : sql.raw('ts_rank');
    const score = text ? sql`${rank}('{0.02, 0.05, 0.3, 1.0}'::float4[], d.tsv, ${text}, 1)` : sql`0::real`;
    const facetList = Object.entries(request.facets).flatMap(([name, specs]) =>
      specs.map((spec) => ({ name, spec, field: FIELDS[name]! })),
    );
    const needed = new Set(['id', 'locale', 'rank', 'title']);
    for (const { field: name } of request.sort) if (name !== '_score') needed.add(FIELDS[name]!.name);
    for (const { field } of facetList) needed.add(field.name);
    // Value facets group by their column (an array column by the whole array, unnested below in JS, so the
    // pass stays one row per match); range facets are filtered counts in the grand-total set.
    const groupColumns = [
      ...new Set(facetList.filter(({ spec }) => spec.type === 'value').map(({ field }) => field.name)),
    ];
    const ranges = facetList
      .filter(({ spec }) => spec.type === 'range')
      .flatMap(({ field, spec }) =>
        (spec.ranges ?? []).map((range) => {
          const parts: SQL[] = [];
          if (range.from !== undefined) parts.push(sql`${field.column} >= ${Number(range.from)}`);
          if (range.to !== undefined) parts.push(sql`${field.column} < ${Number(range.to)}`);
          return parts.length ? sql.join(parts, sql` and `) : sql`${field.column} is not null`;
        }),
      );
    const rangeCounts = ranges.map(
      (condition, index) =>
        sql`, count(*) filter (where ${condition})::int as ${sql.identifier(`r${index}`)}`,
    );
    const grouped = groupColumns.map((name) => sql.raw(`d.${name}`));
    const facetPass = grouped.length
      ? sql`select grouping(${sql.join(grouped, sql`, `)}) as g,
            ${sql.join(
              grouped.map((column, index) => sql`${column} as ${sql.identifier(`c${index}`)}`),
              sql`, `,
            )}, count(*)::int as n ${sql.join(rangeCounts, sql``)}
          from m d group by grouping sets (${sql.join(
            grouped.map((column) => sql`(${column})`),
            sql`, `,
          )}, ())`
      : sql`select 0 as g, count(*)::int as n ${sql.join(rangeCounts, sql``)} from m d`;
    const order = orderBy(request.sort, Boolean(query));
    const pageColumn =
      size > 0
        ? sql`(select coalesce(json_agg(json_build_array(d.id, d.locale, d.score, s.type, s.fields) order by ${order}), '[]'::json)
            from (select * from m d order by ${order} limit ${size} offset ${(current - 1) * size}) d
            join search_documents s on s.engine = ${engine} and s.locale = d.locale and s.id = d.id)`
        : sql`'[]'::json`;
    const result = (await db.execute(
      sql`with m as materialized (
            select ${sql.raw([...needed].map((name) => `d.${name}`).join(', '))}, ${score} as score
            from search_documents d where ${where}),
          f as (${facetPass})
          select (select json_agg(f) from f) as facets, ${pageColumn} as page`,
    )) as unknown as { rows: Array<Record<string, unknown>> };
    const row = result.rows[0] ?? {};
    const groups = json<Array<Record<string, unknown>>>(row.facets ?? []) ?? [];
    const everything = (1 << groupColumns.length) - 1;
    const totalRow = groups.find((group) => Number(group.g) === everything) ?? {};
    const total = Number(totalRow.n ?? 0);
    const pageRows = json<Array<[string, string, number, string, unknown]>>(row.page ?? []).map(
      ([id, docLocale, docScore, type, fields]) => ({
        id,
        locale: docLocale,
        type,
        score: Number(docScore),
        fields: json<Json>(fields),
      }),
    );
    const facets: SearchResponse['facets'] = {};
    let rangeIndex = 0;
    for (const { name, spec, field } of facetList) {
      facets[name] ??= [];
      const list = facets[name];
      if (spec.type === 'range') {
        list.push({
          type: 'range',
          ...(spec.name ? { name: spec.name } : {}),
          data: (spec.ranges ?? []).map((range) => ({
            ...(range.from !== undefined ? { from: range.from } : {}),
            ...(range.to !== undefined ? { to: range.to } : {}),
            ...(range.name ? { name: range.name } : {}),
            count: Number(totalRow[`r${rangeIndex++}`] ?? 0),
          })),
        });
        continue;
      }
      const position = groupColumns.indexOf(field.name);
      const bit = 1 << (groupColumns.length - 1 - position);
      const counts = new Map<string | number, number>();
      for (const group of groups) {
        if (Number(group.g) !== (everything & ~bit)) continue;
        const value = group[`c${position}`];
        const count = Number(group.n);
        for (const item of Array.isArray(value) ? value : [value]) {
          if (item === null || item === undefined) continue;
          counts.set(item as string, (counts.get(item as string) ?? 0) + count);
        }
      }
      list.push(valueFacet(spec, counts));
    }
    return respond(engine, request, { total, facets, rows: pageRows }, changes);
  }

  function respond(
    engine: string,
    request: SearchRequest,
    { total, facets, rows }: MemoryAnswer,
    changes: Map<string, string>,
  ): SearchResponse {
    const { size, current } = request.page;
    const corrected = changes.size > 0 ? correctedQuery(request.query, changes) : null;
    const effective = corrected ? `${request.query} ${corrected}` : request.query;
    return {
      meta: {
        alerts: [],
        warnings: [],
        precision: 2,
        engine: { name: engine, type: 'default' },
        page: {
          current,
          total_pages: size > 0 ? cappedTotalPages(Math.ceil(total / size)) : 0,
          total_results: total,
          size,
        },
        request_id: newRequestId(),
        ...(corrected ? { corrected_query: corrected } : {}),
      },
      results: rows.map((item) => resultOf(item, engine, request, effective)),
      facets,
    };
  }

  return {
    async search(engine, request) {
      const version = await indexVersion(engine);
      // Tags only label analytics; every other part of the parsed request shapes the answer.
      const key = `${engine}|${JSON.stringify({ ...request, tags: [] })}`;
      const hit = results.get(key, version);
      if (hit) return { ...hit, meta: { ...hit.meta, request_id: newRequestId() } };
      const response = await runSearch(engine, request);
      results.set(key, version, response);
      return response;
    },

    async suggest(engine, { query, size, locale }) {
      const requestId = newRequestId();
      const trimmed = query.trim().toLowerCase();
      if (!trimmed) return { meta: { request_id: requestId }, results: { documents: [] } };
      const list = hasCjk(trimmed) ? [trimmed] : words(trimmed);
      const last = list[list.length - 1] ?? '';
      const head = hasCjk(trimmed) ? '' : list.slice(0, -1).join(' ');
      // Per locale (what the storefront asks), from the in-memory vocabulary; across locales, from the table.
      const rows = locale
        ? prefixTerms(await vocabularies.of(engine, locale), last, size)
        : await db
            .select({ term: searchTerms.term, docs: sql<number>`max(${searchTerms.docs})` })
            .from(searchTerms)
            .where(
              and(
                eq(searchTerms.engine, engine),
                sql`${searchTerms.term} like ${`${last.replace(/[\\%_]/g, '\\$&')}%`}`,
              ),
            )
            .groupBy(searchTerms.term)
            .orderBy(sql`max(${searchTerms.docs}) desc`, searchTerms.term)
            .limit(size);
      return {
        meta: { request_id: requestId },
        results: {
          documents: rows.map((row) => ({ suggestion: head ? `${head} ${row.term}` : row.term })),
        },
      };
    },

    async click(engine, input) {
      await db.insert(searchClicks).values({
        id: newRequestId(),
        engine,
        query: input.query.slice(0, 500),
        documentId: input.documentId.slice(0, 200),
        requestId: input.requestId?.slice(0, 64) ?? null,
        tags: input.tags.slice(0, 16).map((tag) => tag.slice(0, 64)),
        at: new Date().toISOString(),
      });
    },

    async writeDocuments(engine, docs, meta, only) {
      const wrote = await writeIndex(db, engine, docs, meta, only);
      if (!wrote) return null;
      const { written, removed, version } = wrote;
      // PGlite has no autovacuum: without statistics the planner reads a results page's rows by key through
      // the (engine, locale, type) index, filtering every document of the locale (its time grew with the
      // catalogue, decision 0015). A write that changed a tenth of the index (autoanalyze's own share) refreshes
      // them; a partial write (one product's documents) never comes near that share.
      if (!only && written + removed > 0 && (written + removed) * 10 >= docs.length) {
        await db.execute(sql`analyze search_documents, search_terms`);
      }
      if (version !== null) {
        // This process sees its own write at once; caches keyed to older versions fall out on their own.
        versions.set(engine, { value: version, at: performance.now() });
        results.clear();
        vocabularies.clear();
      }
      return { written, removed };
    },

    async documentCount(engine) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(searchDocuments)
        .where(eq(searchDocuments.engine, engine));
      return Number(row?.n ?? 0);
    },

    async hasDocuments(engine) {
      const result = (await db.execute(
        sql`select exists (select 1 from search_documents where engine = ${engine}) as found`,
      )) as unknown as { rows: Array<{ found: boolean }> };
      return result.rows[0]?.found === true;
    },

    forgetVocabulary() {
      vocabularies.clear();
      results.clear();
      versions.clear();
    },

    async prepare(engine) {
      if (memory) await memory.prepare(engine, await indexVersion(engine));
    },

    stats: () => memory?.stats() ?? { memory: 0, sql: 0 },
  };
}
