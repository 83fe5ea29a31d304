import { sql } from 'drizzle-orm';
import { AWAITING_PAYMENT_STATUS_IDS, NO_REVENUE_STATUS_IDS } from '#core/order-filter.ts';
import { proCodeInfoOf } from '#core/pro-code.ts';
import { addDays, daysBetween, endOfStoreDay, startOfStoreDay, storeDay } from '#core/store-time.ts';
import type { Database } from '../db/database.ts';
import { READY_TO_SHIP } from './order-queries.ts';

/** The back office dashboard's figures (issue 19): read-only, each one query. */

export interface DailyPoint {
  /** YYYY-MM-DD, a day of the store's time zone. */
  day: string;
  orders: number;
  revenue: number;
}

export interface DailySeries {
  regionId: string;
  currencyCode: string;
  points: DailyPoint[];
  totalOrders: number;
  totalRevenue: number;
}

export interface DailyReport {
  days: string[];
  series: DailySeries[];
}

export interface ProApplication {
  customerId: number;
  email: string;
  name: string;
  appliedAt: Date;
}

export interface LowStockVariant {
  productId: number;
  variantId: number;
  productName: string;
  sku: string;
  level: number;
}

export const LOW_STOCK_THRESHOLD = 5;

const inList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export function createReports(db: Database) {
  return {
    /**
     * Orders and revenue per day of the store's time zone (`zone`, UTC unless given), per region and currency,
     * from `from` to `to` (store days, both included; `to` defaults to today, `from` to `days` days before it,
     * 90 unless given); cancelled, declined and refunded orders count for neither. Every day is present (zeros
     * included); a clock-change day is its 23 or 25 hours.
     */
    async daily(
      options: { from?: string; to?: string; days?: number; now?: Date; zone?: string } = {},
    ): Promise<DailyReport> {
      const zone = options.zone ?? 'UTC';
      const last = options.to ?? storeDay(options.now ?? new Date(), zone);
      const first = options.from ?? addDays(last, -((options.days ?? 90) - 1));
      const days = daysBetween(first, last);
      if (days.length === 0) return { days, series: [] };
      const result = (await db.execute(sql`
        select to_char(created_at at time zone ${zone}, 'YYYY-MM-DD') as day, region_id, currency_code,
          count(*)::int as orders, sum(total)::text as revenue
        from orders
        where created_at >= ${startOfStoreDay(first, zone).toISOString()}::timestamptz
          and created_at < ${endOfStoreDay(last, zone).toISOString()}::timestamptz
          and status_id not in (${inList(NO_REVENUE_STATUS_IDS)})
        group by 1, 2, 3`)) as unknown as {
        rows: { day: string; region_id: string; currency_code: string; orders: number; revenue: string }[];
      };
      const byKey = new Map<string, DailySeries>();
      for (const row of result.rows) {
        const key = `${row.region_id}|${row.currency_code}`;
        let series = byKey.get(key);
        if (!series) {
          series = {
            regionId: row.region_id,
            currencyCode: row.currency_code,
            points: days.map((day) => ({ day, orders: 0, revenue: 0 })),
            totalOrders: 0,
            totalRevenue: 0,
          };
          byKey.set(key, series);
        }
        // The database's zone rules and Intl's may differ on a day they disagree about; such a row is left out.
        const point = series.points[days.indexOf(row.day)];
        if (!point) continue;
        point.orders = Number(row.orders);
        point.revenue = Number(row.revenue);
        series.totalOrders += point.orders;
        series.totalRevenue = Math.round((series.totalRevenue + point.revenue) * 100) / 100;
      }
      const order = ['us', 'ca', 'eu_region_1'];
      const series = [...byKey.values()].sort(
        (a, b) =>
          (order.indexOf(a.regionId) + 1 || 99) - (order.indexOf(b.regionId) + 1 || 99) ||
          a.currencyCode.localeCompare(b.currencyCode),
      );
      return { days, series };
    },

    /**
     * Orders waiting for payment (bank transfer not received) and to ship: paid (or cash on delivery) with
     * something left to ship, whatever was refunded since (issue 40: the shipping queue's own rule).
     */
    async waiting(): Promise<{ awaitingPayment: number; awaitingShipment: number }> {
      const result = (await db.execute(sql`
        select
          (select count(*) from orders where status_id in (${inList(AWAITING_PAYMENT_STATUS_IDS)}))::int as payment,
          (select count(*) from orders where ${READY_TO_SHIP})::int as shipment`)) as unknown as {
        rows: { payment: number; shipment: number }[];
      };
      const row = result.rows[0];
      return { awaitingPayment: Number(row?.payment ?? 0), awaitingShipment: Number(row?.shipment ?? 0) };
    },

    /** Pro applications waiting: customers whose pro code (SPEC §3, §4) has region 'pending', oldest first. */
    async proApplications(): Promise<{ count: number; oldest: ProApplication[] }> {
      const result = (await db.execute(sql`
        select id, email, first_name, last_name, (extract(epoch from created_at) * 1000)::float8 as created_ms, form_fields, notes
        from customers
        where disabled_at is null and erased_at is null
          and (form_fields @> '[{"name": "Pro Code"}]'::jsonb or notes like '%pending%')
        order by created_at, id`)) as unknown as {
        rows: {
          id: number;
          email: string;
          first_name: string;
          last_name: string;
          created_ms: number;
          form_fields: { name: string; value: string }[] | string;
          notes: string;
        }[];
      };
      const pending = result.rows.filter((row) => {
        const formFields =
          typeof row.form_fields === 'string' ? JSON.parse(row.form_fields) : row.form_fields;
        return proCodeInfoOf({ notes: row.notes, form_fields: formFields })?.region === 'pending';
      });
      return {
        count: pending.length,
        oldest: pending.slice(0, 10).map((row) => ({
          customerId: Number(row.id),
          email: row.email,
          name: `${row.first_name} ${row.last_name}`.trim(),
          appliedAt: new Date(Number(row.created_ms)),
        })),
      };
    },

    /** Variants of products tracked by variant with `threshold` or fewer in stock, lowest first. */
    async lowStock(options: { threshold?: number; limit?: number } = {}): Promise<LowStockVariant[]> {
      const threshold = options.threshold ?? LOW_STOCK_THRESHOLD;
      const result = (await db.execute(sql`
        select p.id as product_id, v.id as variant_id, p.name as product_name, v.sku, v.inventory_level as level
        from variants v join products p on p.id = v.product_id
        where p.inventory_tracking = 'variant' and p.is_visible and p.availability <> 'disabled'
          and v.inventory_level <= ${threshold}
        order by v.inventory_level, p.name, v.sku
        limit ${options.limit ?? 50}`)) as unknown as {
        rows: { product_id: number; variant_id: number; product_name: string; sku: string; level: number }[];
      };
      return result.rows.map((row) => ({
        productId: Number(row.product_id),
        variantId: Number(row.variant_id),
        productName: row.product_name,
        sku: row.sku,
        level: Number(row.level),
      }));
    },
  };
}

export type Reports = ReturnType<typeof createReports>;
