/**
 * The built-in search engine over PostgreSQL full-text search: the request grammar of the hosted-search
 * protocol (SPEC §7: query, facets, result_fields raw/snippet, page, sort, filters with all/any/none),
 * language-stemmed matching per content locale (Japanese by bigrams), typo tolerance for short queries and
 * prefix suggestions. The index itself is written by `writeDocuments`.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { cappedTotalPages } from '#core/search-connector.ts';
import type { Database } from '../db/database.ts';
import type { IndexDocument } from './documents.ts';
import { searchClicks, searchDocuments, searchTerms } from './schema.ts';
import {
  configFor,
  correctedQuery,
  corrections,
  hasCjk,
  ngramText,
  snippet,
  type Vocabulary,
  words,
} from './text.ts';

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
const FIELDS: Record<string, { kind: FieldKind; column: SQL }> = {
  id: { kind: 'text', column: sql`d.id` },
  type: { kind: 'text', column: sql`d.type` },
  locale: { kind: 'text', column: sql`d.locale` },
  stack: { kind: 'text', column: sql`d.stack` },
  environment: { kind: 'text', column: sql`d.environment` },
  category: { kind: 'text', column: sql`d.category` },
  title: { kind: 'text', column: sql`d.title` },
  date: { kind: 'text', column: sql`d.date` },
  colours: { kind: 'array', column: sql`d.colours` },
  regions: { kind: 'array', column: sql`d.regions` },
  price_us: { kind: 'number', column: sql`d.price_us` },
  price_ca: { kind: 'number', column: sql`d.price_ca` },
  price_eu_region_1: { kind: 'number', column: sql`d.price_eu_region_1` },
};
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

/** A lexeme every document of a locale carries, so index lookups can be narrowed to one locale. */
export const localeLexeme = (locale: string) => `zzloc${locale.replace(/[^a-z]/gi, '').toLowerCase()}`;

const VOCABULARY_TTL_MS = 30_000;

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

