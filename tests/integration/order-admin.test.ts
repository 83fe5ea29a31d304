import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '#server/audit/audit.ts';
import { auditLog } from '#server/audit/schema.ts';
import { staff } from '#server/backoffice/schema.ts';
import { type Commerce, createCommerce } from '#server/commerce/index.ts';
import { mailLocaleOf } from '#server/commerce/order-admin.ts';
import { products, stockMovements, variants } from '#server/commerce/schema-catalogue.ts';
import { orderEvents, orderReturns, orders, refunds, shipments } from '#server/commerce/schema-sales.ts';
import { readContentFiles } from '#server/content/content-files.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { createOutboxMailer } from '#server/mail/mailer.ts';
import { subscribeMail } from '#server/mail/subscribers.ts';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { openSeeded, testDatabaseTargets } from '../support/test-databases.ts';

const MIGRATIONS = fileURLToPath(new URL('../../drizzle/', import.meta.url));

/**
 * Issue 19: the back office's order lifecycle on both databases: each change, each refusal (which changes
 * nothing), the stale form, another order's line, two staff at once, stock back on cancel, pro spend released,
 * and the shopper's shipping and cancellation e-mails in the outbox.
 */

const SNOWSHOE = 'ridgeline-summit-trail-mens';
const POLE = 'ridgeline-trail-pole-3';
const US_ADDRESS = {
  first_name: 'Ada',
  last_name: 'Guest',
  address1: '12 Pine Street',
  city: 'Bend',
  state_or_province: 'OR',
  postal_code: '97701',
  country_code: 'US',
};

/** The message as written: quoted-printable soft breaks joined and bytes decoded as UTF-8. */
const quotedPrintable = (eml: string) =>
  Buffer.from(
    eml
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The seeded display text of the refund and return mails in a content locale, as the content client keys it. */
function seededRefundText(locale: string): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const file of readContentFiles()) {
    if (file.content_type !== 'display_text') continue;
    const fields = file.locales[locale] as { title?: string; text?: string } | undefined;
    const key = fields?.title?.toLowerCase() ?? '';
    if (/^order (refunded|returned) mail|^order mail status link/.test(key) && fields?.text)
      texts[key] = fields.text;
  }
  return texts;
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (caught: unknown) => caught as { code: string; status: number; message: string },
  );
  return { code: error.code, status: error.status, message: error.message };
}

describe('the mail locale of an order', () => {
  it('is the shipping country’s default language, English where the store does not serve it', () => {
    expect(mailLocaleOf('US')).toBe('en-us');
    expect(mailLocaleOf('DE')).toBe('de-de');
    expect(mailLocaleOf('FR')).toBe('fr-fr');
    expect(mailLocaleOf('CA')).toBe('en-ca');
    expect(mailLocaleOf('ZZ')).toBe('en-us');
    expect(mailLocaleOf(undefined)).toBe('en-us');
  });
});

