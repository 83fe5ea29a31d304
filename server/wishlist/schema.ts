import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { products, variants } from '../commerce/schema-catalogue.ts';
import { customers } from '../commerce/schema-customers.ts';

/** An account's wishlist (issue 45, decision 0048, migration 0031): one row per customer and product. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The size chosen when it was saved; a variant that goes leaves the product on the list. */
    variantId: integer('variant_id').references(() => variants.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /** Mail a price drop or back-in-stock of the chosen size (any size when none): off until the customer says so. */
    alert: boolean('alert').notNull().default(false),
    /** The URL segment the customer opted in on: the mail's language and link. */
    alertLocale: text('alert_locale'),
    /** The commerce region whose price (the customer's group price, sale included) is watched. */
    alertRegion: text('alert_region'),
    /** The baseline: the price when they opted in or were last mailed, in this currency … */
    alertCurrency: text('alert_currency'),
    alertPrice: numeric('alert_price', { precision: 12, scale: 2, mode: 'number' }),
    /** … and whether the size was in stock at the last look (its return is what is mailed). */
    alertInStock: boolean('alert_in_stock'),
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    /** A drop found while the last mail was too recent: mailed once the interval has passed. */
    alertHeld: boolean('alert_held').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'wishlist_items_pkey', columns: [t.customerId, t.productId] }),
    index('wishlist_items_alert_product_idx').on(t.productId).where(sql`${t.alert}`),
  ],
);

/** Where the alerts' watcher stopped reading the product change log and the catalogue version (one row). */
export const wishlistAlertCursor = pgTable(
  'wishlist_alert_cursor',
  {
    id: integer('id').primaryKey(),
    productChanges: bigint('product_changes', { mode: 'number' }).notNull().default(0),
    catalogue: bigint('catalogue', { mode: 'number' }).notNull().default(0),
  },
  () => [check('wishlist_alert_cursor_one_row', sql`"id" = 1`)],
);

/** The token of a list's read-only link: apart from the items, so the link can be withdrawn on its own. */
export const wishlistShares = pgTable('wishlist_shares', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
