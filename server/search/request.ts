/**
 * The request grammar of the hosted-search protocol (SPEC §7: query, facets, result_fields raw/snippet, page,
 * sort, filters with all/any/none): a JSON body checked and read into a `SearchRequest`.
 */
import { FIELDS } from './fields.ts';
import { compileFilters } from './filters.ts';
import { invalid, isObject } from './validation.ts';

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
