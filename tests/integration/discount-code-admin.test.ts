import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '#server/audit/audit.ts';
import { auditLog } from '#server/audit/schema.ts';
import { CommerceError, type DiscountCodeInput } from '#server/commerce/index.ts';
import { variants } from '#server/commerce/schema-catalogue.ts';
import { orderItems, orders, refunds } from '#server/commerce/schema-sales.ts';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { insertActor } from '../support/staff-actor.ts';
import { testDatabaseTargets } from '../support/test-databases.ts';
import { type ApiHarness, openApi } from './api-harness.ts';

const input = (over: Partial<DiscountCodeInput> = {}): DiscountCodeInput => ({
  code: 'spring12',
  description: 'Spring newsletter',
  kind: 'percent',
  percent: 12,
  amounts: {},
  scope: 'cart',
  categoryIds: [],
  productIds: [],
  regionIds: [],
  minimums: {},
  startsAt: null,
  endsAt: null,
  usageLimit: 100,
  perCustomerLimit: 1,
  combinesWithSale: false,
  appliesToPro: false,
  ...over,
});

async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => null,
    (error: unknown) => {
      if (error instanceof CommerceError)
        return { code: error.code, message: error.message, fields: error.fields };
      throw error;
    },
  );
}

/** Issue 41, the back office's codes: created, guarded, edited at a version, deactivated, audited, with revenue. */
describe.each(testDatabaseTargets)('discount code admin on $name', (target) => {
  let api: ApiHarness;
  let actor: Actor;

  beforeAll(async () => {
    api = await openApi(target);
    actor = await insertActor(api.handle.db, 'merchandiser', 'codes-test@ridgeline.example');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  const audited = async (action: string, id: number) =>
    api.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id))));

  it('creates a code upper-cased, refuses a second one of the same name, and audits it', async () => {
    const row = await api.commerce.discountCodes.create(actor, input());
    expect(row).toMatchObject({ code: 'SPRING12', percent: 12, uses: 0, active: true });
    expect(await audited('discount-code.created', row.id)).toHaveLength(1);
    expect(
      await refusal(api.commerce.discountCodes.create(actor, input({ code: 'Spring12' }))),
    ).toMatchObject({
      code: 'conflict',
      fields: { code: 'This code exists already.' },
    });
  });

  it('asks for a confirmation when an order could cost nothing, and saves it once confirmed', async () => {
    const free = input({ code: 'GIVEAWAY', percent: 100 });
    expect(await refusal(api.commerce.discountCodes.create(actor, free))).toMatchObject({
      code: 'needs-confirmation',
      message: expect.stringContaining('free'),
    });
    const amount = input({
      code: 'TENOFF',
      kind: 'amount',
      percent: null,
      amounts: { EUR: 10 },
      minimums: { EUR: 10 },
    });
    expect(await refusal(api.commerce.discountCodes.create(actor, amount))).toMatchObject({
      code: 'needs-confirmation',
      message: expect.stringContaining('0 or less'),
    });
    const saved = await api.commerce.discountCodes.create(actor, free, { confirmed: true });
    expect(saved.percent).toBe(100);
  });

  it('refuses a bad input with the field named', async () => {
    expect(
      await refusal(api.commerce.discountCodes.create(actor, input({ code: 'no spaces' }))),
    ).toMatchObject({
      code: 'invalid',
      fields: { code: expect.any(String) },
    });
    expect(
      await refusal(
        api.commerce.discountCodes.create(
          actor,
          input({ code: 'BACKWARDS', startsAt: new Date('2027-01-02'), endsAt: new Date('2027-01-01') }),
        ),
      ),
    ).toMatchObject({ fields: { endsAt: expect.any(String) } });
    expect(
      await refusal(api.commerce.discountCodes.create(actor, input({ code: 'NOCATS', scope: 'categories' }))),
    ).toMatchObject({ fields: { categoryIds: expect.any(String) } });
  });

  it('edits at the version it was read, refuses a stale form, and deactivates with an entry each', async () => {
    const row = await api.commerce.discountCodes.create(actor, input({ code: 'EDITME' }));
    const edited = await api.commerce.discountCodes.update(
      actor,
      row.id,
      row.version,
      input({ code: 'EDITME', percent: 15 }),
    );
    expect(edited).toMatchObject({ percent: 15, version: row.version + 1 });
    expect(
      await refusal(api.commerce.discountCodes.update(actor, row.id, row.version, input({ code: 'EDITME' }))),
    ).toMatchObject({ code: 'stale' });
    const off = await api.commerce.discountCodes.setActive(actor, row.id, false);
    expect(off.active).toBe(false);
    const [entry] = await audited('discount-code.deactivated', row.id);
    expect(entry).toMatchObject({ staffId: actor.staffId, after: { code: 'EDITME', active: false } });
  });

  it('lists each code with its uses, the revenue of its orders and what it gave', async () => {
    const gaiter = catalogueProductId('ridgeline-trail-gaiter');
    const [variant] = await api.handle.db
      .select()
      .from(variants)
      .where(eq(variants.productId, gaiter))
      .limit(1);
    const cart = await api.commerce.carts.create('us', null, [
      { product_id: gaiter, variant_id: variant!.id, quantity: 2 },
    ]);
    await api.commerce.carts.applyCode(cart.id, 'spring12', async () => {});
    const [method] = await api.commerce.checkout.shippingOptions('us', 100, null);
    const placed = await api.commerce.checkout.placeOrder({
      cartId: cart.id,
      customerId: null,
      email: 'spring@example.com',
      shippingAddress: {
        first_name: 'Sam',
        last_name: 'Spring',
        address1: '1 Elm St',
        city: 'Bend',
        state_or_province: 'OR',
        postal_code: '97701',
        country_code: 'US',
      },
      billingAddress: null,
      shippingMethodId: method!.id,
      paymentMethod: 'bank_transfer',
      idempotencyKey: randomUUID(),
    });
    const listed = (await api.commerce.discountCodes.list()).find((row) => row.code === 'SPRING12')!;
    expect(listed.uses).toBe(1);
    expect(listed.revenue).toEqual([{ currency: 'USD', total: placed.total }]);
    expect(listed.saved[0]!.total).toBeGreaterThan(0);

    // A line refunded gives back what its units cost after the code, not their price before it.
    const [line] = await api.handle.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.orderId));
    expect(line!.discount).toBeGreaterThan(0);
    const [order] = await api.handle.db.select().from(orders).where(eq(orders.id, placed.orderId));
    await api.commerce.orderAdmin.markPaid(actor, placed.orderId, order!.version);
    const [paid] = await api.handle.db.select().from(orders).where(eq(orders.id, placed.orderId));
    await api.commerce.orderAdmin.refund(actor, placed.orderId, paid!.version, {
      lines: [{ orderItemId: line!.id, quantity: 1 }],
      reason: 'Too small',
    });
    const [refund] = await api.handle.db.select().from(refunds).where(eq(refunds.orderId, placed.orderId));
    expect(refund!.amount).toBe(Math.round((line!.price * 2 - line!.discount) * 50) / 100);
  });
});
