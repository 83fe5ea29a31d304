/**
 * The built-in search engine over PostgreSQL full-text search: the request grammar of the hosted-search
 * protocol (SPEC §7: query, facets, result_fields raw/snippet, page, sort, filters with all/any/none),
 * language-stemmed matching per content locale (Japanese by bigrams), typo tolerance for short queries and
 * prefix suggestions (from the in-memory vocabulary). Answers are cached per index version (result-cache.ts);
 * the index itself is written by `writeDocuments` (writer.ts).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { cappedTotalPages } from '#core/search-connector.ts';
import type { Database } from '../db/database.ts';
import type { IndexDocument } from './documents.ts';
import { ResultCache } from './result-cache.ts';
import { searchClicks, searchDocuments, searchIndexState, searchTerms } from './schema.ts';
import { configFor, correctedQuery, corrections, hasCjk, ngramText, snippet, words } from './text.ts';
import { localeLexeme, writeIndex } from './writer.ts';

export class SearchRequestError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
  ) {
    super(messages.join(', '));
    this.name = 'SearchRequestError';
  }
}

const invalid = (message: string) => new SearchRequestError(400, [message]);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

// ——— Fields ———

type FieldKind = 'text' | 'array' | 'number';
const COLUMNS: Record<string, { kind: FieldKind; name: string }> = {
  id: { kind: 'text', name: 'id' },
  type: { kind: 'text', name: 'type' },
  locale: { kind: 'text', name: 'locale' },
  stack: { kind: 'text', name: 'stack' },
  environment: { kind: 'text', name: 'environment' },
  category: { kind: 'text', name: 'category' },
  title: { kind: 'text', name: 'title' },
  date: { kind: 'text', name: 'date' },
  colours: { kind: 'array', name: 'colours' },
  regions: { kind: 'array', name: 'regions' },
  price_us: { kind: 'number', name: 'price_us' },
  price_ca: { kind: 'number', name: 'price_ca' },
  price_eu_region_1: { kind: 'number', name: 'price_eu_region_1' },
};
const FIELDS: Record<string, { kind: FieldKind; name: string; column: SQL }> = Object.fromEntries(
  Object.entries(COLUMNS).map(([key, value]) => [key, { ...value, column: sql.raw(`d.${value.name}`) }]),
);
FIELDS.colors = FIELDS.colours!;
FIELDS.color = FIELDS.colours!;

/** A text[] or float8[] literal with one bound parameter per element. */
const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
const numberArray = (values: readonly number[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::float8[]`;

function field(name: string) {
  const found = FIELDS[name];
  if (!found) throw invalid(`Filters contain an invalid field: ${name}`);
  return found;
}

// ——— Filters ———

function leafFilter(name: string, value: unknown): SQL {
  const { kind, column } = field(name);
  if (isObject(value)) {
    const from = value.from;
    const to = value.to;
    if (from === undefined && to === undefined)
      throw invalid(`Filter ${name} needs a value, a list or a range`);
    const parts: SQL[] = [];
    if (from !== undefined)
      parts.push(kind === 'number' ? sql`${column} >= ${Number(from)}` : sql`${column} >= ${String(from)}`);
    if (to !== undefined)
      parts.push(kind === 'number' ? sql`${column} < ${Number(to)}` : sql`${column} < ${String(to)}`);
    return sql.join(parts, sql` and `);
  }
  const values = (Array.isArray(value) ? value : [value]).filter(
    (item) => item !== null && item !== undefined,
  );
  if (values.length === 0) throw invalid(`Filter ${name} has no values`);
  if (kind === 'array') return sql`${column} && ${textArray(values.map(String))}`;
  if (kind === 'number') return sql`${column} = any(${numberArray(values.map(Number))})`;
  return sql`${column} = any(${textArray(values.map(String))})`;
}

function combine(parts: SQL[], joiner: 'and' | 'or'): SQL {
  if (parts.length === 0) return joiner === 'and' ? sql`true` : sql`false`;
  if (parts.length === 1) return sql`(${parts[0]})`;
  return sql`(${sql.join(parts, joiner === 'and' ? sql` and ` : sql` or `)})`;
}

/** all → every clause, any → at least one, none → no clause; other keys are fields (and-ed). */
export function compileFilters(filters: unknown, depth = 0): SQL {
  if (filters === undefined || filters === null) return sql`true`;
  if (depth > 5) throw invalid('Filters are nested too deeply');
  if (Array.isArray(filters))
    return combine(
      filters.map((item) => compileFilters(item, depth + 1)),
      'and',
    );
  if (!isObject(filters)) throw invalid('Filters must be an object');
  const parts: SQL[] = [];
  for (const [key, value] of Object.entries(filters)) {
    if (key === 'all' || key === 'any' || key === 'none') {
      const list = (Array.isArray(value) ? value : [value]).map((item) => compileFilters(item, depth + 1));
      if (key === 'all') parts.push(combine(list, 'and'));
      else if (key === 'any') parts.push(combine(list, 'or'));
      else parts.push(sql`not ${combine(list, 'or')}`);
    } else {
      parts.push(leafFilter(key, value));
    }
  }
  return combine(parts, 'and');
}

/** The single locale a request filters on (to pick the stemmer), found in top-level or `all` clauses. */
export function localeOfFilters(filters: unknown): string | null {
  if (!isObject(filters)) return null;
  const direct = filters.locale;
  if (typeof direct === 'string') return direct;
  if (Array.isArray(direct) && direct.length === 1 && typeof direct[0] === 'string') return direct[0];
  const all = Array.isArray(filters.all) ? filters.all : filters.all ? [filters.all] : [];
  for (const clause of all) {
    const found = localeOfFilters(clause);
    if (found) return found;
  }
  return null;
}

// ——— Requests ———

export interface FacetRequest {
  type: 'value' | 'range';
  size?: number;
  name?: string;
  ranges?: Array<{ from?: number; to?: number; name?: string }>;
}

export interface SearchRequest {
  query: string;
  page: { size: number; current: number };
  filters?: unknown;
  facets: Record<string, FacetRequest[]>;
  sort: Array<{ field: string; direction: 'asc' | 'desc' }>;
  resultFields: Record<string, { raw: boolean; snippet: { size: number; fallback: boolean } | null }> | null;
  tags: string[];
}

export function parseSearchRequest(body: unknown): SearchRequest {
  if (!isObject(body)) throw invalid('The request body must be a JSON object');
  const query = body.query ?? '';
  if (typeof query !== 'string') throw invalid('Query must be a string');
  if (query.length > 500) throw invalid('Query is too long (at most 500 characters)');
  const page = isObject(body.page) ? body.page : {};
  const size = page.size === undefined ? 10 : Number(page.size);
  const current = page.current === undefined ? 1 : Number(page.current);
  if (!Number.isInteger(size) || size < 0 || size > 1000)
    throw invalid('Page size must be between 0 and 1000');
  if (!Number.isInteger(current) || current < 1 || current > 100)
    throw invalid('Page current must be between 1 and 100');
  const facets: Record<string, FacetRequest[]> = {};
  if (body.facets !== undefined) {
    if (!isObject(body.facets)) throw invalid('Facets must be an object');
    for (const [name, spec] of Object.entries(body.facets)) {
      const { kind } = FIELDS[name] ?? { kind: null };
      if (!kind) throw invalid(`Facets contain an invalid field: ${name}`);
      const list = (Array.isArray(spec) ? spec : [spec]).map((item) => {
        if (!isObject(item) || (item.type !== 'value' && item.type !== 'range')) {
          throw invalid(`Facet ${name} must have type value or range`);
        }
        if (item.type === 'range' && (!Array.isArray(item.ranges) || item.ranges.length === 0)) {
          throw invalid(`Range facet ${name} needs ranges`);
        }
        return item as unknown as FacetRequest;
      });
      facets[name] = list;
    }
  }
  const sort: SearchRequest['sort'] = [];
  for (const item of Array.isArray(body.sort) ? body.sort : body.sort ? [body.sort] : []) {
    if (!isObject(item)) throw invalid('Sort must be an object or a list of objects');
    for (const [name, direction] of Object.entries(item)) {
      if (name !== '_score' && !FIELDS[name]) throw invalid(`Sort contains an invalid field: ${name}`);
      if (direction !== 'asc' && direction !== 'desc')
        throw invalid(`Sort direction of ${name} must be asc or desc`);
      sort.push({ field: name, direction });
    }
  }
  let resultFields: SearchRequest['resultFields'] = null;
  if (body.result_fields !== undefined) {
    if (!isObject(body.result_fields)) throw invalid('Result fields must be an object');
    resultFields = {};
    for (const [name, spec] of Object.entries(body.result_fields)) {
      const options = isObject(spec) ? spec : {};
      const snippetSpec = isObject(options.snippet) ? options.snippet : null;
      resultFields[name] = {
        raw: options.raw !== undefined || !snippetSpec,
        snippet: snippetSpec
          ? {
              size: Math.min(1000, Math.max(20, Number(snippetSpec.size ?? 100) || 100)),
              fallback: snippetSpec.fallback !== false,
            }
          : null,
      };
    }
  }
  const analytics = isObject(body.analytics) ? body.analytics : {};
  const tags = Array.isArray(analytics.tags) ? analytics.tags.map(String).slice(0, 16) : [];
  if (body.filters !== undefined) compileFilters(body.filters);
  return {
    query: query.trim(),
    page: { size, current },
    filters: body.filters,
    facets,
    sort,
    resultFields,
    tags,
  };
}

// ——— Engine ———

export interface SearchMeta {
  alerts: string[];
  warnings: string[];
  precision: number;
  engine: { name: string; type: 'default' };
  page: { current: number; total_pages: number; total_results: number; size: number };
  request_id: string;
  /** Extension: the query after typo correction, when a word was corrected. */
  corrected_query?: string;
}

export interface SearchResponse {
  meta: SearchMeta;
  results: Array<Record<string, unknown>>;
  facets: Record<
    string,
    Array<{ type: 'value' | 'range'; name?: string; data: Array<Record<string, unknown>> }>
  >;
}

export const newRequestId = () => randomBytes(16).toString('hex');

export { localeLexeme } from './writer.ts';

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
  /** Replaces the documents of the given locales (and their vocabulary); returns counts. */
  writeDocuments(
    engine: string,
    docs: readonly IndexDocument[],
    meta: { stack: string; environment: string },
  ): Promise<{ written: number; removed: number }>;
  documentCount(engine: string): Promise<number>;
  forgetVocabulary(): void;
}

export interface EngineOptions {
  /** Answers kept in the in-process result cache (0 turns it off). */
  resultCacheSize?: number;
  /**
   * How long a read of the index version is trusted. Writes made by this process are seen at once; writes by
   * another process sharing the database are seen within this time.
   */
  versionCheckMs?: number;
}

interface LocaleVocabulary {
  version: number;
  words: Map<string, number>;
  /** Terms in code-point order, for prefix ranges (built on first suggestion). */
  sorted: string[] | null;
  /** Typo corrections already worked out for a query. */
  corrections: Map<string, Map<string, string>>;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The `size` most common words starting with `prefix` (ties alphabetical). */
function prefixTerms(vocabulary: LocaleVocabulary, prefix: string, size: number) {
  vocabulary.sorted ??= [...vocabulary.words.keys()].sort();
  const sorted = vocabulary.sorted;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  const found: Array<{ term: string; docs: number }> = [];
  for (let index = low; index < sorted.length && sorted[index]!.startsWith(prefix); index++) {
    const term = sorted[index]!;
    found.push({ term, docs: vocabulary.words.get(term) ?? 0 });
  }
  return found.sort((a, b) => b.docs - a.docs || (a.term < b.term ? -1 : 1)).slice(0, size);
}

export function createEngine(db: Database, options: EngineOptions = {}): Engine {
  const versionCheckMs = options.versionCheckMs ?? 1000;
  const vocabularies = new Map<string, LocaleVocabulary>();
  const results = new ResultCache<SearchResponse>(options.resultCacheSize ?? 500);
  const versions = new Map<string, { value: number; at: number }>();
  const pendingVersions = new Map<string, Promise<number>>();

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

  async function localeVocabulary(engine: string, locale: string): Promise<LocaleVocabulary> {
    const version = await indexVersion(engine);
    const key = `${engine}|${locale}`;
    let cached = vocabularies.get(key);
    if (!cached || cached.version !== version) {
      const rows = await db
        .select({ term: searchTerms.term, docs: searchTerms.docs })
        .from(searchTerms)
        .where(and(eq(searchTerms.engine, engine), eq(searchTerms.locale, locale)));
      cached = {
        version,
        words: new Map(rows.map((row) => [row.term, row.docs])),
        sorted: null,
        corrections: new Map(),
      };
      vocabularies.set(key, cached);
    }
    return cached;
  }

  /** Typo corrections of a query against a locale's words (worked out once per index version). */
  async function correctionsFor(engine: string, locale: string, query: string) {
    const known = await localeVocabulary(engine, locale);
    let found = known.corrections.get(query);
    if (!found) {
      const wordsOf = known.words;
      found = corrections(query, { has: (term) => wordsOf.has(term), entries: () => wordsOf.entries() });
      if (known.corrections.size > 2000) known.corrections.clear();
      known.corrections.set(query, found);
    }
    return found;
  }

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

  function resultOf(
    row: { id: string; type: string; locale: string; score: number; fields: Json },
    engine: string,
    request: SearchRequest,
    effectiveQuery: string,
  ): Record<string, unknown> {
    const all: Json = { ...row.fields, id: row.id, type: row.type, locale: row.locale };
    const result: Record<string, unknown> = { id: { raw: row.id } };
    const wanted =
      request.resultFields ??
      Object.fromEntries(Object.keys(all).map((name) => [name, { raw: true, snippet: null }]));
    for (const [name, spec] of Object.entries(wanted)) {
      if (!(name in all)) continue;
      const value = all[name];
      const entry: Json = {};
      if (spec.raw) entry.raw = value;
      if (spec.snippet) {
        const source = Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : '';
        entry.snippet = source
          ? snippet(source, effectiveQuery, spec.snippet.size, spec.snippet.fallback)
          : null;
      }
      result[name] = entry;
    }
    result._meta = { id: row.id, engine, score: Number(row.score) || 0 };
    return result;
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
        ? await correctionsFor(engine, locale, request.query)
        : new Map<string, string>();
    const text = request.query ? tsquery(request.query, config, changes) : null;
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
      const limit = Math.min(250, Math.max(1, Number(spec.size ?? 10) || 10));
      list.push({
        type: 'value',
        ...(spec.name ? { name: spec.name } : {}),
        data: [...counts]
          .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
          .slice(0, limit)
          .map(([value, count]) => ({ value, count })),
      });
    }
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
      results: pageRows.map((item) => resultOf(item, engine, request, effective)),
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
        ? prefixTerms(await localeVocabulary(engine, locale), last, size)
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

    async writeDocuments(engine, docs, meta) {
      const { written, removed, version } = await writeIndex(db, engine, docs, meta);
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

    forgetVocabulary() {
      vocabularies.clear();
      results.clear();
      versions.clear();
    },
  };
}