describe.each(testDatabaseTargets)('order admin on $name', (target) => {
  let handle: DatabaseHandle;
  let commerce: Commerce;
  let outbox: string;
  let ops: Actor;
  let ops2: Actor;
  let snowshoe: { productId: number; variantId: number };
  let pole: { productId: number; variantId: number };
  let methodId: number;

  async function firstVariant(slug: string) {
    const productId = catalogueProductId(slug);
    const [variant] = await handle.db
      .select()
      .from(variants)
      .where(eq(variants.productId, productId))
      .orderBy(asc(variants.id))
      .limit(1);
    return { productId, variantId: variant!.id };
  }

  async function addStaff(email: string): Promise<Actor> {
    const [row] = await handle.db
      .insert(staff)
      .values({
        email,
        name: email.split('@')[0]!,
        role: 'operations',
        passwordHash: 'x',
        mustChangePassword: false,
      })
      .returning({ id: staff.id });
    return { staffId: row!.id, email };
  }

  beforeAll(async () => {
    handle = await openSeeded(target);
    commerce = createCommerce(handle.db);
    outbox = await mkdtemp(join(tmpdir(), 'order-admin-'));
    subscribeMail({
      commerce,
      mailer: createOutboxMailer({ from: 'Ridgeline <shop@ridgeline.example>', outboxDir: outbox }),
      origin: 'https://shop.example.com',
      textFor: async (locale): Promise<Record<string, string>> =>
        locale === 'de'
          ? {
              ...seededRefundText('de'),
              'order cancelled mail subject': 'Ihre Bestellung {order} ist storniert',
            }
          : {},
    });
    ops = await addStaff('ops-one@ridgeline.test');
    ops2 = await addStaff('ops-two@ridgeline.test');
    snowshoe = await firstVariant(SNOWSHOE);
    pole = await firstVariant(POLE);
    methodId = (await commerce.checkout.shippingOptions('us', 50, null))[0]!.id;
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    if (outbox) await rm(outbox, { recursive: true, force: true });
  });

  async function setStock(level: number) {
    for (const { variantId, productId } of [snowshoe, pole]) {
      await handle.db.update(variants).set({ inventoryLevel: level }).where(eq(variants.id, variantId));
      // A product's level is the sum of its variants' (as the seed and the stock path keep it).
      await handle.db
        .update(products)
        .set({
          inventoryLevel: sql`(select coalesce(sum(${variants.inventoryLevel}), 0) from ${variants} where ${variants.productId} = ${productId})`,
        })
        .where(eq(products.id, productId));
    }
  }
  async function stock() {
    const rows = await handle.db.select().from(variants);
    const productRows = await handle.db.select().from(products);
    const level = (id: number) => rows.find((row) => row.id === id)!.inventoryLevel;
    const productLevel = (id: number) => productRows.find((row) => row.id === id)!.inventoryLevel;
    return {
      snowshoe: level(snowshoe.variantId),
      pole: level(pole.variantId),
      snowshoeProduct: productLevel(snowshoe.productId),
      poleProduct: productLevel(pole.productId),
    };
  }

  /** A guest order of 2 snowshoes and 1 pole (or what `lines` says), placed through checkout. */
  async function place(
    options: {
      paymentMethod?: string;
      customerId?: number | null;
      email?: string;
      lines?: { product_id: number; variant_id: number; quantity: number }[];
      locale?: string;
    } = {},
  ) {
    const customerId = options.customerId ?? null;
    const cart = await commerce.carts.create(
      'us',
      customerId,
      options.lines ?? [
        { product_id: snowshoe.productId, variant_id: snowshoe.variantId, quantity: 2 },
        { product_id: pole.productId, variant_id: pole.variantId, quantity: 1 },
      ],
    );
    const groupId = customerId === null ? null : (await commerce.groups.pricing('us', customerId)).groupId;
    const method =
      customerId === null
        ? methodId
        : (await commerce.checkout.shippingOptions('us', cart.cart_amount, groupId))[0]!.id;
    const placed = await commerce.checkout.placeOrder({
      cartId: cart.id,
      customerId,
      email: options.email ?? 'ada@example.com',
      shippingAddress: US_ADDRESS,
      billingAddress: null,
      shippingMethodId: method,
      paymentMethod: options.paymentMethod ?? 'bank_transfer',
      idempotencyKey: randomUUID(),
      ...(options.locale ? { locale: options.locale } : {}),
    });
    // The confirmation is mailed after the answer: written (and on the timeline) before the order is read.
    await commerce.orderAnnouncements.settled();
    return commerce.orderAdmin.detail(placed.orderId);
  }

  /** Everything a refused change must leave as it was. */
  async function snapshot(orderId: number) {
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
    const count = async (table: typeof shipments | typeof refunds | typeof orderEvents) =>
      (await handle.db.select().from(table).where(eq(table.orderId, orderId))).length;
    const audits = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(orderId)));
    return {
      status: row!.status,
      statusId: row!.statusId,
      version: row!.version,
      updatedAt: row!.updatedAt.getTime(),
      shipments: await count(shipments),
      refunds: await count(refunds),
      events: await count(orderEvents),
      audits: audits.length,
      stock: await stock(),
    };
  }

  async function mails(kind: string, orderId: number) {
    const names = (await readdir(outbox)).filter((name) => name.includes(`-${kind}-`)).sort();
    const texts = await Promise.all(
      names.map(async (name) => quotedPrintable(await readFile(join(outbox, name), 'utf8'))),
    );
    return texts.filter(
      (text) => text.includes(`order ${orderId}`) || text.includes(`Bestellung ${orderId}`),
    );
  }

  it('seeds a bank-transfer order awaiting payment and a paid one that can be cancelled, with variant lines', async () => {
    const unpaid = await commerce.orderAdmin.detail(106);
    expect(unpaid).toMatchObject({
      statusId: 7,
      paymentMethod: { id: 'bank_transfer' },
      allowed: ['mark-paid', 'cancel'],
    });
    const paid = await commerce.orderAdmin.detail(107);
    expect(paid.allowed).toContain('cancel');
    for (const line of [...unpaid.lines, ...paid.lines]) expect(line.variantId).toBeGreaterThan(0);
  });

  it('takes an order from awaiting payment to paid, two shipments, delivered and refunded, with timeline, audit and mails', async () => {
    await setStock(50);
    const order = await place();
    expect(order).toMatchObject({ statusId: 7, version: 0, allowed: ['mark-paid', 'cancel'] });
    const [snowshoeLine, poleLine] = order.lines;

    const paid = await commerce.orderAdmin.markPaid(ops, order.id, 0);
    expect(paid).toMatchObject({ version: 1, status: 'Awaiting Fulfillment' });

    const first = await commerce.orderAdmin.addShipment(ops, order.id, 1, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10000000001',
      lines: [{ orderItemId: snowshoeLine!.id, quantity: 1 }],
    });
    expect(first).toMatchObject({ version: 2, status: 'Partially Shipped' });
    const second = await commerce.orderAdmin.addShipment(ops2, order.id, 2, {
      carrier: 'USPS',
      trackingNumber: '9400111899223100000002',
      lines: [
        { orderItemId: snowshoeLine!.id, quantity: 1 },
        { orderItemId: poleLine!.id, quantity: 1 },
      ],
    });
    expect(second).toMatchObject({ version: 3, status: 'Shipped' });

    // What the storefront's /api/orders/{id}/shipments and the order-status lookup read.
    const shown = await commerce.orders.shipments(order.id);
    expect(shown.map((entry) => [entry.tracking_carrier, entry.tracking_number])).toEqual([
      ['UPS', '1Z999AA10000000001'],
      ['USPS', '9400111899223100000002'],
    ]);
    expect(shown[1]!.items).toEqual([
      { order_item_id: snowshoeLine!.id, quantity: 1 },
      { order_item_id: poleLine!.id, quantity: 1 },
    ]);
    const lookup = await commerce.orders.statusByEmail(order.id, 'ada@example.com');
    expect(lookup).toMatchObject({ status: 'Shipped', status_id: 2 });
    expect(lookup.shipments).toHaveLength(2);

    expect(await commerce.orderAdmin.markDelivered(ops, order.id, 3)).toMatchObject({
      version: 4,
      status: 'Completed',
    });
    const delivered = await commerce.orderAdmin.detail(order.id);
    expect(delivered.shipments.every((entry) => entry.deliveredAt instanceof Date)).toBe(true);
    expect(delivered.allowed).toEqual(['refund', 'return']);

    expect(
      await commerce.orderAdmin.refund(ops, order.id, 4, { amount: 10, reason: 'Scratched pole' }),
    ).toMatchObject({
      version: 5,
      status: 'Partially Refunded',
    });
    const rest = Math.round((order.total - 10) * 100) / 100;
    expect(
      await commerce.orderAdmin.refund(ops, order.id, 5, { amount: rest, reason: 'Goodwill' }),
    ).toMatchObject({
      version: 6,
      status: 'Refunded',
    });

    const done = await commerce.orderAdmin.detail(order.id);
    // Refunded in full, the goods are still with the shopper: they may come back.
    expect(done).toMatchObject({ refunded: order.total, leftToRefund: 0, allowed: ['return'] });
    expect(done.refunds.map((entry) => entry.reason)).toEqual(['Scratched pole', 'Goodwill']);
    expect(done.timeline.map((entry) => entry.type)).toEqual([
      'placed',
      'confirmation-sent',
      'paid',
      'shipped',
      'shipped',
      'delivered',
      'refunded',
      'refunded',
    ]);
    expect(done.timeline[4]!.staff).toMatchObject({ id: ops2.staffId, email: ops2.email });
    expect(done.timeline[3]!.detail).toMatchObject({ carrier: 'UPS', trackingNumber: '1Z999AA10000000001' });

    const audits = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(order.id)))
      .orderBy(asc(auditLog.id));
    expect(audits.map((entry) => [entry.action, entry.entity, entry.staffEmail])).toEqual([
      ['order.paid', 'order', ops.email],
      ['order.shipped', 'order', ops.email],
      ['order.shipped', 'order', ops2.email],
      ['order.delivered', 'order', ops.email],
      ['order.refunded', 'order', ops.email],
      ['order.refunded', 'order', ops.email],
    ]);
    expect(audits[0]).toMatchObject({
      before: { status: 'Awaiting Payment', version: 0 },
      after: { status: 'Awaiting Fulfillment', version: 1 },
    });

    const shipped = await mails('order-shipped', order.id);
    expect(shipped).toHaveLength(2);
    const [firstMail, secondMail] = shipped;
    expect(firstMail).toContain('To: ada@example.com');
    expect(firstMail).toContain('Carrier: UPS. Tracking number: 1Z999AA10000000001');
    expect(firstMail).toContain('https://www.ups.com/track?tracknum=1Z999AA10000000001');
    expect(firstMail).toContain('1 × Summit Trail');
    expect(firstMail).not.toContain('Trail Pole');
    expect(secondMail).toContain(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223100000002',
    );
    expect(secondMail).toMatch(/1 × .*Pole/);
    expect(firstMail).toContain(`https://shop.example.com/en-us/order-status?order=${order.id}`);
  });

  it('refuses each change that makes no sense, and changes nothing', async () => {
    await setStock(50);
    const unpaid = await place();
    const other = await place();
    const line = unpaid.lines[0]!.id;
    const ship = (orderId: number, version: number, lines = [{ orderItemId: line, quantity: 1 }]) =>
      commerce.orderAdmin.addShipment(ops, orderId, version, {
        carrier: 'UPS',
        trackingNumber: '1Z1',
        lines,
      });

    const expectRefused = async (
      attempt: () => Promise<unknown>,
      expected: { code: string; status: number; message?: RegExp },
      orderId = unpaid.id,
    ) => {
      const before = await snapshot(orderId);
      const refused = await refusal(attempt());
      expect(refused).toMatchObject({ code: expected.code, status: expected.status });
      if (expected.message) expect(refused.message).toMatch(expected.message);
      expect(await snapshot(orderId)).toEqual(before);
    };

    // Ship before payment; deliver or refund before anything happened; an unknown order.
    await expectRefused(() => ship(unpaid.id, 0), {
      code: 'order-state',
      status: 409,
      message: new RegExp(`Order ${unpaid.id} is awaiting payment: mark it paid before shipping it`),
    });
    await expectRefused(() => commerce.orderAdmin.markDelivered(ops, unpaid.id, 0), {
      code: 'order-state',
      status: 409,
    });
    await expectRefused(() => commerce.orderAdmin.refund(ops, unpaid.id, 0, { amount: 1, reason: 'x' }), {
      code: 'order-state',
      status: 409,
      message: /has not been paid/,
    });
    expect(await refusal(commerce.orderAdmin.markPaid(ops, 999_999, 0))).toMatchObject({
      code: 'not-found',
      status: 404,
    });

    await commerce.orderAdmin.markPaid(ops, unpaid.id, 0);
    // Pay twice; a stale form (version 0 after the change); bad input.
    await expectRefused(() => commerce.orderAdmin.markPaid(ops, unpaid.id, 1), {
      code: 'order-state',
      status: 409,
      message: /already paid/,
    });
    await expectRefused(() => ship(unpaid.id, 0), {
      code: 'stale',
      status: 409,
      message: /changed by someone else/,
    });
    await expectRefused(() => commerce.orderAdmin.markPaid(ops, unpaid.id, 0), {
      code: 'stale',
      status: 409,
    });
    await expectRefused(
      () =>
        commerce.orderAdmin.addShipment(ops, unpaid.id, 1, {
          carrier: ' ',
          trackingNumber: '1Z',
          lines: [{ orderItemId: line, quantity: 1 }],
        }),
      { code: 'invalid', status: 400, message: /carrier/ },
    );
    await expectRefused(() => ship(unpaid.id, 1, []), { code: 'invalid', status: 400 });
    await expectRefused(() => ship(unpaid.id, 1, [{ orderItemId: line, quantity: 3 }]), {
      code: 'invalid',
      status: 400,
      message: /Only 2 of .* left to ship, not 3/,
    });
    // Another order's line id: not found, nothing shipped on either order.
    const otherBefore = await snapshot(other.id);
    await expectRefused(() => ship(unpaid.id, 1, [{ orderItemId: other.lines[0]!.id, quantity: 1 }]), {
      code: 'not-found',
      status: 404,
      message: new RegExp(`has no line ${other.lines[0]!.id}`),
    });
    expect(await snapshot(other.id)).toEqual(otherBefore);
    await expectRefused(
      () => commerce.orderAdmin.refund(ops, unpaid.id, 1, { amount: unpaid.total + 0.01, reason: 'x' }),
      {
        code: 'invalid',
        status: 400,
        message: /left to refund/,
      },
    );
    await expectRefused(() => commerce.orderAdmin.cancel(ops, unpaid.id, 1, { reason: '' }), {
      code: 'invalid',
      status: 400,
    });

    // Shipped in part: cannot be cancelled.
    await ship(unpaid.id, 1);
    await expectRefused(() => commerce.orderAdmin.cancel(ops, unpaid.id, 2, { reason: 'Changed mind' }), {
      code: 'order-state',
      status: 409,
      message: /has shipped: it cannot be cancelled/,
    });

    // Cancelled: cannot be shipped, paid or cancelled again.
    await commerce.orderAdmin.cancel(ops, other.id, 0, { reason: 'Customer asked' });
    for (const attempt of [
      () => ship(other.id, 1, [{ orderItemId: other.lines[0]!.id, quantity: 1 }]),
      () => commerce.orderAdmin.markPaid(ops, other.id, 1),
      () => commerce.orderAdmin.cancel(ops, other.id, 1, { reason: 'again' }),
    ])
      await expectRefused(
        attempt,
        { code: 'order-state', status: 409, message: new RegExp(`Order ${other.id} is`) },
        other.id,
      );
    expect(
      (await refusal(ship(other.id, 1, [{ orderItemId: other.lines[0]!.id, quantity: 1 }]))).message,
    ).toBe(`Order ${other.id} is cancelled: it cannot be shipped.`);
  });

  it('puts the stock back to the variants and products when an order is cancelled, and mails the shopper', async () => {
    await setStock(50);
    const before = await stock();
    const order = await place({ paymentMethod: 'bank_transfer' });
    expect(await stock()).toEqual({
      snowshoe: 48,
      pole: 49,
      snowshoeProduct: before.snowshoeProduct - 2,
      poleProduct: before.poleProduct - 1,
    });
    await commerce.orderAdmin.cancel(ops, order.id, 0, { reason: 'Out of delivery area' });
    expect(await stock()).toEqual(before);
    const cancelled = await commerce.orderAdmin.detail(order.id);
    expect(cancelled).toMatchObject({ status: 'Cancelled', statusId: 5, version: 1, allowed: [] });
    expect(cancelled.timeline.at(-1)).toMatchObject({
      type: 'cancelled',
      detail: { reason: 'Out of delivery area' },
    });
    const [mail, ...more] = await mails('order-cancelled', order.id);
    expect(more).toHaveLength(0);
    expect(mail).toContain('Subject: Your Ridgeline order');
    expect(mail).toContain('Reason: Out of delivery area');
    // Not paid yet (bank transfer): nothing to refund, so the mail does not promise it.
    expect(mail).not.toContain('refunded to you');
  });

  it("returns a cancelled order's stock through the stock path: a return in the history, back in stock announced", async () => {
    await setStock(2);
    const order = await place({ paymentMethod: 'bank_transfer' });
    expect((await stock()).snowshoe).toBe(0);
    const announced: { variantId: number; before: number; after: number }[] = [];
    commerce.events.on('back-in-stock', async ({ changes }) => {
      announced.push(...changes);
    });
    await commerce.orderAdmin.cancel(ops, order.id, 0, { reason: 'Out of delivery area' });
    expect((await stock()).snowshoe).toBe(2);
    expect(announced).toContainEqual(
      expect.objectContaining({ variantId: snowshoe.variantId, before: 0, after: 2 }),
    );
    const [movement] = await handle.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.variantId, snowshoe.variantId))
      .orderBy(desc(stockMovements.id))
      .limit(1);
    expect(movement).toMatchObject({
      reason: 'return',
      before: 0,
      after: 2,
      note: `Order ${order.id} cancelled`,
      staffId: ops.staffId,
    });
  });

  it('mails the shopper in the locale the order was placed in, whatever the shipping country', async () => {
    await setStock(50);
    const german = await place({ locale: 'de-de' });
    await commerce.orderAdmin.cancel(ops, german.id, 0, { reason: 'Out of delivery area' });
    const [row] = await handle.db
      .select({ locale: orders.locale })
      .from(orders)
      .where(eq(orders.id, german.id));
    expect(row!.locale).toBe('de-de');
    expect((await mails('order-cancelled', german.id))[0]).toContain(
      `Subject: Ihre Bestellung ${german.id} ist storniert`,
    );
    // A segment the store does not serve is not kept: the shipping country's language speaks instead.
    const unknown = await place({ locale: 'xx-yy' });
    await commerce.orderAdmin.cancel(ops, unknown.id, 0, { reason: 'Out of delivery area' });
    const [kept] = await handle.db
      .select({ locale: orders.locale })
      .from(orders)
      .where(eq(orders.id, unknown.id));
    expect(kept!.locale).toBeNull();
    expect((await mails('order-cancelled', unknown.id))[0]).toContain('Subject: Your Ridgeline order');
  });

  it('releases a pro customer’s spend when the order is cancelled', async () => {
    await setStock(50);
    const pro = (await commerce.customers.findByEmail('pro.guide@example.com'))!;
    const before = (await commerce.groups.proStatus(pro.id))!.order_total;
    const order = await place({ customerId: pro.id, email: pro.email, paymentMethod: 'pay_on_account' });
    expect((await commerce.groups.proStatus(pro.id))!.order_total).toBeCloseTo(before + order.total, 2);
    await commerce.orderAdmin.cancel(ops, order.id, 0, { reason: 'Duplicate order' });
    expect((await commerce.groups.proStatus(pro.id))!.order_total).toBeCloseTo(before, 2);
    // Paid (on account) before the cancel: the mail says the money comes back, and a refund may be recorded.
    expect((await mails('order-cancelled', order.id))[0]).toContain('refunded to you');
    expect((await commerce.orderAdmin.detail(order.id)).allowed).toEqual(['refund']);
  });

  it('lets exactly one of two staff win when one cancels while the other ships, and counts stock once', async () => {
    for (let round = 0; round < 3; round++) {
      await setStock(50);
      const order = await place({
        paymentMethod: 'pay_on_account',
        customerId: (await commerce.customers.findByEmail('pro.guide@example.com'))!.id,
        email: 'pro.guide@example.com',
      });
      const [cancelled, shipped] = await Promise.allSettled([
        commerce.orderAdmin.cancel(ops, order.id, 0, { reason: 'Race' }),
        commerce.orderAdmin.addShipment(ops2, order.id, 0, {
          carrier: 'UPS',
          trackingNumber: `1ZRACE${round}`,
          lines: order.lines.map((line) => ({ orderItemId: line.id, quantity: line.quantity })),
        }),
      ]);
      const outcomes = [cancelled.status, shipped.status].sort();
      expect(outcomes).toEqual(['fulfilled', 'rejected']);
      const loser = (cancelled.status === 'rejected' ? cancelled : shipped) as PromiseRejectedResult;
      expect(loser.reason).toMatchObject({ code: 'stale', status: 409 });
      const after = await snapshot(order.id);
      expect(after.version).toBe(1);
      // The order's confirmation and the winner's change.
      expect(after.events).toBe(2);
      expect(after.audits).toBe(1);
      if (cancelled.status === 'fulfilled') {
        expect(after).toMatchObject({ status: 'Cancelled', shipments: 0 });
        expect(after.stock).toMatchObject({ snowshoe: 50, pole: 50 });
      } else {
        expect(after).toMatchObject({ status: 'Shipped', shipments: 1 });
        expect(after.stock).toMatchObject({ snowshoe: 48, pole: 49 });
      }
    }
  });

  /** A guest order placed through the European checkout with cash on delivery (a German address). */
  async function placeCashOnDelivery() {
    const cart = await commerce.carts.create('eu_region_1', null, [
      { product_id: snowshoe.productId, variant_id: snowshoe.variantId, quantity: 1 },
      { product_id: pole.productId, variant_id: pole.variantId, quantity: 1 },
    ]);
    const [option] = await commerce.checkout.shippingOptions('eu_region_1', cart.cart_amount, null);
    const placed = await commerce.checkout.placeOrder({
      cartId: cart.id,
      customerId: null,
      email: 'bar.zahler@example.com',
      shippingAddress: {
        ...US_ADDRESS,
        state_or_province: undefined,
        city: 'München',
        postal_code: '80331',
        country_code: 'DE',
      },
      billingAddress: null,
      shippingMethodId: option!.id,
      paymentMethod: 'cash_on_delivery',
      idempotencyKey: randomUUID(),
    });
    await commerce.orderAnnouncements.settled();
    return commerce.orderAdmin.detail(placed.orderId);
  }

  it('ships cash on delivery unpaid, records the cash once delivered, and refunds only money received', async () => {
    await setStock(50);
    const order = await placeCashOnDelivery();
    expect(order).toMatchObject({
      statusId: 11,
      paymentMethod: { id: 'cash_on_delivery' },
      paid: false,
      allowed: ['ship', 'cancel'],
    });
    // Nothing received: no refund, and no cash to record before the parcel leaves. Neither changes anything.
    const untouched = await snapshot(order.id);
    expect(
      await refusal(commerce.orderAdmin.refund(ops, order.id, 0, { amount: 5, reason: 'Goodwill' })),
    ).toMatchObject({
      code: 'order-state',
      status: 409,
      message: expect.stringContaining('has not been paid'),
    });
    expect(await refusal(commerce.orderAdmin.markPaid(ops, order.id, 0))).toMatchObject({
      code: 'order-state',
      message: expect.stringContaining('ship all of it before recording the cash received'),
    });
    expect(await snapshot(order.id)).toEqual(untouched);

    await commerce.orderAdmin.addShipment(ops, order.id, 0, {
      carrier: 'DHL',
      trackingNumber: 'COD-1',
      lines: order.lines.map((line) => ({ orderItemId: line.id, quantity: line.quantity })),
    });
    const shipped = await commerce.orderAdmin.detail(order.id);
    expect(shipped).toMatchObject({
      statusId: 2,
      paid: false,
      allowed: ['mark-paid', 'mark-delivered', 'return'],
    });
    await commerce.orderAdmin.markDelivered(ops, order.id, 1);
    expect((await commerce.orderAdmin.detail(order.id)).allowed).toEqual(['mark-paid', 'return']);

    // The carrier hands over the cash: recorded, the status stays Completed.
    const paid = await commerce.orderAdmin.markPaid(ops, order.id, 2);
    expect(paid).toMatchObject({ version: 3, status: 'Completed' });
    const received = await commerce.orderAdmin.detail(order.id);
    expect(received).toMatchObject({ statusId: 10, paid: true, allowed: ['refund', 'return'] });
    expect(received.timeline.at(-1)).toMatchObject({
      type: 'paid',
      detail: { fromStatus: 'Completed', toStatus: 'Completed' },
    });
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} = ${String(order.id)} and ${auditLog.action} = 'order.paid'`);
    expect(entry).toMatchObject({ staffId: ops.staffId, after: { statusId: 10, version: 3 } });

    // Paid once only; now money can be given back.
    const afterPaid = await snapshot(order.id);
    expect(await refusal(commerce.orderAdmin.markPaid(ops, order.id, 3))).toMatchObject({
      code: 'order-state',
      message: expect.stringContaining('already paid'),
    });
    expect(await snapshot(order.id)).toEqual(afterPaid);
    expect(
      await commerce.orderAdmin.refund(ops, order.id, 3, { amount: 5, reason: 'Goodwill' }),
    ).toMatchObject({
      status: 'Partially Refunded',
    });
  });

  it('cancels a cash-on-delivery order without promising money back', async () => {
    await setStock(50);
    const order = await placeCashOnDelivery();
    await commerce.orderAdmin.cancel(ops, order.id, 0, { reason: 'Changed my mind' });
    const cancelled = await commerce.orderAdmin.detail(order.id);
    expect(cancelled).toMatchObject({ statusId: 5, paid: false, allowed: [] });
    expect(cancelled.timeline.at(-1)).toMatchObject({ type: 'cancelled', detail: { wasPaid: false } });
    const [mail] = await mails('order-cancelled', order.id);
    expect(mail).toContain('Changed my mind');
    expect(mail).not.toContain('refunded to you');
    expect(
      await refusal(commerce.orderAdmin.refund(ops, order.id, 1, { amount: 5, reason: 'x' })),
    ).toMatchObject({
      code: 'order-state',
    });
  });

  it('writes the cancellation mail in the shipping country’s language when display text has it', async () => {
    const order = await place();
    // A German shipping address for this order (the storefront's eu_region_1 checkout would give one).
    await handle.db
      .update(orders)
      .set({ shippingAddress: sql`jsonb_set(${orders.shippingAddress}, '{country_iso2}', '"DE"')` })
      .where(eq(orders.id, order.id));
    await commerce.orderAdmin.cancel(ops, order.id, 0, { reason: 'Test' });
    const [mail] = await mails('order-cancelled', order.id);
    expect(mail).toContain(`Subject: Ihre Bestellung ${order.id} ist storniert`);
    expect(mail).toContain(`https://shop.example.com/de-de/order-status?order=${order.id}`);
  });
  it('keeps a paid order with lines to ship in the shipping queue after a partial refund, oldest paid first', async () => {
    await setStock(50);
    const order = await place();
    const inQueue = async () =>
      (await commerce.orderQueries.list({ queue: 'to-ship', limit: 200 })).orders.map((entry) => entry.id);
    expect(order).toMatchObject({ paymentStatus: 'awaiting', fulfillmentStatus: 'unfulfilled' });
    expect(await inQueue()).not.toContain(order.id);

    await commerce.orderAdmin.markPaid(ops, order.id, 0);
    await commerce.orderAdmin.refund(ops, order.id, 1, { amount: 20, reason: 'Price match' });
    const refunded = await commerce.orderAdmin.detail(order.id);
    expect(refunded).toMatchObject({
      status: 'Partially Refunded',
      paymentStatus: 'partially_refunded',
      fulfillmentStatus: 'unfulfilled',
      allowed: expect.arrayContaining(['ship', 'refund']),
    });
    expect(refunded.paidAt).toBeInstanceOf(Date);
    const queue = await inQueue();
    expect(queue).toContain(order.id);
    // Oldest paid first: this one was paid last, so it closes the queue.
    expect(queue.at(-1)).toBe(order.id);
    const filtered = await commerce.orderQueries.list({ payment: ['partially_refunded'], limit: 200 });
    expect(filtered.orders.map((entry) => entry.id)).toContain(order.id);

    await commerce.orderAdmin.addShipment(ops, order.id, 2, {
      carrier: 'ups',
      trackingNumber: '1Z999AA10000000077',
      lines: refunded.lines.map((line) => ({ orderItemId: line.id, quantity: line.leftToShip })),
    });
    const shipped = await commerce.orderAdmin.detail(order.id);
    expect(shipped).toMatchObject({ paymentStatus: 'partially_refunded', fulfillmentStatus: 'fulfilled' });
    // The carrier is spelled as the list spells it, so its tracking link works.
    expect(shipped.shipments[0]!.carrier).toBe('UPS');
    expect(await inQueue()).not.toContain(order.id);
  });

  it('refuses a carrier that is not on the list, and changes nothing', async () => {
    await setStock(50);
    const order = await place({ paymentMethod: 'bank_transfer' });
    await commerce.orderAdmin.markPaid(ops, order.id, 0);
    const before = await snapshot(order.id);
    const refused = await refusal(
      commerce.orderAdmin.addShipment(ops, order.id, 1, {
        carrier: 'UPSS',
        trackingNumber: '1Z1',
        lines: [{ orderItemId: order.lines[0]!.id, quantity: 1 }],
      }),
    );
    expect(refused).toMatchObject({ code: 'invalid', status: 400, message: /carrier: choose one of UPS/ });
    expect(await snapshot(order.id)).toEqual(before);
  });

  it('refunds a line before it ships back to stock: it comes off what is left to ship, with the shipping', async () => {
    await setStock(50);
    const order = await place();
    const [snowshoeLine, poleLine] = order.lines;
    await commerce.orderAdmin.markPaid(ops, order.id, 0);
    const done = await commerce.orderAdmin.refund(ops, order.id, 1, {
      lines: [{ orderItemId: snowshoeLine!.id, quantity: 1, restock: true }],
      shipping: 0,
      reason: 'Customer changed their mind before shipping',
    });
    expect(done.status).toBe('Partially Refunded');
    expect(await stock()).toMatchObject({ snowshoe: 49, pole: 49 });
    const after = await commerce.orderAdmin.detail(order.id);
    expect(after.lines.find((line) => line.id === snowshoeLine!.id)).toMatchObject({
      leftToShip: 1,
      removed: 1,
      refundedUnits: 1,
    });
    expect(after.refunds[0]).toMatchObject({
      amount: snowshoeLine!.price,
      lines: [{ orderItemId: snowshoeLine!.id, quantity: 1, removed: 1 }],
    });
    // Refunding a shipped unit back to stock is a return, not a refund.
    await commerce.orderAdmin.addShipment(ops, order.id, 2, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10000000078',
      lines: [
        { orderItemId: snowshoeLine!.id, quantity: 1 },
        { orderItemId: poleLine!.id, quantity: 1 },
      ],
    });
    const shipped = await commerce.orderAdmin.detail(order.id);
    expect(shipped).toMatchObject({ status: 'Partially Refunded', fulfillmentStatus: 'fulfilled' });
    const before = await snapshot(order.id);
    expect(
      await refusal(
        commerce.orderAdmin.refund(ops, order.id, 3, {
          lines: [{ orderItemId: poleLine!.id, quantity: 1, restock: true }],
          reason: 'x',
        }),
      ),
    ).toMatchObject({ code: 'invalid', message: /has shipped: record a return/ });
    expect(await snapshot(order.id)).toEqual(before);
    const mail = (await mails('order-refunded', order.id))[0]!;
    expect(mail).toContain('Subject: Your refund for Ridgeline order');
    expect(mail).toContain(`1 × ${snowshoeLine!.name}`);
  });

  it('records a return of one line, restocks it, refunds it with the shipping and mails a German shopper in German', async () => {
    await setStock(50);
    const order = await place({ locale: 'de-de', paymentMethod: 'bank_transfer' });
    const [snowshoeLine, poleLine] = order.lines;
    // An order charged for shipping (this cart ships free in the demo store), so that shipping can be refunded.
    await handle.db
      .update(orders)
      .set({ shippingCost: 12.5, total: sql`${orders.total} + 12.5` })
      .where(eq(orders.id, order.id));
    await commerce.orderAdmin.markPaid(ops, order.id, 0);
    await commerce.orderAdmin.addShipment(ops, order.id, 1, {
      carrier: 'DHL',
      trackingNumber: '00340434161094042557',
      lines: order.lines.map((line) => ({ orderItemId: line.id, quantity: line.quantity })),
    });
    expect(await stock()).toMatchObject({ snowshoe: 48, pole: 49 });
    // More than shipped is refused and changes nothing.
    const before = await snapshot(order.id);
    expect(
      await refusal(
        commerce.orderAdmin.recordReturn(ops, order.id, 2, {
          lines: [{ orderItemId: poleLine!.id, quantity: 2, restock: true }],
          reason: 'Too short',
        }),
      ),
    ).toMatchObject({
      code: 'invalid',
      message: /Only 1 unit of .* was shipped and not returned yet, not 2/,
    });
    expect(await snapshot(order.id)).toEqual(before);

    const shipping = 12.5;
    const done = await commerce.orderAdmin.recordReturn(ops, order.id, 2, {
      lines: [
        { orderItemId: poleLine!.id, quantity: 1, restock: true },
        { orderItemId: snowshoeLine!.id, quantity: 1, restock: false },
      ],
      reason: 'Wrong size',
      refund: true,
      shipping,
    });
    expect(done.refundId).toBeGreaterThan(0);
    // The pole is back on sale; the damaged snowshoe is not.
    expect(await stock()).toMatchObject({ snowshoe: 48, pole: 50 });
    const after = await commerce.orderAdmin.detail(order.id);
    const expected = Math.round((poleLine!.price + snowshoeLine!.price + shipping) * 100) / 100;
    expect(after).toMatchObject({
      refunded: expected,
      paymentStatus: 'partially_refunded',
      fulfillmentStatus: 'fulfilled',
      returns: [
        { reason: 'Wrong size', items: expect.arrayContaining([expect.objectContaining({ restock: true })]) },
      ],
    });
    expect(after.refunds[0]).toMatchObject({ returnId: done.returnId, shipping });
    expect(after.timeline.at(-1)).toMatchObject({ type: 'returned', detail: { amount: expected } });
    const [returnRow] = await handle.db.select().from(orderReturns).where(eq(orderReturns.orderId, order.id));
    expect(returnRow!.items).toHaveLength(2);

    const [mail] = await mails('order-refunded', order.id);
    expect(mail).toContain(`Subject: Ihre Erstattung zur Ridgeline-Bestellung ${order.id}`);
    expect(mail).toContain('Zurückgesendet:');
    expect(mail).toContain(`1 × ${poleLine!.name}`);
    expect(mail).toContain('Versand: $12.50');
    expect(mail).toContain('Bestellung ansehen');
    expect(mail).toContain(`https://shop.example.com/de-de/order-status?order=${order.id}`);
  });

  it('fills the payment and fulfilment columns of existing orders as the engine would (migration 0023)', async () => {
    const rows = async () =>
      (
        await handle.db
          .select({
            id: orders.id,
            payment: orders.paymentStatus,
            fulfillment: orders.fulfillmentStatus,
            paidAt: orders.paidAt,
          })
          .from(orders)
          .orderBy(asc(orders.id))
      ).map((row) => ({ ...row, paid: row.paidAt !== null }));
    const engine = await rows();
    // Every state this file's journeys left behind, and the seeded ones, read again by the migration's SQL.
    const text = await readFile(join(MIGRATIONS, '0023_order_standing.sql'), 'utf8');
    const backfill = text
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter((statement) => statement.startsWith('UPDATE "orders"'));
    expect(backfill).toHaveLength(2);
    await handle.db.execute(sql`alter table orders drop constraint orders_payment_status_known`);
    await handle.db.execute(sql`update orders set payment_status = 'paid', fulfillment_status = 'delivered'`);
    for (const statement of backfill) await handle.db.execute(sql.raw(statement));
    await handle.db.execute(
      sql.raw(
        `alter table orders add constraint orders_payment_status_known check (payment_status in ('awaiting', 'paid', 'partially_refunded', 'refunded', 'voided'))`,
      ),
    );
    const migrated = await rows();
    const strip = (list: typeof engine) =>
      list.map(({ id, payment, fulfillment, paid }) => ({ id, payment, fulfillment, paid }));
    expect(strip(migrated)).toEqual(strip(engine));
    expect(new Set(engine.map((row) => row.payment)).size).toBeGreaterThanOrEqual(4);
  });
});
