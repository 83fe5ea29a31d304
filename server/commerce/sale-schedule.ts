import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';

/** How often the watcher looks for a sale start or end that has passed (issue 20: within ~5-15 s). */
export const SALE_SCHEDULE_EVERY_MS = 5000;

/**
 * Starts and ends scheduled sales "without anyone awake" (issue 20). A sale price applies by its schedule when
 * prices are read (sale-price.ts), but the page cache and the read caches keep what they read until the
 * 'catalogue' data version moves, and passing time writes nothing. So this watcher moves that version when a
 * sale's start or end time has passed since the version last moved (a product's or a variant's, decision 0042).
 *
 * Idempotent across processes: the check and the bump are one UPDATE of the version row, comparing the
 * boundaries with the row's own `updated_at`. Several servers may tick at once; the first one bumps (and sets
 * `updated_at` to now), the others wait for its row lock, see no boundary after the new `updated_at` and change
 * nothing. Any other catalogue write after a boundary also counts: caches that reloaded after it already show
 * the sale as it is now.
 */
export function createSaleSchedule(
  db: Database,
  options: { everyMs?: number; onError?: (error: unknown) => void } = {},
) {
  const everyMs = options.everyMs ?? SALE_SCHEDULE_EVERY_MS;
  let timer: ReturnType<typeof setInterval> | null = null;
  let running = false;

  /** One look: true when a start or end had passed and the catalogue version moved. */
  async function tick(): Promise<boolean> {
    const result = (await db.execute(sql`
      update data_versions dv set version = dv.version + 1, updated_at = now()
      where dv.scope = 'catalogue' and exists (
        select 1 from product_prices pp
        where pp.sale_price is not null and (
          (pp.sale_starts_at > dv.updated_at and pp.sale_starts_at <= now())
          or (pp.sale_ends_at > dv.updated_at and pp.sale_ends_at <= now()))
        union all
        select 1 from variant_prices vp
        where vp.sale_price is not null and (
          (vp.sale_starts_at > dv.updated_at and vp.sale_starts_at <= now())
          or (vp.sale_ends_at > dv.updated_at and vp.sale_ends_at <= now())))
      returning dv.version`)) as unknown as { rows: unknown[] };
    return result.rows.length > 0;
  }

  return {
    tick,
    /** Looks every `everyMs` until stopped; a failed look (the database away) is reported and tried again. */
    start(): void {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = true;
        tick()
          .catch((error: unknown) => options.onError?.(error))
          .finally(() => {
            running = false;
          });
      }, everyMs);
      timer.unref?.();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type SaleSchedule = ReturnType<typeof createSaleSchedule>;
