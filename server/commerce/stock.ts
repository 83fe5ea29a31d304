import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  isBackInStock,
  MAX_STOCK_LEVEL,
  type StockChangeReason,
  type StockInstruction,
  stockLevelAfter,
} from '#core/stock-change.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { badRequest, notFound } from './errors.ts';
import { products, stockMovements, variants } from './schema-catalogue.ts';

/**
 * The one path of every stock change but checkout's: the stock command (`npm run stock`), the back office's stock
 * page and the CSV import. Checkout only ever takes stock away (checkout.ts); this is the path that puts it back, so
 * it is where "back in stock" happens.
 *
 * Each call is one transaction that locks the variants' rows (by id, as checkout does), checks every change with
 * core/stock-change.ts, writes the new levels, the products' totals, one stock_movements row per change and, when a
 * staff member made it, the audit entry. A refusal throws before anything is written, so it changes nothing. After
 * the commit, the variants that went from 0 to more than 0 are handed to `onBackInStock` (the back-in-stock
 * e-mails, server/mail/back-in-stock.ts).
 */

export { MAX_STOCK_LEVEL };

/** A change of one variant's stock: set it (reason count or import) or move it by signed units (delivery, …). */
export type StockRequest = StockInstruction & {
  variantId: number;
  reason: StockChangeReason;
  /** Why, in the merchandiser's words (at most MAX_STOCK_NOTE characters); shown in the variant's history. */
  note?: string;
};

/** What one change did. */
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

export const MAX_STOCK_NOTE = 500;
/** The most changes of one `applyMany` call (a CSV import of 10,000 rows fits twice). */
export const MAX_STOCK_BATCH = 20_000;

const LOCK_CHUNK = 5_000;
const INSERT_CHUNK = 1_000;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

