import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '#core/order-lifecycle.ts';
import { placedStanding } from '#core/order-standing.ts';
import type { Database } from '../db/database.ts';
import type { Authorization, PaymentProvider } from '../payment/payment.ts';
import {
  ANNOUNCEMENT_RETRY_AFTER_SECONDS,
  type OrderAnnouncements,
  type PendingAnnouncement,
  recordAnnouncement,
} from './order-announcements.ts';
import { products, variants } from './schema-catalogue.ts';
import { customers, sessions } from './schema-customers.ts';
import { discountCodes, discountRedemptions } from './schema-discounts.ts';
import { orderPayments, type PaymentRecovery, type PaymentState } from './schema-payments.ts';
import { cartItems, carts, orderEvents, orderItems, orders } from './schema-sales.ts';

/**
 * An order's payment, asked of the provider after the order's transaction has committed (decision 0055). The order
 * is placed with its stock taken, its cart closed and its payment `pending` (a row of `order_payments` written in
 * the same transaction); then the provider is asked, and its answer recorded in a transaction of its own:
 * - authorized: the order takes the status the provider gives (Awaiting Payment, Awaiting Fulfillment) and its
 *   confirmation mail is announced as decision 0047 says (a pending announcement written with the change);
 * - pending: a provider that confirms later; the order waits, `awaiting`, for its webhook (`decide`);
 * - declined: the order is cancelled, its stock and discount-code use given back, and the shopper's cart put
 *   back as it was, under its own id, in the sessions that held it.
 * A process that dies between the commit and the answer leaves the row `pending`: any process takes it up a
 * minute later (`retryPending`, at start and every minute), claimed under SKIP LOCKED as order announcements are.
 */

/** The order's status while its payment is being decided (BigCommerce's "Pending"). */
export const PAYMENT_PENDING_STATUS = { status: 'Pending', statusId: 1 } as const;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Written inside the order's transaction, with the order. */
export async function recordPaymentPending(
  tx: Tx,
  row: { orderId: number; provider: string; method: string; locale: string; recovery: PaymentRecovery },
): Promise<void> {
  await tx.insert(orderPayments).values({ ...row, state: 'pending' });
}

/** A provider's later word on a payment (its webhook), in the store's terms. */
export type LaterDecision =
  | { outcome: 'authorized'; reference: string }
  | { outcome: 'declined'; reference: string; reason: string };

export type DecideResult = 'changed' | 'unchanged' | 'unknown-order';

