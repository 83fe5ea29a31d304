import { describe, expect, it } from 'vitest';
import { snowshoe } from './catalogue-fixtures.test-helpers.ts';
import {
  applyListing,
  isFiltered,
  listingFacets,
  listingFacts,
  listingPage,
  listingSearch,
  PAGE_SIZE,
  parseListingQuery,
  toggleFilter,
} from './listing.ts';

const paths = new Map([
  [1, 'snowshoes'],
  [2, 'snowshoes/mens'],
  [3, 'snowshoes/womens'],
]);

describe('listing query', () => {
  it('reads filters, stock, sort and page from the URL and ignores junk', () => {
    const query = parseListingQuery(
      new URLSearchParams('color=Black&color=spruce,black&size=<x>&sort=price-asc&page=3&instock=1'),
    );
    expect(query.filters.color).toEqual(['black', 'spruce']);
    expect(query.filters.size).toEqual([]);
    expect(query).toMatchObject({ sort: 'price-asc', page: 3, inStock: true });
    expect(parseListingQuery(new URLSearchParams('sort=drop&page=-4'))).toMatchObject({
      sort: 'featured',
      page: 1,
    });
  });
  it('shows one page of PAGE_SIZE products, and the last page for a page past the end', () => {
    expect(listingPage(100, 1)).toEqual({ page: 1, last: 5, start: 0, end: PAGE_SIZE });
    expect(listingPage(100, 5)).toEqual({ page: 5, last: 5, start: 4 * PAGE_SIZE, end: 100 });
    expect(listingPage(100, 9999)).toEqual({ page: 5, last: 5, start: 4 * PAGE_SIZE, end: 100 });
    expect(listingPage(0, 3)).toEqual({ page: 1, last: 1, start: 0, end: 0 });
    expect(parseListingQuery(new URLSearchParams('page=99999999999999999999')).page).toBe(10_000);
  });
  it('writes a canonical search string and toggles filters back to page 1', () => {
    const query = parseListingQuery(new URLSearchParams('page=2'));
    const next = toggleFilter(query, 'color', 'spruce');
    expect(listingSearch(next)).toBe('?color=spruce');
    expect(listingSearch(toggleFilter(next, 'color', 'spruce'))).toBe('');
    expect(isFiltered(next)).toBe(true);
    expect(listingSearch(query, { sort: 'name' })).toBe('?sort=name&page=2');
  });
});

describe('filtering and sorting', () => {
  const mens = snowshoe();
  const womens = snowshoe({
    id: 8,
    name: "Meadow Women's Snowshoe",
    slug: 'meadow',
    categories: [3, 1],
    calculatedPrice: { value: 119.95 },
    isInStock: false,
    isNew: false,
    product_options: [
      {
        id: 1,
        displayName: 'Color',
        values: [{ entityId: 9, label: 'Lupine', slug: 'lupine', hexColors: ['#6b4fa0'] }],
      },
    ],
    variants: [],
  });
  const items = [mens, womens];
  const facts = (product: typeof mens) => listingFacts(product, paths);

  it('derives gender, series, price band and stock from commerce data', () => {
    expect(facts(mens)).toMatchObject({ gender: 'mens', series: 'summit', band: '300-plus', inStock: true });
    expect(facts(womens)).toMatchObject({
      gender: 'womens',
      series: 'meadow',
      band: '100-200',
      inStock: false,
    });
  });
  it('filters by colour, size, gender, price and stock', () => {
    const by = (search: string) =>
      applyListing(items, facts, parseListingQuery(new URLSearchParams(search))).map((p) => p.id);
    expect(by('color=lupine')).toEqual([8]);
    expect(by('size=25-in')).toEqual([7]);
    expect(by('gender=womens&gender=mens')).toEqual([7, 8]);
    expect(by('price=100-200')).toEqual([8]);
    expect(by('instock=1')).toEqual([7]);
    expect(by('color=lupine&instock=1')).toEqual([]);
  });
  it('sorts by price either way and keeps the merchandised order by default', () => {
    const sorted = (sort: string) =>
      applyListing(items, facts, parseListingQuery(new URLSearchParams(`sort=${sort}`))).map((p) => p.id);
    expect(sorted('price-asc')).toEqual([8, 7]);
    expect(sorted('price-desc')).toEqual([7, 8]);
    expect(sorted('featured')).toEqual([7, 8]);
  });
  it('counts facet options over the whole category and marks the selected ones', () => {
    const facets = listingFacets(items.map(facts), parseListingQuery(new URLSearchParams('gender=mens')));
    const gender = facets.find((facet) => facet.key === 'gender');
    expect(gender?.options).toEqual([
      { value: 'mens', label: "Men's", count: 1, selected: true, text: { key: 'gender mens' } },
      { value: 'womens', label: "Women's", count: 1, selected: false, text: { key: 'gender womens' } },
    ]);
    expect(facets.find((facet) => facet.key === 'color')?.options[0]).toMatchObject({ count: 1 });
  });
  it('reuses the counts of one listing across queries without carrying the selection over', () => {
    const all = items.map(facts);
    const gender = (search: string) =>
      listingFacets(all, parseListingQuery(new URLSearchParams(search))).find(
        (facet) => facet.key === 'gender',
      );
    expect(gender('gender=mens')?.options.map((option) => option.selected)).toEqual([true, false]);
    expect(gender('gender=womens')?.options.map((option) => option.selected)).toEqual([false, true]);
    expect(gender('')?.options.map((option) => [option.count, option.selected])).toEqual([
      [1, false],
      [1, false],
    ]);
  });
});
