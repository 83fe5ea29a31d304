import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { badRequest, notFound } from './errors.ts';
import { products, variants } from './schema-catalogue.ts';

/**
 * Setting stock (restocks, stock counts). Checkout only ever takes stock away (checkout.ts); this is the path
 * that puts it back, so it is where "back in stock" happens: a variant that goes from 0 to more than 0 is
 * handed to `onBackInStock` after the commit (the back-in-stock e-mails, server/mail/back-in-stock.ts).
 */

export const MAX_STOCK_LEVEL = 1_000_000;

export interface StockChange {
  variantId: number;
  productId: number;
  before: number;
  after: number;
}

export interface StockOptions {
  /** Called after the commit with the variants that went from sold out to in stock. */
  onBackInStock?: (changes: StockChange[]) => Promise<void>;
}

export function createStock(db: Database, options: StockOptions = {}) {
  async function apply(variantId: number, level: (current: number) => number): Promise<StockChange> {
    const change = await db.transaction(async (tx) => {
      // The same row lock checkout takes, so a count never overwrites a sale that committed in between.
      const [row] = await tx.select().from(variants).where(eq(variants.id, variantId)).for('update');
      if (!row) throw notFound(`No variant ${variantId}`);
      const after = level(row.inventoryLevel);
      if (!Number.isInteger(after) || after < 0 || after > MAX_STOCK_LEVEL)
        throw badRequest(`Stock must be a whole number from 0 to ${MAX_STOCK_LEVEL}, not ${after}`);
      await tx.update(variants).set({ inventoryLevel: after }).where(eq(variants.id, variantId));
      // The product's level is the sum of its variants' (as the seed writes it).
      await tx
        .update(products)
        .set({
          inventoryLevel: sql`(select coalesce(sum(${variants.inventoryLevel}), 0) from ${variants} where ${variants.productId} = ${row.productId})`,
        })
        .where(eq(products.id, row.productId));
      return { variantId, productId: row.productId, before: row.inventoryLevel, after };
    });
    if (change.before <= 0 && change.after > 0 && options.onBackInStock)
      await options.onBackInStock([change]);
    return change;
  }

  return {
    /** Sets a variant's stock to `level` (a stock count). */
    set: (variantId: number, level: number) => apply(variantId, () => level),
    /** Adds `quantity` units to a variant (a delivery). */
    async add(variantId: number, quantity: number) {
      if (!Number.isInteger(quantity) || quantity < 1)
        throw badRequest(`A restock adds a whole number of units above 0, not ${quantity}`);
      return apply(variantId, (current) => current + quantity);
    },
    async variantBySku(sku: string): Promise<number | null> {
      const [row] = await db
        .select({ id: variants.id })
        .from(variants)
        .where(eq(variants.sku, sku.trim().toUpperCase()));
      return row?.id ?? null;
    },
  };
}

export type Stock = ReturnType<typeof createStock>;
