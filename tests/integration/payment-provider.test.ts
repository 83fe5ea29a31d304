import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Commerce, createCommerce } from '#server/commerce/index.ts';
import { ANNOUNCEMENT_PENDING, ANNOUNCEMENT_SENT } from '#server/commerce/order-announcements.ts';
import { loadConfig } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { createHttpApp } from '#server/http/app.ts';
import {
  type Authorization,
  createOfflinePayment,
  type PaymentOrder,
  type PaymentProvider,
} from '#server/payment/payment.ts';
import {
  createPaymentWebhookRoutes,
  PAYMENT_SIGNATURE_HEADER,
  type PaymentWebhookEvent,
  paymentSignature,
} from '#server/payment/webhook-routes.ts';
import { cartItems, carts, orderEvents, orderPayments, orders, sessions, variants } from '#server/schema.ts';
import { createServices } from '#server/services.ts';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { openSeeded, testDatabaseTargets } from '../support/test-databases.ts';

/**
 * Issue 44 part 1, decision 0055: the order is placed with its payment pending and the provider asked after the
 * commit. Authorised, it takes today's statuses and its confirmation; declined, it is cancelled with its stock and
 * the shopper's cart given back; a provider that answers "pending" confirms through a signed, idempotent webhook;
 * an order whose process died before the provider answered is finished by the minute's retry.
 */
const ADDRESS = {
  first_name: 'Paula',
  last_name: 'Provider',
  address1: '3 Ledger Road',
  city: 'Bend',
  state_or_province: 'OR',
  postal_code: '97701',
  country_code: 'US',
};
const SECRET = 'a-payment-webhook-secret-of-32-characters-or-more';

/** The offline methods, answered by `answer` (the test's script) and confirmed later through the webhook. */
function testProvider(
  answer: (order: PaymentOrder) => Authorization | Promise<Authorization>,
): PaymentProvider {
  const offline = createOfflinePayment();
  return {
    id: 'testpay',
    confirmsLater: true,
    methods: (context) => offline.methods(context),
    byId: (id) => offline.byId(id),
    authorize: async (order) => answer(order),
  };
}

