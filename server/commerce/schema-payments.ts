import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './schema-sales.ts';

/**
 * Where an order's payment stands with its provider (decision 0055): `pending` from the order's transaction until
 * the provider has answered (the minute's retry asks again when the process died in between), `awaiting` while a
 * provider that confirms later has not sent its webhook, then `authorized` or `declined`. One row per order.
 */
export const PAYMENT_STATES = ['pending', 'awaiting', 'authorized', 'declined'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** What a declined payment needs to give the shopper their cart back as it was. */
export interface PaymentRecovery {
  isPro: boolean;
  cart: {
    id: string;
    regionId: string;
    currencyCode: string;
    customerId: number | null;
    discountCode: string | null;
    createdAt: string;
    items: { id: string; productId: number; variantId: number; quantity: number; createdAt: string }[];
  };
  /** The sessions that pointed at the cart when the order closed it. */
  sessionIds: string[];
}

export const orderPayments = pgTable(
  'order_payments',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    state: text('state', { enum: PAYMENT_STATES }).notNull(),
    /** The provider's name for the payment, once it has answered. */
    reference: text('reference'),
    /** The provider's reason for a decline. */
    reason: text('reason'),
    recovery: jsonb('recovery').$type<PaymentRecovery>().notNull(),
    /** The served locale segment the shopper ordered in: the confirmation mail speaks it. */
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved by each claim of the retry, so a claim whose process dies is free again a minute later. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_payments_pending_idx').on(t.updatedAt).where(sql`${t.state} = 'pending'`)],
);
