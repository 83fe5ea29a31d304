import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { ReviewStatus } from '#core/reviews.ts';
import { products } from './schema-catalogue.ts';
import { customers } from './schema-customers.ts';
import { orders } from './schema-sales.ts';

/**
 * Product reviews from buyers (issue 45, decision 0043, migration 0030): one per customer and product, tied to
 * the delivered order that makes it a verified purchase, shown once approved.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    /** Plain text (core/reviews.ts `plainReviewText`): shown escaped, never as HTML. */
    body: text('body').notNull(),
    /** The language of the page it was written on (`de`): the product page shows the shopper's own first. */
    language: text('language').notNull(),
    status: text('status').$type<ReviewStatus>().notNull().default('pending'),
    rejectReason: text('reject_reason'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    helpful: integer('helpful').notNull().default(0),
    /** When it was written or last edited: an edit waits for moderation again. */
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull().defaultNow(),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
  },
  (t) => [
    unique('product_reviews_customer_product_unique').on(t.customerId, t.productId),
    index('product_reviews_product_status_idx').on(t.productId, t.status),
    index('product_reviews_status_written_idx').on(t.status, t.writtenAt),
  ],
);

export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => productReviews.id, { onDelete: 'cascade' }),
    /** The keyed hash of the client address (rate-limits.ts), never the address. */
    voter: text('voter').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'review_votes_pkey', columns: [t.reviewId, t.voter] }),
    index('review_votes_customer_idx').on(t.customerId),
  ],
);

export const reviewInvitations = pgTable('review_invitations', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
