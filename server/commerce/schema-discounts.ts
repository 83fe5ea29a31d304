import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DiscountKind, DiscountScope } from '#core/discount-code.ts';
import { orders } from './schema-sales.ts';

/**
 * Discount codes and their redemptions (issue 41, decision 0038). `uses` is the count checkout raises in the
 * order's transaction under the code's row lock; the check keeps it within the limit whatever writes it, and the
 * redemptions' unique keys make one order count once and one shopper's n-th use exist once.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    /** Kept upper-case (core/discount-code.ts `normalizeCode`): what a shopper types is upper-cased to match. */
    code: text('code').notNull(),
    /** Staff's note of what the code is for ("Newsletter, December"); never shown to shoppers. */
    description: text('description').notNull().default(''),
    kind: text('kind').$type<DiscountKind>().notNull(),
    percent: numeric('percent', { precision: 5, scale: 2, mode: 'number' }),
    /** Amount off per currency code. */
    amounts: jsonb('amounts').$type<Record<string, number>>().notNull().default({}),
    scope: text('scope').$type<DiscountScope>().notNull().default('cart'),
    categoryIds: jsonb('category_ids').$type<number[]>().notNull().default([]),
    productIds: jsonb('product_ids').$type<number[]>().notNull().default([]),
    /** Commerce regions; empty: every region. */
    regionIds: jsonb('region_ids').$type<string[]>().notNull().default([]),
    /** Minimum subtotal per currency code. */
    minimums: jsonb('minimums').$type<Record<string, number>>().notNull().default({}),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    combinesWithSale: boolean('combines_with_sale').notNull().default(false),
    appliesToPro: boolean('applies_to_pro').notNull().default(false),
    uses: integer('uses').notNull().default(0),
    /** Bumped by every back-office change: a form carries the version it was read at. */
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_idx').on(t.code),
    check('discount_codes_code_upper', sql`${t.code} = upper(${t.code})`),
    check(
      'discount_codes_uses_within_limit',
      sql`${t.uses} >= 0 and (${t.usageLimit} is null or ${t.uses} <= ${t.usageLimit})`,
    ),
  ],
);

export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: serial('id').primaryKey(),
    codeId: integer('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** `customer:{id}` or `email:{address}` (core/discount-code.ts `shopperKey`). */
    shopperKey: text('shopper_key').notNull(),
    /** This shopper's n-th order with the code. */
    useNumber: integer('use_number').notNull(),
    /** What the code took off the order, in its currency. */
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_redemptions_order_idx').on(t.orderId),
    uniqueIndex('discount_redemptions_shopper_idx').on(t.codeId, t.shopperKey, t.useNumber),
    index('discount_redemptions_code_idx').on(t.codeId),
  ],
);
