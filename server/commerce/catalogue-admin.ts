import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { ProductListFilter } from '#core/product-list-filter.ts';
import { DEFAULT_LOW_STOCK_THRESHOLD, type StockState, stockStateOf } from '#core/stock-state.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { badRequest, notFound } from './errors.ts';
import { saleRunning } from './sale-price.ts';
import { commerceRegions } from './schema.ts';
import { categories, productCategories, productPrices, products, variants } from './schema-catalogue.ts';

/**
 * The back office's catalogue (issue 20): the product list at 10,000+ products (keyset on id), one product with
 * everything the storefront reads of it, and the product-level changes (publish, flags, category). Every change
 * is one transaction with its audit entry; the catalogue's data version moves by trigger, so caches, the page
 * cache and the search index follow within a second.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface ProductListRow {
  id: number;
  name: string;
  slug: string;
  sku: string;
  category: string;
  published: boolean;
  isNew: boolean;
  isRedesigned: boolean;
  variants: number;
  stock: number;
  stockState: StockState;
  onSale: boolean;
}

export interface ProductListPage {
  rows: ProductListRow[];
  /** The `after` of the next page, or null on the last page. */
  next: number | null;
}

/** A sale price applies now: set, started and not ended (the schedule is read at query time, sale-price.ts). */
const SALE_NOW = saleRunning({
  sale: sql`pp.sale_price`,
  startsAt: sql`pp.sale_starts_at`,
  endsAt: sql`pp.sale_ends_at`,
});

/**
 * The product sells something at a sale price now (issue 41, decision 0042): a variant's own sale counts, and the
 * product's sale counts in a region where some variant costs the product's price (every product has a variant;
 * one without any still counts its own sale).
 */
const ON_SALE = sql`(exists (select 1 from product_prices pp where pp.product_id = p.id and ${SALE_NOW}
      and (exists (select 1 from variants sv where sv.product_id = p.id and not exists (select 1 from variant_prices
          svp where svp.variant_id = sv.id and svp.region_id = pp.region_id))
        or not exists (select 1 from variants sv where sv.product_id = p.id)))
    or exists (select 1 from variants sv join variant_prices vp on vp.variant_id = sv.id where sv.product_id = p.id
      and ${saleRunning({ sale: sql`vp.sale_price`, startsAt: sql`vp.sale_starts_at`, endsAt: sql`vp.sale_ends_at` })}))`;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function conditionsOf(filter: ProductListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.q) {
    const q = filter.q.toLowerCase();
    const upper = filter.q.toUpperCase();
    // A name prefix follows products_name_lower_idx; a word inside the name and a SKU (product or variant) too.
    conditions.push(sql`(lower(p.name) like ${`${likeEscape(q)}%`} or lower(p.name) like ${`%${likeEscape(q)}%`}
      or p.sku like ${`${likeEscape(upper)}%`}
      or exists (select 1 from variants sv where sv.product_id = p.id and sv.sku like ${`${likeEscape(upper)}%`}))`);
  }
  if (filter.category !== undefined)
    conditions.push(sql`(p.category_id = ${filter.category}
      or exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = ${filter.category}))`);
  if (filter.published !== undefined)
    conditions.push(
      filter.published
        ? sql`(p.is_visible and p.availability <> 'disabled')`
        : sql`not (p.is_visible and p.availability <> 'disabled')`,
    );
  if (filter.isNew !== undefined) conditions.push(sql`p.is_new = ${filter.isNew}`);
  if (filter.redesigned !== undefined) conditions.push(sql`p.is_redesigned = ${filter.redesigned}`);
  if (filter.onSale !== undefined) conditions.push(sql`${filter.onSale ? sql`` : sql`not `}${ON_SALE}`);
  const low = sql`exists (select 1 from variants lv where lv.product_id = p.id
    and lv.inventory_level <= coalesce(lv.low_stock_threshold, ${DEFAULT_LOW_STOCK_THRESHOLD}))`;
  const total = sql`(select coalesce(sum(tv.inventory_level), 0) from variants tv where tv.product_id = p.id)`;
  if (filter.stock === 'out') conditions.push(sql`(p.inventory_tracking <> 'none' and ${total} = 0)`);
  if (filter.stock === 'low')
    conditions.push(sql`(p.inventory_tracking <> 'none' and ${total} > 0 and ${low})`);
  if (filter.stock === 'in')
    conditions.push(sql`(p.inventory_tracking = 'none' or (${total} > 0 and not ${low}))`);
  if (filter.after !== undefined) conditions.push(sql`p.id > ${filter.after}`);
  return conditions;
}

