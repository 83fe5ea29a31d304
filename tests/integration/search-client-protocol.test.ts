import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/test-databases.ts';
import { SEARCH_KEY, type SearchHarness, STACK, searchHarness } from './search-harness.ts';

// The protocol claim checked by a client the product did not write: the official
// @elastic/app-search-javascript client, pointed at the built-in service over HTTP.

// biome-ignore lint/suspicious/noExplicitAny: the client ships no types
type Loose = any;

let appSearch: Loose = null;
let missing = '';
try {
  // A variable specifier: the package ships no types, and may be absent on a machine that has not installed it.
  const name = '@elastic/app-search-javascript';
  appSearch = await import(/* @vite-ignore */ name);
} catch (error) {
  missing = `@elastic/app-search-javascript is not installed (${(error as Error).message})`;
}

describe.skipIf(!appSearch)(
  appSearch ? 'the official app-search client against the built-in service' : `skipped: ${missing}`,
  () => {
    let h: SearchHarness;
    let server: ReturnType<typeof serve>;
    let endpointBase = '';
    const target = testDatabaseTargets[0]!;

    beforeAll(async () => {
      if (missing) throw new Error(missing);
      h = await searchHarness(target);
      server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise<void>((resolve) => server.once('listening', () => resolve()));
      endpointBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search`;
      // Seeding, indexing and reading the index into memory take over a minute on a loaded 2-core machine.
    }, 180_000);
    afterAll(async () => {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      h?.search.stop();
      await h?.handle.close();
    });

    const client = (options: Record<string, unknown> = {}) =>
      (appSearch.default ?? appSearch).createClient({
        searchKey: SEARCH_KEY,
        endpointBase,
        engineName: 'ridgeline',
        cacheResponses: false,
        ...options,
      });

    it('gets results, raw and snippet fields, paging info and facets', async () => {
      const resultList = await client().search('women snowshoe', {
        filters: {
          all: [{ locale: 'en-us' }, { stack: STACK }, { environment: 'production' }],
          any: [{ regions: ['us'] }],
        },
        facets: { category: { type: 'value', size: 10 }, colours: { type: 'value', size: 20 } },
        result_fields: { title: { raw: {}, snippet: { size: 50, fallback: true } }, price_us: { raw: {} } },
        page: { size: 4, current: 1 },
      });
      expect(resultList.info.meta.request_id).toMatch(/^[0-9a-f]{32}$/);
      expect(resultList.info.meta.page.total_results).toBeGreaterThanOrEqual(6);
      expect(resultList.info.meta.page.total_pages).toBe(
        Math.ceil(resultList.info.meta.page.total_results / 4),
      );
      expect(resultList.results).toHaveLength(4);
      const first = resultList.results[0];
      expect(first.getRaw('title')).toMatch(/Women's Snowshoe/);
      expect(first.getSnippet('title')).toContain('<em>');
      expect(first.getRaw('price_us')).toBeGreaterThan(0);
      expect(resultList.info.facets.category[0].data[0]).toEqual({
        value: "Women's Snowshoes",
        count: resultList.info.meta.page.total_results,
      });
      expect(resultList.info.facets.colours[0].data.length).toBeGreaterThan(3);
    });

    it('runs disjunctive facets (the client’s facet-only second request) and keeps other values counted', async () => {
      const requests: Array<Record<string, unknown>> = [];
      const original = globalThis.fetch;
      globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
        requests.push(JSON.parse(String(init?.body ?? '{}')));
        return original(input, init);
      }) as typeof fetch;
      try {
        const resultList = await client().search('snowshoe', {
          filters: { all: [{ locale: 'en-us' }, { category: ["Women's Snowshoes"] }] },
          facets: { category: { type: 'value', size: 20 } },
          disjunctiveFacets: ['category'],
          page: { size: 2 },
        });
        const values = resultList.info.facets.category[0].data.map((item: Loose) => item.value);
        expect(values).toContain("Women's Snowshoes");
        expect(values).toContain("Men's Snowshoes");
        expect(resultList.info.meta.page.total_results).toBeLessThan(
          resultList.info.facets.category[0].data.reduce((sum: number, item: Loose) => sum + item.count, 0),
        );
      } finally {
        globalThis.fetch = original;
      }
      expect(requests).toHaveLength(2);
      expect(requests[1]).toMatchObject({ page: { size: 0 }, analytics: { tags: ['Facet-Only'] } });
    });

    it('runs multi search, query suggestions and clicks', async () => {
      const [crampons, gaiters] = await client().multiSearch([
        { query: 'crampons', options: { filters: { locale: 'en-us' } } },
        { query: 'gaiter', options: { filters: { locale: 'en-us' } } },
      ]);
      expect(crampons.results.length).toBeGreaterThan(0);
      expect(gaiters.results.some((item: Loose) => /Gaiter/.test(item.getRaw('title')))).toBe(true);
      const suggestions = await client().querySuggestion('snow', {
        size: 3,
        types: { documents: { fields: ['title'] } },
      });
      expect(suggestions.results.documents.length).toBeGreaterThan(0);
      expect(suggestions.results.documents[0].suggestion).toMatch(/^snow/);
      await client().click({
        query: 'gaiter',
        documentId: 'product-x',
        requestId: 'r-1',
        tags: ['official-client'],
      });
      const rows = (await h.handle.db.execute(
        sql`select tags from search_clicks where document_id = 'product-x'`,
      )) as unknown as {
        rows: Array<{ tags: string[] }>;
      };
      expect(rows.rows[0]?.tags).toEqual(['official-client']);
    });

    it('surfaces the service’s errors as the client formats them (§8)', async () => {
      await expect(client({ searchKey: 'wrong-key' }).search('x')).rejects.toThrow(
        /^\[401\] Invalid authentication/,
      );
      await expect(client().search('x', { filters: { nonsense: 1 } })).rejects.toThrow(
        '[400] Filters contain an invalid field: nonsense',
      );
    });
  },
);
