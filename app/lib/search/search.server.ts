/**
 * The storefront's side of site search: builds hosted-search requests for the locale and region, calls the
 * connector (built-in service by default, hosted by configuration) and turns answers into view props.
 */
import { formatCurrency } from '#core/currency-format.ts';
import { contentLocaleOf } from '#core/locale.ts';
import { CURRENCIES } from '#core/regions.ts';
import type { SearchResult } from '#server/search/index.ts';
import type { Services } from '#server/services.ts';
import { contentClient } from '../editorial/content.server.ts';
import { type ImageView, imageView, record, text } from '../editorial/content-view.ts';
import type { LocaleState } from '../locale/locale-state.ts';
import { headerView } from '../shell/header-view.ts';
import {
  PRICE_RANGES,
  priceField,
  type SearchScope,
  type SearchState,
  type SuggestView,
  scopeFilters,
  searchRequests,
} from './search-view.ts';

export function scopeOf(services: Services, locale: LocaleState): SearchScope | null {
  const search = services.search;
  if (!search) return null;
  return {
    ...search.scope,
    locale: contentLocaleOf(locale),
    contentRegion: locale.contentRegion,
    commerceRegion: locale.commerceRegion,
  };
}

export interface ResultView {
  id: string;
  type: string;
  title: string;
  snippet: string | null;
  href: string;
  image: ImageView;
  category: string | null;
  price: string | null;
  /** The product's sizes cost different prices in the region: `price` is the lowest ("From …", decision 0042). */
  priceFrom: boolean;
  requestId: string;
}

/**
 * A result's price in the region's currency, formatted like every other price of the store (§3 currency format,
 * not the browser's: C$ in Canada); none where the region does not sell, as its pages show the editors' content
 * prices (§3), which the index does not hold.
 */
function money(value: unknown, currency: unknown, locale: LocaleState): string | null {
  if (!locale.shoppingRegion || typeof value !== 'number') return null;
  const format = CURRENCIES.find((entry) => entry.code === currency);
  return format ? formatCurrency(value, format) : null;
}

const raw = (result: Record<string, unknown>, name: string): unknown => record(result[name]).raw;

export function resultView(
  result: Record<string, unknown>,
  locale: LocaleState,
  requestId: string,
  fallbackImage: string | null,
): ResultView {
  const title = text(raw(result, 'title'));
  const currency = record(raw(result, 'currency'))[locale.commerceRegion];
  const imageId = text(raw(result, 'image')) || fallbackImage || 'banner-dawn-summit';
  return {
    id: text(record(result.id).raw),
    type: text(raw(result, 'type')),
    title,
    snippet: (record(result.description).snippet as string | null | undefined) ?? null,
    href: `/${locale.segment}${text(raw(result, 'url'))}`,
    image: imageView(imageId, 240, 240, '') as ImageView,
    category: text(raw(result, 'category')) || null,
    price: money(raw(result, priceField(locale.commerceRegion)), currency, locale),
    priceFrom: record(raw(result, 'price_varies'))[locale.commerceRegion] === true,
    requestId,
  };
}

export interface FacetView {
  name: 'type' | 'category' | 'colours' | 'price';
  values: Array<{ value: string; count: number }>;
}

function facetValues(result: SearchResult | undefined, field: string) {
  const facet = result?.facets[field]?.[0];
  return (facet?.data ?? [])
    .map((item) => ({ value: String(item.value ?? item.name ?? ''), count: Number(item.count) || 0 }))
    .filter((item) => item.value);
}