export function createOrderPayments(
  db: Database,
  provider: PaymentProvider,
  announcements: OrderAnnouncements,
  logger: { error(details: object, message: string): void },
) {
  /** Gives back what the order's transaction took: stock, the code's use, the cart. */
  async function undo(tx: Tx, orderId: number, recovery: PaymentRecovery): Promise<void> {
    const lines = await tx
      .select({
        variantId: orderItems.variantId,
        productId: orderItems.productId,
        quantity: orderItems.quantity,
        tracking: products.inventoryTracking,
      })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(orderItems.variantId);
    const tracked = lines.filter((line) => line.tracking !== 'none');
    // Variants by id, then products by id: the order in which checkout takes them.
    for (const line of tracked)
      if (line.variantId !== null)
        await tx
          .update(variants)
          .set({ inventoryLevel: sql`${variants.inventoryLevel} + ${line.quantity}` })
          .where(eq(variants.id, line.variantId));
    const perProduct = new Map<number, number>();
    for (const line of tracked)
      perProduct.set(line.productId, (perProduct.get(line.productId) ?? 0) + line.quantity);
    for (const [productId, quantity] of [...perProduct].sort((a, b) => a[0] - b[0]))
      await tx
        .update(products)
        .set({ inventoryLevel: sql`${products.inventoryLevel} + ${quantity}` })
        .where(eq(products.id, productId));

    const [redemption] = await tx
      .delete(discountRedemptions)
      .where(eq(discountRedemptions.orderId, orderId))
      .returning({ codeId: discountRedemptions.codeId });
    if (redemption)
      await tx
        .update(discountCodes)
        .set({ uses: sql`greatest(${discountCodes.uses} - 1, 0)` })
        .where(eq(discountCodes.id, redemption.codeId));

    const { cart } = recovery;
    // A cart's owner erased since, or a size deleted since, is not brought back with it.
    if (cart.customerId !== null) {
      const [owner] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.id, cart.customerId));
      if (!owner) return;
    }
    const put = await tx
      .insert(carts)
      .values({
        id: cart.id,
        regionId: cart.regionId,
        currencyCode: cart.currencyCode,
        customerId: cart.customerId,
        discountCode: cart.discountCode,
        createdAt: new Date(cart.createdAt),
      })
      .onConflictDoNothing()
      .returning({ id: carts.id });
    if (put.length === 0) return;
    const still = cart.items.length
      ? await tx
          .select({ id: variants.id })
          .from(variants)
          .where(
            inArray(
              variants.id,
              cart.items.map((item) => item.variantId),
            ),
          )
      : [];
    const items = cart.items.filter((item) => still.some((row) => row.id === item.variantId));
    if (items.length)
      await tx
        .insert(cartItems)
        .values(items.map((item) => ({ ...item, cartId: cart.id, createdAt: new Date(item.createdAt) })));
    // A session that has a cart of its own since keeps it.
    if (recovery.sessionIds.length)
      await tx
        .update(sessions)
        .set({ cartId: cart.id })
        .where(and(inArray(sessions.id, recovery.sessionIds), isNull(sessions.cartId)));
  }

  /**
   * Records an answer for an order whose payment is in one of `from`; answers the state it is in after, and
   * whether this call changed it. The order's row is locked first, as every change of an order does.
   */
  async function record(
    orderId: number,
    answer: Authorization,
    from: readonly PaymentState[],
  ): Promise<{ state: PaymentState | null; changed: boolean }> {
    let announcement: PendingAnnouncement | null = null;
    const result = await db.transaction(async (tx) => {
      const [order] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update');
      const [payment] = order
        ? await tx.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)).for('update')
        : [];
      if (!payment) return { state: null, changed: false };
      if (!from.includes(payment.state)) return { state: payment.state, changed: false };
      const now = new Date();
      if (answer.outcome === 'pending') {
        await tx
          .update(orderPayments)
          .set({ state: 'awaiting', reference: answer.reference, updatedAt: now })
          .where(eq(orderPayments.orderId, orderId));
        return { state: 'awaiting' as const, changed: true };
      }
      if (answer.outcome === 'authorized') {
        const standing = placedStanding(answer.statusId, payment.method);
        await tx
          .update(orders)
          .set({
            status: answer.status,
            statusId: answer.statusId,
            paymentStatus: standing.payment,
            fulfillmentStatus: standing.fulfillment,
            paidAt: standing.payment === 'paid' ? now : null,
            // Answered right after the commit, the placing is only finishing (version 0 as before); answered
            // later, staff may have the order open at Pending, and a form read then is stale.
            version: payment.state === 'pending' ? orders.version : sql`${orders.version} + 1`,
            updatedAt: now,
          })
          .where(eq(orders.id, orderId));
        await tx
          .update(orderPayments)
          .set({ state: 'authorized', reference: answer.reference, updatedAt: now })
          .where(eq(orderPayments.orderId, orderId));
        announcement = await recordAnnouncement(tx, orderId, payment.locale, now);
        return { state: 'authorized' as const, changed: true };
      }
      const cancelled = ORDER_STATUS.cancelled;
      await tx
        .update(orders)
        .set({
          status: cancelled.name,
          statusId: cancelled.id,
          paymentStatus: 'voided',
          fulfillmentStatus: 'cancelled',
          version: sql`${orders.version} + 1`,
          updatedAt: now,
        })
        .where(eq(orders.id, orderId));
      await undo(tx, orderId, payment.recovery);
      await tx
        .update(orderPayments)
        .set({ state: 'declined', reason: answer.reason.slice(0, 500), updatedAt: now })
        .where(eq(orderPayments.orderId, orderId));
      // The back office's timeline says why the order it never saw placed is cancelled.
      await tx.insert(orderEvents).values({
        orderId,
        type: 'cancelled',
        detail: { reason: 'Payment declined', wasPaid: false },
        createdAt: now,
      });
      return { state: 'declined' as const, changed: true };
    });
    if (announcement) announcements.announce(announcement);
    return result;
  }

  /** Asks the provider about an order whose payment is pending, and records its answer. */
  async function settle(orderId: number): Promise<PaymentState | null> {
    const [row] = await db
      .select({ payment: orderPayments, order: orders })
      .from(orderPayments)
      .innerJoin(orders, eq(orders.id, orderPayments.orderId))
      .where(eq(orderPayments.orderId, orderId));
    if (!row) return null;
    if (row.payment.state !== 'pending') return row.payment.state;
    const answer = await provider.authorize({
      orderId,
      method: row.payment.method,
      email: row.order.email,
      regionId: row.order.regionId,
      isPro: row.payment.recovery.isPro,
      total: row.order.total,
      currencyCode: row.order.currencyCode,
    });
    if (answer.outcome === 'pending' && !provider.confirmsLater)
      throw new Error(`Payment provider ${provider.id} answered pending but has no webhook to confirm it`);
    return (await record(orderId, answer, ['pending'])).state;
  }

  return {
    provider,
    settle,

    /**
     * A provider's webhook: moves a payment it left waiting (or one whose first answer was lost) to authorized or
     * declined. The same decision twice changes nothing the second time.
     */
    async decide(providerId: string, orderId: number, decision: LaterDecision): Promise<DecideResult> {
      const [row] = await db
        .select({ provider: orderPayments.provider, reference: orderPayments.reference })
        .from(orderPayments)
        .where(eq(orderPayments.orderId, orderId));
      // Another provider's order, or one whose reference is not the provider's: not an order it may decide.
      if (
        !row ||
        row.provider !== providerId ||
        (row.reference !== null && row.reference !== decision.reference)
      )
        return 'unknown-order';
      const answer: Authorization =
        decision.outcome === 'authorized'
          ? // A provider's confirmation is money taken: the order is paid and goes to fulfilment.
            {
              outcome: 'authorized',
              reference: decision.reference,
              status: 'Awaiting Fulfillment',
              statusId: 11,
            }
          : { outcome: 'declined', reason: decision.reason };
      const done = await record(orderId, answer, ['pending', 'awaiting']);
      return done.changed ? 'changed' : 'unchanged';
    },

    /**
     * Asks again about the payments left pending for more than a minute (the process died after the commit, the
     * provider did not answer); answers how many were claimed. Claimed by moving their time to now under SKIP
     * LOCKED, so two processes take different orders and a claim whose process dies is free a minute later.
     */
    async retryPending(limit = 100): Promise<number> {
      const claimed = (await db.execute(sql`
        update order_payments set updated_at = now()
         where order_id in (
           select order_id from order_payments
            where state = 'pending'
              and updated_at < now() - make_interval(secs => ${ANNOUNCEMENT_RETRY_AFTER_SECONDS})
            order by order_id limit ${limit}
            for update skip locked)
        returning order_id`)) as unknown as { rows: { order_id: number }[] };
      for (const row of claimed.rows)
        await settle(row.order_id).catch((error: unknown) =>
          logger.error({ err: error, orderId: row.order_id }, 'authorising a pending payment failed'),
        );
      return claimed.rows.length;
    },

    /** Where an order's payment stands, or null for an order placed before payments had a state. */
    async stateOf(orderId: number): Promise<PaymentState | null> {
      const [row] = await db
        .select({ state: orderPayments.state })
        .from(orderPayments)
        .where(eq(orderPayments.orderId, orderId));
      return row?.state ?? null;
    },
  };
}

export type OrderPayments = ReturnType<typeof createOrderPayments>;
