import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { productTag, stockTag } from '#core/change-tags.ts';
import { priceSpan, type ShopperPrice, variantPrice } from '#core/variant-price.ts';
import { createVersionedCache, readCacheWatcher, scopeVersion } from '../cache/data-version.ts';
import { dependsOn } from '../cache/dependencies.ts';
import type { Database } from '../db/database.ts';
import { gone, notFound } from './errors.ts';
import { rulesOf } from './groups.ts';
import type { PricingContext } from './port.ts';
import { discountedPrice, type PriceSet } from './pricing.ts';
import { followingCatalogue } from './reference-cache.ts';
import { salePriceNow } from './sale-price.ts';
import {
  categories,
  productCategories,
  productPrices,
  products,
  variantPrices,
  variants,
} from './schema-catalogue.ts';
import {
  type OwnPriceRow,
  ownPriceColumns,
  ownPriceJoin,
  ownPriceOf,
  productPriceOf,
} from './variant-prices.ts';

/** Catalogue reads (SPEC §3 product (commerce), variant, category): prices per region and customer group. */

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof variants.$inferSelect;
type CategoryRow = typeof categories.$inferSelect;

export interface Pagination {
  total: number;
  count: number;
  per_page: number;
  current_page: number;
  total_pages: number;
}

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

export interface ProductQuery {
  page?: number;
  limit?: number;
  categoryIds?: number[];
  ids?: number[];
  includeVariants?: boolean;
}

function money(value: number, currency: string) {
  return { value, currencyCode: currency };
}

export function variantJson(row: VariantRow, product: ProductRow, prices: PriceSet, currency: string) {
  const tracked = product.inventoryTracking === 'variant';
  const inStock = !tracked || row.inventoryLevel > 0;
  return {
    id: row.id,
    product_id: row.productId,
    sku: row.sku,
    inventoryLevel: row.inventoryLevel,
    inventory_level: row.inventoryLevel,
    isInStock: inStock,
    isPurchasable:
      product.availability === 'available' && product.isVisible && !row.purchasingDisabled && inStock,
    purchasing_disabled: row.purchasingDisabled,
    thumbnail: row.thumbnail,
    image_url: row.thumbnail,
    price: prices.retail,
    retailPrice: money(prices.retail, currency),
    salePrice: prices.sale === null ? null : money(prices.sale, currency),
    calculatedPrice: money(prices.calculated, currency),
    calculated_price: prices.calculated,
    option_values: row.optionValues.map((value) => ({
      id: value.option_id,
      option_id: value.option_id,
      option_display_name: value.option_display_name,
      label: value.label,
      value_id: value.id,
      values: [{ id: value.id, label: value.label }],
    })),
  };
}

export type VariantJson = ReturnType<typeof variantJson>;

export function productOptionsJson(row: ProductRow) {
  return row.options.map((option) => ({
    id: option.id,
    name: option.name,
    displayName: option.displayName,
    display_name: option.displayName,
    values: option.values.map((value) => ({
      entityId: value.entityId,
      id: value.entityId,
      label: value.label,
      hexColors: value.hexColors,
      slug: value.slug,
      image: value.image ?? null,
    })),
  }));
}

/**
 * A product as the API shows it. Its prices are its lowest variant's (decision 0042: tiles, search and sorting
 * show the lowest); `price_varies` says its variants' prices differ, and each variant carries its own.
 */
