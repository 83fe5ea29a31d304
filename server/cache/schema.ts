import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
