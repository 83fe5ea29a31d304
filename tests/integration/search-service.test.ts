import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/test-databases.ts';
import { type SearchHarness, STACK, searchHarness } from './search-harness.ts';

// biome-ignore lint/suspicious/noExplicitAny: protocol answers are inspected loosely in tests
type Loose = any;

const scope = (locale: string, region = 'us') => ({
  all: [{ stack: STACK }, { environment: 'production' }, { locale }],
  any: [{ regions: [region] }],
});

describe.each(testDatabaseTargets)('built-in search service on $name', (target) => {
  let h: SearchHarness;
  const search = async (body: unknown): Promise<Loose> => {
    const response = await h.post('search.json', body);
    expect(response.status).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    h = await searchHarness(target);
  }, 180_000);
  afterAll(async () => {
    h?.search.stop();
    await h?.handle.close();
  });

  it('indexes products, blog posts, support articles and pages in all eight locales', async () => {
    const result = (await h.handle.db.execute(
      sql`select locale, type, count(*)::int as n from search_documents group by locale, type order by locale, type`,
    )) as unknown as { rows: Array<{ locale: string; type: string; n: number }> };
    const locales = new Set(result.rows.map((row) => row.locale));
    expect([...locales].sort()).toEqual(['de', 'en-us', 'es', 'fr', 'it', 'ja', 'no', 'sv']);
    const en = Object.fromEntries(
      result.rows.filter((row) => row.locale === 'en-us').map((row) => [row.type, row.n]),
    );
    expect(en.product).toBeGreaterThan(40);
    expect(en.blog).toBe(13);
    expect(en.support).toBeGreaterThanOrEqual(16);
    expect(en.page).toBeGreaterThanOrEqual(8);
  });

  it('answers the §7 shape: request id, capped pages, total results, facets and raw/snippet fields', async () => {
    const answer = await search({
      query: 'women snowshoe',
      filters: scope('en-us'),
      facets: {
        type: [{ type: 'value' }],
        category: { type: 'value', size: 5 },
        price_us: [
          {
            type: 'range',
            ranges: [
              { from: 0, to: 150, name: 'low' },
              { from: 150, name: 'high' },
            ],
          },
        ],
      },
      result_fields: { title: { raw: {}, snippet: { size: 60, fallback: true } }, price_us: { raw: {} } },
      page: { size: 3, current: 1 },
    });
    expect(answer.meta.request_id).toMatch(/^[0-9a-f]{32}$/);
    expect(answer.meta.page).toMatchObject({ current: 1, size: 3 });
    expect(answer.meta.page.total_results).toBeGreaterThanOrEqual(6);
    expect(answer.meta.page.total_pages).toBe(Math.ceil(answer.meta.page.total_results / 3));
    expect(answer.meta.corrected_query).toBeUndefined();
    expect(answer.results).toHaveLength(3);
    for (const result of answer.results) {
      expect(result.title.raw).toMatch(/Women/);
      expect(result.title.snippet).toMatch(/<em>Women<\/em>/);
      expect(typeof result.price_us.raw).toBe('number');
      expect(result._meta.engine).toBe('ridgeline');
      expect(result.description).toBeUndefined();
    }
    expect(answer.facets.type[0].data).toEqual([{ value: 'product', count: answer.meta.page.total_results }]);
    expect(answer.facets.category[0].data[0].value).toBe("Women's Snowshoes");
    const [low, high] = answer.facets.price_us[0].data;
    expect(low).toMatchObject({ from: 0, to: 150, name: 'low' });
    expect(low.count + high.count).toBe(answer.meta.page.total_results);
  });

  it('caps total pages at 100 (§9)', async () => {
    const answer = await search({ query: '', filters: { locale: ['en-us', 'fr', 'de'] }, page: { size: 1 } });
    expect(answer.meta.page.total_results).toBeGreaterThan(100);
    expect(answer.meta.page.total_pages).toBe(100);
  });

  it('filters with all, any and none, including stack, environment, locale and regions', async () => {
    const base = {
      query: 'snowshoe',
      page: { size: 100 },
      result_fields: { type: { raw: {} }, locale: { raw: {} } },
    };
    const onlySupport = await search({
      ...base,
      filters: { all: [{ locale: 'en-us' }, { type: 'support' }] },
    });
    expect(onlySupport.results.every((r: Loose) => r.type.raw === 'support')).toBe(true);
    const notProducts = await search({
      ...base,
      filters: { all: [{ locale: 'en-us' }], none: [{ type: 'product' }] },
    });
    expect(notProducts.results.length).toBeGreaterThan(0);
    expect(notProducts.results.some((r: Loose) => r.type.raw === 'product')).toBe(false);
    const anyType = await search({
      ...base,
      filters: { all: [{ locale: 'fr' }], any: [{ type: 'blog' }, { type: 'support' }] },
    });
    expect(new Set(anyType.results.map((r: Loose) => r.type.raw))).toEqual(new Set(['blog', 'support']));
    const otherStack = await search({ ...base, filters: { all: [{ stack: 'another-stack' }] } });
    expect(otherStack.meta.page.total_results).toBe(0);
    const regionless = await search({
      ...base,
      filters: { all: [{ locale: 'en-us' }], none: [{ regions: ['us'] }] },
    });
    expect(regionless.meta.page.total_results).toBe(0);
    const cheap = await search({
      query: '',
      filters: { all: [{ locale: 'en-us' }, { price_us: { from: 0, to: 40 } }] },
      result_fields: { price_us: { raw: {} } },
      page: { size: 100 },
    });
    expect(cheap.results.length).toBeGreaterThan(0);
    expect(cheap.results.every((r: Loose) => r.price_us.raw < 40)).toBe(true);
  });

  it('stems per language, matches Japanese by n-grams, and sorts by price', async () => {
    const fr = await search({
      query: 'raquettes femmes',
      filters: scope('fr', 'ca'),
      result_fields: { title: { raw: {} } },
    });
    expect(fr.results[0].title.raw).toMatch(/Femme/);
    const de = await search({
      query: 'Schneeschuhe',
      filters: scope('de', 'eu_region_1'),
      page: { size: 1 },
    });
    expect(de.meta.page.total_results).toBeGreaterThan(10);
    const ja = await search({
      query: 'スノーシュー',
      filters: scope('ja', 'jp'),
      result_fields: { title: { raw: {} } },
    });
    expect(ja.meta.page.total_results).toBeGreaterThan(10);
    expect(ja.results[0].title.raw).toContain('スノーシュー');
    const ranked = await search({
      query: 'snowshoes',
      filters: { ...scope('en-us'), all: [...scope('en-us').all, { type: 'product' }] },
      result_fields: { title: { raw: {} } },
      page: { size: 3 },
    });
    for (const result of ranked.results) expect(result.title.raw).toMatch(/Snowshoe/);
    const sorted = await search({
      query: 'poles',
      filters: { ...scope('en-us'), all: [...scope('en-us').all, { type: 'product' }] },
      sort: [{ price_us: 'desc' }],
      result_fields: { price_us: { raw: {} } },
    });
    const prices = sorted.results.map((r: Loose) => r.price_us.raw);
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => b - a));
  });

  it('tolerates typos in short queries and says what it corrected', async () => {
    const typo = await search({ query: 'snowsheo', filters: scope('en-us'), page: { size: 1 } });
    expect(typo.meta.corrected_query).toBe('snowshoe');
    expect(typo.meta.page.total_results).toBeGreaterThan(10);
    const nonsense = await search({ query: 'zzqx', filters: scope('en-us') });
    expect(nonsense.meta.page.total_results).toBe(0);
  });

  it('suggests completions by prefix per locale and runs several searches at once', async () => {
    const suggestions: Loose = await (
      await h.post('query_suggestion.json', { query: 'women sno', filters: { locale: 'en-us' } })
    ).json();
    expect(suggestions.meta.request_id).toBeTruthy();
    expect(suggestions.results.documents.map((d: Loose) => d.suggestion)).toContain('women snowshoe');
    const multi: Loose = await (
      await h.post('multi_search.json', {
        queries: [
          { query: 'crampons', filters: scope('en-us') },
          {
            query: 'gaiter',
            filters: scope('en-us'),
            page: { size: 0 },
            facets: { type: { type: 'value' } },
          },
        ],
      })
    ).json();
    expect(multi).toHaveLength(2);
    expect(multi[0].results.length).toBeGreaterThan(0);
    expect(multi[1].results).toEqual([]);
    expect(multi[1].facets.type[0].data.length).toBeGreaterThan(0);
  });

  it('records clicks with their tags', async () => {
    const response = await h.post('click.json', {
      query: 'poles',
      document_id: 'product-ridgeline-carbon-summit-pole',
      request_id: 'abc',
      tags: ['storefront', 'results'],
    });
    expect(response.status).toBe(200);
    const rows = (await h.handle.db.execute(
      sql`select tags from search_clicks where query = 'poles'`,
    )) as unknown as {
      rows: Array<{ tags: string[] }>;
    };
    expect(rows.rows[0]?.tags).toEqual(['storefront', 'results']);
  });

  it('checks the bearer search key and answers errors in the §8 shape', async () => {
    const noKey = await h.post('search.json', { query: 'x' }, null);
    expect(noKey.status).toBe(401);
    expect(((await noKey.json()) as Loose).errors[0]).toMatch(/search key/);
    expect((await h.post('search.json', { query: 'x' }, 'wrong')).status).toBe(401);
    const badFilter = await h.post('search.json', { query: 'x', filters: { colour_of_sky: 'blue' } });
    expect(badFilter.status).toBe(400);
    expect(await badFilter.json()).toEqual({ errors: ['Filters contain an invalid field: colour_of_sky'] });
    expect((await h.post('search.json', { page: { current: 101 } })).status).toBe(400);
    expect((await h.post('search.json', '{not json')).status).toBe(400);
    const unknownEngine = await h.app.fetch(
      new Request('http://test/search/api/as/v1/engines/nope/search.json', {
        method: 'POST',
        headers: { authorization: 'Bearer search-test-key' },
        body: '{}',
      }),
    );
    expect(unknownEngine.status).toBe(404);
  });

  it('keeps the index in sync when content changes', async () => {
    await h.handle.db.execute(
      sql`update content_publications set title = 'Frostbite field guide',
          fields = jsonb_set(fields, '{title}', '"Frostbite field guide"'), published_at = now()
          where content_type = 'support' and uid = 'icy-decking' and locale = 'en-us'`,
    );
    const result = await h.search.sync();
    expect(result.skipped).toBe(false);
    expect(result.written).toBeGreaterThanOrEqual(1);
    const found = await search({
      query: 'frostbite',
      filters: scope('en-us'),
      result_fields: { title: { raw: {} } },
    });
    expect(found.results[0]?.title.raw).toBe('Frostbite field guide');
    expect((await h.search.sync()).skipped).toBe(true);
  });
});
