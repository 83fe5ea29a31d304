import type { CurrencyFormatSettings } from '#core/currency-format.ts';
import { internalHref } from '#core/links.ts';
import { priceBandText } from '#core/price-bands.ts';
import { mediaIdOfPath } from '#core/product-image.ts';
import { RELATED_PRODUCTS } from '#core/related-products.ts';
import type { Entry } from '#server/content/content-client.ts';
import { optional } from '../router/optional.server.ts';
import {
  categoryListing,
  categoryNodes,
  categoryTitles,
  contentByUid,
  resolveContentProducts,
  type Shopper,
} from './catalogue.server.ts';
import {
  applyListing,
  type Facet,
  isFiltered,
  type ListingQuery,
  listingFacets,
  listingPage,
  listingSearch,
  PRICE_BANDS,
  parseListingQuery,
} from './listing.ts';
import { admitTiles, colourOptions, quickAddVariants, showFilteredColour, type TileView } from './tile.ts';

type Raw = Record<string, unknown>;
const first = (value: unknown): Raw | null =>
  Array.isArray(value) && value[0] && typeof value[0] === 'object' ? (value[0] as Raw) : null;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export interface SubcategoryTile {
  title: string;
  href: string;
  imageId: string | null;
}

/** The category page's critical data, or null when neither the content nor the commerce side knows the uid. */
export async function loadCategoryPage(shopper: Shopper, uid: string, url: URL) {
  const { services, locale, contentLocale } = shopper;
  const client = services.content.client;
  const [category, groups, nodes, titleOf] = await Promise.all([
    client?.productCategoryByUrl(`/${uid}`, contentLocale) ?? null,
    // §8: category group loading logs and rethrows; the page goes on without groups.
    client ? optional(services, 'Category groups', client.categoryGroups(contentLocale), [] as Entry[]) : [],
    categoryNodes(services),
    categoryTitles(shopper),
  ]);
  const node = nodes.find((candidate) => candidate.path === uid);
  const bcIds = (category?.cat_ids_bc as Record<string, number[]> | undefined)?.[shopper.pricing.regionId];
  const categoryId = bcIds?.[0] ?? node?.id;
  if (categoryId === undefined || (!category && !node)) return null;
  if (category && Array.isArray(category.regions) && !category.regions.includes(locale.contentRegion))
    return null;

  const query = parseListingQuery(url.searchParams);
  // Where no price is shown (non-shopping regions show the editors' price text, if any), there is no price to
  // filter by: the bands would be in another region's currency (issue 18 #2).
  const priced = locale.shoppingRegion;
  if (!priced) query.filters.price = [];
  const listing = await categoryListing(shopper, categoryId);
  const order = listing.products.map((_, index) => index);
  const kept = applyListing(order, (index) => listing.facts[index]!, query);
  const { page, last, start, end } = listingPage(kept.length, query.page);
  query.page = page;
  const shown = kept.slice(start, end).map((index) => listing.products[index]!);
  const contents = await contentByUid(
    shopper,
    shown.map((product) => product.slug),
  );
  const tiles = showFilteredColour(
    admitTiles(
      shown.map((product) => ({ content: contents.get(product.slug) ?? null, commerce: product })),
      shopper.tile,
    ),
    query.filters.color,
  );

  // Category group (§3): the sub-categories of this category with their display titles and layout tags.
  const group = groups.find((entry) => first(entry.parent_category)?.uid === category?.uid);
  const subcategories: SubcategoryTile[] = ((group?.categories as Raw[] | undefined) ?? []).flatMap(
    (item) => {
      const sub = first(item.category);
      if (!sub) return [];
      const subPath = text(sub.url).replace(/^\//, '');
      const subNode = nodes.find((candidate) => candidate.path === subPath);
      const sample = subNode
        ? listing.products.find((product) => product.categories?.includes(subNode.id))
        : undefined;
      return [
        {
          title: text(item.clp_display_title) || text(sub.display_title) || text(sub.title),
          href: internalHref(locale, text(sub.url), 'product_category'),
          imageId: sample ? (colourOptions(sample)[0]?.imageId ?? mediaIdOfPath(sample.thumbnail)) : null,
        },
      ];
    },
  );

  const trail = uid.split('/').map((_, index, parts) => parts.slice(0, index + 1).join('/'));
  const breadcrumbs = [
    ...trail.map((path) => ({
      name:
        path === uid
          ? text(category?.display_title) || text(category?.title) || node?.name || path
          : titleOf(path, nodes.find((candidate) => candidate.path === path)?.name ?? path),
      href: internalHref(locale, `/${path}`, 'product_category'),
    })),
  ];

  const seo = (category?.seo_meta as Raw | undefined) ?? {};
  const title = text(category?.display_title) || text(category?.title) || node?.name || uid;
  return {
    uid,
    categoryId,
    contentUid: category?.uid ?? null,
    title,
    description: text(category?.description),
    seoTitle: text(seo.seo_title) || `${title} | Ridgeline Snowshoe Co.`,
    seoDescription: text(seo.seo_description) || text(category?.description),
    breadcrumbs,
    subcategories,
    layoutTags: ((group?.clp_layout_tags as string[] | undefined) ?? []).filter(
      (tag) => typeof tag === 'string',
    ),
    tiles,
    total: kept.length,
    query,
    filtered: isFiltered(query),
    facets: priceBandFacets(listingFacets(listing.facts, query), priced ? shopper.currency : null),
    moreSearch: page < last ? listingSearch(query, { page: page + 1 }) : null,
    previousSearch: page > 1 ? listingSearch(query, { page: page - 1 }) : null,
  };
}

/** Price bands labelled in the page's currency and format, or left out where the page shows no price. */
function priceBandFacets(facets: Facet[], currency: CurrencyFormatSettings | null): Facet[] {
  return facets.flatMap((facet) => {
    if (facet.key !== 'price') return [facet];
    if (!currency) return [];
    return [
      {
        ...facet,
        options: facet.options.map((option) => {
          const band = PRICE_BANDS.find((candidate) => candidate.id === option.value);
          return band ? { ...option, text: priceBandText(band, currency) } : option;
        }),
      },
    ];
  });
}

export type CategoryPageData = NonNullable<Awaited<ReturnType<typeof loadCategoryPage>>>;
export type { ListingQuery };

/**
 * §2 add-on grid: the add-on products configured for this category (or its parent) in the content region,
 * resolved to commerce records with variants for quick add.
 */
export async function loadAddOns(
  shopper: Shopper,
  contentUid: string | null,
  uid: string,
): Promise<{
  heading: string | null;
  tiles: Array<TileView & { quickAdd: ReturnType<typeof quickAddVariants> }>;
} | null> {
  const client = shopper.services.content.client;
  if (!client || !shopper.locale.shoppingRegion) return null;
  const configs = await client.categoryProductAddOnConfig(shopper.contentLocale);
  const candidates = [contentUid, uid.split('/')[0]].filter(Boolean);
  const config = configs.find((entry) => {
    const regions = entry.regions as string[] | undefined;
    const categoryUid = first(entry.product_category)?.uid;
    return (
      typeof categoryUid === 'string' &&
      candidates.includes(categoryUid) &&
      (!regions || regions.includes(shopper.locale.contentRegion))
    );
  });
  if (!config) return null;
  const addOn = (config.product_add_on_config as Raw | undefined) ?? {};
  const entries = ((addOn.products as Entry[] | undefined) ?? []).filter(
    (entry) => entry && typeof entry === 'object' && entry.title,
  );
  const resolved = await resolveContentProducts(shopper, entries.slice(0, RELATED_PRODUCTS.gridLimit));
  const tiles = admitTiles(resolved, { ...shopper.tile, isAddOn: true }).map((tile) => ({
    ...tile,
    quickAdd: quickAddVariants(resolved.find((pair) => pair.commerce.id === tile.id)!.commerce),
  }));
  // An editor's heading in the page's language; without one the page says 'complete your kit' in it (display text).
  return tiles.length ? { heading: text(addOn.heading) || null, tiles } : null;
}
