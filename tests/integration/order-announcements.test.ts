import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Commerce, createCommerce } from '#server/commerce/index.ts';
import { ANNOUNCEMENT_PENDING, ANNOUNCEMENT_SENT } from '#server/commerce/order-announcements.ts';
import { variants } from '#server/commerce/schema-catalogue.ts';
import { orderEvents } from '#server/commerce/schema-sales.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { subscribeMail } from '#server/mail/subscribers.ts';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { openSeeded, testDatabaseTargets } from '../support/test-databases.ts';

/**
 * Issue 42 #1: a checkout answers before its confirmation mail is written, and the mail is never lost: the order
 * and its pending announcement commit together, a failed or interrupted announcement is taken up again after a
 * minute by any process, and two processes retrying at once mail each order once.
 */
const ADDRESS = {
  first_name: 'Olive',
  last_name: 'Outbox',
  address1: '7 Letter Lane',
  city: 'Bend',
  state_or_province: 'OR',
  postal_code: '97701',
  country_code: 'US',
};

describe.each(testDatabaseTargets)('order confirmations after the answer on $name', (target) => {
  let handle: DatabaseHandle;
  let productId: number;
  let variantId: number;
  let methodId: number;

  /** A process's engine whose mail waits for `gate` (when given) and fails while `refuse` says so. */
  function processWith(options: { gate?: Promise<void>; refuse?: () => boolean } = {}) {
    const commerce = createCommerce(handle.db);
    const sent: MailMessage[] = [];
    subscribeMail({
      commerce,
      mailer: {
        async send(message) {
          await options.gate;
          if (options.refuse?.()) throw new Error('the mail server refused');
          sent.push(message);
          return { id: String(sent.length) };
        },
      },
      origin: 'https://shop.example.com',
    });
    return { commerce, sent };
  }

  async function place(commerce: Commerce, email: string) {
    const cart = await commerce.carts.create('us', null, [
      { product_id: productId, variant_id: variantId, quantity: 1 },
    ]);
    return commerce.checkout.placeOrder({
      cartId: cart.id,
      customerId: null,
      email,
      shippingAddress: ADDRESS,
      billingAddress: null,
      shippingMethodId: methodId,
      paymentMethod: 'bank_transfer',
      idempotencyKey: randomUUID(),
      locale: 'en-us',
    });
  }

  const announcementOf = async (orderId: number) =>
    handle.db
      .select({ type: orderEvents.type, detail: orderEvents.detail })
      .from(orderEvents)
      .where(
        and(
          eq(orderEvents.orderId, orderId),
          sql`${orderEvents.type} in (${ANNOUNCEMENT_PENDING}, ${ANNOUNCEMENT_SENT})`,
        ),
      );
  /** As if the announcement had been pending for two minutes (its process died then). */
  const age = (orderId: number) =>
    handle.db
      .update(orderEvents)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, ANNOUNCEMENT_PENDING)));

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
    await handle.db.update(variants).set({ inventoryLevel: 1000 }).where(eq(variants.id, variantId));
    methodId = (await createCommerce(handle.db).checkout.shippingOptions('us', 50, null))[0]!.id;
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('answers the checkout before the mail is written, then mails it once and marks it sent', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const shop = processWith({ gate });
    const placed = await place(shop.commerce, 'olive.early@example.com');
    // The answer is in while the mail is still held back.
    expect(shop.sent).toHaveLength(0);
    expect(await announcementOf(placed.orderId)).toEqual([
      { type: ANNOUNCEMENT_PENDING, detail: { locale: 'en-us' } },
    ]);
    release();
    await shop.commerce.orderAnnouncements.settled();
    expect(shop.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ['olive.early@example.com', `Your Ridgeline order ${placed.orderId}`],
    ]);
    expect(await announcementOf(placed.orderId)).toEqual([
      { type: ANNOUNCEMENT_SENT, detail: { locale: 'en-us' } },
    ]);
    const detail = await shop.commerce.orderAdmin.detail(placed.orderId);
    expect(detail.timeline.map((entry) => entry.type)).toEqual(['placed', ANNOUNCEMENT_SENT]);
    // Nothing is left to retry.
    expect(await shop.commerce.orderAnnouncements.retryPending()).toBe(0);
    expect(shop.sent).toHaveLength(1);
  });

  it('keeps a refused mail pending, and another process mails it after a minute', async () => {
    let refusing = true;
    const first = processWith({ refuse: () => refusing });
    const placed = await place(first.commerce, 'olive.refused@example.com');
    await first.commerce.orderAnnouncements.settled();
    expect(first.sent).toHaveLength(0);
    expect((await announcementOf(placed.orderId))[0]?.type).toBe(ANNOUNCEMENT_PENDING);

    // Within the minute the process that wrote it may still be sending: nobody takes it.
    const second = processWith();
    await second.commerce.orderAnnouncements.retryPending();
    expect(second.sent.filter((mail) => mail.to === 'olive.refused@example.com')).toHaveLength(0);

    refusing = false;
    await age(placed.orderId);
    await second.commerce.orderAnnouncements.retryPending();
    expect(second.sent.map((mail) => mail.to)).toEqual(['olive.refused@example.com']);
    expect((await announcementOf(placed.orderId))[0]?.type).toBe(ANNOUNCEMENT_SENT);
  });

  it('mails an order whose process died after the commit once, when two processes start and retry at once', async () => {
    // The process is gone before its announcement ran: the row is pending, nothing was mailed.
    const dead = processWith({ gate: new Promise(() => {}) });
    const orphans = [];
    for (let n = 0; n < 6; n++) orphans.push(await place(dead.commerce, `olive.orphan${n}@example.com`));
    for (const orphan of orphans) await age(orphan.orderId);

    const one = processWith();
    const two = processWith();
    const [a, b] = await Promise.all([
      one.commerce.orderAnnouncements.retryPending(),
      two.commerce.orderAnnouncements.retryPending(),
    ]);
    expect(a + b).toBe(6);
    const mailed = [...one.sent, ...two.sent].map((mail) => mail.to).sort();
    expect(mailed).toEqual(orphans.map((_, n) => `olive.orphan${n}@example.com`).sort());
    for (const orphan of orphans)
      expect((await announcementOf(orphan.orderId))[0]?.type).toBe(ANNOUNCEMENT_SENT);
  });
});
