import { isManualProductVisible, pickAutomatedRelated, relatedProducts } from '#core/related-products.ts';
import { sanitizeRichText } from '#core/rich-text.ts';
import type { Entry } from '#server/content/content-client.ts';
import {
  categoryNodes,
  categoryTitles,
  commerceIdOf,
  contentByUid,
  productsById,
  resolveContentProducts,
  type Shopper,
} from './catalogue.server.ts';
import { productPageView } from './product.ts';
import { admitTiles, type CommerceProduct, type ContentProduct, type TileView } from './tile.ts';

type Raw = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const first = (value: unknown): Raw | null =>
  Array.isArray(value) && value[0] && typeof value[0] === 'object' ? (value[0] as Raw) : null;

export type ProductLoad =
  | { kind: 'missing' }
  | { kind: 'gone'; product: CommerceProduct }
  | Awaited<ReturnType<typeof found>>;

/** The product page's critical data: content and commerce read in parallel with the attribute configs. */
export async function loadProductPage(shopper: Shopper, uid: string, url: URL): Promise<ProductLoad> {
  const { services, contentLocale, locale } = shopper;
  const client = services.content.client;
  const catalogue = services.commerce.catalogue;
  const [content, bySlug, hidden, managed, signup] = await Promise.all([
    client ? client.productByUid(uid, contentLocale) : null,
    // Null when there is no such product; a database failure propagates (503), never a false 404.
    catalogue.getProductBySlug(shopper.pricing, uid),
    client ? client.hideProductAttributes(contentLocale) : [],
    client ? client.manageProductAttributes(contentLocale) : [],
    client ? client.emailSignupSettings(contentLocale, locale.contentRegion) : null,
  ]);
  let product = bySlug as unknown as CommerceProduct | null;
  const contentId = content ? commerceIdOf(content, shopper.pricing.regionId) : null;
  if (!product && contentId !== null) {
    try {
      product = (await catalogue.getProduct(shopper.pricing, contentId)) as unknown as CommerceProduct;
    } catch (error) {
      const code = services.errorCode(error);
      if (code !== 'not-found' && code !== 'gone') throw error;
      product = null;
    }
  }
  if (!product) return { kind: 'missing' };
  if (product.availability === 'disabled' || content?.discontinued === true) return { kind: 'gone', product };
  if (content && Array.isArray(content.regions) && !content.regions.includes(locale.contentRegion)) {
    return { kind: 'missing' };
  }
  return found(shopper, content as ContentProduct | null, product, { hidden, managed, signup, url });
}

async function found(
  shopper: Shopper,
  content: ContentProduct | null,
  product: CommerceProduct,
  extra: { hidden: Entry[]; managed: Entry[]; signup: Entry | null; url: URL },
) {
  const hiddenAttributes = extra.hidden.flatMap((entry) => (entry.attributes as string[] | undefined) ?? []);
  const specTitles = extra.managed.flatMap(
    (entry) => (entry.spec_titles as Array<{ id: string; title: string }> | undefined) ?? [],
  );
  const optionSorting = extra.managed.flatMap(
    (entry) =>
      (entry.attribute_option_sorting as Array<{ attribute: string; order: string[] }> | undefined) ?? [],
  );
  const colour = extra.url.searchParams.get('color')?.toLowerCase() ?? null;
  const view = productPageView(content, product, {
    locale: shopper.tile.locale,
    shoppingRegion: shopper.locale.shoppingRegion,
    isPro: shopper.tile.isPro,
    currency: shopper.currency,
    colour,
    hiddenAttributes,
    specTitles,
    optionSorting,
    descriptionHtml: sanitizeRichText(content?.description ?? `<p>${product.description ?? ''}</p>`),
  });
  const backInStock = (extra.signup?.back_in_stock_notifications as Raw | undefined) ?? {};
  const category = first(content?.product_category);
  const seo = (content?.seo_meta as Raw | undefined) ?? {};
  const [nodes, titleOf] = await Promise.all([categoryNodes(shopper.services), categoryTitles(shopper)]);
  const path = (product.categories ?? [])
    .map((id) => nodes.find((node) => node.id === id))
    .filter((node) => node !== undefined)
    .sort((a, b) => b.path.length - a.path.length)[0];
  return {
    kind: 'ok' as const,
    view,
    content,
    product,
    category: { contentUid: text(category?.uid) || null, path: path?.path ?? null },
    breadcrumbs: path
      ? path.path.split('/').map((_, index, parts) => {
          const sub = parts.slice(0, index + 1).join('/');
          return {
            name: titleOf(sub, nodes.find((node) => node.path === sub)?.name ?? sub),
            path: `/${sub}`,
          };
        })
      : [],
    backInStock: {
      enabled: backInStock.enabled === true,
      copy: text(backInStock.copy),
    },
    seoTitle: text(seo.seo_title) || `${view.title} | Ridgeline Snowshoe Co.`,
    seoDescription: text(seo.seo_description) || text(content?.tagline) || product.name,
  };
}

