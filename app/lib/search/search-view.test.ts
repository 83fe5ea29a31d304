import { describe, expect, it } from 'vitest';
import { searchHref, searchRequests, searchState, snippetParts, toggle } from './search-view.ts';

const scope = {
  stack: 'stack',
  environment: 'production',
  locale: 'fr',
  contentRegion: 'ca',
  commerceRegion: 'ca',
};

describe('search page state and requests', () => {
  it('reads the page state from the URL, dropping unknown values', () => {
    const state = searchState(
      new URLSearchParams(
        'q= poles &type=product&type=bogus&colour=Red&colour=Red&price=50-100&sort=price_desc&page=3',
      ),
    );
    expect(state).toEqual({
      q: 'poles',
      type: ['product'],
      category: [],
      colour: ['Red'],
      price: '50-100',
      sort: 'price_desc',
      page: 3,
    });
    expect(searchState(new URLSearchParams('price=1-2&sort=x&page=0'))).toMatchObject({
      price: null,
      sort: 'relevance',
      page: 1,
    });
    expect(searchHref('/fr-ca/search', state, { colour: toggle(state.colour, 'Blue') })).toBe(
      '/fr-ca/search?q=poles&type=product&colour=Red&colour=Blue&price=50-100&sort=price_desc',
    );
  });

  it('filters by stack, environment and locale in all and the region in any (§7), with disjunctive facets', () => {
    const state = searchState(new URLSearchParams('q=raquettes&colour=Red&category=Bâtons'));
    const { main, facetOnly } = searchRequests(state, scope);
    expect(main.filters.all).toEqual([
      { stack: 'stack' },
      { environment: 'production' },
      { locale: 'fr' },
      { category: ['Bâtons'] },
      { colours: ['Red'] },
    ]);
    expect(main.filters.any).toEqual([{ regions: ['ca'] }]);
    expect(Object.keys(main.facets)).toEqual(['type', 'category', 'colours', 'price_ca']);
    expect(main.result_fields.title).toEqual({ raw: {}, snippet: { size: 80, fallback: true } });
    expect(facetOnly.map((item) => item.facet)).toEqual(['category', 'colours']);
    const colours = facetOnly.find((item) => item.facet === 'colours')!.request;
    expect(colours.page.size).toBe(0);
    expect(colours.filters.all).not.toContainEqual({ colours: ['Red'] });
    expect(colours.filters.all).toContainEqual({ category: ['Bâtons'] });
    expect(Object.keys(colours.facets)).toEqual(['colours']);
    expect(colours.analytics.tags).toEqual(['Facet-Only']);
  });

  it('sorts by the price of the commerce region', () => {
    const { main } = searchRequests(searchState(new URLSearchParams('q=x&sort=price_asc&price=300-')), {
      ...scope,
      commerceRegion: 'eu_region_1',
    });
    expect(main.sort[0]).toEqual({ price_eu_region_1: 'asc' });
    expect(main.filters.all).toContainEqual({ price_eu_region_1: { from: 300 } });
  });

  it('renders snippets as text parts, never as HTML', () => {
    expect(snippetParts('A <em>light</em> &amp; <em>fast</em> &lt;script&gt;')).toEqual([
      { text: 'A ', mark: false },
      { text: 'light', mark: true },
      { text: ' & ', mark: false },
      { text: 'fast', mark: true },
      { text: ' ', mark: false },
    ]);
    expect(snippetParts(null)).toEqual([]);
  });
});
