import type { RouterContextProvider } from 'react-router';
import { contentLocaleOf } from '#core/locale.ts';
import { CURRENCIES, type CurrencyFormat } from '#core/regions.ts';
import type { PricingContext } from '#server/commerce/index.ts';
import type { Entry } from '#server/content/content-client.ts';
import type { Services } from '#server/services.ts';
import type { LocaleState } from '../locale/locale-state.ts';
import { optional } from '../router/optional.server.ts';
import { storefrontContext } from '../router/storefront-context.server.ts';
import { type ListingFacts, listingFacts } from './listing.ts';
import type { CommerceProduct, ContentProduct, TileContext } from './tile.ts';

/** What every catalogue loader needs about the shopper: prices, currency, content locale, tile rules. */
export interface Shopper {
  services: Services;
  locale: LocaleState;
  contentLocale: string;
  pricing: PricingContext;
  currency: CurrencyFormat;
  tile: TileContext;
  csrfToken: string | null;
  customerId: number | null;
}

// Anonymous, shared reads (category lists, currencies, the tree), emptied when the catalogue's data version
// moves: a price, stock or category change shows on the next page, in every process.
function cachedRead<T>(services: Services, key: string, read: () => Promise<T>): Promise<T> {
  return services.catalogueCache.get(key, read);
}

