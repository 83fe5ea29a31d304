/**
 * Pure rules of the storefront's search page (SPEC §1, §3 search results, §7 request shape): the page state read
 * from the URL, the hosted-search requests it makes (a main search plus disjunctive facet-only searches),
 * and the links that change one part of the state.
 */

import type { ImageView } from '../editorial/content-view.ts';

export const SEARCH_PAGE_SIZE = 12;

/** What the autocomplete shows (from /{lang}/search/suggest). */
export interface SuggestView {
  query: string;
  requestId: string | null;
  suggestions: string[];
  products: Array<{ id: string; title: string; href: string; price: string | null; image: ImageView }>;
}
export const SEARCH_TYPES = ['product', 'blog', 'support', 'page'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SORTS = ['relevance', 'price_asc', 'price_desc', 'name'] as const;
export type SortKey = (typeof SORTS)[number];

/** Price buckets in the shopper's currency (the same numbers serve USD, CAD and EUR). */
export const PRICE_RANGES = [
  { key: '0-50', from: 0, to: 50 },
  { key: '50-100', from: 50, to: 100 },
  { key: '100-200', from: 100, to: 200 },
  { key: '200-300', from: 200, to: 300 },
  { key: '300-', from: 300 },
] as const;

export interface SearchState {
  q: string;
  type: SearchType[];
  category: string[];
  colour: string[];
  price: string | null;
  sort: SortKey;
  page: number;
}

const clean = (values: string[], max = 10) =>
  [...new Set(values.map((value) => value.trim()).filter((value) => value && value.length <= 80))].slice(
    0,
    max,
  );

export function searchState(params: URLSearchParams): SearchState {
  const sort = params.get('sort') ?? 'relevance';
  const page = Number(params.get('page') ?? '1');
  const price = params.get('price');
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    type: clean(params.getAll('type')).filter((type): type is SearchType =>
      (SEARCH_TYPES as readonly string[]).includes(type),
    ),
    category: clean(params.getAll('category')),
    colour: clean(params.getAll('colour')),
    price: PRICE_RANGES.some((range) => range.key === price) ? price : null,
    sort: (SORTS as readonly string[]).includes(sort) ? (sort as SortKey) : 'relevance',
    page: Number.isInteger(page) && page >= 1 && page <= 100 ? page : 1,
  };
}