function productJson(
  row: ProductRow,
  prices: PriceSet,
  currency: string,
  categoryIds: number[],
  variantRows: VariantRow[] | null,
  pricing: { varies: boolean; ofVariant: (id: number) => PriceSet },
) {
  const inventoryLevel = variantRows
    ? variantRows.reduce((sum, variant) => sum + variant.inventoryLevel, 0)
    : row.inventoryLevel;
  const inStock = row.inventoryTracking === 'none' || inventoryLevel > 0;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    sku: row.sku,
    type: 'physical',
    description: row.description,
    categories: categoryIds,
    image_kind: row.imageKind,
    custom_url: { url: `/p/${row.slug}/` },
    thumbnail: row.thumbnail,
    currency,
    price: prices.retail,
    retail_price: prices.retail,
    sale_price: prices.sale ?? 0,
    calculated_price: prices.calculated,
    retailPrice: money(prices.retail, currency),
    salePrice: prices.sale === null ? null : money(prices.sale, currency),
    calculatedPrice: money(prices.calculated, currency),
    price_varies: pricing.varies,
    inventory_tracking: row.inventoryTracking,
    inventory_level: inventoryLevel,
    inventoryLevel,
    isInStock: inStock,
    isPurchasable: row.availability === 'available' && row.isVisible && inStock,
    availability: row.availability,
    is_visible: row.isVisible,
    isNew: row.isNew,
    isRedesigned: row.isRedesigned,
    weight: row.weight,
    customFields: row.customFields.map(({ name, value }) => ({ name, value })),
    custom_fields: row.customFields,
    product_options: productOptionsJson(row),
    ...(variantRows
      ? {
          variants: variantRows.map((variant) =>
            variantJson(variant, row, pricing.ofVariant(variant.id), currency),
          ),
        }
      : {}),
  };
}

export type ProductJson = ReturnType<typeof productJson>;

const productColumns = {
  product: products,
  retail: productPrices.retailPrice,
  sale: salePriceNow,
};

