import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '#server/audit/audit.ts';
import { auditLog } from '#server/audit/schema.ts';
import { dataVersions } from '#server/cache/schema.ts';
import { createRateLimits } from '#server/commerce/rate-limits.ts';
import { createReviews, type Reviews } from '#server/commerce/reviews.ts';
import { customers } from '#server/commerce/schema-customers.ts';
import { productReviews, reviewInvitations, reviewVotes } from '#server/commerce/schema-reviews.ts';
import { orderItems, orderReturns, orders, shipments } from '#server/commerce/schema-sales.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { createOutboxMailer } from '#server/mail/mailer.ts';
import { createReviewInvitations } from '#server/mail/review-invitations.ts';
import { seedReferenceData } from '#server/seed/seed.ts';
import { seedCommerce } from '#server/seed/seed-commerce.ts';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { insertActor } from '../support/staff-actor.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

const SUMMIT = catalogueProductId('ridgeline-summit-trail-mens');
const POLE = catalogueProductId('ridgeline-trail-pole-3');
const DAY = 86_400_000;

/** The message as written: quoted-printable soft breaks joined and bytes decoded as UTF-8. */
const quotedPrintable = (eml: string) =>
  Buffer.from(
    eml
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (caught: unknown) => caught as { code: string; status: number; message: string; fields?: object },
  );
  return { code: error.code, status: error.status, message: error.message, fields: error.fields };
}

