import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { FULFILLMENT_STATUSES, PAYMENT_STATUSES } from '#core/order-standing.ts';
import { newsletterSubscriptions } from '../newsletter/schema.ts';
import { commerceRegions } from './schema.ts';
import { products, variants } from './schema-catalogue.ts';
import { customers } from './schema-customers.ts';

/** Carts, shipping and orders (SPEC §3 cart, shipping method and settings). */

export const carts = pgTable(
  'carts',
  {
    /** A random UUID: unguessable, and still only readable by its session or customer. */
    id: text('id').primaryKey(),
    regionId: text('region_id')
      .notNull()
      .references(() => commerceRegions.id),
    currencyCode: text('currency_code').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** The discount code the shopper entered (upper-case), evaluated again on every view and at checkout. */
    discountCode: text('discount_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('carts_customer_idx').on(t.customerId)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: text('id').primaryKey(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cart_items_line_idx').on(t.cartId, t.variantId)],
);

export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: integer('id').primaryKey(),
    regionId: text('region_id')
      .notNull()
      .references(() => commerceRegions.id),
    name: text('name').notNull(),
    type: text('type').notNull().default('country'),
    countries: jsonb('countries').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [index('shipping_zones_region_idx').on(t.regionId)],
);

export interface ShippingMethodSettingsRecord {
  carrier_options?: { minimum_sub_total?: number | null };
  range?: { lower_limit: number; upper_limit: number | null; shipping_cost: number }[];
}

export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: integer('id').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['freeshipping', 'total'] }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    settings: jsonb('settings').$type<ShippingMethodSettingsRecord>().notNull(),
  },
  (t) => [index('shipping_methods_zone_idx').on(t.zoneId)],
);

export const shippingSettings = pgTable('shipping_settings', {
  regionId: text('region_id')
    .primaryKey()
    .references(() => commerceRegions.id),
  isEnabled: boolean('is_enabled').notNull().default(false),
  /** Comma-separated customer group ids whose free-shipping tiers are hidden (SPEC §3, §6). */
  hideFreeShippingGroups: text('hide_free_shipping_groups').notNull().default(''),
});

