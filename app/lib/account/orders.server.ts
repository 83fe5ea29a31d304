import { type CurrencyFormatSettings, formatCurrency } from '#core/currency-format.ts';
import { trackingUrl } from '#core/tracking.ts';
import type { StorefrontContext } from '../router/storefront-context.server.ts';

/** Orders as the account and order-status pages show them: formatted money and dates, tracking links. */

export interface OrderSummary {
  id: number;
  date: string;
  dateTime: string;
  status: string;
  total: string;
  href: string;
}

export { trackingUrl };

function dateText(ctx: StorefrontContext, value: string): string {
  const date = new Date(value);
  try {
    return new Intl.DateTimeFormat(`${ctx.locale.language}-${ctx.locale.country.toUpperCase()}`, {
      dateStyle: 'medium',
      timeZone: 'UTC',
    }).format(date);
  } catch {
    return date.toISOString().slice(0, 10);
  }
}

async function formats(ctx: StorefrontContext) {
  const commerce = ctx.services.commerce;
  const cache = new Map<string, CurrencyFormatSettings>();
  return async (code: string) => {
    let format = cache.get(code);
    if (!format) {
      format = await commerce.currencies.get(code);
      cache.set(code, format);
    }
    return (value: number) => formatCurrency(value, format);
  };
}

export async function orderSummaries(ctx: StorefrontContext, customerId: number): Promise<OrderSummary[]> {
  const commerce = ctx.services.commerce;
  const money = await formats(ctx);
  const orders = await commerce.orders.listForCustomer(customerId);
  return Promise.all(
    orders.map(async (order) => ({
      id: order.id,
      date: dateText(ctx, order.date_created),
      dateTime: new Date(order.date_created).toISOString(),
      status: order.status,
      total: (await money(order.currency_code))(order.total_inc_tax),
      href: `/${ctx.locale.segment}/account/orders/${order.id}`,
    })),
  );
}

/** One order in full. The caller has checked it may see it. */
export async function orderDetail(ctx: StorefrontContext, orderId: number) {
  const commerce = ctx.services.commerce;
  const order = await commerce.orders.get(orderId);
  const shipments = await commerce.orders.shipments(orderId);
  const format = await (await formats(ctx))(order.currency_code);
  return {
    id: order.id,
    date: dateText(ctx, order.date_created),
    dateTime: new Date(order.date_created).toISOString(),
    status: order.status,
    items: order.products.map((item) => ({
      id: item.id,
      name: item.name,
      sku: item.sku,
      quantity: item.quantity,
      price: format(item.price_inc_tax),
      total: format(item.total_inc_tax),
    })),
    subtotal: format(order.subtotal_inc_tax),
    /** The discount code and what it took off the goods (a free-shipping code shows as free shipping). */
    discount:
      order.coupon_code && order.coupon_discount > 0
        ? { code: order.coupon_code, saving: `−${format(order.coupon_discount)}` }
        : null,
    shipping: format(order.shipping_cost_inc_tax),
    total: format(order.total_inc_tax),
    shippingAddress: order.shipping_address,
    billingAddress: order.billing_address,
    shipments: shipments.map((shipment) => ({
      id: shipment.id,
      carrier: shipment.tracking_carrier,
      trackingNumber: shipment.tracking_number,
      trackingUrl: trackingUrl(shipment.tracking_carrier, shipment.tracking_number),
      date: dateText(ctx, shipment.date_created),
    })),
  };
}

export type OrderDetail = Awaited<ReturnType<typeof orderDetail>>;
