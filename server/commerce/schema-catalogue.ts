import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { STOCK_CHANGE_REASONS } from '#core/stock-change.ts';
import { commerceRegions } from './schema.ts';

/** Catalogue tables of the built-in commerce engine (SPEC §3 product (commerce), variant, product category). */

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    /** Path of slugs from the root, e.g. `snowshoes/mens`. */
    path: text('path').notNull().unique(),
    description: text('description').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    isVisible: boolean('is_visible').notNull().default(true),
    /** The id each commerce region knows the category by (SPEC §3 cat_ids_bc). */
    regionIds: jsonb('region_ids').$type<Record<string, number>>().notNull(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

export interface OptionValueRecord {
  entityId: number;
  label: string;
  hexColors: string[];
  slug: string;
  /** The media id the value shows (a colour's image, core/product-image.ts); absent when it names none. */
  image?: string | null;
}

export interface ProductOptionRecord {
  id: number;
  name: string;
  displayName: string;
  values: OptionValueRecord[];
}

export interface CustomFieldRecord {
  id: number;
  name: string;
  value: string;
}

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    sku: text('sku').notNull().unique(),
    description: text('description').notNull().default(''),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    imageKind: text('image_kind').notNull(),
    inventoryTracking: text('inventory_tracking', { enum: ['none', 'product', 'variant'] }).notNull(),
    inventoryLevel: integer('inventory_level').notNull().default(0),
    availability: text('availability', { enum: ['available', 'preorder', 'disabled'] })
      .notNull()
      .default('available'),
    isVisible: boolean('is_visible').notNull().default(true),
    isNew: boolean('is_new').notNull().default(false),
    isRedesigned: boolean('is_redesigned').notNull().default(false),
    weight: numeric('weight', { precision: 10, scale: 3, mode: 'number' }).notNull().default(0),
    options: jsonb('options').$type<ProductOptionRecord[]>().notNull(),
    customFields: jsonb('custom_fields').$type<CustomFieldRecord[]>().notNull(),
    thumbnail: text('thumbnail'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId, t.sortOrder, t.id),
    // The back office's product search by name prefix (issue 20).
    index('products_name_lower_idx').on(sql`lower(${t.name}) text_pattern_ops`),
  ],
);

/**
 * A listed product sits in its main category and that category's ancestors (listing by `categories:in`).
 * Products that are not visible (discontinued) have no rows here.
 */
export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    /** The product's sort order, copied here so a category page reads in index order. */
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.productId] }),
    index('product_categories_product_idx').on(t.productId),
    index('product_categories_listing_idx').on(t.categoryId, t.sortOrder, t.productId),
  ],
);

export interface VariantOptionValueRecord {
  id: number;
  label: string;
  option_id: number;
  option_display_name: string;
}

export const variants = pgTable(
  'variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique(),
    optionValues: jsonb('option_values').$type<VariantOptionValueRecord[]>().notNull(),
    inventoryLevel: integer('inventory_level').notNull().default(0),
    purchasingDisabled: boolean('purchasing_disabled').notNull().default(false),
    thumbnail: text('thumbnail'),
    /** At or below this many units the variant counts as low in stock; null: the store's default (reports.ts). */
    lowStockThreshold: integer('low_stock_threshold'),
  },
  (t) => [
    index('variants_product_idx').on(t.productId, t.id),
    // Checkout decrements stock under a row lock; the database refuses a negative level all the same.
    check('variants_inventory_nonnegative', sql`${t.inventoryLevel} >= 0`),
  ],
);

/** Prices per commerce region in that region's currency: retail price and an optional sale price. */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    regionId: text('region_id')
      .notNull()
      .references(() => commerceRegions.id),
    retailPrice: numeric('retail_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    salePrice: numeric('sale_price', { precision: 12, scale: 2, mode: 'number' }),
    /** A scheduled sale: the sale price applies from this moment (null: already) … */
    saleStartsAt: timestamp('sale_starts_at', { withTimezone: true }),
    /** … until this one (null: until it is removed). Applied when prices are read, so no job has to run. */
    saleEndsAt: timestamp('sale_ends_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.regionId] })],
);

/**
 * A variant's own price in a commerce region (issue 41, decision 0042): retail and an optional sale with its
 * schedule, replacing the product's price for that variant as a whole. No row: the variant costs the product's.
 */
export const variantPrices = pgTable(
  'variant_prices',
  {
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    regionId: text('region_id')
      .notNull()
      .references(() => commerceRegions.id),
    retailPrice: numeric('retail_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    salePrice: numeric('sale_price', { precision: 12, scale: 2, mode: 'number' }),
    saleStartsAt: timestamp('sale_starts_at', { withTimezone: true }),
    saleEndsAt: timestamp('sale_ends_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.regionId] }),
    check(
      'variant_prices_positive',
      sql`${t.retailPrice} > 0 AND (${t.salePrice} IS NULL OR (${t.salePrice} > 0 AND ${t.salePrice} < ${t.retailPrice}))`,
    ),
  ],
);

/** Every stock change made by staff, a command or an import (issue 20): the history per variant, append-only. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: STOCK_CHANGE_REASONS }).notNull(),
    before: integer('before').notNull(),
    after: integer('after').notNull(),
    note: text('note').notNull().default(''),
    /** The staff member, or null for the stock command and scripts. */
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stock_movements_variant_idx').on(t.variantId, t.id)],
);

/**
 * Product images uploaded in the back office (issue 20), in order per product. The file is the media service's
 * (`{mediaId}.{jpg|png|webp}` in its uploads folder, server/media/upload.ts); a colour shows one of them through
 * variants.thumbnail.
 */
export const productImages = pgTable(
  'product_images',
  {
    mediaId: text('media_id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    alt: text('alt').notNull().default(''),
    format: text('format', { enum: ['jpeg', 'png', 'webp'] }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);