export interface OrderAddressRecord {
  first_name: string;
  last_name: string;
  company?: string;
  street_1: string;
  street_2?: string;
  city: string;
  state: string;
  zip: string;
  country_iso2: string;
  email?: string;
  phone?: string;
}

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    regionId: text('region_id')
      .notNull()
      .references(() => commerceRegions.id),
    currencyCode: text('currency_code').notNull(),
    status: text('status').notNull(),
    statusId: integer('status_id').notNull(),
    subtotal: numeric('subtotal', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    shippingCost: numeric('shipping_cost', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    taxTotal: numeric('tax_total', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    total: numeric('total', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    billingAddress: jsonb('billing_address').$type<OrderAddressRecord>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<OrderAddressRecord>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Checkout's idempotency key: a double click or a retried request finds the order it already made. */
    idempotencyKey: text('idempotency_key'),
    /** The payment method (server/payment) and the shipping method chosen at checkout. */
    paymentMethod: text('payment_method').notNull().default(''),
    shippingMethod: text('shipping_method').notNull().default(''),
    /** The session that placed the order (SHA-256 id), so a guest can see its confirmation page. */
    placedBySession: text('placed_by_session'),
    /** The locale segment the shopper ordered in (`fr-ca`): the order's later mails speak it. Null before 0019. */
    locale: text('locale'),
    /** Where the money and the parcels stand (core/order-standing.ts), apart from the platform's status id. */
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull(),
    fulfillmentStatus: text('fulfillment_status', { enum: FULFILLMENT_STATUSES }).notNull(),
    /** When the payment was received (at checkout, or marked paid): the shipping queue is oldest paid first. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Staff's labels on the order ("gift", "priority"), filterable. */
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** Bumped by every back-office change: a form carries the version it was read at, a stale one is refused. */
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The discount code used (issue 41), what it took off the goods, and what it took off the shipping. */
    discountCode: text('discount_code'),
    discountAmount: numeric('discount_amount', { precision: 12, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    shippingDiscount: numeric('shipping_discount', { precision: 12, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    // The back office's list: newest first, keyset on (created_at, id), optionally within one status.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.statusId, t.createdAt, t.id),
    index('orders_email_lower_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    // Name search in the back office: a prefix of the billing first or last name (server/commerce/order-queries.ts).
    index('orders_billing_first_name_idx').on(
      sql`lower(${t.billingAddress}->>'first_name') text_pattern_ops`,
    ),
    index('orders_billing_last_name_idx').on(sql`lower(${t.billingAddress}->>'last_name') text_pattern_ops`),
    uniqueIndex('orders_idempotency_key_idx').on(t.idempotencyKey),
    check('orders_total_nonnegative', sql`${t.total} >= 0`),
    index('orders_payment_status_created_idx').on(t.paymentStatus, t.createdAt, t.id),
    index('orders_fulfillment_status_created_idx').on(t.fulfillmentStatus, t.createdAt, t.id),
    // The shipping queue (drizzle/0023): oldest paid first among what is paid and not shipped in full.
    index('orders_ship_queue_idx')
      .on(sql`(coalesce(${t.paidAt}, ${t.createdAt}))`, t.id)
      .where(
        sql`${t.fulfillmentStatus} in ('unfulfilled', 'partially_fulfilled') and (${t.paymentStatus} in ('paid', 'partially_refunded') or (${t.paymentStatus} = 'awaiting' and ${t.paymentMethod} = 'cash_on_delivery'))`,
      ),
  ],
);

/** Order numbers of orders placed at checkout (the demo orders use numbers below 1001). */
export const orderNumbers = pgSequence('order_numbers', { startWith: 1001 });

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    variantId: integer('variant_id'),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** The line's share of a discount code's saving (the whole line, not a unit). */
    discount: numeric('discount', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull(),
    items: jsonb('items').$type<{ order_item_id: number; quantity: number }[]>().notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('shipments_order_idx').on(t.orderId)],
);

/** An order's timeline: placed, paid, shipped, delivered, cancelled, refunded, and notes; who did it when. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    /** The staff member (server/backoffice/schema.ts) or null for the shopper and the store itself. */
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/** Money given back on an order (recorded here; the payment provider moves it). */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** The lines this refund gives back money for (empty: an amount not tied to lines). */
    lines: jsonb('lines').$type<RefundLineRecord[]>().notNull().default([]),
    /** The part of `amount` that gives back shipping. */
    shippingAmount: numeric('shipping_amount', { precision: 12, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    /** The return it refunds, when it came from one. */
    returnId: integer('return_id'),
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refunds_order_idx').on(t.orderId), check('refunds_amount_positive', sql`${t.amount} > 0`)],
);

export interface RefundLineRecord {
  order_item_id: number;
  quantity: number;
  amount: number;
  /** Units taken off the order before they shipped, and put back in stock. */
  removed: number;
}

export interface ReturnItemRecord {
  order_item_id: number;
  quantity: number;
  /** Put back into stock (false: damaged, kept out of sale). */
  restock: boolean;
}

/** Goods that came back: lines and quantities, why, and which went back to stock (issue 40). */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    items: jsonb('items').$type<ReturnItemRecord[]>().notNull(),
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_returns_order_idx').on(t.orderId)],
);

/**
 * Back-in-stock e-mails already sent: one row per signup (a `back-in-stock:{product}:{variant}` subscription).
 * The row is written before the mail goes out, so two restocks at once never mail a subscriber twice.
 */
export const backInStockNotices = pgTable('back_in_stock_notices', {
  subscriptionId: integer('subscription_id')
    .primaryKey()
    .references(() => newsletterSubscriptions.id, { onDelete: 'cascade' }),
  variantId: integer('variant_id').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
