import { describe, expect, it, vi } from 'vitest';
import { SEARCH_CONNECTOR_MISCONFIGURED } from '#core/search-connector.ts';
import { createSearchClient, SearchServiceError } from './client.ts';

const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

describe('search connector', () => {
  it('refuses a configuration without an engine name or without a host identifier and endpoint base (§5, §8)', () => {
    expect(() => createSearchClient({ engineName: 'ridgeline' })).toThrow(SEARCH_CONNECTOR_MISCONFIGURED);
    expect(() => createSearchClient({ endpointBase: 'https://search.example' })).toThrow(
      SEARCH_CONNECTOR_MISCONFIGURED,
    );
    expect(createSearchClient({ engineName: 'e', hostIdentifier: 'host-1' }).config.endpointBase).toBe(
      'https://host-1.api.swiftype.com',
    );
  });

  it('posts the hosted protocol with the bearer key and caches identical searches (§9)', async () => {
    const fetch = vi.fn(async () => ok({ meta: { request_id: 'r1', page: {} }, results: [], facets: {} }));
    const client = createSearchClient({
      engineName: 'ridgeline',
      endpointBase: 'https://search.example/',
      searchKey: 'search-key',
      fetch,
    });
    await client.search('poles', { page: { size: 5 } });
    await client.search('poles', { page: { size: 5 } });
    await client.search('poles', { page: { size: 6 } });
    expect(fetch).toHaveBeenCalledTimes(2);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://search.example/api/as/v1/engines/ridgeline/search.json');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer search-key');
    expect(JSON.parse(String(init.body))).toEqual({ query: 'poles', page: { size: 5 } });
    client.clearCache();
    await client.search('poles', { page: { size: 5 } });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('turns a non-ok answer into "[status] messages" (§8)', async () => {
    const client = createSearchClient({
      engineName: 'e',
      endpointBase: 'https://s.example',
      fetch: async () =>
        new Response(JSON.stringify({ errors: ['Bad filter', 'Bad sort'] }), { status: 400 }),
    });
    await expect(client.search('x')).rejects.toThrow(new SearchServiceError(400, ['Bad filter', 'Bad sort']));
    await expect(client.search('x')).rejects.toThrow('[400] Bad filter, Bad sort');
  });

  it('appends where a click happened to its tags and never caches clicks (§7)', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    const client = createSearchClient({ engineName: 'e', endpointBase: 'https://s.example', fetch });
    const click = { query: 'poles', documentId: 'product-a', requestId: 'r1', tags: ['storefront'] };
    await client.click(click, 'autocomplete');
    await client.click(click, 'results');
    expect(fetch).toHaveBeenCalledTimes(2);
    const bodies = fetch.mock.calls.map((call) =>
      JSON.parse(String((call as unknown as [string, RequestInit])[1].body)),
    );
    expect(bodies[0]).toEqual({
      query: 'poles',
      document_id: 'product-a',
      request_id: 'r1',
      tags: ['storefront', 'autocomplete'],
    });
    expect(bodies[1].tags).toEqual(['storefront', 'results']);
  });
});