describe.each(testDatabaseTargets)('the payment provider on $name', (target) => {
  let handle: DatabaseHandle;
  let variantId: number;
  let productId: number;
  let methodId: number;

  const stockOf = async () =>
    (await handle.db.select().from(variants).where(eq(variants.id, variantId)))[0]!.inventoryLevel;
  const orderOf = async (orderId: number) =>
    (await handle.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const paymentOf = async (orderId: number) =>
    (await handle.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)))[0];
  const confirmationsOf = async (orderId: number) =>
    (
      await handle.db
        .select({ type: orderEvents.type })
        .from(orderEvents)
        .where(
          and(
            eq(orderEvents.orderId, orderId),
            sql`${orderEvents.type} in (${ANNOUNCEMENT_PENDING}, ${ANNOUNCEMENT_SENT})`,
          ),
        )
    ).map((row) => row.type);

  /** A guest's cart of 2 units, held by a session, and its order's input. */
  async function cartFor(commerce: Commerce, email: string, paymentMethod = 'bank_transfer') {
    const cart = await commerce.carts.create('us', null, [
      { product_id: productId, variant_id: variantId, quantity: 2 },
    ]);
    const sessionId = randomUUID();
    await handle.db.insert(sessions).values({
      id: sessionId,
      csrfToken: 'csrf',
      cartId: cart.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const input = {
      cartId: cart.id,
      customerId: null,
      sessionId,
      email,
      shippingAddress: ADDRESS,
      billingAddress: null,
      shippingMethodId: methodId,
      paymentMethod,
      idempotencyKey: randomUUID(),
      locale: 'fr-ca',
    };
    return { cartId: cart.id, sessionId, input };
  }

  function webhook(commerce: Commerce) {
    const warnings: object[] = [];
    const app = new Hono().route(
      '/api',
      createPaymentWebhookRoutes({
        db: handle.db,
        secret: SECRET,
        provider: commerce.orderPayments.provider,
        decide: commerce.orderPayments.decide,
        logger: { warn: (details) => warnings.push(details) },
      }),
    );
    const send = (
      event: PaymentWebhookEvent | string,
      options: { provider?: string; secret?: string } = {},
    ) => {
      const body = typeof event === 'string' ? event : JSON.stringify(event);
      return app.request(`/api/webhooks/payment/${options.provider ?? 'testpay'}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [PAYMENT_SIGNATURE_HEADER]: paymentSignature(body, options.secret ?? SECRET),
        },
        body,
      });
    };
    return { send, warnings };
  }

  beforeAll(async () => {
    handle = await openSeeded(target);
    productId = catalogueProductId('ridgeline-trail-gaiter');
    const [variant] = await handle.db
      .select()
      .from(variants)
      .where(eq(variants.productId, productId))
      .orderBy(variants.id)
      .limit(1);
    variantId = variant!.id;
    await handle.db.update(variants).set({ inventoryLevel: 100 }).where(eq(variants.id, variantId));
    methodId = (await createCommerce(handle.db).checkout.shippingOptions('us', 50, null))[0]!.id;
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('authorises an offline order after its commit: the statuses of before, the reference, one confirmation', async () => {
    const commerce = createCommerce(handle.db);
    const before = await stockOf();
    const { input } = await cartFor(commerce, 'paula.transfer@example.com');
    const placed = await commerce.checkout.placeOrder(input);
    expect(placed.replay).toBe(false);
    const order = await orderOf(placed.orderId);
    expect([order.status, order.statusId, order.paymentStatus, order.fulfillmentStatus]).toEqual([
      'Awaiting Payment',
      7,
      'awaiting',
      'unfulfilled',
    ]);
    expect(order.paidAt).toBeNull();
    expect(await stockOf()).toBe(before - 2);
    const payment = await paymentOf(placed.orderId);
    expect([payment?.provider, payment?.state, payment?.reference]).toEqual([
      'offline',
      'authorized',
      `RL-${placed.orderId}`,
    ]);
    await commerce.orderAnnouncements.settled();
    expect(await confirmationsOf(placed.orderId)).toEqual([ANNOUNCEMENT_SENT]);
    // The same form again: the same order, nothing new.
    expect((await commerce.checkout.placeOrder(input)).replay).toBe(true);
    expect(await confirmationsOf(placed.orderId)).toEqual([ANNOUNCEMENT_SENT]);
  });

  it('puts an order its provider authorises as paid straight to fulfilment', async () => {
    const commerce = createCommerce(handle.db, {
      payment: testProvider((order) => ({
        outcome: 'authorized',
        status: 'Awaiting Fulfillment',
        statusId: 11,
        reference: `card-${order.orderId}`,
      })),
    });
    const { input } = await cartFor(commerce, 'paula.card@example.com');
    const placed = await commerce.checkout.placeOrder(input);
    const order = await orderOf(placed.orderId);
    expect([order.statusId, order.paymentStatus]).toEqual([11, 'paid']);
    expect(order.paidAt).not.toBeNull();
    expect((await paymentOf(placed.orderId))?.reference).toBe(`card-${placed.orderId}`);
  });

  it('cancels a declined order, gives back its stock and the cart as it was, and tells the shopper', async () => {
    const commerce = createCommerce(handle.db, {
      payment: testProvider(() => ({ outcome: 'declined', reason: 'insufficient funds' })),
    });
    const before = await stockOf();
    const { input, cartId, sessionId } = await cartFor(commerce, 'paula.declined@example.com');
    await expect(commerce.checkout.placeOrder(input)).rejects.toMatchObject({
      code: 'payment-declined',
      status: 402,
    });
    const [order] = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, input.idempotencyKey));
    expect([order!.status, order!.statusId, order!.paymentStatus, order!.fulfillmentStatus]).toEqual([
      'Cancelled',
      5,
      'voided',
      'cancelled',
    ]);
    expect(await stockOf()).toBe(before);
    expect((await paymentOf(order!.id))?.reason).toBe('insufficient funds');
    expect(await confirmationsOf(order!.id)).toEqual([]);
    // The cart is back under its id, with its line, in the session that held it.
    const [cart] = await handle.db.select().from(carts).where(eq(carts.id, cartId));
    expect(cart?.regionId).toBe('us');
    const lines = await handle.db.select().from(cartItems).where(eq(cartItems.cartId, cartId));
    expect(lines.map((line) => [line.variantId, line.quantity])).toEqual([[variantId, 2]]);
    const [session] = await handle.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(session?.cartId).toBe(cartId);
    // The same form sent twice gets the same answer, not the cancelled order.
    await expect(commerce.checkout.placeOrder(input)).rejects.toMatchObject({ code: 'payment-declined' });
    // A new attempt from the cart that came back places an order again.
    const again = createCommerce(handle.db);
    const placed = await again.checkout.placeOrder({ ...input, idempotencyKey: randomUUID() });
    expect((await orderOf(placed.orderId)).statusId).toBe(7);
    expect(await stockOf()).toBe(before - 2);
  });

  it('keeps a pending order waiting, and its signed webhook authorises it once however often it comes', async () => {
    const commerce = createCommerce(handle.db, {
      payment: testProvider((order) => ({ outcome: 'pending', reference: `tp-${order.orderId}` })),
    });
    const { send } = webhook(commerce);
    const { input } = await cartFor(commerce, 'paula.later@example.com');
    const placed = await commerce.checkout.placeOrder(input);
    let order = await orderOf(placed.orderId);
    expect([order.status, order.statusId, order.paymentStatus]).toEqual(['Pending', 1, 'awaiting']);
    expect((await paymentOf(placed.orderId))?.state).toBe('awaiting');
    expect(await confirmationsOf(placed.orderId)).toEqual([]);

    const event: PaymentWebhookEvent = {
      id: 'evt-1',
      type: 'payment.authorized',
      order_id: placed.orderId,
      reference: `tp-${placed.orderId}`,
    };
    const first = await send(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, replay: false, changed: true });
    order = await orderOf(placed.orderId);
    expect([order.status, order.statusId, order.paymentStatus]).toEqual(['Awaiting Fulfillment', 11, 'paid']);
    await commerce.orderAnnouncements.settled();
    expect(await confirmationsOf(placed.orderId)).toEqual([ANNOUNCEMENT_SENT]);

    // The provider delivers again: 200, nothing happens a second time.
    const replay = await send(event);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, replay: true });
    // Another event saying the same: the payment is decided already.
    const other = await send({ ...event, id: 'evt-2', type: 'payment.declined', reason: 'late' });
    expect(await other.json()).toEqual({ received: true, replay: false, changed: false });
    await commerce.orderAnnouncements.settled();
    expect(await confirmationsOf(placed.orderId)).toEqual([ANNOUNCEMENT_SENT]);
    expect((await orderOf(placed.orderId)).statusId).toBe(11);
  });

  it('cancels a pending order its webhook declines, with the stock given back', async () => {
    const commerce = createCommerce(handle.db, {
      payment: testProvider((order) => ({ outcome: 'pending', reference: `tp-${order.orderId}` })),
    });
    const { send } = webhook(commerce);
    const before = await stockOf();
    const { input } = await cartFor(commerce, 'paula.later.declined@example.com');
    const placed = await commerce.checkout.placeOrder(input);
    expect(await stockOf()).toBe(before - 2);
    const answer = await send({
      id: 'evt-decline',
      type: 'payment.declined',
      order_id: placed.orderId,
      reference: `tp-${placed.orderId}`,
      reason: 'card expired',
    });
    expect(answer.status).toBe(200);
    expect((await orderOf(placed.orderId)).statusId).toBe(5);
    expect(await stockOf()).toBe(before);
  });

  it('refuses a bad signature (401) and an unknown provider (404), and logs an unknown order (202)', async () => {
    const commerce = createCommerce(handle.db, {
      payment: testProvider((order) => ({ outcome: 'pending', reference: `tp-${order.orderId}` })),
    });
    const { send, warnings } = webhook(commerce);
    const { input } = await cartFor(commerce, 'paula.forged@example.com');
    const placed = await commerce.checkout.placeOrder(input);
    const event: PaymentWebhookEvent = {
      id: 'evt-forged',
      type: 'payment.authorized',
      order_id: placed.orderId,
      reference: `tp-${placed.orderId}`,
    };
    const forged = await send(event, { secret: 'another-secret-of-at-least-32-characters!' });
    expect(forged.status).toBe(401);
    expect((await orderOf(placed.orderId)).statusId).toBe(1);

    expect((await send(event, { provider: 'offline' })).status).toBe(404);
    expect((await send(event, { provider: 'nobody' })).status).toBe(404);
    expect((await send('{"id": 1}')).status).toBe(400);

    const unknown = await send({ ...event, id: 'evt-unknown', order_id: 999_999 });
    expect(unknown.status).toBe(202);
    // Another payment's reference is not this order's.
    const wrongReference = await send({ ...event, id: 'evt-wrong', reference: 'tp-someone-else' });
    expect(wrongReference.status).toBe(202);
    expect(warnings).toHaveLength(2);
    expect((await orderOf(placed.orderId)).statusId).toBe(1);
  });

  it('finishes an order whose provider never answered: the minute’s retry asks again and mails it', async () => {
    // The first process's provider call is lost (the process died after the commit, or the provider failed).
    const dead = createCommerce(handle.db, {
      payment: testProvider(() => {
        throw new Error('the process died before the provider answered');
      }),
    });
    const before = await stockOf();
    const { input } = await cartFor(dead, 'paula.crash@example.com');
    const placed = await dead.checkout.placeOrder(input);
    expect((await orderOf(placed.orderId)).statusId).toBe(1);
    expect((await paymentOf(placed.orderId))?.state).toBe('pending');
    expect(await stockOf()).toBe(before - 2);

    const asked: number[] = [];
    const next = createCommerce(handle.db, {
      payment: testProvider((order) => {
        asked.push(order.orderId);
        return { outcome: 'authorized', status: 'Awaiting Fulfillment', statusId: 11, reference: 'late-ok' };
      }),
    });
    // Within the minute the process that placed it may still be asking: nobody takes it.
    expect(await next.orderPayments.retryPending()).toBe(0);
    await handle.db
      .update(orderPayments)
      .set({ updatedAt: sql`now() - interval '2 minutes'` })
      .where(eq(orderPayments.orderId, placed.orderId));
    const other = createCommerce(handle.db, { payment: next.orderPayments.provider });
    const [a, b] = await Promise.all([next.orderPayments.retryPending(), other.orderPayments.retryPending()]);
    expect(a + b).toBe(1);
    expect(asked).toEqual([placed.orderId]);
    const order = await orderOf(placed.orderId);
    expect([order.statusId, order.paymentStatus]).toEqual([11, 'paid']);
    expect(await stockOf()).toBe(before - 2);
    await Promise.all([next.orderAnnouncements.settled(), other.orderAnnouncements.settled()]);
    expect(await confirmationsOf(placed.orderId)).toEqual([ANNOUNCEMENT_SENT]);
    expect(await next.orderPayments.retryPending()).toBe(0);
  });
});

describe('the payment webhook in the store’s HTTP app', () => {
  it('is mounted under /api with the secret from the settings, ahead of the API’s 404', async () => {
    const handle = await openSeeded(testDatabaseTargets[0]!);
    const dataDir = mkdtempSync(join(tmpdir(), 'ridgeline-payment-'));
    try {
      const services = createServices({
        config: loadConfig({
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          SEARCH_SYNC_INTERVAL_MS: '0',
          PAYMENT_WEBHOOK_SECRET: SECRET,
        }),
        logger: pino({ level: 'silent' }),
        db: handle.db,
        build: { id: 'payment', timestamp: 0 },
        payment: testProvider((order) => ({ outcome: 'pending', reference: `tp-${order.orderId}` })),
      });
      const app = createHttpApp({ services, database: handle });
      const commerce = services.commerce as Commerce;
      const methodId = (await commerce.checkout.shippingOptions('us', 50, null))[0]!.id;
      const productId = catalogueProductId('ridgeline-trail-gaiter');
      const [variant] = await handle.db
        .select()
        .from(variants)
        .where(eq(variants.productId, productId))
        .orderBy(variants.id)
        .limit(1);
      await handle.db.update(variants).set({ inventoryLevel: 10 }).where(eq(variants.id, variant!.id));
      const cart = await commerce.carts.create('us', null, [
        { product_id: productId, variant_id: variant!.id, quantity: 1 },
      ]);
      const placed = await commerce.checkout.placeOrder({
        cartId: cart.id,
        customerId: null,
        email: 'paula.http@example.com',
        shippingAddress: ADDRESS,
        billingAddress: null,
        shippingMethodId: methodId,
        paymentMethod: 'bank_transfer',
        idempotencyKey: randomUUID(),
      });
      const body = JSON.stringify({
        id: 'evt-http',
        type: 'payment.authorized',
        order_id: placed.orderId,
        reference: `tp-${placed.orderId}`,
      });
      const post = (path: string, signature = paymentSignature(body, SECRET)) =>
        app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [PAYMENT_SIGNATURE_HEADER]: signature },
          body,
        });
      expect((await post('/api/webhooks/payment/testpay', 'sha256=00')).status).toBe(401);
      const answer = await post('/api/webhooks/payment/testpay');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const [order] = await handle.db.select().from(orders).where(eq(orders.id, placed.orderId));
      expect(order?.statusId).toBe(11);
      expect((await post('/api/webhooks/payment/offline')).status).toBe(404);
      await commerce.orderAnnouncements.settled();
    } finally {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
