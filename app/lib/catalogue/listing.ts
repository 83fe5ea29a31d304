import { COLOR_OPTION, type CommerceProduct, colourOptions, SIZE_OPTION } from './tile.ts';

/** Category listing (§2 product category): filters and sorting carried in the URL, load-more paging. */

export const PAGE_SIZE = 24;

export const SORTS = ['featured', 'price-asc', 'price-desc', 'newest', 'name'] as const;
export type SortKey = (typeof SORTS)[number];

export const PRICE_BANDS = [
  { id: 'under-100', min: 0, max: 100 },
  { id: '100-200', min: 100, max: 200 },
  { id: '200-300', min: 200, max: 300 },
  { id: '300-plus', min: 300, max: Number.POSITIVE_INFINITY },
] as const;

export const FILTER_KEYS = ['color', 'size', 'gender', 'series', 'price'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export interface ListingQuery {
  filters: Record<FilterKey, string[]>;
  inStock: boolean;
  sort: SortKey;
  /**
   * The page of PAGE_SIZE products the URL shows. A document shows that page alone, so any page costs the same to
   * render; 'show more' in the browser adds the next page to those already shown (category-page.tsx).
   */
  page: number;
}

/** Far past any real listing (240,000 products), and small enough that a page's offsets stay exact integers. */
const MAX_PAGE = 10_000;

export function parseListingQuery(search: URLSearchParams): ListingQuery {
  const filters = Object.fromEntries(
    FILTER_KEYS.map((key) => [
      key,
      [
        ...new Set(
          search
            .getAll(key)
            .flatMap((value) => value.split(','))
            .map((value) => value.trim().toLowerCase())
            .filter((value) => /^[a-z0-9-]{1,40}$/.test(value)),
        ),
      ].slice(0, 20),
    ]),
  ) as Record<FilterKey, string[]>;
  const sortParam = search.get('sort');
  const sort = (SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as SortKey) : 'featured';
  const page = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1));
  return { filters, inStock: search.get('instock') === '1', sort, page };
}

/** Where one page of a listing of `total` products starts and ends; a page past the end shows the last one. */
export function listingPage(total: number, requested: number) {
  const last = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(Math.max(1, requested), last);
  return { page, last, start: (page - 1) * PAGE_SIZE, end: Math.min(total, page * PAGE_SIZE) };
}

export function isFiltered(query: ListingQuery): boolean {
  return query.inStock || FILTER_KEYS.some((key) => query.filters[key].length > 0);
}

