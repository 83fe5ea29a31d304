import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Commerce, CommerceError, createCommerce } from '#server/commerce/index.ts';
import { variants } from '#server/commerce/schema-catalogue.ts';
import { discountCodes, discountRedemptions } from '#server/commerce/schema-discounts.ts';
import { orderItems, orders } from '#server/commerce/schema-sales.ts';
import { type DatabaseHandle, openPostgres } from '#server/db/database.ts';
import { seedDemoStore } from '#server/seed/seed.ts';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import {
  createPostgresDatabase,
  openSeeded,
  postgresTemplate,
  type TestDatabaseTarget,
  testDatabaseTargets,
} from '../support/test-databases.ts';

const SLUG = 'ridgeline-summit-trail-mens';
const ADDRESS = {
  first_name: 'Ada',
  last_name: 'Guest',
  address1: '12 Pine Street',
  city: 'Bend',
  state_or_province: 'OR',
  postal_code: '97701',
  country_code: 'US',
};
const noThrottle = async () => {};

/**
 * The race needs 300 checkouts waiting at once: on PostgreSQL a pool whose queue takes them all and waits long
 * enough for a connection (the server's defaults, 200 waiting for 5 s, would refuse the tail as busy before it
 * reaches the code; in the server, admission control queues requests in front of the pool instead).
 */