export function createEngine(db: Database): Engine {
  const vocabularies = new Map<string, { at: number; words: Map<string, number> }>();

  async function vocabulary(engine: string, locale: string): Promise<Vocabulary> {
    const key = `${engine}|${locale}`;
    let cached = vocabularies.get(key);
    if (!cached || Date.now() - cached.at > VOCABULARY_TTL_MS) {
      const rows = await db
        .select({ term: searchTerms.term, docs: searchTerms.docs })
        .from(searchTerms)
        .where(and(eq(searchTerms.engine, engine), eq(searchTerms.locale, locale)));
      cached = { at: Date.now(), words: new Map(rows.map((row) => [row.term, row.docs])) };
      vocabularies.set(key, cached);
    }
    const wordsOf = cached.words;
    return { has: (term) => wordsOf.has(term), entries: () => wordsOf.entries() };
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
      return sql`to_tsquery('simple', ${grams.map((gram) => `'${gram}'`).join(' & ')})`;
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

  function orderBy(sort: SearchRequest['sort'], hasQuery: boolean, _fromCte = false): SQL {
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

  return {
    async search(engine, request) {
      const locale = localeOfFilters(request.filters);
      const config = configFor(locale);
      const changes =
        request.query && locale
          ? corrections(request.query, await vocabulary(engine, locale))
          : new Map<string, string>();
      const text = request.query ? tsquery(request.query, config, changes) : null;
      // The locale's own lexeme narrows the index lookup to that locale's documents.
      const query = text && locale ? sql`(${text}) && to_tsquery('simple', ${localeLexeme(locale)})` : text;
      const base: SQL[] = [sql`d.engine = ${engine}`, compileFilters(request.filters)];
      if (query) base.push(sql`d.tsv @@ (${query})`);
      const where = sql.join(base, sql` and `);
      const { size, current } = request.page;
      // Title words weigh most; normalisation 1 favours short documents (a product over a long article).
      const score = text
        ? sql`ts_rank_cd('{0.02, 0.05, 0.3, 1.0}'::float4[], d.tsv, ${text}, 1)`
        : sql`0::real`;
      // One statement: the matching set is read once, then paged, counted and faceted from memory.
      const facetList = Object.entries(request.facets).flatMap(([name, specs]) =>
        specs.map((spec, index) => ({
          name,
          spec,
          alias: `f_${Object.keys(request.facets).indexOf(name)}_${index}`,
        })),
      );
      const facetColumns = facetList.map(({ name, spec, alias }) => {
        const { kind, column } = FIELDS[name]!;
        if (spec.type === 'range') {
          const counts = (spec.ranges ?? []).map((range) => {
            const parts: SQL[] = [];
            if (range.from !== undefined) parts.push(sql`${column} >= ${Number(range.from)}`);
            if (range.to !== undefined) parts.push(sql`${column} < ${Number(range.to)}`);
            const condition = parts.length ? sql.join(parts, sql` and `) : sql`${column} is not null`;
            return sql`count(*) filter (where ${condition})::int`;
          });
          return sql`(select json_build_array(${sql.join(counts, sql`, `)}) from m d) as ${sql.identifier(alias)}`;
        }
        const limit = Math.min(250, Math.max(1, Number(spec.size ?? 10) || 10));
        const value = kind === 'array' ? sql`unnest(${column})` : column;
        return sql`(select coalesce(json_agg(json_build_array(v, c)), '[]'::json) from (
            select v, count(*)::int as c from (select ${value} as v from m d) s where v is not null
            group by v order by c desc, v asc limit ${limit}) f) as ${sql.identifier(alias)}`;
      });
      const pageColumn =
        size > 0
          ? sql`(select coalesce(json_agg(json_build_array(p.id, p.locale, p.score)), '[]'::json) from (
              select d.id, d.locale, d.score from m d order by ${orderBy(request.sort, Boolean(query), true)}
              limit ${size} offset ${(current - 1) * size}) p) as page`
          : sql`'[]'::json as page`;
      const result = (await db.execute(
        sql`with m as materialized (
              select d.id, d.type, d.locale, d.stack, d.environment, d.category, d.title, d.date, d.colours,
                     d.regions, d.price_us, d.price_ca, d.price_eu_region_1, d.rank, ${score} as score
              from search_documents d where ${where})
            select (select count(*)::int from m) as total, ${pageColumn}
            ${facetColumns.length ? sql`, ${sql.join(facetColumns, sql`, `)}` : sql``}`,
      )) as unknown as { rows: Array<Record<string, unknown>> };
      const row = result.rows[0] ?? {};
      const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
      const total = Number(row.total ?? 0);
      const pageRefs = json<Array<[string, string, number]>>(row.page ?? []);
      let pageRows: Array<{ id: string; type: string; locale: string; fields: Json; score: number }> = [];
      if (pageRefs.length > 0) {
        const keys = sql.join(
          pageRefs.map(([id, docLocale]) => sql`(${docLocale}, ${id})`),
          sql`, `,
        );
        const found = (await db.execute(
          sql`select d.id, d.type, d.locale, d.fields from search_documents d
              where d.engine = ${engine} and (d.locale, d.id) in (${keys})`,
        )) as unknown as { rows: Array<{ id: string; type: string; locale: string; fields: unknown }> };
        const byKey = new Map(found.rows.map((item) => [`${item.locale}|${item.id}`, item]));
        pageRows = pageRefs
          .map(([id, docLocale, docScore]) => {
            const item = byKey.get(`${docLocale}|${id}`);
            return item ? { ...item, fields: json<Json>(item.fields), score: Number(docScore) } : null;
          })
          .filter((item) => item !== null);
      }
      const facets: SearchResponse['facets'] = {};
      for (const { name, spec, alias } of facetList) {
        const data = json<unknown[]>(row[alias] ?? []);
        facets[name] ??= [];
        const list = facets[name];
        if (spec.type === 'range') {
          list.push({
            type: 'range',
            ...(spec.name ? { name: spec.name } : {}),
            data: (spec.ranges ?? []).map((range, index) => ({
              ...(range.from !== undefined ? { from: range.from } : {}),
              ...(range.to !== undefined ? { to: range.to } : {}),
              ...(range.name ? { name: range.name } : {}),
              count: Number((data as number[])[index] ?? 0),
            })),
          });
        } else {
          list.push({
            type: 'value',
            ...(spec.name ? { name: spec.name } : {}),
            data: (data as Array<[unknown, number]>).map(([value, count]) => ({
              value,
              count: Number(count),
            })),
          });
        }
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
    },

    async suggest(engine, { query, size, locale }) {
      const requestId = newRequestId();
      const trimmed = query.trim().toLowerCase();
      if (!trimmed) return { meta: { request_id: requestId }, results: { documents: [] } };
      const list = hasCjk(trimmed) ? [trimmed] : words(trimmed);
      const last = list[list.length - 1] ?? '';
      const head = hasCjk(trimmed) ? '' : list.slice(0, -1).join(' ');
      const conditions = [
        eq(searchTerms.engine, engine),
        sql`${searchTerms.term} like ${`${last.replace(/[\\%_]/g, '\\$&')}%`}`,
      ];
      if (locale) conditions.push(eq(searchTerms.locale, locale));
      const rows = await db
        .select({ term: searchTerms.term, docs: sql<number>`max(${searchTerms.docs})` })
        .from(searchTerms)
        .where(and(...conditions))
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
      const existing = await db
        .select({ locale: searchDocuments.locale, id: searchDocuments.id, hash: searchDocuments.hash })
        .from(searchDocuments)
        .where(eq(searchDocuments.engine, engine));
      const known = new Map(existing.map((row) => [`${row.locale}|${row.id}`, row.hash]));
      const wanted = new Set(docs.map((doc) => `${doc.locale}|${doc.id}`));
      const changed = docs.filter((doc) => known.get(`${doc.locale}|${doc.id}`) !== doc.hash);
      const stale = existing.filter((row) => !wanted.has(`${row.locale}|${row.id}`));
      const touched = new Set([...changed.map((doc) => doc.locale), ...stale.map((row) => row.locale)]);
      for (let start = 0; start < changed.length; start += 250) {
        const batch = changed.slice(start, start + 250);
        await db
          .insert(searchDocuments)
          .values(
            batch.map((doc) => ({
              engine,
              locale: doc.locale,
              id: doc.id,
              type: doc.type,
              title: doc.title,
              category: doc.category,
              colours: doc.colours,
              regions: doc.regions,
              stack: meta.stack,
              environment: meta.environment,
              priceUs: doc.priceUs,
              priceCa: doc.priceCa,
              priceEu: doc.priceEu,
              date: doc.date,
              rank: doc.rank,
              fields: doc.fields,
              tsv: sql`setweight(to_tsvector(${doc.config}::regconfig, ${doc.titleText}), 'A') ||
                setweight(to_tsvector(${doc.config}::regconfig, ${doc.extraText}), 'B') ||
                setweight(to_tsvector(${doc.config}::regconfig, ${doc.bodyText}), 'C') ||
                setweight(to_tsvector('simple', ${`${doc.titleText} ${doc.extraText}`}), 'D') ||
                to_tsvector('simple', ${localeLexeme(doc.locale)})` as unknown as string,
              titleTsv: sql`to_tsvector('simple', ${doc.titleText})` as unknown as string,
              hash: doc.hash,
            })),
          )
          .onConflictDoUpdate({
            target: [searchDocuments.engine, searchDocuments.locale, searchDocuments.id],
            set: {
              type: sql`excluded.type`,
              title: sql`excluded.title`,
              category: sql`excluded.category`,
              colours: sql`excluded.colours`,
              regions: sql`excluded.regions`,
              stack: sql`excluded.stack`,
              environment: sql`excluded.environment`,
              priceUs: sql`excluded.price_us`,
              priceCa: sql`excluded.price_ca`,
              priceEu: sql`excluded.price_eu_region_1`,
              date: sql`excluded.date`,
              rank: sql`excluded.rank`,
              fields: sql`excluded.fields`,
              tsv: sql`excluded.tsv`,
              titleTsv: sql`excluded.title_tsv`,
              hash: sql`excluded.hash`,
            },
          });
      }
      for (let start = 0; start < stale.length; start += 500) {
        const batch = stale.slice(start, start + 500);
        for (const locale of new Set(batch.map((row) => row.locale))) {
          const ids = batch.filter((row) => row.locale === locale).map((row) => row.id);
          await db.execute(
            sql`delete from search_documents where engine = ${engine} and locale = ${locale} and id = any(${textArray(ids)})`,
          );
        }
      }
      const { vocabularyOf } = await import('./documents.ts');
      for (const locale of touched) {
        const counts = vocabularyOf(docs.filter((doc) => doc.locale === locale));
        await db.transaction(async (tx) => {
          await tx
            .delete(searchTerms)
            .where(and(eq(searchTerms.engine, engine), eq(searchTerms.locale, locale)));
          const rows = [...counts].map(([term, count]) => ({ engine, locale, term, docs: count }));
          for (let start = 0; start < rows.length; start += 500) {
            await tx.insert(searchTerms).values(rows.slice(start, start + 500));
          }
        });
      }
      if (touched.size > 0) vocabularies.clear();
      return { written: changed.length, removed: stale.length };
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
    },
  };
}
