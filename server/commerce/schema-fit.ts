import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { FitRange } from '#core/fit-finder.ts';
import { products } from './schema-catalogue.ts';

/**
 * Fit charts (issue 45, decision 0040): a series' load ranges per size in kg, and which series a product is sized
 * by. One chart serves every product of a series, so the back office edits it once; a product without a row here
 * has no chart, and the storefront says so rather than guess.
 */
export const fitSeries = pgTable('fit_series', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Smallest size first; each size starts where the previous one ends (core/fit-finder.ts `fitRangeProblems`). */
  ranges: jsonb('ranges').$type<FitRange[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const productFitSeries = pgTable(
  'product_fit_series',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => fitSeries.id, { onDelete: 'restrict' }),
  },
  (table) => [index('product_fit_series_series_idx').on(table.seriesId)],
);