async function openForRace(target: TestDatabaseTarget): Promise<DatabaseHandle> {
  if (target.name !== 'postgres') return openSeeded(target);
  const database = await createPostgresDatabase('ridgeline_test', postgresTemplate('seeded'));
  const handle = await openPostgres(database.url, {
    poolMax: 10,
    maxWaiting: 1000,
    connectTimeoutMs: 120_000,
  });
  await handle.migrate();
  if (!postgresTemplate('seeded')) await seedDemoStore(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

/** The code a refusal carries, or null when the promise kept it. */
async function refusal(promise: Promise<unknown>): Promise<string | null> {
  return promise.then(
    () => null,
    (error: unknown) => {
      if (error instanceof CommerceError) return error.code;
      throw error;
    },
  );
}

describe.each(testDatabaseTargets)('discount codes on $name', (target) => {
  let handle: DatabaseHandle;
  let commerce: Commerce;
  let productId: number;
  let variantId: number;
  let methodId: number;

  beforeAll(async () => {
    handle = await openForRace(target);
    commerce = createCommerce(handle.db);
    productId = catalogueProductId(SLUG);
    const [variant] = await handle.db
      .select()
      .from(variants)
      .where(eq(variants.productId, productId))
      .orderBy(variants.id)
      .limit(1);
    variantId = variant!.id;
    methodId = (await commerce.checkout.shippingOptions('us', 50, null))[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  async function addCode(code: string, values: Partial<typeof discountCodes.$inferInsert> = {}) {
    await handle.db
      .insert(discountCodes)
      .values({ code, kind: 'percent', percent: 10, combinesWithSale: true, ...values });
  }

  const guestCart = (region = 'us') =>
    commerce.carts.create(region, null, [{ product_id: productId, variant_id: variantId, quantity: 1 }]);

  const order = (cartId: string, email = 'ada@example.com', customerId: number | null = null) =>
    commerce.checkout.placeOrder({
      cartId,
      customerId,
      email,
      shippingAddress: ADDRESS,
      billingAddress: null,
      shippingMethodId: methodId,
      paymentMethod: 'bank_transfer',
      idempotencyKey: randomUUID(),
    });

  it('a code limited to 100 uses gives exactly 100 orders when 300 checkouts race for it', async () => {
    await handle.db.update(variants).set({ inventoryLevel: 1000 }).where(eq(variants.id, variantId));
    await addCode('RACE100', { usageLimit: 100 });
    const carts = [];
    for (let n = 0; n < 300; n++) {
      const cart = await guestCart();
      await commerce.carts.applyCode(cart.id, 'race100', noThrottle);
      carts.push(cart);
    }
    const results = await Promise.allSettled(carts.map((cart, n) => order(cart.id, `racer${n}@example.com`)));
    const placed = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(placed).toHaveLength(100);
    expect(refused).toHaveLength(200);
    const reasons = refused.map((result) => {
      const reason = (result as PromiseRejectedResult).reason as CommerceError;
      return reason.code ?? String(reason);
    });
    expect(new Set(reasons)).toEqual(new Set(['discount-used-up']));
    const [code] = await handle.db.select().from(discountCodes).where(eq(discountCodes.code, 'RACE100'));
    expect(code!.uses).toBe(100);
    const [redeemed] = await handle.db
      .select({ n: count() })
      .from(discountRedemptions)
      .where(eq(discountRedemptions.codeId, code!.id));
    expect(redeemed!.n).toBe(100);
    const [withCode] = await handle.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.discountCode, 'RACE100'));
    expect(withCode!.n).toBe(100);
    const [variant] = await handle.db.select().from(variants).where(eq(variants.id, variantId));
    expect(variant!.inventoryLevel).toBe(900);
  }, 600_000);

  it('shows the saving in the cart, keeps the code when the cart changes, and charges it at checkout', async () => {
    await addCode('KEEP10');
    const cart = await guestCart();
    const applied = await commerce.carts.applyCode(cart.id, '  keep10 ', noThrottle);
    const unit = applied.line_items.physical_items[0]!.sale_price;
    expect(applied.discount_code).toMatchObject({ code: 'KEEP10', applied: true });
    expect(applied.discount_amount).toBe(Math.round(unit * 10) / 100);
    expect(applied.cart_amount).toBe(Math.round((unit - applied.discount_amount) * 100) / 100);
    const line = applied.line_items.physical_items[0]!;
    const bigger = await commerce.carts.updateItem(cart.id, line.id, {
      product_id: productId,
      variant_id: variantId,
      quantity: 3,
    });
    expect(bigger.discount_code).toMatchObject({ code: 'KEEP10', applied: true });
    // 10 % in whole cents of the line (three units), half a cent rounding up.
    expect(bigger.discount_amount).toBe(Math.round((Math.round(unit * 100) * 3 * 10) / 100) / 100);
    const placed = await order(cart.id, 'keeper@example.com');
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(row).toMatchObject({ discountCode: 'KEEP10', discountAmount: bigger.discount_amount });
    expect(row!.total).toBe(
      Math.round((row!.subtotal - row!.discountAmount + row!.shippingCost) * 100) / 100,
    );
    const [item] = await handle.db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(item!.discount).toBe(bigger.discount_amount);
  });

  it('refuses with a reason and leaves the cart as it was', async () => {
    await addCode('OLD5', { endsAt: new Date('2026-01-01T00:00:00Z') });
    await addCode('NAONLY', { regionIds: ['us', 'ca'] });
    await addCode('BIGSPEND', { minimums: { USD: 100_000 } });
    const cart = await guestCart();
    expect(await refusal(commerce.carts.applyCode(cart.id, 'old5', noThrottle))).toBe('discount-expired');
    expect(await refusal(commerce.carts.applyCode(cart.id, 'nope-nope', noThrottle))).toBe(
      'discount-unknown-code',
    );
    expect(await refusal(commerce.carts.applyCode(cart.id, "x' or 1=1", noThrottle))).toBe(
      'discount-unknown-code',
    );
    expect(await refusal(commerce.carts.applyCode(cart.id, 'bigspend', noThrottle))).toBe(
      'discount-minimum-not-reached',
    );
    expect((await commerce.carts.get(cart.id)).discount_code).toBeNull();
    const euro = await guestCart('eu_region_1');
    expect(await refusal(commerce.carts.applyCode(euro.id, 'NAONLY', noThrottle))).toBe(
      'discount-wrong-region',
    );
  });

  it('tells a pro customer the code does not apply to pro accounts, unless the code says it does', async () => {
    await addCode('GUESTS10');
    await addCode('EVERYONE5', { percent: 5, appliesToPro: true });
    const pro = await commerce.customers.findByEmail('pro.guide@example.com');
    const cart = await commerce.carts.create('us', pro!.id, [
      { product_id: productId, variant_id: variantId, quantity: 1 },
    ]);
    expect(await refusal(commerce.carts.applyCode(cart.id, 'guests10', noThrottle))).toBe(
      'discount-not-for-pro',
    );
    const applied = await commerce.carts.applyCode(cart.id, 'everyone5', noThrottle);
    expect(applied.discount_code).toMatchObject({ applied: true });
  });

  it('re-checks at checkout: a code switched off after it was entered refuses the order with its reason', async () => {
    await addCode('LATEOFF');
    const cart = await guestCart();
    await commerce.carts.applyCode(cart.id, 'LATEOFF', noThrottle);
    await handle.db.update(discountCodes).set({ active: false }).where(eq(discountCodes.code, 'LATEOFF'));
    expect((await commerce.carts.get(cart.id)).discount_code).toMatchObject({
      applied: false,
      reason: 'expired',
    });
    expect(await refusal(order(cart.id))).toBe('discount-expired');
    expect(await commerce.carts.find(cart.id)).not.toBeNull();
    await commerce.carts.removeCode(cart.id, 'lateoff');
    expect((await order(cart.id)).replay).toBe(false);
  });

  it('keeps the per-customer limit per e-mail address for guests, counted at checkout', async () => {
    await addCode('ONCE', { perCustomerLimit: 1 });
    const first = await guestCart();
    await commerce.carts.applyCode(first.id, 'ONCE', noThrottle);
    await order(first.id, 'Once@Example.com');
    const second = await guestCart();
    await commerce.carts.applyCode(second.id, 'once', noThrottle);
    expect(await refusal(order(second.id, 'once@example.COM'))).toBe('discount-used-up');
    expect((await order(second.id, 'other@example.com')).replay).toBe(false);
  });

  it('takes the shipping off a free-shipping code', async () => {
    await addCode('NOSHIPCOST', { kind: 'free_shipping', percent: null });
    // A gaiter stays below the US free-shipping minimum, so the cart pays shipping without the code.
    const gaiter = catalogueProductId('ridgeline-trail-gaiter');
    const [size] = await handle.db.select().from(variants).where(eq(variants.productId, gaiter)).limit(1);
    await handle.db.update(variants).set({ inventoryLevel: 50 }).where(eq(variants.id, size!.id));
    const cart = await commerce.carts.create('us', null, [
      { product_id: gaiter, variant_id: size!.id, quantity: 1 },
    ]);
    expect(cart.shipping_cost).toBeGreaterThan(0);
    const applied = await commerce.carts.applyCode(cart.id, 'noshipcost', noThrottle);
    expect(applied.shipping_cost).toBe(0);
    const placed = await order(cart.id, 'ship@example.com');
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(row!.shippingCost).toBe(0);
    expect(row!.shippingDiscount).toBeGreaterThan(0);
    expect(row!.total).toBe(row!.subtotal);
  });

  it('the database refuses uses beyond the limit whoever writes them', async () => {
    await addCode('CAPPED', { usageLimit: 1, uses: 1 });
    const error = await handle.db
      .update(discountCodes)
      .set({ uses: sql`${discountCodes.uses} + 1` })
      .where(eq(discountCodes.code, 'CAPPED'))
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).not.toBeNull();
  });
});