/** Issue 45: reviews from buyers on both databases, from eligibility to the page's change log and the erase. */
describe.each(testDatabaseTargets)('reviews on $name', (target) => {
  let handle: DatabaseHandle;
  let reviews: Reviews;
  let moderator: Actor;
  let outbox: string;
  let nextOrder = 90_000;

  beforeAll(async () => {
    handle = await openMigrated(target);
    await seedReferenceData(handle.db);
    await seedCommerce(handle.db);
    reviews = createReviews(handle.db, {
      rateLimits: createRateLimits(handle.db, 'a'.repeat(64)),
      votesPerClient: 3,
      windowSeconds: 900,
    });
    moderator = await insertActor(handle.db, 'operations', 'reviews-test@ridgeline.example');
    outbox = await mkdtemp(join(tmpdir(), 'reviews-'));
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    if (outbox) await rm(outbox, { recursive: true, force: true });
  });

  async function customer(firstName: string, lastName: string) {
    const [row] = await handle.db
      .insert(customers)
      .values({
        email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@reviews.test`,
        passwordHash: 'x',
        firstName,
        lastName,
      })
      .returning({ id: customers.id });
    return row!.id;
  }

  /** An order of `productIds`, delivered `deliveredDaysAgo` days ago (null: shipped, not delivered). */
  async function order(
    customerId: number,
    productIds: number[],
    deliveredDaysAgo: number | null,
    locale = 'de-de',
  ) {
    const id = nextOrder++;
    const address = {
      first_name: 'A',
      last_name: 'B',
      street_1: '1 Hauptstraße',
      city: 'Berlin',
      state: '',
      zip: '10115',
      country_iso2: 'DE',
    };
    const [email] = await handle.db
      .select({ email: customers.email })
      .from(customers)
      .where(eq(customers.id, customerId));
    await handle.db.insert(orders).values({
      id,
      customerId,
      email: email!.email,
      regionId: 'eu_region_1',
      currencyCode: 'EUR',
      status: deliveredDaysAgo === null ? 'Shipped' : 'Completed',
      statusId: deliveredDaysAgo === null ? 2 : 10,
      subtotal: 100,
      shippingCost: 0,
      total: 100,
      billingAddress: address,
      shippingAddress: address,
      createdAt: new Date(Date.now() - 30 * DAY),
      locale,
      paymentStatus: 'paid',
      fulfillmentStatus: deliveredDaysAgo === null ? 'fulfilled' : 'delivered',
    });
    const items = await handle.db
      .insert(orderItems)
      .values(
        productIds.map((productId) => ({
          orderId: id,
          productId,
          name: `Product ${productId}`,
          sku: 'X',
          quantity: 1,
          price: 50,
        })),
      )
      .returning({ id: orderItems.id });
    await handle.db.insert(shipments).values({
      orderId: id,
      carrier: 'DHL',
      trackingNumber: `T${id}`,
      shippedAt: new Date(Date.now() - 20 * DAY),
      items: items.map((item) => ({ order_item_id: item.id, quantity: 1 })),
      deliveredAt: deliveredDaysAgo === null ? null : new Date(Date.now() - deliveredDaysAgo * DAY),
    });
    return { id, itemIds: items.map((item) => item.id) };
  }

  const changesOf = async (productId: number) =>
    (
      (await handle.db.execute(
        sql`select count(*)::int as n from product_changes where product_id = ${productId} and shown`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;

  it('refuses a customer without a delivered order of the product, and says why', async () => {
    const stranger = await customer('Nora', 'Nobuy');
    expect(
      await refusal(
        reviews.submit(stranger, SUMMIT, { rating: 5, text: 'Great shoes indeed', language: 'en' }),
      ),
    ).toMatchObject({ code: 'forbidden', status: 403, message: 'review error not bought' });
    const waiting = await customer('Walt', 'Waiting');
    await order(waiting, [SUMMIT], null);
    expect(await reviews.eligibility(waiting, SUMMIT)).toEqual({ kind: 'not-delivered' });
    const returned = await customer('Rita', 'Returns');
    const sent = await order(returned, [SUMMIT], 3);
    await handle.db.insert(orderReturns).values({
      orderId: sent.id,
      reason: 'Too small',
      items: [{ order_item_id: sent.itemIds[0]!, quantity: 1, restock: true }],
    });
    expect(await reviews.eligibility(returned, SUMMIT)).toEqual({ kind: 'returned' });
    expect(await handle.db.select().from(productReviews)).toEqual([]);
  });

  it('keeps one review per customer and product through a double submit, as plain text, pending', async () => {
    const buyer = await customer('Greta', 'Gipfel');
    const bought = await order(buyer, [SUMMIT, POLE], 10);
    const input = { rating: '4', text: '<b>Sehr</b> guter   Halt auf Eis.', language: 'de' };
    const [first, second] = await Promise.all([
      reviews.submit(buyer, SUMMIT, input),
      reviews.submit(buyer, SUMMIT, input),
    ]);
    expect(first.id).toBe(second.id);
    const rows = await handle.db.select().from(productReviews).where(eq(productReviews.customerId, buyer));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      rating: 4,
      body: 'Sehr guter Halt auf Eis.',
      language: 'de',
      status: 'pending',
      orderId: bought.id,
    });
    expect(await reviews.shown(SUMMIT)).toEqual([]);
  });

  it('refuses a rating outside 1–5 and a text too short or too long, naming the fields', async () => {
    const buyer = await customer('Tom', 'Tester');
    await order(buyer, [POLE], 10);
    expect(
      await refusal(reviews.submit(buyer, POLE, { rating: 6, text: 'x'.repeat(2001), language: 'en' })),
    ).toMatchObject({
      code: 'invalid',
      fields: { rating: 'review error rating', text: 'review error text' },
    });
    // Markup does not count towards the length: this is three characters of text.
    expect(
      await refusal(reviews.submit(buyer, POLE, { rating: 3, text: '<p>Meh</p>', language: 'en' })),
    ).toMatchObject({ fields: { text: 'review error text' } });
  });

  it('shows a review once approved, audited, and moves the product’s tag; an edit takes it back to the queue', async () => {
    const buyer = await customer('Anna', 'Kowalski');
    await order(buyer, [SUMMIT], 10, 'en-us');
    const { id } = await reviews.submit(buyer, SUMMIT, {
      rating: 5,
      text: 'Light, grippy, and easy bindings.',
      language: 'en',
    });
    expect((await reviews.queue('pending')).map((review) => review.id)).toContain(id);
    const before = await changesOf(SUMMIT);
    const catalogueBefore = (
      await handle.db.select().from(dataVersions).where(eq(dataVersions.scope, 'catalogue'))
    )[0]?.version;
    await reviews.approve(moderator, id);
    expect(await changesOf(SUMMIT)).toBe(before + 1);
    // A review re-renders its product's pages, not the whole catalogue.
    expect(
      (await handle.db.select().from(dataVersions).where(eq(dataVersions.scope, 'catalogue')))[0]?.version,
    ).toBe(catalogueBefore);
    expect(await reviews.shown(SUMMIT)).toEqual([
      expect.objectContaining({ id, rating: 5, reviewer: 'Anna K.', language: 'en', reply: null }),
    ]);
    expect(await refusal(reviews.approve(moderator, id))).toMatchObject({ code: 'conflict' });
    await reviews.reply(moderator, id, 'Thank you, Anna!');
    expect((await reviews.shown(SUMMIT))[0]!.reply).toBe('Thank you, Anna!');
    const audits = await handle.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'review'), eq(auditLog.entityId, String(id))));
    expect(audits.map((entry) => entry.action)).toEqual(['review.approved', 'review.replied']);

    await reviews.submit(buyer, SUMMIT, {
      rating: 3,
      text: 'After a month: the straps wear.',
      language: 'en',
    });
    expect(await reviews.shown(SUMMIT)).toEqual([]);
    expect(await changesOf(SUMMIT)).toBe(before + 3);
    const [edited] = await handle.db.select().from(productReviews).where(eq(productReviews.id, id));
    expect(edited).toMatchObject({ status: 'pending', rating: 3, reply: null });
  });

  it('rejects with a reason only, and a reply waits for approval', async () => {
    const buyer = await customer('Rolf', 'Reject');
    await order(buyer, [POLE], 10);
    const { id } = await reviews.submit(buyer, POLE, {
      rating: 1,
      text: 'Buy them at the other shop.',
      language: 'de',
    });
    expect(await refusal(reviews.reject(moderator, id, '  '))).toMatchObject({ code: 'invalid' });
    expect(await refusal(reviews.reply(moderator, id, 'Hello'))).toMatchObject({ code: 'conflict' });
    await reviews.reject(moderator, id, 'Names another shop');
    const [row] = await handle.db.select().from(productReviews).where(eq(productReviews.id, id));
    expect(row).toMatchObject({ status: 'rejected', rejectReason: 'Names another shop' });
    expect((await reviews.queue('rejected')).map((review) => review.id)).toContain(id);
  });

  it('counts one helpful vote per client, also when two arrive at once, and throttles a client', async () => {
    const buyer = await customer('Vera', 'Votes');
    await order(buyer, [POLE], 10);
    const { id } = await reviews.submit(buyer, POLE, {
      rating: 4,
      text: 'Locks hold in the cold.',
      language: 'en',
    });
    await reviews.approve(moderator, id);
    const results = await Promise.all([
      reviews.vote(id, { ip: '203.0.113.7', customerId: null }),
      reviews.vote(id, { ip: '203.0.113.7', customerId: null }),
    ]);
    expect(results.filter((result) => result.counted)).toHaveLength(1);
    await reviews.vote(id, { ip: '203.0.113.8', customerId: buyer });
    const [row] = await handle.db.select().from(productReviews).where(eq(productReviews.id, id));
    expect(row!.helpful).toBe(2);
    const votes = await handle.db.select().from(reviewVotes).where(eq(reviewVotes.reviewId, id));
    // Kept under a keyed hash, never the address.
    expect(votes.every((vote) => /^review-voter:ip:[0-9a-f]{32}$/.test(vote.voter))).toBe(true);
    expect(JSON.stringify(votes)).not.toContain('203.0.113');
    // The window allows 3 votes per client: the fourth is refused before anything is written.
    await reviews.vote(id, { ip: '203.0.113.7', customerId: null });
    expect(await refusal(reviews.vote(id, { ip: '203.0.113.7', customerId: null }))).toMatchObject({
      code: 'too-many-attempts',
    });
    expect(await refusal(reviews.vote(999_999, { ip: '198.51.100.1', customerId: null }))).toMatchObject({
      code: 'not-found',
    });
  });

  it('invites a buyer once, in the order’s language, the set number of days after delivery', async () => {
    const buyer = await customer('Lena', 'Einladung');
    const due = await order(buyer, [SUMMIT, POLE], 8, 'de-de');
    const early = await order(buyer, [POLE], 2, 'de-de');
    const old = await order(buyer, [POLE], 60, 'de-de');
    const invitations = createReviewInvitations(handle.db, {
      mailer: createOutboxMailer({ from: 'Ridgeline <shop@ridgeline.example>', outboxDir: outbox }),
      origin: 'https://shop.example.com',
      afterDays: 7,
      textFor: async (locale): Promise<Record<string, string>> =>
        locale === 'de' ? { 'review invite mail subject': 'Wie gefallen Ihnen Ihre Schneeschuhe?' } : {},
    });
    const [sentA, sentB] = await Promise.all([invitations.tick(), invitations.tick()]);
    const claimed = (await handle.db.select().from(reviewInvitations)).map((row) => row.orderId);
    expect(claimed).toContain(due.id);
    expect(claimed).not.toContain(early.id);
    expect(claimed).not.toContain(old.id);
    const files = (await readdir(outbox)).filter((file) => file.includes('review-invitation'));
    const mine = [];
    for (const file of files) {
      const text = quotedPrintable(await readFile(join(outbox, file), 'utf8'));
      if (text.includes(`/account/orders/${due.id}/review/`)) mine.push(text);
    }
    expect(mine).toHaveLength(1);
    expect(sentA + sentB).toBeGreaterThanOrEqual(1);
    expect(mine[0]).toContain('Subject: Wie gefallen Ihnen Ihre Schneeschuhe?');
    expect(mine[0]).toContain(`https://shop.example.com/de-de/account/orders/${due.id}/review/${SUMMIT}`);
    expect(await invitations.tick()).toBe(0);
  });
});
