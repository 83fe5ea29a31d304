import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { productPrices } from './schema-catalogue.ts';

/**
 * The one definition of "the sale price that applies now" (issue 20, scheduled sales): a product's sale price
 * counts while it is set, its start (if any) has come and its end (if any) has not. Every read of a sale price
 * (catalogue, cart, checkout, the back office) goes through this expression, so a schedule is honoured
 * everywhere alike; `now()` is the database's clock, the same for every process. Caches follow the 'catalogue'
 * data version, which the sale schedule watcher (sale-schedule.ts) moves when a start or end time passes.
 */
export function saleRunning(columns: { sale: SQLWrapper; startsAt: SQLWrapper; endsAt: SQLWrapper }): SQL {
  return sql`(${columns.sale} is not null and (${columns.startsAt} is null or ${columns.startsAt} <= now())
    and (${columns.endsAt} is null or ${columns.endsAt} > now()))`;
}

/** The sale price that applies now, or null outside its window (select it where `productPrices.salePrice` was). */
export const salePriceNow: SQL<number | null> = sql<number | null>`case when ${saleRunning({
  sale: productPrices.salePrice,
  startsAt: productPrices.saleStartsAt,
  endsAt: productPrices.saleEndsAt,
})} then ${productPrices.salePrice} end`.mapWith(productPrices.salePrice);
