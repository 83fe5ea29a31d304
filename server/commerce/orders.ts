import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import type { Caller } from './accounts.ts';
import { notFound } from './errors.ts';
import type { RateLimits } from './rate-limits.ts';
import { orderItems, orders, shipments } from './schema-sales.ts';

/** The read side of orders (placing orders comes with checkout). */

type OrderRow = typeof orders.$inferSelect;

function orderJson(row: OrderRow) {
  return {
    id: row.id,
    customer_id: row.customerId ?? 0,
    status: row.status,
    status_id: row.statusId,
    date_created: row.createdAt.toUTCString(),
    currency_code: row.currencyCode,
    region: row.regionId,
    subtotal_ex_tax: row.subtotal,
    subtotal_inc_tax: row.subtotal,
    shipping_cost_inc_tax: row.shippingCost,
    // BigCommerce's names: the code's saving on the goods, and the code (issue 41); shipping is charged after it.
    coupon_discount: row.discountAmount,
    coupon_code: row.discountCode,
    shipping_discount: row.shippingDiscount,
    total_tax: row.taxTotal,
    total_inc_tax: row.total,
    total_ex_tax: row.total - row.taxTotal,
    billing_address: row.billingAddress,
    shipping_address: row.shippingAddress,
  };
}

/** Per-window limits of the order-status lookup (settings ORDER_STATUS_LIMIT_PER_IP, ORDER_STATUS_LIMIT_PER_EMAIL). */
export interface OrderStatusLimits {
  windowSeconds: number;
  perIp: number;
  perEmail: number;
}

export const DEFAULT_ORDER_STATUS_LIMITS: OrderStatusLimits = { windowSeconds: 900, perIp: 30, perEmail: 10 };

export function createOrders(
  db: Database,
  deps: { rateLimits: RateLimits; statusLimits: OrderStatusLimits },
) {
  const byId = db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .prepare('orders_by_id');

  const api = {
    async find(id: number): Promise<OrderRow | null> {
      return (await byId.execute({ id }))[0] ?? null;
    },

    async listForCustomer(customerId: number) {
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.customerId, customerId))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      return rows.map(orderJson);
    },

    async get(id: number) {
      const [row] = await byId.execute({ id });
      if (!row) throw notFound(`No order ${id}`);
      const items = await db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, id))
        .orderBy(asc(orderItems.id));
      return {
        ...orderJson(row),
        products: items.map((item) => ({
          id: item.id,
          order_id: item.orderId,
          product_id: item.productId,
          variant_id: item.variantId,
          name: item.name,
          sku: item.sku,
          quantity: item.quantity,
          price_inc_tax: item.price,
          total_inc_tax: Math.round(item.price * item.quantity * 100) / 100,
          /** The line's share of the discount code's saving. */
          discount_amount: item.discount,
        })),
      };
    },

    async shipments(orderId: number) {
      const rows = await db
        .select()
        .from(shipments)
        .where(eq(shipments.orderId, orderId))
        .orderBy(asc(shipments.id));
      return rows.map((row) => ({
        id: row.id,
        order_id: row.orderId,
        tracking_number: row.trackingNumber,
        tracking_carrier: row.carrier,
        shipping_provider: row.carrier,
        date_created: row.shippedAt.toUTCString(),
        items: row.items,
      }));
    },

    /**
     * The order-status lookup every door uses (the page form and /api/order-status): an order number and an
     * email are all it takes, so guessing either must be slow. Every lookup counts per client address, then
     * per email; the first exhausted limit refuses with its Retry-After, and a lookup refused per address does
     * not use up the email's limit (an attacker cannot lock the owner out from elsewhere).
     */
    async lookUpStatus(caller: Pick<Caller, 'ip'>, id: number, email: string) {
      const { windowSeconds, perIp, perEmail } = deps.statusLimits;
      await deps.rateLimits.throttle(
        [
          [deps.rateLimits.key('order-status', 'ip', caller.ip), perIp],
          [deps.rateLimits.key('order-status', 'email', email), perEmail],
        ],
        windowSeconds,
      );
      return api.statusByEmail(id, email);
    },

    /**
     * The order-status read without a throttle (tests, trusted callers); a visitor's door calls `lookUpStatus`.
     * A wrong email and an unknown order give the same not-found.
     */
    async statusByEmail(id: number, email: string) {
      const [row] = await byId.execute({ id });
      if (!row || row.email.toLowerCase() !== email.trim().toLowerCase())
        throw notFound(`No order ${id} for that email`);
      return {
        id: row.id,
        status: row.status,
        status_id: row.statusId,
        date_created: row.createdAt.toUTCString(),
        total_inc_tax: row.total,
        currency_code: row.currencyCode,
        shipments: await api.shipments(id),
      };
    },
  };
  return api;
}

export type Orders = ReturnType<typeof createOrders>;