export function createStock(db: Database, stockOptions: StockOptions = {}) {
  async function lockVariants(tx: Tx, ids: number[]) {
    const rows = new Map<number, { id: number; productId: number; sku: string; level: number }>();
    for (const part of chunks(ids, LOCK_CHUNK)) {
      // The same row lock checkout takes, so a count never overwrites a sale that committed in between.
      const locked = await tx
        .select({
          id: variants.id,
          productId: variants.productId,
          sku: variants.sku,
          level: variants.inventoryLevel,
        })
        .from(variants)
        .where(inArray(variants.id, part))
        .orderBy(asc(variants.id))
        .for('update');
      for (const row of locked) rows.set(row.id, row);
    }
    return rows;
  }

  /**
   * Applies `changes` in order, in ONE transaction: all of them or (on the first refusal, a 400 or 404 naming the
   * change) none. `actor` is the staff member behind them, or null for the stock command and scripts; with an actor
   * the audit log gets one entry (entity 'variant' for one change, 'stock' for a batch). Answers one StockChange per
   * change, in order; a variant named twice moves twice. Used by `npm run stock`, the back office and the CSV import
   * (reason 'import', `{ set }`).
   */
  async function applyMany(
    changes: readonly StockRequest[],
    actor: Actor | null = null,
  ): Promise<StockChange[]> {
    const { done, announce } = await db.transaction((tx) => within(tx, changes, actor));
    await announce();
    return done;
  }

  /**
   * applyMany inside a transaction the caller holds (an order's cancellation returns its stock in its own).
   * `audit: false` when the caller's audit entry already tells the change. Call `announce` after the commit.
   */
  async function within(
    tx: Tx,
    changes: readonly StockRequest[],
    actor: Actor | null,
    options: { audit?: boolean } = {},
  ): Promise<{ done: StockChange[]; backInStock: number; announce: () => Promise<void> }> {
    const nothing = async () => {};
    if (changes.length === 0) return { done: [], backInStock: 0, announce: nothing };
    if (changes.length > MAX_STOCK_BATCH)
      throw badRequest(`At most ${MAX_STOCK_BATCH} stock changes at once, not ${changes.length}`);
    const label = (index: number, sku?: string) =>
      changes.length === 1 ? '' : `Change ${index + 1}${sku ? ` (${sku})` : ''}: `;
    const notes = changes.map((change, index) => {
      if (!Number.isInteger(change.variantId) || change.variantId < 1 || change.variantId > 2_147_483_647)
        throw notFound(`${label(index)}No variant ${change.variantId}`);
      const note = (change.note ?? '').trim();
      if (note.length > MAX_STOCK_NOTE)
        throw badRequest(`${label(index)}A note has at most ${MAX_STOCK_NOTE} characters`);
      return note;
    });
    const ids = [...new Set(changes.map((change) => change.variantId))].sort((a, b) => a - b);

    const { done, initial } = await (async () => {
      const rows = await lockVariants(tx, ids);
      const initial = new Map([...rows].map(([id, row]) => [id, row.level]));
      const levels = new Map(initial);
      const done: StockChange[] = [];
      changes.forEach((change, index) => {
        const row = rows.get(change.variantId);
        if (!row) throw notFound(`${label(index)}No variant ${change.variantId}`);
        const before = levels.get(row.id)!;
        const verdict = stockLevelAfter(before, change, change.reason);
        if (!verdict.ok) throw badRequest(`${label(index, row.sku)}${verdict.message}`);
        levels.set(row.id, verdict.after);
        done.push({ variantId: row.id, productId: row.productId, before, after: verdict.after });
      });

      const moved = [...levels].filter(([id, level]) => level !== initial.get(id));
      for (const part of chunks(moved, INSERT_CHUNK)) {
        const values = JSON.stringify(part.map(([id, level]) => ({ id, level })));
        await tx.execute(sql`update variants set inventory_level = v.level
          from json_to_recordset(${values}::json) as v(id int, level int) where variants.id = v.id`);
      }
      // A product's level is the sum of its variants' (as the seed writes it).
      const productIds = [...new Set(moved.map(([id]) => rows.get(id)!.productId))];
      for (const part of chunks(productIds, LOCK_CHUNK))
        await tx
          .update(products)
          .set({
            inventoryLevel: sql`(select coalesce(sum(${variants.inventoryLevel}), 0) from ${variants} where ${variants.productId} = ${products.id})`,
          })
          .where(inArray(products.id, part));

      const now = new Date();
      const movements = done.map((change, index) => ({
        variantId: change.variantId,
        reason: changes[index]!.reason,
        before: change.before,
        after: change.after,
        note: notes[index]!,
        staffId: actor?.staffId ?? null,
        createdAt: now,
      }));
      for (const part of chunks(movements, INSERT_CHUNK)) await tx.insert(stockMovements).values(part);

      if (actor && options.audit !== false) {
        // What each change was, as the history shows it: the variant, the reason, the level before and after.
        const described = done.map((change, index) => ({
          variantId: change.variantId,
          sku: rows.get(change.variantId)!.sku,
          reason: changes[index]!.reason,
          level: change.after,
          ...(notes[index] ? { note: notes[index] } : {}),
        }));
        const single = described.length === 1;
        await recordAudit(tx, actor, {
          action: single ? `stock.${described[0]!.reason}` : 'stock.batch',
          entity: single ? 'variant' : 'stock',
          entityId: single ? described[0]!.variantId : `${described.length} changes`,
          before: single
            ? { level: done[0]!.before }
            : done.map((change) => ({ variantId: change.variantId, level: change.before })),
          after: single ? described[0] : described,
        });
      }
      return { done, initial };
    })();

    // Per variant, from its level before the call to its level after: 0 → 3 → 0 in one batch is not back.
    const last = new Map(done.map((change) => [change.variantId, change]));
    const back = [...last.values()]
      .filter((change) => isBackInStock(initial.get(change.variantId)!, change.after))
      .map((change) => ({ ...change, before: initial.get(change.variantId)! }));
    const onBackInStock = stockOptions.onBackInStock;
    return {
      done,
      backInStock: back.length,
      announce: back.length && onBackInStock ? () => onBackInStock(back) : nothing,
    };
  }

  const apply = async (change: StockRequest, actor: Actor | null = null) =>
    (await applyMany([change], actor))[0]!;

  return {
    applyMany,
    within,
    /** One change; see applyMany. */
    apply,
    /** Sets a variant's stock to `level` (a stock count, no staff: the stock command). */
    set: (variantId: number, level: number, note?: string) =>
      apply({ variantId, set: level, reason: 'count', note }),
    /** Adds `quantity` units to a variant (a delivery, no staff: the stock command). */
    add: (variantId: number, quantity: number, note?: string) =>
      apply({ variantId, adjust: quantity, reason: 'delivery', note }),
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
