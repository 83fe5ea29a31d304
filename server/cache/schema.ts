import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per kind of data that anonymous pages show. Database triggers (migration `page_cache_triggers`) bump
 * a row's version on every write to the catalogue, prices, stock or content, from any process, so every
 * server's page cache notices the change.
 */
export const dataVersions = pgTable('data_versions', {
  scope: text('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The products each stock or price update touched, under the 'product-changes' version it moved (migration 0024,
 * decision 0036): each process reads the rows past the version it last saw and evicts what shows those products.
 */
export const productChanges = pgTable(
  'product_changes',
  {
    version: bigint('version', { mode: 'number' }).notNull(),
    productId: integer('product_id').notNull(),
    /** Something pages show moved (a price, an in-stock state); false: only the exact stock level. */
    shown: boolean('shown').notNull(),
  },
  (t) => [
    primaryKey({ name: 'product_changes_pkey', columns: [t.version, t.productId] }),
    index('product_changes_shown_idx').on(t.version).where(sql`${t.shown}`),
  ],
);