interface RawListRow {
  id: number;
  name: string;
  slug: string;
  sku: string;
  category: string;
  is_visible: boolean;
  availability: string;
  is_new: boolean;
  is_redesigned: boolean;
  inventory_tracking: 'none' | 'product' | 'variant';
  levels: { level: number; threshold: number }[] | null;
  on_sale: boolean;
}

export function createCatalogueAdmin(db: Database) {
  async function lockProduct(tx: Tx, id: number) {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!row) throw notFound(`No product ${id}`);
    return row;
  }

  /** The category and its ancestors: where a listed product is found (`categories:in`, as the seed writes it). */
  async function ancestryOf(tx: Tx, categoryId: number): Promise<number[]> {
    const rows = await tx.select({ id: categories.id, parentId: categories.parentId }).from(categories);
    const parents = new Map(rows.map((row) => [row.id, row.parentId]));
    if (!parents.has(categoryId)) throw badRequest(`No category ${categoryId}`);
    const chain: number[] = [];
    let current: number | null | undefined = categoryId;
    while (current !== null && current !== undefined && !chain.includes(current)) {
      chain.push(current);
      current = parents.get(current);
    }
    return chain;
  }

  async function writeMemberships(tx: Tx, product: typeof products.$inferSelect, listed: boolean) {
    await tx.delete(productCategories).where(eq(productCategories.productId, product.id));
    if (!listed) return;
    const chain = await ancestryOf(tx, product.categoryId);
    await tx
      .insert(productCategories)
      .values(
        chain.map((categoryId) => ({ productId: product.id, categoryId, sortOrder: product.sortOrder })),
      );
  }

  const flagsOf = (row: typeof products.$inferSelect) => ({
    published: row.isVisible && row.availability !== 'disabled',
    isNew: row.isNew,
    isRedesigned: row.isRedesigned,
    categoryId: row.categoryId,
  });

  return {
    /** One keyset page of products, by id, with their stock state and whether a sale runs now. */
    async list(filter: ProductListFilter): Promise<ProductListPage> {
      const conditions = conditionsOf(filter);
      const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
      const result = (await db.execute(sql`
        select p.id, p.name, p.slug, p.sku, c.name as category, p.is_visible, p.availability, p.is_new,
          p.is_redesigned, p.inventory_tracking,
          (select json_agg(json_build_object('level', v.inventory_level,
             'threshold', coalesce(v.low_stock_threshold, ${DEFAULT_LOW_STOCK_THRESHOLD})) order by v.id)
           from variants v where v.product_id = p.id) as levels,
          ${ON_SALE} as on_sale
        from products p join categories c on c.id = p.category_id
        ${where}
        order by p.id
        limit ${filter.limit + 1}`)) as unknown as { rows: RawListRow[] };
      const rows = result.rows.slice(0, filter.limit).map((row) => {
        const levels = row.levels ?? [];
        return {
          id: Number(row.id),
          name: row.name,
          slug: row.slug,
          sku: row.sku,
          category: row.category,
          published: row.is_visible && row.availability !== 'disabled',
          isNew: row.is_new,
          isRedesigned: row.is_redesigned,
          variants: levels.length,
          stock: levels.reduce((sum, entry) => sum + Number(entry.level), 0),
          stockState: stockStateOf(row.inventory_tracking, levels),
          onSale: row.on_sale,
        };
      });
      const next = result.rows.length > filter.limit ? (rows.at(-1)?.id ?? null) : null;
      return { rows, next };
    },

    /** Everything the storefront reads of one product's commerce half, for the product page of the back office. */
    async detail(id: number) {
      const [product] = await db.select().from(products).where(eq(products.id, id));
      if (!product) throw notFound(`No product ${id}`);
      const [variantRows, priceRows, categoryRows, regionRows, memberships] = await Promise.all([
        db.select().from(variants).where(eq(variants.productId, id)).orderBy(asc(variants.id)),
        db
          .select()
          .from(productPrices)
          .where(eq(productPrices.productId, id))
          .orderBy(asc(productPrices.regionId)),
        db.select().from(categories).orderBy(asc(categories.path)),
        db.select().from(commerceRegions).orderBy(asc(commerceRegions.id)),
        db
          .select({ categoryId: productCategories.categoryId })
          .from(productCategories)
          .where(eq(productCategories.productId, id)),
      ]);
      const currencyOf = new Map(regionRows.map((row) => [row.id, row.currencyCode]));
      const main = categoryRows.find((row) => row.id === product.categoryId);
      return {
        id: product.id,
        name: product.name,
        slug: product.slug,
        sku: product.sku,
        description: product.description,
        weight: product.weight,
        inventoryTracking: product.inventoryTracking,
        availability: product.availability,
        ...flagsOf(product),
        options: product.options,
        customFields: product.customFields,
        thumbnail: product.thumbnail,
        category: main ? { id: main.id, name: main.name, path: main.path, regionIds: main.regionIds } : null,
        listedIn: categoryRows
          .filter((row) => memberships.some((entry) => entry.categoryId === row.id))
          .map((row) => ({ id: row.id, name: row.name, path: row.path })),
        categories: categoryRows.map((row) => ({ id: row.id, name: row.name, path: row.path })),
        variants: variantRows.map((row) => ({
          id: row.id,
          sku: row.sku,
          options: row.optionValues.map((value) => ({ name: value.option_display_name, label: value.label })),
          level: row.inventoryLevel,
          lowStockThreshold: row.lowStockThreshold,
          threshold: row.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
          purchasingDisabled: row.purchasingDisabled,
          thumbnail: row.thumbnail,
        })),
        prices: priceRows.map((row) => ({
          regionId: row.regionId,
          currency: currencyOf.get(row.regionId) ?? '',
          retail: row.retailPrice,
          sale: row.salePrice,
          saleStartsAt: row.saleStartsAt?.toISOString() ?? null,
          saleEndsAt: row.saleEndsAt?.toISOString() ?? null,
        })),
        regions: regionRows.map((row) => ({ id: row.id, currency: row.currencyCode })),
      };
    },

    /**
     * Publishes or unpublishes a product. Unpublished, it leaves every category listing and answers 410 with
     * recommendations on the storefront (SPEC §2); published again, it is listed in its category and ancestors.
     */
    async setPublished(actor: Actor, id: number, published: boolean) {
      return db.transaction(async (tx) => {
        const before = await lockProduct(tx, id);
        const [after] = await tx
          .update(products)
          .set({ isVisible: published, availability: published ? 'available' : 'disabled' })
          .where(eq(products.id, id))
          .returning();
        await writeMemberships(tx, after!, published);
        await recordAudit(tx, actor, {
          action: published ? 'product.publish' : 'product.unpublish',
          entity: 'product',
          entityId: id,
          before: flagsOf(before),
          after: flagsOf(after!),
        });
        return flagsOf(after!);
      });
    },

    /** The §3 new and redesigned flags (the storefront's tags). */
    async setFlags(actor: Actor, id: number, flags: { isNew: boolean; isRedesigned: boolean }) {
      return db.transaction(async (tx) => {
        const before = await lockProduct(tx, id);
        const [after] = await tx
          .update(products)
          .set({ isNew: flags.isNew, isRedesigned: flags.isRedesigned })
          .where(eq(products.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'product.flags',
          entity: 'product',
          entityId: id,
          before: flagsOf(before),
          after: flagsOf(after!),
        });
        return flagsOf(after!);
      });
    },

    /**
     * Moves a product to another main category. Each commerce region knows a category by its own id (SPEC §3
     * cat_ids_bc), so one assignment places the product in every region's listing.
     */
    async setCategory(actor: Actor, id: number, categoryId: number) {
      return db.transaction(async (tx) => {
        const before = await lockProduct(tx, id);
        await ancestryOf(tx, categoryId);
        const [after] = await tx.update(products).set({ categoryId }).where(eq(products.id, id)).returning();
        const listed = after!.isVisible && after!.availability !== 'disabled';
        await writeMemberships(tx, after!, listed);
        await recordAudit(tx, actor, {
          action: 'product.category',
          entity: 'product',
          entityId: id,
          before: flagsOf(before),
          after: flagsOf(after!),
        });
        return flagsOf(after!);
      });
    },
  };
}

export type CatalogueAdmin = ReturnType<typeof createCatalogueAdmin>;
