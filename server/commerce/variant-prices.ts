import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { StoredPrice } from '#core/variant-price.ts';
import { variantPrices, variants } from './schema-catalogue.ts';

/**
 * Reading variants' own prices (decision 0042) beside the product's: the columns a query selects for a variant's
 * price in a region, and how a selected row becomes the core rule's `StoredPrice`. The sale window is judged by
 * core/variant-price.ts against the database's clock of the same statement (`dbNow`), as sale-price.ts judges the
 * product's, so every process agrees on when a variant's sale starts and ends.
 */

/** The database's clock in milliseconds, read in the statement that reads the prices. */
export const dbNow: SQL<number> = sql<number>`(extract(epoch from now()) * 1000)::float8`.mapWith(Number);

/** A variant's own price columns (null when it has none), for a left join on `ownPriceJoin`. */
export const ownPriceColumns = {
  ownRetail: variantPrices.retailPrice,
  ownSale: variantPrices.salePrice,
  ownSaleStartsAt: variantPrices.saleStartsAt,
  ownSaleEndsAt: variantPrices.saleEndsAt,
  now: dbNow,
};

/** Joins a variant's own price in a region (a value or a placeholder). */
export const ownPriceJoin = (region: string | Placeholder) =>
  and(eq(variantPrices.variantId, variants.id), eq(variantPrices.regionId, region));

export interface OwnPriceRow {
  ownRetail: number | null;
  ownSale: number | null;
  ownSaleStartsAt: Date | null;
  ownSaleEndsAt: Date | null;
  now: number;
}

/** The variant's own price from a selected row, or null when it costs the product's. */
export function ownPriceOf(row: OwnPriceRow): StoredPrice | null {
  return row.ownRetail === null
    ? null
    : {
        retail: row.ownRetail,
        sale: row.ownSale,
        saleStartsAt: row.ownSaleStartsAt,
        saleEndsAt: row.ownSaleEndsAt,
      };
}

/** The product's price as read with `salePriceNow` (the sale already judged by the database's clock). */
export const productPriceOf = (retail: number, saleNow: number | null): StoredPrice => ({
  retail,
  sale: saleNow,
  saleStartsAt: null,
  saleEndsAt: null,
});