export async function loadSearchPage(services: Services, locale: LocaleState, state: SearchState) {
  const scope = scopeOf(services, locale);
  const settings = await contentClient(services).searchContent(contentLocaleOf(locale));
  const fallbackImage = text(record(settings?.fallback_image).amplience_id) || null;
  const menus = {
    main: headerView({ main_nav: settings?.main_menu ?? [] }, locale).nav,
    sidebar: headerView({ main_nav: settings?.sidebar_menu ?? [] }, locale).nav,
  };
  const noResultsCopy = text(settings?.no_results_copy);
  if (!scope || !services.search) return { state, menus, noResultsCopy, error: true as const, results: null };
  const { main, facetOnly } = searchRequests(state, scope);
  try {
    const answers = await services.search.client.multiSearch([
      main,
      ...facetOnly.map((item) => item.request),
    ]);
    const [first, ...rest] = answers;
    if (!first) throw new Error('no answer');
    const facetAnswer = (facet: string) => rest[facetOnly.findIndex((item) => item.facet === facet)] ?? first;
    const priceKey = priceField(scope.commerceRegion);
    const facets: FacetView[] = [
      { name: 'type', values: facetValues(facetAnswer('type'), 'type') },
      { name: 'category', values: facetValues(facetAnswer('category'), 'category') },
      { name: 'colours', values: facetValues(facetAnswer('colours'), 'colours') },
      // Price ranges only where results show prices.
      {
        name: 'price',
        values: locale.shoppingRegion
          ? facetValues(facetAnswer('price'), priceKey).filter((item) =>
              PRICE_RANGES.some((range) => range.key === item.value),
            )
          : [],
      },
    ];
    return {
      state,
      menus,
      noResultsCopy,
      error: false as const,
      results: {
        requestId: first.meta.request_id,
        total: first.meta.page.total_results,
        totalPages: first.meta.page.total_pages,
        page: first.meta.page.current,
        correctedQuery: first.meta.corrected_query ?? null,
        items: first.results.map((result) =>
          resultView(result, locale, first.meta.request_id, fallbackImage),
        ),
        facets,
      },
    };
  } catch (error) {
    services.logger.error({ err: error }, 'search page failed');
    return { state, menus, noResultsCopy, error: true as const, results: null };
  }
}

/** Support search: support articles of the locale and region (§2 in-support search). */
export async function searchSupportArticles(services: Services, locale: LocaleState, query: string) {
  const scope = scopeOf(services, locale);
  if (!scope || !services.search) return { total: 0, items: [] };
  try {
    const answer = await services.search.client.search(query, {
      filters: {
        all: [...scopeFilters(scope), { type: 'support' }],
        any: [{ regions: [scope.contentRegion] }],
      },
      page: { size: 10, current: 1 },
      result_fields: {
        title: { raw: {} },
        url: { raw: {} },
        description: { snippet: { size: 140, fallback: true } },
      },
      analytics: { tags: ['support'] },
    });
    return {
      total: answer.meta.page.total_results,
      items: answer.results.map((result) => ({
        id: text(record(result.id).raw),
        title: text(raw(result, 'title')),
        href: `/${locale.segment}${text(raw(result, 'url'))}`,
        snippet: (record(result.description).snippet as string | null | undefined) ?? null,
      })),
    };
  } catch (error) {
    services.logger.error({ err: error }, 'support search failed');
    return { total: 0, items: [] };
  }
}

/** Autocomplete: query suggestions (prefix) and the top products for the typed text. */
export async function loadSuggestions(
  services: Services,
  locale: LocaleState,
  query: string,
): Promise<SuggestView> {
  const scope = scopeOf(services, locale);
  const empty = { query, requestId: null, suggestions: [], products: [] };
  if (!scope || !services.search || query.trim().length < 2) return empty;
  const client = services.search.client;
  const suggestions = await client.querySuggestion(query, {
    size: 5,
    types: { documents: { fields: ['title'] } },
    filters: { locale: scope.locale },
  });
  // Top products for what the shopper is typing: the best completion when there is one (prefix match).
  const completed = suggestions.results.documents[0]?.suggestion ?? query;
  const products = await client.search(completed, {
    filters: {
      all: [...scopeFilters(scope), { type: 'product' }],
      any: [{ regions: [scope.contentRegion] }],
    },
    page: { size: 4, current: 1 },
    result_fields: {
      title: { raw: {} },
      url: { raw: {} },
      image: { raw: {} },
      currency: { raw: {} },
      [priceField(scope.commerceRegion)]: { raw: {} },
    },
    analytics: { tags: ['autocomplete'] },
  });
  return {
    query,
    requestId: products.meta.request_id,
    suggestions: suggestions.results.documents
      .map((item) => item.suggestion)
      .filter((item) => item !== query.trim().toLowerCase()),
    products: products.results.map((result) => {
      const view = resultView(result, locale, products.meta.request_id, null);
      return { id: view.id, title: view.title, href: view.href, price: view.price, image: view.image };
    }),
  };
}