/**
 * Related products (§4, §5, §9): the manual list when editors chose one (only products sellable here), else
 * automated picks from the product's categories filtered by the configured attributes; never the product itself.
 */
export async function loadRelated(
  shopper: Shopper,
  content: ContentProduct | null,
  product: CommerceProduct,
): Promise<TileView[]> {
  const client = shopper.services.content.client;
  const current = { uid: content?.uid ?? product.slug, id: product.id };
  const manual = ((content?.related_products as Entry[] | undefined) ?? []).filter((entry) =>
    isManualProductVisible(
      entry as Parameters<typeof isManualProductVisible>[0],
      shopper.locale.contentRegion,
      shopper.pricing.regionId,
    ),
  );
  let entries: Entry[] = relatedProducts(manual, current);
  if (entries.length === 0 && client) {
    const brand = await client.brandSettings(shopper.contentLocale);
    if (brand.automate_related_products) {
      const configs = await client.automatedRelatedProductsConfig(shopper.contentLocale);
      const categoryUid = first(content?.product_category)?.uid;
      const setting = configs
        .flatMap((entry) => (entry.categories as Raw[] | undefined) ?? [])
        .find((item) => first(item.category)?.uid === categoryUid);
      const attributes =
        ((setting?.configuration as Raw | undefined)?.attributes as string[] | undefined) ?? [];
      const own = (content?.product_attributes as Record<string, string[]> | undefined) ?? {};
      const bcCategories =
        (content?.bc_categories as Record<string, number[]> | undefined)?.[shopper.pricing.regionId] ??
        product.categories ??
        [];
      const byCategory = await Promise.all(
        bcCategories.slice(0, 1).map((id) =>
          client.productsByCategory({
            bcCategoryIds: [id],
            bcRegion: shopper.pricing.regionId,
            excludeUid: current.uid,
            attributes: attributes.map((attribute) => ({ attribute, values: own[attribute] ?? [] })),
            locale: shopper.contentLocale,
          }),
        ),
      );
      entries = pickAutomatedRelated(byCategory, current);
    }
  }
  const resolved = await resolveContentProducts(shopper, entries);
  return admitTiles(resolved, shopper.tile);
}

/**
 * §2 410: products to recommend instead of a discontinued one (same category, sellable here). Throws when they
 * cannot be loaded, which the route turns into the fatal 404 of §8.
 */
export async function loadRecommendations(shopper: Shopper, product: CommerceProduct): Promise<TileView[]> {
  const categoryId = [...(product.categories ?? [])].at(0);
  if (categoryId === undefined) return [];
  const page = await shopper.services.commerce.catalogue.listProducts(shopper.pricing, {
    categoryIds: [categoryId],
    limit: 8,
  });
  const ids = page.data
    .filter((candidate) => candidate.id !== product.id && candidate.availability !== 'disabled')
    .slice(0, 4)
    .map((candidate) => candidate.id);
  const products = await productsById(shopper, ids);
  const contents = await contentByUid(
    shopper,
    products.map((candidate) => candidate.slug),
  );
  return admitTiles(
    products.map((candidate) => ({ content: contents.get(candidate.slug) ?? null, commerce: candidate })),
    shopper.tile,
  );
}
