/**
 * Resolvers of the GraphQL schema. SPEC §5 related-product rules: the current product is never listed, nothing
 * twice, manual products only when sold in the content and commerce regions; automated results are chosen
 * randomly across categories; default counts 8 (4 for the uid-based list).
 */
import { GraphQLError } from 'graphql';
import {
  isManualProductVisible,
  pickAutomatedRelated,
  RELATED_PRODUCTS,
  relatedProducts,
} from '#core/related-products.ts';
import type { ProductJson, StorefrontCommerce } from '../commerce/index.ts';
import type { ContentClient, Entry } from '../content/index.ts';

export interface GraphqlDependencies {
  content: ContentClient;
  commerce: StorefrontCommerce;
  /** Randomness of automated picks (tests inject a seeded one). */
  random?: () => number;
}

const MAX_LIST_ARGUMENT = 50;
const MAX_LIMIT = 24;
const DEFAULT_LOCALE = 'en-us';
const RELATED_FIELDS = [
  'title',
  'display_title',
  'url',
  'tagline',
  'image',
  'price_range',
  'prices',
  'is_new',
  'is_redesigned',
  'colours',
  'regions',
  'bc_products',
  'discontinued',
];

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

function limitOf(limit: number | null | undefined, fallback: number): number {
  if (limit === null || limit === undefined) return fallback;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw badInput(`limit must be from 1 to ${MAX_LIMIT}.`);
  return limit;
}

function listArgument<T>(name: string, values: readonly T[] | null | undefined): T[] {
  if (!values) return [];
  if (values.length > MAX_LIST_ARGUMENT)
    throw badInput(`${name} may name at most ${MAX_LIST_ARGUMENT} products.`);
  return [...values];
}