export async function shopperFor(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Shopper> {
  const { services, session, locale } = await storefrontContext(request, context);
  const commerce = services.commerce;
  const customerId = session?.customer?.id ?? null;
  const pricing = await commerce.groups.pricing(locale.commerceRegion, customerId);
  const currency = await cachedRead(services, `currency|${pricing.currencyCode}`, async () => {
    try {
      const found = await commerce.currencies.get(pricing.currencyCode);
      return { ...found, code: found.currency_code };
    } catch (error) {
      // An unknown currency formats by the built-in table; a database failure is not cached as an answer.
      if (services.errorCode(error) !== 'not-found') throw error;
      return CURRENCIES.find((entry) => entry.code === pricing.currencyCode) ?? CURRENCIES[0]!;
    }
  });
  const isPro = pricing.isPro || session?.customer?.isPro === true;
  return {
    services,
    locale,
    contentLocale: contentLocaleOf(locale),
    pricing,
    currency,
    customerId,
    csrfToken: session?.csrfToken ?? null,
    tile: {
      locale: { language: locale.language, country: locale.country },
      shoppingRegion: locale.shoppingRegion,
      isPro,
      currency,
    },
  };
}

const pricingKey = (pricing: PricingContext) => `${pricing.regionId}|${pricing.groupId}|${pricing.isPro}`;

/** Every visible product of a commerce category in merchandised order (no variants), cached briefly. */
export function categoryProducts(shopper: Shopper, categoryId: number): Promise<CommerceProduct[]> {
  return cachedRead(shopper.services, `category|${pricingKey(shopper.pricing)}|${categoryId}`, async () => {
    const page = await shopper.services.commerce.catalogue.listProducts(shopper.pricing, {
      categoryIds: [categoryId],
      limit: 20_000,
    });
    return page.data as unknown as CommerceProduct[];
  });
}

export interface CategoryNode {
  id: number;
  path: string;
  name: string;
  parentId: number | null;
}

/** The commerce category tree as a list, cached briefly. */
export function categoryNodes(services: Services): Promise<CategoryNode[]> {
  return cachedRead(services, 'category-nodes', async () => {
    const page = await services.commerce.catalogue.listCategories(1, 1000);
    return page.data.map((category) => ({
      id: category.id,
      path: category.path,
      name: category.name,
      parentId: category.parent_id,
    }));
  });
}

/** Commerce category id → path ('snowshoes/mens'). */
export async function categoryPaths(services: Services): Promise<Map<number, string>> {
  return new Map((await categoryNodes(services)).map((node) => [node.id, node.path]));
}

/** A category's products with their listing facts (filters), both cached together. */
export function categoryListing(
  shopper: Shopper,
  categoryId: number,
): Promise<{ products: CommerceProduct[]; facts: ListingFacts[] }> {
  return cachedRead(shopper.services, `listing|${pricingKey(shopper.pricing)}|${categoryId}`, async () => {
    const [products, paths] = await Promise.all([
      categoryProducts(shopper, categoryId),
      categoryPaths(shopper.services),
    ]);
    return { products, facts: products.map((product) => listingFacts(product, paths)) };
  });
}

/**
 * Commerce products by id with variants, in the order asked. Cached like the listings: the home sliders, add-on
 * grids and related lists ask for the same few sets on every page view, and stock or a price change empties it.
 */
export function productsById(shopper: Shopper, ids: readonly number[]): Promise<CommerceProduct[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return cachedRead(shopper.services, `ids|${pricingKey(shopper.pricing)}|${ids.join(',')}`, async () => {
    const page = await shopper.services.commerce.catalogue.listProducts(shopper.pricing, {
      ids: [...ids],
      limit: ids.length,
      includeVariants: true,
    });
    const byId = new Map((page.data as unknown as CommerceProduct[]).map((product) => [product.id, product]));
    return ids.map((id) => byId.get(id)).filter((product): product is CommerceProduct => Boolean(product));
  });
}

/** Content product entries by uid, as a map. */
export async function contentByUid(
  shopper: Shopper,
  uids: readonly string[],
): Promise<Map<string, ContentProduct>> {
  const client = shopper.services.content.client;
  if (!client || uids.length === 0) return new Map();
  const entries = await client.productsByUid([...new Set(uids)], shopper.contentLocale, [
    'uid',
    'title',
    'display_title',
    'tagline',
    'url',
    'is_new',
    'is_redesigned',
    'prices',
    'image',
    'regions',
    'bc_products',
  ]);
  return new Map(entries.map((entry) => [entry.uid, entry as ContentProduct]));
}

/** The commerce id of a content product in the shopper's commerce region. */
export function commerceIdOf(entry: Entry | ContentProduct, region: string): number | null {
  const record = (entry.bc_products as Record<string, { id?: number } | undefined> | undefined)?.[region];
  return typeof record?.id === 'number' ? record.id : null;
}

/** Content products resolved to commerce records with variants, keeping only those sold here. */
export async function resolveContentProducts(
  shopper: Shopper,
  entries: readonly (Entry | ContentProduct)[],
): Promise<Array<{ content: ContentProduct; commerce: CommerceProduct }>> {
  const region = shopper.pricing.regionId;
  const ids = entries.map((entry) => commerceIdOf(entry, region)).filter((id): id is number => id !== null);
  const products = await productsById(shopper, ids);
  const byId = new Map(products.map((product) => [product.id, product]));
  return entries.flatMap((entry) => {
    const id = commerceIdOf(entry, region);
    const commerce = id === null ? undefined : byId.get(id);
    return commerce ? [{ content: entry as ContentProduct, commerce }] : [];
  });
}

// One lookup per list of content entries (the content client keeps the list until content changes).
const titlesByEntries = new WeakMap<readonly Entry[], Map<string, string>>();

/**
 * Category names in the page's language, by category path: the content entry's display title (as the category
 * page itself shows it), else the commerce name given as the fallback (§7). Breadcrumbs and their JSON-LD use
 * it, so a product page never names its categories in English on a translated page (issue 18 #3).
 */
export async function categoryTitles(shopper: Shopper): Promise<(path: string, fallback: string) => string> {
  const entries = await optional(
    shopper.services,
    'Category titles',
    shopper.services.content.client.productCategories(shopper.contentLocale),
    [] as Entry[],
  );
  let titles = titlesByEntries.get(entries);
  if (!titles) {
    titles = new Map();
    for (const entry of entries) {
      const url = typeof entry.url === 'string' ? entry.url.replace(/^\//, '') : '';
      const title =
        (typeof entry.display_title === 'string' && entry.display_title) ||
        (typeof entry.title === 'string' && entry.title) ||
        '';
      if (url && title) titles.set(url, title);
    }
    titlesByEntries.set(entries, titles);
  }
  const found = titles;
  return (path, fallback) => found.get(path) ?? fallback;
}