export function createCatalogue(db: Database) {
  const priceJoin = and(
    eq(productPrices.productId, products.id),
    eq(productPrices.regionId, sql.placeholder('region')),
  );

  const byId = db
    .select(productColumns)
    .from(products)
    .innerJoin(productPrices, priceJoin)
    .where(eq(products.id, sql.placeholder('id')))
    .prepare('catalogue_product_by_id');
  const bySlug = db
    .select(productColumns)
    .from(products)
    .innerJoin(productPrices, priceJoin)
    .where(eq(products.slug, sql.placeholder('slug')))
    .prepare('catalogue_product_by_slug');
  // Category pages read product_categories in index order (category_id, sort_order, product_id) and stop
  // after one page, instead of sorting every product of the category.
  const inCategory = eq(productCategories.categoryId, sql.placeholder('category'));
  const listAll = db
    .select(productColumns)
    .from(products)
    .innerJoin(productPrices, priceJoin)
    .where(eq(products.isVisible, true))
    .orderBy(asc(products.sortOrder), asc(products.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('catalogue_list_all');
  const countAll = db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .innerJoin(productPrices, priceJoin)
    .where(eq(products.isVisible, true))
    .prepare('catalogue_count_all');
  const listByCategory = db
    .select(productColumns)
    .from(productCategories)
    .innerJoin(products, eq(products.id, productCategories.productId))
    .innerJoin(productPrices, priceJoin)
    .where(inCategory)
    .orderBy(asc(productCategories.sortOrder), asc(productCategories.productId))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('catalogue_list_by_category');
  // Counted from the listing index alone (an index-only scan): every listed product is priced in every commerce
  // region (the seed guarantees it), so joining prices here would only cost time.
  const countByCategory = db
    .select({ n: sql<number>`count(*)::int` })
    .from(productCategories)
    .where(inCategory)
    .prepare('catalogue_count_by_category');
  const variantsOf = db
    .select()
    .from(variants)
    .where(sql`${variants.productId} = any(${sql.placeholder('ids')}::int[])`)
    .orderBy(asc(variants.productId), asc(variants.id))
    .prepare('catalogue_variants_of');
  // Every variant of the products with its own price in the region, if any (decision 0042): a listing shows each
  // product's lowest variant price, so this is read whether or not the variants themselves are.
  const variantPricesOf = db
    .select({ variantId: variants.id, productId: variants.productId, ...ownPriceColumns })
    .from(variants)
    .leftJoin(variantPrices, ownPriceJoin(sql.placeholder('region')))
    .where(sql`${variants.productId} = any(${sql.placeholder('ids')}::int[])`)
    .orderBy(asc(variants.productId), asc(variants.id))
    .prepare('catalogue_variant_prices_of');
  const allCategories = db
    .select()
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id))
    .prepare('catalogue_categories');

  // The category tree, read by every priced product (category discount rules): kept until the catalogue moves.
  const parentsCache = followingCatalogue(db, async () => {
    const rows = await allCategories.execute();
    return new Map(rows.map((row) => [row.id, row.parentId]));
  });
  const categoryParents = () => parentsCache.get();

  // Rows as read, per region and query, kept until the catalogue's data version moves (a product, variant or
  // price added or removed, categories, groups, currencies, from any process), or until a product whose row it
  // holds has a new price or stock level (its tags, decision 0036): storefront pages read the same few products
  // again and again, and on the embedded database each statement costs about a millisecond.
  // Prices for the shopper's group are applied after, per call. Checkout and carts read the tables themselves.
  const watcher = readCacheWatcher(db);
  const rowsCache = createVersionedCache<unknown>({
    version: async () => scopeVersion(await watcher.current(), ['catalogue']),
    changes: watcher.changes,
    tagsOf: rowTags,
    maxEntries: 2000,
  });
  const remembered = <T>(key: string, load: () => Promise<T>) => rowsCache.get(key, load) as Promise<T>;

  function ancestry(parents: Map<number, number | null>, id: number): number[] {
    const chain: number[] = [];
    let current: number | null | undefined = id;
    while (current !== null && current !== undefined && !chain.includes(current)) {
      chain.push(current);
      current = parents.get(current);
    }
    return chain;
  }

  async function assemble(
    rows: { product: ProductRow; retail: number; sale: number | null }[],
    pricing: PricingContext,
    includeVariants: boolean,
  ): Promise<ProductJson[]> {
    if (rows.length === 0) return [];
    const rules = rulesOf(pricing);
    const parents = await categoryParents();
    const ids = rows.map((row) => row.product.id);
    const priceRows = await remembered(`variant prices ${pricing.regionId} ${ids.join(',')}`, () =>
      variantPricesOf.execute({ ids, region: pricing.regionId }),
    );
    const pricesByProduct = new Map<number, Array<OwnPriceRow & { variantId: number }>>();
    for (const entry of priceRows) {
      const list = pricesByProduct.get(entry.productId) ?? [];
      list.push(entry);
      pricesByProduct.set(entry.productId, list);
    }
    let variantMap: Map<number, VariantRow[]> | null = null;
    if (includeVariants) {
      variantMap = new Map();
      const all = await remembered(`variants ${ids.join(',')}`, () => variantsOf.execute({ ids }));
      for (const variant of all) {
        const list = variantMap.get(variant.productId) ?? [];
        list.push(variant);
        variantMap.set(variant.productId, list);
      }
    }
    // Whatever is made of these products (a page, a cached listing) shows them: a price or in-stock change of
    // one of them drops it. Their exact stock levels are not named: no page shows them.
    dependsOn(rows.map((row) => productTag(row.product.id)));
    return rows.map((row) => {
      const categoryIds = ancestry(parents, row.product.categoryId);
      const rule = (price: number) => discountedPrice(price, row.product.id, categoryIds, rules);
      const base = productPriceOf(row.retail, row.sale);
      const ofVariant = new Map<number, ShopperPrice>(
        (pricesByProduct.get(row.product.id) ?? []).map((entry) => [
          entry.variantId,
          variantPrice(base, ownPriceOf(entry), new Date(entry.now), rule),
        ]),
      );
      const productPrice = variantPrice(base, null, new Date(), rule);
      const span = priceSpan([...ofVariant.values()]);
      return productJson(
        row.product,
        span?.lowest ?? productPrice,
        pricing.currencyCode,
        categoryIds,
        variantMap ? (variantMap.get(row.product.id) ?? []) : null,
        { varies: span?.varies ?? false, ofVariant: (id) => ofVariant.get(id) ?? productPrice },
      );
    });
  }

  return {
    async listProducts(pricing: PricingContext, query: ProductQuery = {}): Promise<Page<ProductJson>> {
      const limit = query.limit ?? 50;
      const page = query.page ?? 1;
      const offset = (page - 1) * limit;
      const region = pricing.regionId;
      let rows: { product: ProductRow; retail: number; sale: number | null }[];
      let total: number;
      if (query.ids) {
        const ids = query.ids;
        const all = ids.length
          ? await remembered(`ids ${region} ${ids.join(',')}`, () =>
              db
                .select(productColumns)
                .from(products)
                .innerJoin(
                  productPrices,
                  and(eq(productPrices.productId, products.id), eq(productPrices.regionId, region)),
                )
                .where(and(eq(products.isVisible, true), inArray(products.id, ids)))
                .orderBy(asc(products.sortOrder), asc(products.id)),
            )
          : [];
        total = all.length;
        rows = all.slice(offset, offset + limit);
      } else if (query.categoryIds && query.categoryIds.length !== 1) {
        // Several categories: a product may sit in more than one of them, so list distinct products.
        const member = sql`${products.id} in (select product_id from product_categories where category_id = any(${query.categoryIds.length ? query.categoryIds : [-1]}::int[]))`;
        const join = and(eq(productPrices.productId, products.id), eq(productPrices.regionId, region));
        const key = `categories ${region} ${query.categoryIds.join(',')} ${limit} ${offset}`;
        const [found, counted] = await remembered(key, () =>
          Promise.all([
            db
              .select(productColumns)
              .from(products)
              .innerJoin(productPrices, join)
              .where(member)
              .orderBy(asc(products.sortOrder), asc(products.id))
              .limit(limit)
              .offset(offset),
            db
              .select({ n: sql<number>`count(*)::int` })
              .from(products)
              .innerJoin(productPrices, join)
              .where(member),
          ]),
        );
        rows = found;
        total = counted[0]?.n ?? 0;
      } else if (query.categoryIds) {
        const params = { region, category: query.categoryIds[0]!, limit, offset };
        [rows, total] = await remembered(`category ${region} ${params.category} ${limit} ${offset}`, () =>
          Promise.all([
            listByCategory.execute(params),
            countByCategory.execute(params).then((result) => result[0]?.n ?? 0),
          ]),
        );
      } else {
        const params = { region, limit, offset };
        [rows, total] = await remembered(`all ${region} ${limit} ${offset}`, () =>
          Promise.all([
            listAll.execute(params),
            countAll.execute(params).then((result) => result[0]?.n ?? 0),
          ]),
        );
      }
      return {
        data: await assemble(rows, pricing, query.includeVariants ?? false),
        pagination: {
          total,
          count: rows.length,
          per_page: limit,
          current_page: page,
          total_pages: Math.max(1, Math.ceil(total / limit)),
        },
      };
    },

    /** A product in the region; 404 when unknown or not sold there, 410 when discontinued. */
    async getProduct(pricing: PricingContext, id: number, includeVariants = true): Promise<ProductJson> {
      const rows = await remembered(`id ${pricing.regionId} ${id}`, () =>
        byId.execute({ id, region: pricing.regionId }),
      );
      const row = rows[0];
      if (!row) throw notFound(`No product ${id} in region ${pricing.regionId}`);
      if (row.product.availability === 'disabled') throw gone(`Product ${id} is no longer available`);
      return (await assemble([row], pricing, includeVariants))[0]!;
    },

    /** Like getProduct, but a discontinued product comes back with availability 'disabled' instead of 410. */
    async getProductBySlug(pricing: PricingContext, slug: string): Promise<ProductJson | null> {
      const rows = await remembered(`slug ${pricing.regionId} ${slug}`, () =>
        bySlug.execute({ slug, region: pricing.regionId }),
      );
      return rows[0] ? ((await assemble([rows[0]], pricing, true))[0] ?? null) : null;
    },

    async getVariants(pricing: PricingContext, productId: number): Promise<VariantJson[]> {
      const product = await this.getProduct(pricing, productId, true);
      return (product as ProductJson & { variants: VariantJson[] }).variants;
    },

    async searchVariants(
      pricing: PricingContext,
      query: { productIds?: number[]; id?: number; sku?: string; page?: number; limit?: number },
    ): Promise<Page<VariantJson>> {
      const rules = rulesOf(pricing);
      const conditions = [];
      if (query.productIds)
        conditions.push(inArray(variants.productId, query.productIds.length ? query.productIds : [-1]));
      if (query.id !== undefined) conditions.push(eq(variants.id, query.id));
      if (query.sku !== undefined) conditions.push(eq(variants.sku, query.sku));
      const limit = query.limit ?? 50;
      const page = query.page ?? 1;
      const rows = await db
        .select({
          variant: variants,
          product: products,
          retail: productPrices.retailPrice,
          sale: salePriceNow,
          ...ownPriceColumns,
        })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .innerJoin(
          productPrices,
          and(eq(productPrices.productId, products.id), eq(productPrices.regionId, pricing.regionId)),
        )
        .leftJoin(variantPrices, ownPriceJoin(pricing.regionId))
        .where(and(eq(products.isVisible, true), ...conditions))
        .orderBy(asc(variants.productId), asc(variants.id))
        .limit(limit + 1)
        .offset((page - 1) * limit);
      const parents = await categoryParents();
      const data = rows.slice(0, limit).map((row) => {
        const categoryIds = ancestry(parents, row.product.categoryId);
        const prices = variantPrice(
          productPriceOf(row.retail, row.sale),
          ownPriceOf(row),
          new Date(row.now),
          (price) => discountedPrice(price, row.product.id, categoryIds, rules),
        );
        return variantJson(row.variant, row.product, prices, pricing.currencyCode);
      });
      const total = (page - 1) * limit + rows.length;
      return {
        data,
        pagination: {
          total,
          count: data.length,
          per_page: limit,
          current_page: page,
          total_pages: Math.max(1, Math.ceil(total / limit)),
        },
      };
    },

    /** Stock by product id (SPEC §7 out-of-stock and category/products/inventory). */
    async inventory(ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({
          id: products.id,
          tracking: products.inventoryTracking,
          availability: products.availability,
          level: sql<number>`coalesce((select sum(v.inventory_level) from variants v where v.product_id = ${products}.id), 0)::int`,
        })
        .from(products)
        .where(inArray(products.id, ids));
      return rows.map((row) => ({
        id: row.id,
        inventory_level: row.level,
        inventory_tracking: row.tracking,
        availability: row.availability,
        isInStock: row.tracking === 'none' || row.level > 0,
      }));
    },

    async listCategories(page = 1, limit = 50): Promise<Page<ReturnType<typeof categoryJson>>> {
      const rows = await allCategories.execute();
      const data = rows.slice((page - 1) * limit, page * limit).map(categoryJson);
      return {
        data,
        pagination: {
          total: rows.length,
          count: data.length,
          per_page: limit,
          current_page: page,
          total_pages: Math.max(1, Math.ceil(rows.length / limit)),
        },
      };
    },

    async getCategory(id: number) {
      const row = (await allCategories.execute()).find((entry) => entry.id === id);
      if (!row) throw notFound(`No category ${id}`);
      return categoryJson(row);
    },

    async categoryByPath(path: string) {
      const row = (await allCategories.execute()).find((entry) => entry.path === path);
      return row ? categoryJson(row) : null;
    },

    async categoryTree() {
      const rows = (await allCategories.execute()).filter((row) => row.isVisible);
      type Node = ReturnType<typeof categoryJson> & { children: Node[] };
      const nodes = new Map<number, Node>(
        rows.map((row) => [row.id, { ...categoryJson(row), children: [] }]),
      );
      const roots: Node[] = [];
      for (const node of nodes.values()) {
        const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
        if (parent) parent.children.push(node);
        else roots.push(node);
      }
      return roots;
    },
  };
}

function categoryJson(row: CategoryRow) {
  return {
    id: row.id,
    parent_id: row.parentId,
    name: row.name,
    path: row.path,
    url: `/c/${row.path}/`,
    description: row.description,
    sort_order: row.sortOrder,
    is_visible: row.isVisible,
    cat_ids_bc: row.regionIds,
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;

/**
 * The products whose rows a cached read holds (product rows, variant rows, listings with their count), with their
 * stock levels: the API answers those exactly (inventory_level), so a row is dropped when its level moves.
 */
function rowTags(value: unknown): string[] {
  const tags: string[] = [];
  const visit = (item: unknown) => {
    if (Array.isArray(item)) for (const inner of item) visit(inner);
    else if (item && typeof item === 'object') {
      const row = item as { product?: { id?: unknown }; productId?: unknown };
      const id = row.product?.id ?? row.productId;
      if (typeof id === 'number') tags.push(productTag(id), stockTag(id));
    }
  };
  visit(value);
  return tags;
}
