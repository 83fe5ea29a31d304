import { sql } from 'drizzle-orm';
import { SALE_BOUNDARIES_SCOPE } from '../cache/data-version.ts';
import type { Database } from '../db/database.ts';

/** How often the watcher looks for a sale start or end that has passed (issue 20: within ~5-15 s). */
export const SALE_SCHEDULE_EVERY_MS = 5000;

/**
 * Starts and ends scheduled sales "without anyone awake" (issue 20). A sale price applies by its schedule when
 * prices are read (sale-price.ts), but the page cache and the read caches keep what they read until told, and
 * passing time writes nothing. So this watcher records a shown change of each product whose sale (its own or a
 * variant's, decision 0042) started or ended since the last look, in the product change log (decision 0036): the
 * pages, listings and search documents of those products follow, and nothing else (decision 0050).
 *
 * Idempotent across processes: a look locks the 'sale-boundaries' row, reads the boundaries passed after its
 * `updated_at`, records them and moves `updated_at` to the transaction's start, in one transaction. Several servers
 * may tick at once; the first one records, the others wait for its row lock, then see no boundary after the new
 * `updated_at` and change nothing.
 */
export function createSaleSchedule(
  db: Database,
  options: { everyMs?: number; onError?: (error: unknown) => void } = {},
) {
  const everyMs = options.everyMs ?? SALE_SCHEDULE_EVERY_MS;
  let timer: ReturnType<typeof setInterval> | null = null;
  let running = false;

  /** One look: true when a start or end had passed and the products it changed were recorded. */
  async function tick(): Promise<boolean> {
    return db.transaction(async (tx) => {
      // The first look starts from the catalogue's last move: boundaries before it are in what caches hold.
      await tx.execute(sql`
        insert into data_versions (scope, version, updated_at)
        select ${SALE_BOUNDARIES_SCOPE}, 0, coalesce(
          (select updated_at from data_versions where scope = 'catalogue'), now())
        on conflict (scope) do nothing`);
      const locked = (await tx.execute(sql`
        select updated_at from data_versions where scope = ${SALE_BOUNDARIES_SCOPE} for update`)) as unknown as {
        rows: unknown[];
      };
      if (locked.rows.length === 0) return false;
      const passed = (await tx.execute(sql`
        with since as (select updated_at as at from data_versions where scope = ${SALE_BOUNDARIES_SCOPE})
        select distinct pp.product_id as id from product_prices pp, since
        where pp.sale_price is not null and (
          (pp.sale_starts_at > since.at and pp.sale_starts_at <= now())
          or (pp.sale_ends_at > since.at and pp.sale_ends_at <= now()))
        union
        select v.product_id from variant_prices vp join variants v on v.id = vp.variant_id, since
        where vp.sale_price is not null and (
          (vp.sale_starts_at > since.at and vp.sale_starts_at <= now())
          or (vp.sale_ends_at > since.at and vp.sale_ends_at <= now()))`)) as unknown as {
        rows: Array<{ id: number | string }>;
      };
      if (passed.rows.length === 0) return false;
      const ids = passed.rows.map((row) => Number(row.id));
      await tx.execute(sql`
        update data_versions set version = version + 1, updated_at = now() where scope = ${SALE_BOUNDARIES_SCOPE}`);
      await tx.execute(sql`
        select record_product_changes(${sql.raw(`array[${ids.join(',')}]::integer[]`)},
          ${sql.raw(`array[${ids.map(() => 'true').join(',')}]::boolean[]`)})`);
      return true;
    });
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