function commerceIdOf(entry: Entry, bcRegion: string): number | null {
  const record = (entry.bc_products as Record<string, { id?: unknown }> | undefined)?.[bcRegion];
  const id = Number(record?.id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

interface RelatedProductView extends Record<string, unknown> {
  uid: string;
  id: number | null;
  bcProduct: ProductJson | null;
}

export function createRoot({ content, commerce, random = Math.random }: GraphqlDependencies) {
  async function requireRegion(bcRegion: string) {
    if (!commerce.isRegion(bcRegion)) throw badInput(`Unknown bcRegion ${bcRegion}.`);
  }

  async function commerceProducts(
    bcRegion: string,
    ids: number[],
    includeVariants: boolean,
  ): Promise<Map<number, ProductJson>> {
    if (ids.length === 0) return new Map();
    const pricing = await commerce.groups.pricing(bcRegion, null);
    const page = await commerce.catalogue.listProducts(pricing, {
      ids,
      includeVariants,
      limit: MAX_LIST_ARGUMENT * 2,
    });
    return new Map(page.data.map((product) => [product.id, product]));
  }

  function view(
    entry: Entry,
    bcRegion: string,
    products: Map<number, ProductJson>,
    withRetail: boolean,
  ): RelatedProductView {
    const id = commerceIdOf(entry, bcRegion);
    let bcProduct = id === null ? null : (products.get(id) ?? null);
    if (bcProduct && !withRetail && 'variants' in bcProduct) {
      const variants = (bcProduct as ProductJson & { variants: Array<Record<string, unknown>> }).variants;
      bcProduct = {
        ...bcProduct,
        variants: variants.map(({ retailPrice: _retail, ...rest }) => rest),
      } as ProductJson;
    }
    return { ...entry, uid: entry.uid, id, bcProduct };
  }

  return {
    async colorGroups({ locale }: { locale?: string | null }) {
      const groups = await content.colorGroups(locale ?? DEFAULT_LOCALE);
      return groups.map((group) => ({
        uid: group.uid,
        color_name: String(group.color_name ?? group.title ?? ''),
        option_swatch_hex: typeof group.option_swatch_hex === 'string' ? group.option_swatch_hex : null,
        child_colors: Array.isArray(group.child_colors) ? group.child_colors.map(String) : [],
      }));
    },

    async relatedProducts(args: {
      uids?: string[] | null;
      ids?: number[] | null;
      locale?: string | null;
      bcRegion: string;
      ctsRegion?: string | null;
      includeVariantRetailPrice?: boolean | null;
      currentUid?: string | null;
      currentId?: number | null;
      limit?: number | null;
    }) {
      await requireRegion(args.bcRegion);
      const uids = listArgument('uids', args.uids);
      const ids = listArgument('ids', args.ids);
      const limit = limitOf(args.limit, uids.length > 0 ? RELATED_PRODUCTS.uidLimit : RELATED_PRODUCTS.limit);
      if (uids.length === 0 && ids.length === 0) return [];
      const locale = args.locale ?? DEFAULT_LOCALE;
      let entries: Entry[];
      if (uids.length > 0) {
        const found = await content.productsByUid(uids, locale, RELATED_FIELDS);
        const byUid = new Map(found.map((entry) => [entry.uid, entry]));
        entries = uids.map((uid) => byUid.get(uid)).filter((entry): entry is Entry => Boolean(entry));
      } else {
        const found = await content.allEntries('product', {
          locale,
          query: { [`bc_products.${args.bcRegion}.id`]: { $in: ids } },
          only: RELATED_FIELDS,
        });
        const byId = new Map(found.map((entry) => [commerceIdOf(entry, args.bcRegion), entry]));
        entries = ids.map((id) => byId.get(id)).filter((entry): entry is Entry => Boolean(entry));
      }
      entries = entries.filter((entry) => entry.discontinued !== true);
      const commerceIds = entries
        .map((entry) => commerceIdOf(entry, args.bcRegion))
        .filter((id): id is number => id !== null);
      const products = await commerceProducts(args.bcRegion, commerceIds, true);
      const views = entries
        .map((entry) => view(entry, args.bcRegion, products, Boolean(args.includeVariantRetailPrice)))
        .filter((item) => item.bcProduct !== null)
        .filter(
          (item) => !args.ctsRegion || isManualProductVisible(item as never, args.ctsRegion, args.bcRegion),
        );
      return relatedProducts(views, { uid: args.currentUid ?? null, id: args.currentId ?? null }, limit);
    },

    async automatedRelatedProductIds(args: {
      categoryId: string;
      bcRegion: string;
      ctsRegion?: string | null;
      locale?: string | null;
      productAttributes?: Array<{ attribute: string; values: string[] }> | null;
      currentUid?: string | null;
      currentId?: number | null;
      limit?: number | null;
    }) {
      await requireRegion(args.bcRegion);
      const limit = limitOf(args.limit, RELATED_PRODUCTS.limit);
      const locale = args.locale ?? DEFAULT_LOCALE;
      const attributes = listArgument('productAttributes', args.productAttributes);
      let categoryUid: string | null = null;
      let bcCategoryIds: number[];
      if (/^\d+$/.test(args.categoryId)) {
        bcCategoryIds = [Number(args.categoryId)];
      } else {
        const [category] = await content.allEntries('product_category', {
          locale,
          query: { uid: args.categoryId },
        });
        if (!category) return { ids: [], uids: [] };
        categoryUid = category.uid;
        const ids = (category.cat_ids_bc as Record<string, unknown> | undefined)?.[args.bcRegion];
        bcCategoryIds = (Array.isArray(ids) ? ids : [ids])
          .map(Number)
          .filter((id) => Number.isInteger(id) && id > 0);
      }
      // The category's configuration names the attributes that may filter its automated products.
      const configs = await content.automatedRelatedProductsConfig(locale);
      const configured = configs
        .flatMap((config) => (Array.isArray(config.categories) ? config.categories : []))
        .find((item: { category?: Array<{ uid?: string; cat_ids_bc?: Record<string, unknown> }> }) => {
          const category = item.category?.[0];
          if (!category) return false;
          if (categoryUid) return category.uid === categoryUid;
          const ids = category.cat_ids_bc?.[args.bcRegion];
          return (Array.isArray(ids) ? ids : [ids]).map(Number).some((id) => bcCategoryIds.includes(id));
        }) as { configuration?: { attributes?: string[] } } | undefined;
      const allowed = configured?.configuration?.attributes;
      const filters = attributes
        .filter((filter) => !allowed || allowed.includes(filter.attribute))
        .map((filter) => ({ attribute: filter.attribute, values: listArgument('values', filter.values) }));
      const byCategory = await Promise.all(
        bcCategoryIds.map(async (bcCategoryId) => {
          const entries = await content.productsByCategory({
            bcCategoryIds: [bcCategoryId],
            bcRegion: args.bcRegion,
            excludeUid: args.currentUid ?? null,
            attributes: filters,
            locale,
          });
          return entries
            .filter((entry) => entry.discontinued !== true)
            .filter(
              (entry) =>
                !args.ctsRegion || !Array.isArray(entry.regions) || entry.regions.includes(args.ctsRegion),
            )
            .map((entry) => ({ uid: entry.uid, id: commerceIdOf(entry, args.bcRegion) }))
            .filter((item): item is { uid: string; id: number } => item.id !== null);
        }),
      );
      const sold = await commerceProducts(
        args.bcRegion,
        [...new Set(byCategory.flat().map((item) => item.id))],
        false,
      );
      const candidates = byCategory.map((list) => list.filter((item) => sold.has(item.id)));
      const picked = pickAutomatedRelated(
        candidates,
        { uid: args.currentUid ?? null, id: args.currentId ?? null },
        limit,
        random,
      );
      return { ids: picked.map((item) => item.id), uids: picked.map((item) => item.uid) };
    },

    async errorPage(args: { locale?: string | null; bcRegion?: string | null }) {
      const locale = args.locale ?? DEFAULT_LOCALE;
      const page = await content.errorPage(locale);
      if (!page) return null;
      const entries = (Array.isArray(page.products) ? page.products : []) as Entry[];
      let products: RelatedProductView[] = entries.map((entry) => ({
        ...entry,
        uid: entry.uid,
        id: null,
        bcProduct: null,
      }));
      if (args.bcRegion) {
        await requireRegion(args.bcRegion);
        const ids = entries
          .map((entry) => commerceIdOf(entry, args.bcRegion!))
          .filter((id): id is number => id !== null);
        const sold = await commerceProducts(args.bcRegion, ids, false);
        products = entries
          .filter((entry) => entry.discontinued !== true)
          .map((entry) => view(entry, args.bcRegion!, sold, true))
          .filter((item) => item.bcProduct !== null);
      }
      return {
        ...page,
        uid: page.uid,
        banner: page.banner ?? null,
        products: relatedProducts(products, null, Number.POSITIVE_INFINITY),
      };
    },
  };
}
