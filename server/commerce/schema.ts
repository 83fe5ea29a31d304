import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** Currency formats of SPEC §3, one row per ISO code. */
export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  token: text('token').notNull(),
  decimalToken: text('decimal_token').notNull(),
  thousandsToken: text('thousands_token').notNull(),
  decimalPlaces: integer('decimal_places').notNull(),
  tokenLocation: text('token_location', { enum: ['left', 'right'] }).notNull(),
});

/** Commerce regions price and sell (SPEC §4): us, ca, eu_region_1. */
export const commerceRegions = pgTable('commerce_regions', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  currencyCode: text('currency_code')
    .notNull()
    .references(() => currencies.code),
  shopping: boolean('shopping').notNull().default(true),
});

export interface CountryLanguage {
  text: string;
  value: string;
  langDefault?: boolean;
  xDefault?: boolean;
}

/** The country list of SPEC §9 with its continent, languages and region group. */
export const countries = pgTable('countries', {
  iso: text('iso').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  continent: text('continent').notNull(),
  languages: jsonb('languages').$type<CountryLanguage[]>().notNull(),
  regionGroup: text('region_group'),
  sortOrder: integer('sort_order').notNull(),
});