/** The canonical search string of a query (stable order), '' for the defaults. */
export function listingSearch(query: ListingQuery, changes: Partial<ListingQuery> = {}): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) for (const value of [...next.filters[key]].sort()) params.append(key, value);
  if (next.inStock) params.set('instock', '1');
  if (next.sort !== 'featured') params.set('sort', next.sort);
  if (next.page > 1) params.set('page', String(next.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The query with one filter value switched on or off; paging restarts. */
export function toggleFilter(query: ListingQuery, key: FilterKey, value: string): ListingQuery {
  const current = query.filters[key];
  const values = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return { ...query, filters: { ...query.filters, [key]: values }, page: 1 };
}

/** What a product is filtered by, read once from the commerce record and the category tree. */
export interface ListingFacts {
  colors: Array<{ slug: string; label: string; hex: string }>;
  sizes: Array<{ slug: string; label: string }>;
  gender: string;
  series: string;
  price: number;
  band: string;
  inStock: boolean;
  isNew: boolean;
  name: string;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Gender from the category path (mens, womens, kids), otherwise unisex. Series is the model family: the first
 * word of the commerce name ("Summit Trail Men's Snowshoe" → summit).
 */
export function listingFacts(
  product: CommerceProduct,
  categoryPaths: ReadonlyMap<number, string>,
): ListingFacts {
  const paths = (product.categories ?? []).map((id) => categoryPaths.get(id) ?? '');
  const gender = paths.some((path) => /(^|\/)womens$/.test(path))
    ? 'womens'
    : paths.some((path) => /(^|\/)mens$/.test(path))
      ? 'mens'
      : paths.some((path) => /(^|\/)kids$/.test(path)) || /\bkids\b/i.test(product.name)
        ? 'kids'
        : 'unisex';
  const price = product.calculatedPrice?.value ?? 0;
  const sizeOption = product.product_options?.find((option) =>
    SIZE_OPTION.test(option.displayName ?? option.display_name ?? option.name ?? ''),
  );
  return {
    colors: colourOptions(product).map(({ slug: s, label, hex }) => ({ slug: s, label, hex })),
    sizes: (sizeOption?.values ?? []).map((value) => ({
      slug: value.slug || slug(value.label),
      label: value.label,
    })),
    gender,
    series: slug(product.name.split(/\s+/)[0] ?? ''),
    price,
    band: PRICE_BANDS.find((band) => price >= band.min && price < band.max)?.id ?? '300-plus',
    inStock: product.isInStock !== false,
    isNew: product.isNew === true,
    name: product.name,
  };
}

export function matches(facts: ListingFacts, query: ListingQuery): boolean {
  const { filters } = query;
  if (query.inStock && !facts.inStock) return false;
  if (filters.color.length && !facts.colors.some((c) => filters.color.includes(c.slug))) return false;
  if (filters.size.length && !facts.sizes.some((s) => filters.size.includes(s.slug))) return false;
  if (filters.gender.length && !filters.gender.includes(facts.gender)) return false;
  if (filters.series.length && !filters.series.includes(facts.series)) return false;
  if (filters.price.length && !filters.price.includes(facts.band)) return false;
  return true;
}

/** Filters then sorts; 'featured' keeps the merchandised order (stable sort). */
export function applyListing<T>(
  items: readonly T[],
  factsOf: (item: T) => ListingFacts,
  query: ListingQuery,
): T[] {
  const kept = items.filter((item) => matches(factsOf(item), query));
  const by: Record<SortKey, ((a: ListingFacts, b: ListingFacts) => number) | null> = {
    featured: null,
    'price-asc': (a, b) => a.price - b.price,
    'price-desc': (a, b) => b.price - a.price,
    newest: (a, b) => Number(b.isNew) - Number(a.isNew),
    name: (a, b) => a.name.localeCompare(b.name),
  };
  const compare = by[query.sort];
  return compare ? [...kept].sort((a, b) => compare(factsOf(a), factsOf(b))) : kept;
}

export interface FacetOption {
  value: string;
  /** Data labels (colours, sizes, series) as the catalogue names them; the English fallback of `text`. */
  label: string;
  count: number;
  selected: boolean;
  hex?: string;
  /** A label the page words in its own language: display text key and values (gender, price bands). */
  text?: { key: string; values?: Record<string, string> };
}

export interface Facet {
  key: FilterKey;
  options: FacetOption[];
}

// English fallbacks; the page shows display text `gender {value}` in its language.
const GENDER_LABELS: Record<string, string> = {
  mens: "Men's",
  womens: "Women's",
  kids: 'Kids',
  unisex: 'Unisex',
};
// Currency-less fallbacks; the category page labels bands in its currency (core/price-bands.ts).
const BAND_LABELS: Record<string, string> = {
  'under-100': 'Under 100',
  '100-200': '100 – 200',
  '200-300': '200 – 300',
  '300-plus': '300 and up',
};

type Tally = Array<{ key: FilterKey; options: Array<Omit<FacetOption, 'selected'>> }>;

// The counts depend only on the category's products, not on the query: count once per (cached) listing.
const tallies = new WeakMap<readonly ListingFacts[], Tally>();

function facetTally(all: readonly ListingFacts[]): Tally {
  const cached = tallies.get(all);
  if (cached) return cached;
  const tally = new Map<FilterKey, Map<string, Omit<FacetOption, 'selected'>>>();
  const add = (key: FilterKey, value: string, label: string, hex?: string, text?: FacetOption['text']) => {
    let options = tally.get(key);
    if (!options) {
      options = new Map();
      tally.set(key, options);
    }
    const option = options.get(value);
    if (option) option.count += 1;
    else options.set(value, { value, label, count: 1, ...(hex ? { hex } : {}), ...(text ? { text } : {}) });
  };
  for (const facts of all) {
    for (const colour of facts.colors) add('color', colour.slug, colour.label, colour.hex);
    for (const size of facts.sizes) add('size', size.slug, size.label);
    add('gender', facts.gender, GENDER_LABELS[facts.gender] ?? facts.gender, undefined, {
      key: `gender ${facts.gender}`,
    });
    if (facts.series)
      add('series', facts.series, facts.series.charAt(0).toUpperCase() + facts.series.slice(1));
    add('price', facts.band, BAND_LABELS[facts.band] ?? facts.band);
  }
  type Counted = Omit<FacetOption, 'selected'>;
  const order: Record<FilterKey, (a: Counted, b: Counted) => number> = {
    color: (a, b) => b.count - a.count || a.label.localeCompare(b.label),
    size: () => 0,
    gender: (a, b) => a.label.localeCompare(b.label),
    series: (a, b) => a.label.localeCompare(b.label),
    price: (a, b) => PRICE_BAND_ORDER(a.value) - PRICE_BAND_ORDER(b.value),
  };
  const result = (['color', 'size', 'gender', 'series', 'price'] as const).map((key) => ({
    key,
    options: [...(tally.get(key)?.values() ?? [])].sort(order[key]),
  }));
  tallies.set(all, result);
  return result;
}

/** Facet options with counts over the whole category (before filtering); facets with one option or none are left out. */
export function listingFacets(all: readonly ListingFacts[], query: ListingQuery): Facet[] {
  return facetTally(all)
    .map(({ key, options }) => ({
      key,
      options: options.map((option) => ({ ...option, selected: query.filters[key].includes(option.value) })),
    }))
    .filter((facet) => facet.options.length > 1 || facet.options.some((option) => option.selected));
}

const PRICE_BAND_ORDER = (id: string) => PRICE_BANDS.findIndex((band) => band.id === id);

export { COLOR_OPTION };
