import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
  },
  (t) => [primaryKey({ name: 'wishlist_items_pkey', columns: [t.customerId, t.productId] })],
);

/** The token of a list's read-only link: apart from the items, so the link can be withdrawn on its own. */
export const wishlistShares = pgTable('wishlist_shares', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
