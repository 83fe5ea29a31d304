import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchState, searchRequests, searchState } from '#app/lib/search/search-view.ts';
import { testDatabaseTargets } from '../support/test-databases.ts';
import { type SearchHarness, STACK, searchHarness } from './search-harness.ts';

/**
 * Relevance: a fixed set of searches (English, German, French, Japanese, other locales, typos, filters, facets,
 * sorts, paging) and prefix suggestions, answered over the demo store plus 300 generated copies of its products
 * (so many documents tie on their score), must keep the answers recorded in search-relevance.fixture.json:
 * the results of the page in order, the total, the corrected query and every facet count. The fixture was
 * recorded from the PostgreSQL full-text engine (before issue 22); a faster engine must give the same answers.
 * `SEARCH_RELEVANCE_RECORD=1` writes the fixture again from the engine under test (only for a deliberate change
 * of relevance, with the reason in the commit).
 */

// biome-ignore lint/suspicious/noExplicitAny: protocol answers are inspected loosely in tests
type Loose = any;

const FIXTURE = new URL('./search-relevance.fixture.json', import.meta.url);
const RECORD = process.env.SEARCH_RELEVANCE_RECORD === '1';
const EXTRA_PRODUCTS = 300;

interface Shop {
  locale: string;
  region: string;
  commerce: string;
}
const EN: Shop = { locale: 'en-us', region: 'us', commerce: 'us' };
const CA: Shop = { locale: 'en-us', region: 'ca', commerce: 'ca' };
const FR: Shop = { locale: 'fr', region: 'ca', commerce: 'ca' };
const DE: Shop = { locale: 'de', region: 'eu_region_1', commerce: 'eu_region_1' };
const JA: Shop = { locale: 'ja', region: 'jp', commerce: 'us' };
const SV: Shop = { locale: 'sv', region: 'eu_region_1', commerce: 'eu_region_1' };
const ES: Shop = { locale: 'es', region: 'eu_region_1', commerce: 'eu_region_1' };
const IT: Shop = { locale: 'it', region: 'eu_region_1', commerce: 'eu_region_1' };
const NO: Shop = { locale: 'no', region: 'no', commerce: 'eu_region_1' };

/** The storefront's results-page searches for a URL query string (main request and facet-only requests). */
const page = (name: string, shop: Shop, query: string) => ({ name, shop, query });
const PAGES = [
  page('en snowshoe', EN, 'q=snowshoe'),
  page('en women snowshoe', EN, 'q=women+snowshoe'),
  page('en poles (Canada)', CA, 'q=poles'),
  page('en backcountry crampons', EN, 'q=backcountry+crampons'),
  page('en warranty (support)', EN, 'q=warranty'),
  page('en stop words', EN, 'q=the+best+snowshoes+for+women'),
  page('en plural and possessive', EN, "q=women's+poles"),
  page('en typo snowsheo', EN, 'q=snowsheo'),
  page('en typo crampns', EN, 'q=crampns'),
  page('en typo two words', EN, 'q=wommen+snowshoo'),
  page('en nothing found', EN, 'q=zzqx'),
  page('fr raquettes femme', FR, 'q=raquettes+femme'),
  page('fr bâtons', FR, 'q=b%C3%A2tons'),
  page('de Schneeschuhe', DE, 'q=Schneeschuhe'),
  page('de Stöcke Damen', DE, 'q=St%C3%B6cke+Damen'),
  page('ja スノーシュー', JA, `q=${encodeURIComponent('スノーシュー')}`),
  page('ja ポール', JA, `q=${encodeURIComponent('ポール')}`),
  page('ja mixed latin', JA, 'q=snowshoe'),
  page('sv snowshoe pole', SV, 'q=snowshoe+pole'),
  page('es crampons', ES, 'q=crampons'),
  page('it gaiters', IT, 'q=gaiters'),
  page('no snowshoes', NO, 'q=snowshoes'),
  page('filtered colour', EN, 'q=gaiter&colour=Black'),
  page('filtered type and price', EN, 'q=snowshoe&type=product&price=100-200'),
  page('filtered category', EN, "q=snowshoe&category=Women's+Snowshoes"),
  page('filtered two facets (disjunctive)', EN, 'q=snowshoe&colour=Black&colour=Blue&price=200-300'),
  page('browse all (no query)', EN, ''),
  page('browse products by price', EN, 'type=product&sort=price_asc'),
  page('sorted by price desc', CA, 'q=poles&sort=price_desc'),
  page('sorted by name', EN, 'q=snowshoe&sort=name'),
  page('page 3', EN, 'q=snowshoe&page=3'),
  page('de browse page 2', DE, 'page=2'),
];

