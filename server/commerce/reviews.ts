import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  moderationAllowed,
  plainReviewText,
  REVIEW_NOTE_MAX,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  type ReviewEligibility,
  type ReviewStatus,
  reviewEligibility,
  reviewerName,
} from '#core/reviews.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { badRequest, conflict, forbidden, notFound, tooManyAttempts } from './errors.ts';
import type { RateLimits } from './rate-limits.ts';
import { products } from './schema-catalogue.ts';
import { customers } from './schema-customers.ts';
import { productReviews, reviewVotes } from './schema-reviews.ts';
import { orderItems, orderReturns, orders } from './schema-sales.ts';

/**
 * Product reviews from buyers (issue 45, decision 0043): the rules are core/reviews.ts; here they meet the
 * database. Every write that changes what a product page shows (an approval, an edit or rejection of a shown
 * review, a reply, a vote) records a shown product change in the same transaction (decision 0036), so a cached
 * page of that product, and no other, is rendered again.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

/** The product's cached pages follow: the change log names it as shown (drizzle/0024). */
const recordShown = (executor: Executor, productId: number) =>
  executor.execute(sql`select record_product_changes(array[${productId}::integer], array[true])`);

/** A review as the shopper sends it; the field keys of a refusal are display text keys. */
export const reviewInputSchema = z.object({
  rating: z.coerce
    .number({ error: 'review error rating' })
    .int({ error: 'review error rating' })
    .min(1, { error: 'review error rating' })
    .max(5, { error: 'review error rating' }),
  text: z
    .string({ error: 'review error text' })
    .transform(plainReviewText)
    .pipe(
      z
        .string()
        .min(REVIEW_TEXT_MIN, { error: 'review error text' })
        .max(REVIEW_TEXT_MAX, { error: 'review error text' }),
    ),
  language: z.string().regex(/^[a-z]{2}$/),
});

const noteSchema = (field: string) =>
  z
    .string()
    .transform(plainReviewText)
    .pipe(
      z
        .string()
        .min(1, { error: `${field} must not be empty` })
        .max(REVIEW_NOTE_MAX, { error: `${field} must be at most ${REVIEW_NOTE_MAX} characters` }),
    );

function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? 'form')] ??= issue.message;
  return fields;
}

export interface ShownReview {
  id: number;
  rating: number;
  body: string;
  language: string;
  helpful: number;
  writtenAt: Date;
  reviewer: string;
  reply: string | null;
}

export interface QueuedReview extends ShownReview {
  productId: number;
  productName: string;
  orderId: number;
  status: ReviewStatus;
  rejectReason: string | null;
}

export interface ReviewSettings {
  rateLimits: RateLimits;
  /** "Helpful" votes per client address per window. */
  votesPerClient?: number;
  windowSeconds?: number;
}

