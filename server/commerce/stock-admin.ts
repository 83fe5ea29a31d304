import { and, asc, desc, eq, lt } from 'drizzle-orm';
import { type StaffStockReason, type StockInstruction, thresholdRefusal } from '#core/stock-change.ts';
import { DEFAULT_LOW_STOCK_THRESHOLD, type StockState, stockStateOf } from '#core/stock-state.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import { staff } from '../backoffice/schema.ts';
import type { Database } from '../db/database.ts';
import { badRequest, notFound } from './errors.ts';
import { products, stockMovements, variants } from './schema-catalogue.ts';
import type { Stock, StockChange } from './stock.ts';

/**
 * The back office's stock page (issue 20): one product's variants with their level, state and low-stock threshold,
 * a variant's history (stock_movements, newest first, keyset on id), a count or an adjustment made by a staff
 * member (through the one stock path, stock.ts, so a variant coming back mails its subscribers) and the threshold.
 */

export interface StockVariantRow {
  id: number;
  sku: string;
  options: { name: string; label: string }[];
  level: number;
  /** The variant's own threshold, or null for the store's default. */
  lowStockThreshold: number | null;
  /** The threshold that applies. */
  threshold: number;
  state: StockState;
  purchasingDisabled: boolean;
}

export interface StockMovementRow {
  id: number;
  reason: string;
  before: number;
  after: number;
  note: string;
  /** The staff member's e-mail, or null for the stock command and scripts. */
  staffEmail: string | null;
  createdAt: string;
}

export interface StockHistoryPage {
  rows: StockMovementRow[];
  /** The `before` of the next (older) page, or null on the last page. */
  next: number | null;
}

export const STOCK_HISTORY_PAGE = 20;

type VariantRow = typeof variants.$inferSelect;

function rowOf(row: VariantRow, tracking: 'none' | 'product' | 'variant'): StockVariantRow {
  const threshold = row.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
  return {
    id: row.id,
    sku: row.sku,
    options: row.optionValues.map((value) => ({ name: value.option_display_name, label: value.label })),
    level: row.inventoryLevel,
    lowStockThreshold: row.lowStockThreshold,
    threshold,
    state: stockStateOf(tracking, [{ level: row.inventoryLevel, threshold }]),
    purchasingDisabled: row.purchasingDisabled,
  };
}

export function createStockAdmin(db: Database, stock: Stock) {
  /** The variant of this product, or a 404: a form of one product never changes another's variant. */
  async function variantOf(productId: number, variantId: number) {
    const [row] = await db
      .select({ variant: variants, tracking: products.inventoryTracking })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(eq(variants.id, variantId), eq(variants.productId, productId)));
    if (!row) throw notFound(`Product ${productId} has no variant ${variantId}`);
    return row;
  }

  return {
    /** One product's variants with their stock, by id. */
    async product(productId: number) {
      const [product] = await db
        .select({
          id: products.id,
          name: products.name,
          sku: products.sku,
          inventoryTracking: products.inventoryTracking,
        })
        .from(products)
        .where(eq(products.id, productId));
      if (!product) throw notFound(`No product ${productId}`);
      const rows = await db
        .select()
        .from(variants)
        .where(eq(variants.productId, productId))
        .orderBy(asc(variants.id));
      return { ...product, variants: rows.map((row) => rowOf(row, product.inventoryTracking)) };
    },

    /** One variant of the product, as on the list. */
    async variant(productId: number, variantId: number): Promise<StockVariantRow> {
      const { variant, tracking } = await variantOf(productId, variantId);
      return rowOf(variant, tracking);
    },

    /** A variant's movements, newest first; `before` is the `next` of the previous page. */
    async history(
      variantId: number,
      page: { before?: number; limit?: number } = {},
    ): Promise<StockHistoryPage> {
      const limit = Math.min(Math.max(page.limit ?? STOCK_HISTORY_PAGE, 1), 200);
      const rows = await db
        .select({
          id: stockMovements.id,
          reason: stockMovements.reason,
          before: stockMovements.before,
          after: stockMovements.after,
          note: stockMovements.note,
          staffEmail: staff.email,
          createdAt: stockMovements.createdAt,
        })
        .from(stockMovements)
        .leftJoin(staff, eq(staff.id, stockMovements.staffId))
        .where(
          and(
            eq(stockMovements.variantId, variantId),
            page.before === undefined ? undefined : lt(stockMovements.id, page.before),
          ),
        )
        .orderBy(desc(stockMovements.id))
        .limit(limit + 1);
      const shown = rows.slice(0, limit).map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
      return { rows: shown, next: rows.length > limit ? shown.at(-1)!.id : null };
    },

    /** A count (`{ set }`) or an adjustment (`{ adjust }`, signed) of one variant of the product, by a staff member. */
    async change(
      actor: Actor,
      productId: number,
      change: StockInstruction & { variantId: number; reason: StaffStockReason; note?: string },
    ): Promise<StockChange> {
      await variantOf(productId, change.variantId);
      return stock.apply(change, actor);
    },

    /**
     * A count of several variants of the product in one save (issue 41: six variants took six saves): each level
     * as counted, in one transaction (`applyMany`), unchanged levels left out. A variant of another product is a 404.
     */
    async countMany(
      actor: Actor,
      productId: number,
      counts: ReadonlyArray<{ variantId: number; level: number }>,
      note = '',
    ): Promise<StockChange[]> {
      const current = new Map<number, number>();
      for (const count of counts)
        current.set(count.variantId, (await variantOf(productId, count.variantId)).variant.inventoryLevel);
      const changes = counts
        .filter((count) => current.get(count.variantId) !== count.level)
        .map((count) => ({ variantId: count.variantId, reason: 'count' as const, set: count.level, note }));
      return changes.length ? stock.applyMany(changes, actor) : [];
    },

    /** A variant's own low-stock threshold, or null to go back to the store's default. */
    async setThreshold(actor: Actor, productId: number, variantId: number, threshold: number | null) {
      const refusal = thresholdRefusal(threshold);
      if (refusal) throw badRequest(refusal);
      await variantOf(productId, variantId);
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(variants).where(eq(variants.id, variantId)).for('update');
        if (!before) throw notFound(`No variant ${variantId}`);
        await tx.update(variants).set({ lowStockThreshold: threshold }).where(eq(variants.id, variantId));
        await recordAudit(tx, actor, {
          action: 'variant.low-stock-threshold',
          entity: 'variant',
          entityId: variantId,
          before: { sku: before.sku, lowStockThreshold: before.lowStockThreshold },
          after: { sku: before.sku, lowStockThreshold: threshold },
        });
        return {
          variantId,
          lowStockThreshold: threshold,
          threshold: threshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
        };
      });
    },
  };
}

export type StockAdmin = ReturnType<typeof createStockAdmin>;