export function searchHref(base: string, state: SearchState, change: Partial<SearchState> = {}): string {
  const next = { ...state, page: 1, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  for (const type of next.type) params.append('type', type);
  for (const category of next.category) params.append('category', category);
  for (const colour of next.colour) params.append('colour', colour);
  if (next.price) params.set('price', next.price);
  if (next.sort !== 'relevance') params.set('sort', next.sort);
  if (next.page > 1) params.set('page', String(next.page));
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

/** Adds a value to a multi-valued facet, or removes it when present. */
export function toggle(values: readonly string[], value: string): string[] {
  return values.includes(value) ? values.filter((item) => item !== value) : [...values, value];
}

export interface SearchScope {
  stack: string;
  environment: string;
  /** Content locale (en-us, fr, de, ja, sv, no, es, it). */
  locale: string;
  contentRegion: string;
  commerceRegion: string;
}

export const priceField = (commerceRegion: string) =>
  `price_${['us', 'ca', 'eu_region_1'].includes(commerceRegion) ? commerceRegion : 'us'}`;

/** §7 filters: stack, environment and locale in `all`; the content region in `any`; then the selections. */
export function scopeFilters(scope: SearchScope) {
  return [{ stack: scope.stack }, { environment: scope.environment }, { locale: scope.locale }];
}

type Facet = 'type' | 'category' | 'colours' | 'price';

function selectionFilters(state: SearchState, scope: SearchScope, without: Facet | null) {
  const filters: Record<string, unknown>[] = [];
  if (state.type.length && without !== 'type') filters.push({ type: state.type });
  if (state.category.length && without !== 'category') filters.push({ category: state.category });
  if (state.colour.length && without !== 'colours') filters.push({ colours: state.colour });
  const range = PRICE_RANGES.find((item) => item.key === state.price);
  if (range && without !== 'price') {
    filters.push({
      [priceField(scope.commerceRegion)]: { from: range.from, ...('to' in range ? { to: range.to } : {}) },
    });
  }
  return filters;
}

export const RESULT_FIELDS = {
  title: { raw: {}, snippet: { size: 80, fallback: true } },
  description: { snippet: { size: 160, fallback: true } },
  tagline: { raw: {} },
  type: { raw: {} },
  url: { raw: {} },
  image: { raw: {} },
  category: { raw: {} },
  colours: { raw: {} },
  currency: { raw: {} },
  price_us: { raw: {} },
  price_ca: { raw: {} },
  price_eu_region_1: { raw: {} },
  price_varies: { raw: {} },
  date: { raw: {} },
} as const;

function facetsFor(scope: SearchScope, only?: Facet) {
  const all = {
    type: [{ type: 'value', size: 4 }],
    category: [{ type: 'value', size: 20 }],
    colours: [{ type: 'value', size: 30 }],
    [priceField(scope.commerceRegion)]: [
      {
        type: 'range',
        ranges: PRICE_RANGES.map((range) => ({
          from: range.from,
          ...('to' in range ? { to: range.to } : {}),
          name: range.key,
        })),
      },
    ],
  } as Record<string, unknown>;
  if (!only) return all;
  const key = only === 'price' ? priceField(scope.commerceRegion) : only;
  return { [key]: all[key] };
}

function sortFor(state: SearchState, scope: SearchScope) {
  if (state.sort === 'price_asc') return [{ [priceField(scope.commerceRegion)]: 'asc' }, { _score: 'desc' }];
  if (state.sort === 'price_desc')
    return [{ [priceField(scope.commerceRegion)]: 'desc' }, { _score: 'desc' }];
  if (state.sort === 'name') return [{ title: 'asc' }];
  return [{ _score: 'desc' }];
}

/**
 * The searches one results page makes: the main one, then a facet-only search (size 0) for each facet with a
 * selection, without that facet's own filter, so its other values keep their counts (disjunctive facets).
 */
export function searchRequests(state: SearchState, scope: SearchScope) {
  const base = (without: Facet | null) => ({
    all: [...scopeFilters(scope), ...selectionFilters(state, scope, without)],
    any: [{ regions: [scope.contentRegion] }],
  });
  const main = {
    query: state.q,
    page: { size: SEARCH_PAGE_SIZE, current: state.page },
    filters: base(null),
    facets: facetsFor(scope),
    sort: sortFor(state, scope),
    result_fields: RESULT_FIELDS,
    analytics: { tags: ['search-page'] },
  };
  const selected: Facet[] = [];
  if (state.type.length) selected.push('type');
  if (state.category.length) selected.push('category');
  if (state.colour.length) selected.push('colours');
  if (state.price) selected.push('price');
  // The official client's disjunctive search, request for request (tests/integration/hosted-protocols.test.ts):
  // the main search without that facet's filter, no results, only that facet, and kept out of the hosted
  // service's analytics (record_analytics false), or each results page counts as one search per selected facet.
  const facetOnly = selected.map((facet) => ({
    facet,
    request: {
      ...main,
      filters: base(facet),
      record_analytics: false,
      page: { ...main.page, size: 0 },
      analytics: { tags: ['Facet-Only'] },
      facets: facetsFor(scope, facet),
    },
  }));
  return { main, facetOnly };
}

/** A snippet in the hosted format (escaped text with <em> marks) as parts to render without HTML. */
export function snippetParts(snippet: string | null | undefined): Array<{ text: string; mark: boolean }> {
  if (!snippet) return [];
  const decode = (value: string) =>
    value
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  const parts: Array<{ text: string; mark: boolean }> = [];
  const pattern = /<em>(.*?)<\/em>/g;
  let last = 0;
  for (const match of snippet.matchAll(pattern)) {
    if ((match.index ?? 0) > last)
      parts.push({ text: decode(snippet.slice(last, match.index)), mark: false });
    parts.push({ text: decode(match[1] ?? ''), mark: true });
    last = (match.index ?? 0) + match[0].length;
  }
  if (last < snippet.length) parts.push({ text: decode(snippet.slice(last)), mark: false });
  return parts.map((part) => ({ ...part, text: part.text.replace(/<[^>]*>/g, '') }));
}
