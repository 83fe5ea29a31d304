/**
 * The storefront's search connector (SPEC §5, §7, §8, §9): one client for the built-in service and a hosted
 * one. It validates its configuration (engine name plus host identifier or endpoint base), posts the hosted
 * protocol with the bearer search key, caches answers (on by default), and turns non-ok answers into
 * '[status] messages' errors.
 */
import { SEARCH_TAG } from '#core/change-tags.ts';
import { type SearchConnectorInput, searchConnectorConfig } from '#core/search-connector.ts';
import { dependsOn } from '../cache/dependencies.ts';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export class SearchServiceError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
  ) {
    super(`[${status}] ${messages.join(', ')}`.trim());
    this.name = 'SearchServiceError';
  }
}

export interface SearchClientOptions extends SearchConnectorInput {
  fetch?: FetchLike;
  /**
   * The service is the built-in one, which takes a `filters.locale` on query suggestions (one engine holds every
   * locale). A hosted service documents only query, types and size there, so the filter is not sent to it.
   */
  builtIn?: boolean;
  /** How long an answer stays cached (0 turns the cache off). */
  cacheTtlMs?: number;
  cacheSize?: number;
}

export interface SearchOptions {
  facets?: Record<string, unknown>;
  result_fields?: Record<string, unknown>;
  page?: { size?: number; current?: number };
  sort?: unknown;
  filters?: unknown;
  analytics?: { tags?: string[] };
  search_fields?: Record<string, unknown>;
}

export interface SearchResult {
  meta: {
    request_id: string;
    page: { current: number; total_pages: number; total_results: number; size: number };
    corrected_query?: string;
  };
  results: Array<Record<string, unknown> & { id: { raw: string } }>;
  facets: Record<
    string,
    Array<{
      type: string;
      data: Array<{ value?: unknown; from?: number; to?: number; count: number; name?: string }>;
    }>
  >;
}

export interface SuggestionResult {
  meta: { request_id: string };
  results: { documents: Array<{ suggestion: string }> };
}

export type ClickSource = 'results' | 'autocomplete';

export function createSearchClient(options: SearchClientOptions) {
  const config = searchConnectorConfig(options);
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const ttl = options.cacheTtlMs ?? 60_000;
  const maxEntries = options.cacheSize ?? 500;
  const cache = new Map<string, { at: number; value: unknown }>();
  const base = `${config.endpointBase}/api/as/v1/engines/${encodeURIComponent(config.engineName)}`;

  async function post<T>(path: string, body: unknown, cacheable: boolean): Promise<T> {
    const payload = JSON.stringify(body);
    const key = `${path}|${payload}`;
    // A page that shows search answers is rendered again when the index is rebuilt (decision 0050).
    if (cacheable) dependsOn([SEARCH_TAG]);
    if (cacheable && ttl > 0) {
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < ttl) {
        cache.delete(key);
        cache.set(key, hit);
        return hit.value as T;
      }
    }
    const response = await doFetch(`${base}/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${config.searchKey}`,
      },
      body: payload,
    });
    if (!response.ok) {
      let messages: string[] = [];
      try {
        const data = (await response.json()) as { errors?: unknown; error?: unknown };
        if (Array.isArray(data.errors)) messages = data.errors.map(String);
        else if (data.error) messages = [String(data.error)];
      } catch {
        messages = [response.statusText].filter(Boolean);
      }
      throw new SearchServiceError(response.status, messages);
    }
    const text = await response.text();
    const value = (text ? JSON.parse(text) : null) as T;
    if (cacheable && ttl > 0) {
      cache.set(key, { at: Date.now(), value });
      while (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
    }
    return value;
  }

  return {
    config: { engineName: config.engineName, endpointBase: config.endpointBase },
    search(query: string, searchOptions: SearchOptions = {}): Promise<SearchResult> {
      return post('search.json', { query, ...searchOptions }, true);
    },
    multiSearch(queries: Array<{ query: string } & SearchOptions>): Promise<SearchResult[]> {
      return post('multi_search.json', { queries }, true);
    },
    querySuggestion(
      query: string,
      suggestionOptions: { size?: number; types?: unknown; filters?: { locale?: string } } = {},
    ): Promise<SuggestionResult> {
      const { filters, ...documented } = suggestionOptions;
      // The documented path has no `.json` (the official client's); the built-in service answers both.
      return post(
        'query_suggestion',
        { query, ...documented, ...(options.builtIn && filters ? { filters } : {}) },
        true,
      );
    },
    /** §7 click; tags get 'results' or 'autocomplete' appended by where the click happened. */
    async click(
      input: { query: string; documentId: string; requestId?: string; tags?: string[] },
      source: ClickSource,
    ): Promise<void> {
      await post(
        'click.json',
        {
          query: input.query,
          document_id: input.documentId,
          ...(input.requestId ? { request_id: input.requestId } : {}),
          tags: [...(input.tags ?? []), source],
        },
        false,
      );
    },
    clearCache() {
      cache.clear();
    },
  };
}

export type SearchClient = ReturnType<typeof createSearchClient>;