export function createReviews(db: Database, settings: ReviewSettings) {
  const { rateLimits } = settings;

  /** The facts the eligibility rule needs: the customer's orders of this product, their states and returns. */
  async function eligibility(customerId: number, productId: number): Promise<ReviewEligibility> {
    const lines = await db
      .select({
        orderId: orders.id,
        fulfillment: orders.fulfillmentStatus,
        itemId: orderItems.id,
        productId: orderItems.productId,
        quantity: orderItems.quantity,
      })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(and(eq(orders.customerId, customerId), eq(orderItems.productId, productId)));
    if (lines.length === 0) return reviewEligibility(productId, []);
    const returns = await db
      .select({ items: orderReturns.items })
      .from(orderReturns)
      .where(
        inArray(
          orderReturns.orderId,
          lines.map((line) => line.orderId),
        ),
      );
    const returned = new Map<number, number>();
    for (const row of returns)
      for (const item of row.items)
        returned.set(item.order_item_id, (returned.get(item.order_item_id) ?? 0) + item.quantity);
    type Line = { productId: number; quantity: number; returned: number };
    const byOrder = new Map<number, { id: number; fulfillment: string; lines: Line[] }>();
    for (const line of lines) {
      const order = byOrder.get(line.orderId) ?? {
        id: line.orderId,
        fulfillment: line.fulfillment,
        lines: [],
      };
      order.lines.push({
        productId: line.productId,
        quantity: line.quantity,
        returned: returned.get(line.itemId) ?? 0,
      });
      byOrder.set(line.orderId, order);
    }
    return reviewEligibility(productId, [...byOrder.values()]);
  }

  async function ownReview(customerId: number, productId: number) {
    const [row] = await db
      .select()
      .from(productReviews)
      .where(and(eq(productReviews.customerId, customerId), eq(productReviews.productId, productId)));
    return row ?? null;
  }

  async function lockReview(tx: Tx, id: number) {
    const [row] = await tx
      .select({ review: productReviews, productName: products.name })
      .from(productReviews)
      .innerJoin(products, eq(products.id, productReviews.productId))
      .where(eq(productReviews.id, id))
      .for('update', { of: productReviews });
    if (!row) throw notFound('No such review');
    return row;
  }

  /** One moderation step: refused unless core/reviews.ts allows it, audited, the product's pages told. */
  async function moderate(
    actor: Actor,
    id: number,
    intent: 'approve' | 'reject' | 'reply',
    change: (now: Date) => Partial<typeof productReviews.$inferInsert>,
    after: Record<string, unknown>,
  ) {
    return db.transaction(async (tx) => {
      const { review, productName } = await lockReview(tx, id);
      if (!moderationAllowed(review.status, intent))
        throw conflict(
          intent === 'reply'
            ? 'Only an approved review can have a reply: approve it first'
            : `This review is already ${review.status}`,
        );
      const now = new Date();
      const values = change(now);
      await tx.update(productReviews).set(values).where(eq(productReviews.id, id));
      // What shows changes unless a review that was not shown stays unshown (a pending one rejected).
      if (review.status === 'approved' || values.status === 'approved' || intent === 'reply')
        await recordShown(tx, review.productId);
      const action = { approve: 'review.approved', reject: 'review.rejected', reply: 'review.replied' }[
        intent
      ];
      await recordAudit(tx, actor, {
        action,
        entity: 'review',
        entityId: id,
        before: { status: review.status, product: productName, reply: review.reply ?? undefined },
        after: { product: productName, rating: review.rating, ...after },
      });
      return { id, productId: review.productId };
    });
  }

  return {
    eligibility,
    ownReview,

    /** The line of a product in a customer's own order (the review form's address), or null for any other. */
    async orderLine(customerId: number, orderId: number, productId: number) {
      const [line] = await db
        .select({ orderId: orders.id, productName: orderItems.name })
        .from(orders)
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(
          and(eq(orders.id, orderId), eq(orders.customerId, customerId), eq(orderItems.productId, productId)),
        )
        .limit(1);
      return line ?? null;
    },

    /** Which products of an order the customer may review now (the order page's links). */
    async reviewableIn(customerId: number, orderId: number): Promise<{ productId: number; name: string }[]> {
      const lines = await db
        .select({ productId: orderItems.productId, name: orderItems.name })
        .from(orders)
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(
          and(
            eq(orders.id, orderId),
            eq(orders.customerId, customerId),
            eq(orders.fulfillmentStatus, 'delivered'),
          ),
        );
      const names = new Map(lines.map((line) => [line.productId, line.name]));
      const ids = [...names.keys()];
      const verdicts = await Promise.all(ids.map((id) => eligibility(customerId, id)));
      return ids
        .filter((_, index) => verdicts[index]!.kind === 'eligible')
        .map((productId) => ({ productId, name: names.get(productId)! }));
    },

    /**
     * Writes the customer's review of a product, or their edit of it: one per customer and product (a double
     * submit or two tabs end in one row), waiting for moderation again, its earlier reply and refusal cleared.
     */
    async submit(customerId: number, productId: number, input: unknown) {
      const parsed = reviewInputSchema.safeParse(input);
      if (!parsed.success) throw badRequest('The review is not complete', fieldsOf(parsed.error));
      const verdict = await eligibility(customerId, productId);
      if (verdict.kind !== 'eligible')
        throw forbidden(
          verdict.kind === 'not-delivered'
            ? 'review error not delivered'
            : verdict.kind === 'returned'
              ? 'review error returned'
              : 'review error not bought',
        );
      const { rating, text, language } = parsed.data;
      return db.transaction(async (tx) => {
        const now = new Date();
        const [before] = await tx
          .select({ status: productReviews.status })
          .from(productReviews)
          .where(and(eq(productReviews.customerId, customerId), eq(productReviews.productId, productId)))
          .for('update');
        const fields = {
          orderId: verdict.orderId,
          rating,
          body: text,
          language,
          status: 'pending' as const,
          rejectReason: null,
          reply: null,
          repliedAt: null,
          writtenAt: now,
          moderatedAt: null,
        };
        const [row] = await tx
          .insert(productReviews)
          .values({ productId, customerId, ...fields })
          .onConflictDoUpdate({ target: [productReviews.customerId, productReviews.productId], set: fields })
          .returning({ id: productReviews.id });
        // An edit of a shown review takes it off the page until it is approved again.
        if (before?.status === 'approved') await recordShown(tx, productId);
        return { id: row!.id, edited: before !== undefined };
      });
    },

    /** The approved reviews of a product, with the reviewer as the page names them. */
    async shown(productId: number): Promise<ShownReview[]> {
      const rows = await db
        .select({
          id: productReviews.id,
          rating: productReviews.rating,
          body: productReviews.body,
          language: productReviews.language,
          helpful: productReviews.helpful,
          writtenAt: productReviews.writtenAt,
          reply: productReviews.reply,
          firstName: customers.firstName,
          lastName: customers.lastName,
        })
        .from(productReviews)
        .innerJoin(customers, eq(customers.id, productReviews.customerId))
        .where(and(eq(productReviews.productId, productId), eq(productReviews.status, 'approved')));
      return rows.map(({ firstName, lastName, ...row }) => ({
        ...row,
        reviewer: reviewerName(firstName, lastName),
      }));
    },

    /**
     * One "helpful" per client and review, throttled per client address (decision 0037: both keyed hashes,
     * never the address). A second vote from the same client counts nothing; two at once count once.
     */
    async vote(
      reviewId: number,
      client: { ip: string; customerId: number | null },
    ): Promise<{ counted: boolean; productId: number }> {
      const throttle = await rateLimits.hit(
        rateLimits.key('review-vote', 'ip', client.ip),
        settings.votesPerClient ?? 30,
        settings.windowSeconds ?? 900,
      );
      if (!throttle.allowed) throw tooManyAttempts(throttle.retryAfter);
      return db.transaction(async (tx) => {
        const [review] = await tx
          .select({ productId: productReviews.productId })
          .from(productReviews)
          .where(and(eq(productReviews.id, reviewId), eq(productReviews.status, 'approved')));
        if (!review) throw notFound('No such review');
        const inserted = await tx
          .insert(reviewVotes)
          .values({
            reviewId,
            voter: rateLimits.key('review-voter', 'ip', client.ip),
            customerId: client.customerId,
          })
          .onConflictDoNothing()
          .returning({ reviewId: reviewVotes.reviewId });
        if (inserted.length === 0) return { counted: false, productId: review.productId };
        await tx
          .update(productReviews)
          .set({ helpful: sql`${productReviews.helpful} + 1` })
          .where(eq(productReviews.id, reviewId));
        await recordShown(tx, review.productId);
        return { counted: true, productId: review.productId };
      });
    },

    /** The back office's queue: waiting reviews oldest first, decided ones newest first. */
    async queue(status: ReviewStatus, limit = 100): Promise<QueuedReview[]> {
      const rows = await db
        .select({
          review: productReviews,
          productName: products.name,
          firstName: customers.firstName,
          lastName: customers.lastName,
        })
        .from(productReviews)
        .innerJoin(products, eq(products.id, productReviews.productId))
        .innerJoin(customers, eq(customers.id, productReviews.customerId))
        .where(eq(productReviews.status, status))
        .orderBy(
          status === 'pending' ? asc(productReviews.writtenAt) : desc(productReviews.moderatedAt),
          asc(productReviews.id),
        )
        .limit(limit);
      return rows.map(({ review, productName, firstName, lastName }) => ({
        id: review.id,
        rating: review.rating,
        body: review.body,
        language: review.language,
        helpful: review.helpful,
        writtenAt: review.writtenAt,
        reply: review.reply,
        reviewer: reviewerName(firstName, lastName),
        productId: review.productId,
        productName,
        orderId: review.orderId,
        status: review.status,
        rejectReason: review.rejectReason,
      }));
    },

    async counts(): Promise<Record<ReviewStatus, number>> {
      const rows = await db
        .select({ status: productReviews.status, count: sql<number>`count(*)::int` })
        .from(productReviews)
        .groupBy(productReviews.status);
      const counts: Record<ReviewStatus, number> = { pending: 0, approved: 0, rejected: 0 };
      for (const row of rows) counts[row.status] = Number(row.count);
      return counts;
    },

    approve(actor: Actor, id: number) {
      return moderate(
        actor,
        id,
        'approve',
        (now) => ({ status: 'approved', rejectReason: null, moderatedAt: now }),
        { status: 'approved' },
      );
    },

    async reject(actor: Actor, id: number, reason: unknown) {
      const parsed = noteSchema('The reason').safeParse(reason);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message, { reason: 'Give a reason' });
      return moderate(
        actor,
        id,
        'reject',
        (now) => ({ status: 'rejected', rejectReason: parsed.data, moderatedAt: now }),
        { status: 'rejected', reason: parsed.data },
      );
    },

    async reply(actor: Actor, id: number, reply: unknown) {
      const parsed = noteSchema('The reply').safeParse(reply);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message, { reply: 'Write a reply' });
      return moderate(actor, id, 'reply', (now) => ({ reply: parsed.data, repliedAt: now }), {
        reply: parsed.data,
      });
    },

    eraseCustomer: eraseReviewsOf,
  };
}

export type Reviews = ReturnType<typeof createReviews>;

/**
 * The erase of a customer (decision 0037), inside its transaction: their reviews go (their words may name them)
 * with the votes on them, and their own votes; the pages of products that showed one of them are told.
 */
export async function eraseReviewsOf(tx: Tx, customerId: number) {
  const removed = await tx
    .delete(productReviews)
    .where(eq(productReviews.customerId, customerId))
    .returning({ productId: productReviews.productId, status: productReviews.status });
  const votes = await tx
    .delete(reviewVotes)
    .where(eq(reviewVotes.customerId, customerId))
    .returning({ reviewId: reviewVotes.reviewId });
  for (const productId of new Set(
    removed.filter((row) => row.status === 'approved').map((row) => row.productId),
  ))
    await recordShown(tx, productId);
  return { reviewsDeleted: removed.length, votesDeleted: votes.length };
}