/** Raw protocol requests the storefront does not make. */
const RAW: Array<{ name: string; request: Record<string, unknown> }> = [
  {
    name: 'across locales, no scope',
    request: { query: 'snowshoe', filters: { locale: ['en-us', 'fr', 'de'] }, page: { size: 20 } },
  },
  {
    name: 'none filter and any types',
    request: {
      query: 'snowshoe',
      filters: {
        all: [{ locale: 'en-us' }],
        any: [{ type: 'blog' }, { type: 'support' }],
        none: [{ category: 'Trail Reports' }],
      },
      facets: { type: [{ type: 'value' }], category: [{ type: 'value', size: 50 }] },
      page: { size: 20 },
    },
  },
  {
    name: 'no locale (simple configuration)',
    request: { query: 'crampons', page: { size: 15 }, facets: { locale: [{ type: 'value', size: 10 }] } },
  },
];

const SUGGESTIONS: Array<{ query: string; locale: string | null }> = [
  { query: 'sn', locale: 'en-us' },
  { query: 'sno', locale: 'en-us' },
  { query: 'wom', locale: 'en-us' },
  { query: 'women sno', locale: 'en-us' },
  { query: 'pol', locale: 'en-us' },
  { query: 'rag', locale: 'fr' },
  { query: 'schn', locale: 'de' },
  { query: 'スノ', locale: 'ja' },
  { query: 'cram', locale: null },
];

const scopeOf = (shop: Shop) => ({
  stack: STACK,
  environment: 'production',
  locale: shop.locale,
  contentRegion: shop.region,
  commerceRegion: shop.commerce,
});

/** What an answer must keep: the page's ids (with scores to 5 significant digits), total, correction, facets. */
function essence(answer: Loose) {
  return {
    total: answer.meta.page.total_results,
    total_pages: answer.meta.page.total_pages,
    corrected: answer.meta.corrected_query ?? null,
    results: answer.results.map(
      (result: Loose) => `${result._meta.id} ${Number(result._meta.score).toPrecision(5)}`,
    ),
    facets: answer.facets,
  };
}

describe.each(testDatabaseTargets)('search relevance on $name', (target) => {
  let h: SearchHarness;
  const recorded: Record<string, unknown> = {};
  const expected: Record<string, unknown> = RECORD ? {} : JSON.parse(readFileSync(FIXTURE, 'utf8'));
  const post = async (path: string, body: unknown): Promise<Loose> => {
    const response = await h.post(path, body);
    expect(response.status).toBe(200);
    return response.json();
  };
  const check = (name: string, actual: unknown) => {
    if (RECORD) recorded[name] = actual;
    else expect(actual, name).toEqual(expected[name]);
  };

  beforeAll(async () => {
    h = await searchHarness(target, EXTRA_PRODUCTS);
  }, 180_000);
  afterAll(async () => {
    h?.search.stop();
    await h?.handle.close();
    if (RECORD && target.name === 'pglite') writeFileSync(FIXTURE, `${JSON.stringify(recorded, null, 1)}\n`);
  });

  it.each(PAGES)('keeps the results page of $name', async ({ name, shop, query }) => {
    const state: SearchState = searchState(new URLSearchParams(query));
    const { main, facetOnly } = searchRequests(state, scopeOf(shop));
    check(`page: ${name}`, essence(await post('search.json', main)));
    for (const { facet, request } of facetOnly) {
      check(`page: ${name} / facet ${facet}`, essence(await post('search.json', request)));
    }
  });

  it.each(RAW)('keeps the answer of $name', async ({ name, request }) => {
    check(`raw: ${name}`, essence(await post('search.json', request)));
  });

  it.each(SUGGESTIONS)('keeps the suggestions for $query ($locale)', async ({ query, locale }) => {
    const answer = await post('query_suggestion.json', {
      query,
      size: 5,
      ...(locale ? { filters: { locale } } : {}),
    });
    check(
      `suggest: ${query} ${locale}`,
      answer.results.documents.map((document: Loose) => document.suggestion),
    );
  });

  it('answered every search from the in-memory index', () => {
    expect(h.search.engine.stats()).toMatchObject({ sql: 0 });
    expect(h.search.engine.stats().memory).toBeGreaterThan(40);
  });

  it('answers every recorded case (the fixture is not stale)', () => {
    if (RECORD) return;
    const names = [
      ...PAGES.map(({ name }) => `page: ${name}`),
      ...RAW.map(({ name }) => `raw: ${name}`),
      ...SUGGESTIONS.map(({ query, locale }) => `suggest: ${query} ${locale}`),
    ];
    for (const name of names) expect(Object.keys(expected), name).toContain(name);
  });
});
