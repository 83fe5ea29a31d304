import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutError, type Commerce, createCommerce } from '#server/commerce/index.ts';
import { productPrices, variants } from '#server/commerce/schema-catalogue.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { createOutboxMailer } from '#server/mail/mailer.ts';
import { orderConfirmationMessage } from '#server/mail/messages.ts';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { openSeeded, testDatabaseTargets } from '../support/test-databases.ts';

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

async function stockOf(handle: DatabaseHandle, variantId: number): Promise<number> {
  const [row] = await handle.db.select().from(variants).where(eq(variants.id, variantId));
  return row!.inventoryLevel;
}

describe.each(testDatabaseTargets)('checkout on $name', (target) => {
  let handle: DatabaseHandle;
  let commerce: Commerce;
  let productId: number;
  let variantId: number;
  let methodId: number;

  beforeAll(async () => {
    handle = await openSeeded(target);
    commerce = createCommerce(handle.db);
    productId = catalogueProductId(SLUG);
    const [variant] = await handle.db
      .select()
      .from(variants)
      .where(eq(variants.productId, productId))
      .orderBy(variants.id)
      .limit(1);
    variantId = variant!.id;
    const [zone] = await commerce.shipping.zones('us');
    methodId = (await commerce.checkout.shippingOptions('us', 50, null))[0]!.id;
    expect(zone).toBeDefined();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  async function setStock(level: number) {
    await handle.db.update(variants).set({ inventoryLevel: level }).where(eq(variants.id, variantId));
  }

  async function guestCart(quantity = 1) {
    return commerce.carts.create('us', null, [{ product_id: productId, variant_id: variantId, quantity }]);
  }

  function order(cartId: string, extra: Partial<Parameters<Commerce['checkout']['placeOrder']>[0]> = {}) {
    return commerce.checkout.placeOrder({
      cartId,
      customerId: null,
      email: 'ada@example.com',
      shippingAddress: ADDRESS,
      billingAddress: null,
      shippingMethodId: methodId,
      paymentMethod: 'bank_transfer',
      idempotencyKey: randomUUID(),
      ...extra,
    });
  }

  it('places an order in one transaction: server prices, stock down, cart closed', async () => {
    await setStock(10);
    const cart = await guestCart(2);
    const placed = await order(cart.id, { expectedSubtotal: cart.cart_amount });
    expect(placed.replay).toBe(false);
    expect(placed.orderId).toBeGreaterThanOrEqual(1001);
    const saved = await commerce.orders.get(placed.orderId);
    expect(saved.products).toEqual([
      expect.objectContaining({ product_id: productId, variant_id: variantId, quantity: 2 }),
    ]);
    expect(saved.subtotal_ex_tax).toBe(cart.cart_amount);
    expect(saved.status).toBe('Awaiting Payment');
    expect(await stockOf(handle, variantId)).toBe(8);
    expect(await commerce.carts.find(cart.id)).toBeNull();
    // The guest can look it up by number and email.
    expect((await commerce.orders.statusByEmail(placed.orderId, 'ADA@example.com')).id).toBe(placed.orderId);
  });

  it('refuses a changed price, a stale cart, a foreign address and an unknown method, changing nothing', async () => {
    await setStock(10);
    const cart = await guestCart(1);
    const before = await stockOf(handle, variantId);
    const refused = async (promise: Promise<unknown>, code: string) => {
      const error = await promise.then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(CheckoutError);
      expect((error as CheckoutError).code).toBe(code);
    };
    await refused(order(cart.id, { expectedSubtotal: 1 }), 'price-changed');
    const hannah = await commerce.customers.findByEmail('hannah.miller@example.com');
    const [hannahAddress] = await commerce.customers.addresses(hannah!.id);
    await refused(order(cart.id, { shippingAddress: { addressId: hannahAddress!.id } }), 'address');
    await refused(order(cart.id, { shippingMethodId: 999_999 }), 'shipping-method');
    await refused(order(cart.id, { paymentMethod: 'pay_on_account' }), 'payment-method');
    await refused(order(randomUUID()), 'stale-cart');
    // Another customer's cart is not this shopper's.
    await refused(order(cart.id, { customerId: hannah!.id }), 'stale-cart');
    expect(await stockOf(handle, variantId)).toBe(before);
    expect(await commerce.carts.find(cart.id)).not.toBeNull();
    // A price raised after the cart was priced: the shopper's old total is refused.
    const shown = (await commerce.carts.get(cart.id)).cart_amount;
    await handle.db
      .update(productPrices)
      .set({ retailPrice: sql`${productPrices.retailPrice} + 10` })
      .where(eq(productPrices.productId, productId));
    await refused(order(cart.id, { expectedSubtotal: shown }), 'price-changed');
    await handle.db
      .update(productPrices)
      .set({ retailPrice: sql`${productPrices.retailPrice} - 10` })
      .where(eq(productPrices.productId, productId));
    expect(await stockOf(handle, variantId)).toBe(before);
  });

  it('20 parallel checkouts for the last 5 units: exactly 5 orders, stock 0, 15 told it sold out', async () => {
    await setStock(5);
    const carts = [];
    for (let n = 0; n < 20; n++) carts.push(await guestCart(1));
    const results = await Promise.allSettled(carts.map((cart) => order(cart.id)));
    const placed = results.filter((result) => result.status === 'fulfilled');
    const refusals = results
      .filter((result): result is PromiseRejectedResult => result.status === 'rejected')
      .map((result) => (result.reason as CheckoutError).code);
    expect(placed).toHaveLength(5);
    expect(refusals).toEqual(Array(15).fill('sold-out'));
    expect(await stockOf(handle, variantId)).toBe(0);
  }, 60_000);

  it('10 parallel submissions with one idempotency key make one order', async () => {
    await setStock(10);
    const cart = await guestCart(1);
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => order(cart.id, { idempotencyKey: key })),
    );
    expect(new Set(results.map((result) => result.orderId)).size).toBe(1);
    expect(results.filter((result) => !result.replay)).toHaveLength(1);
    expect(await stockOf(handle, variantId)).toBe(9);
    const count = (await handle.db.execute(
      sql`select count(*)::int as n from orders where idempotency_key = ${key}`,
    )) as unknown as { rows: { n: number }[] };
    expect(count.rows[0]!.n).toBe(1);
  }, 60_000);

  it('refuses a pro order that would pass the spend limit, and offers pay on account to pros', async () => {
    await setStock(50);
    const pro = await commerce.customers.findByEmail('pro.guide@example.com');
    const status = await commerce.groups.proStatus(pro!.id);
    expect(status?.spend_limit).toBe(3000);
    const cart = await commerce.carts.create('us', pro!.id, [
      { product_id: productId, variant_id: variantId, quantity: 40 },
    ]);
    expect(cart.cart_amount).toBeGreaterThan(3000);
    const error = await commerce.checkout
      .placeOrder({
        cartId: cart.id,
        customerId: pro!.id,
        email: pro!.email,
        shippingAddress: ADDRESS,
        billingAddress: null,
        shippingMethodId: (await commerce.checkout.shippingOptions('us', cart.cart_amount, 4))[0]!.id,
        paymentMethod: 'pay_on_account',
        idempotencyKey: randomUUID(),
      })
      .catch((caught: unknown) => caught);
    expect((error as CheckoutError).code).toBe('spend-limit');
    expect(await stockOf(handle, variantId)).toBe(50);
  });

  it('parallel pro checkouts that together pass the spend limit: only the ones that fit are placed', async () => {
    await setStock(500);
    const pro = await commerce.customers.findByEmail('pro.guide@example.com');
    const before = (await commerce.groups.proStatus(pro!.id))!;
    const room = before.spend_limit - before.order_total;
    const groupId = (await commerce.groups.pricing('us', pro!.id)).groupId;
    // One cart's total (lines + shipping), for a quantity.
    const totalOf = async (quantity: number) => {
      const cart = await commerce.carts.create('us', pro!.id, [
        { product_id: productId, variant_id: variantId, quantity },
      ]);
      const [option] = await commerce.checkout.shippingOptions('us', cart.cart_amount, groupId);
      return { cart, methodId: option!.id, total: cart.cart_amount + option!.cost };
    };
    // The smallest quantity whose carts fit the remaining room at most twice, so 5 carts overshoot by 3.
    let quantity = 1;
    while ((await totalOf(quantity)).total * 3 <= room) quantity += 1;
    const attempts = await Promise.all(Array.from({ length: 5 }, () => totalOf(quantity)));
    const fits = Math.floor(room / attempts[0]!.total);
    expect(fits).toBeGreaterThanOrEqual(1);
    expect(fits).toBeLessThan(5);
    const stock = await stockOf(handle, variantId);

    const results = await Promise.allSettled(
      attempts.map((attempt) =>
        commerce.checkout.placeOrder({
          cartId: attempt.cart.id,
          customerId: pro!.id,
          email: pro!.email,
          shippingAddress: ADDRESS,
          billingAddress: null,
          shippingMethodId: attempt.methodId,
          paymentMethod: 'pay_on_account',
          idempotencyKey: randomUUID(),
        }),
      ),
    );
    const placed = results.filter((result) => result.status === 'fulfilled');
    const refused = results
      .filter((result): result is PromiseRejectedResult => result.status === 'rejected')
      .map((result) => result.reason as CheckoutError);
    expect(placed).toHaveLength(fits);
    expect(refused.map((error) => error.code)).toEqual(Array(5 - fits).fill('spend-limit'));
    expect(refused[0]!.message).toMatch(/over the limit of 3000/);
    const after = (await commerce.groups.proStatus(pro!.id))!;
    expect(after.order_total).toBeLessThanOrEqual(after.spend_limit);
    expect(after.order_total).toBeCloseTo(before.order_total + fits * attempts[0]!.total, 2);
    // Refused orders took no stock and left their carts open.
    expect(await stockOf(handle, variantId)).toBe(stock - fits * quantity);
    const open = await Promise.all(attempts.map((attempt) => commerce.carts.find(attempt.cart.id)));
    expect(open.filter((cart) => cart !== null)).toHaveLength(5 - fits);
  }, 60_000);

  it("refuses a wrong current password and another customer's address, changing nothing", async () => {
    const hannah = await commerce.customers.findByEmail('hannah.miller@example.com');
    const pro = await commerce.customers.findByEmail('pro.guide@example.com');
    await expect(
      commerce.customers.update(hannah!.id, { password: 'Another-Pass-9', current_password: 'not-it' }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      commerce.customers.update(hannah!.id, { email: 'x@example.com', current_password: 'not-it' }),
    ).rejects.toMatchObject({ status: 403 });
    expect((await commerce.customers.get(hannah!.id)).email).toBe('hannah.miller@example.com');
    const proAddresses = await commerce.customers.addresses(pro!.id);
    const proAddress = proAddresses[0];
    await expect(commerce.customers.setDefaultAddress(hannah!.id, proAddress!.id)).rejects.toMatchObject({
      status: 404,
    });
    await expect(commerce.customers.deleteAddress(hannah!.id, proAddress!.id)).rejects.toMatchObject({
      status: 404,
    });
    expect(await commerce.customers.addresses(pro!.id)).toEqual(proAddresses);
    await commerce.customers.setDefaultAddress(
      hannah!.id,
      (await commerce.customers.addresses(hannah!.id)).at(-1)!.id,
    );
    expect((await commerce.customers.addresses(hannah!.id))[0]!.is_default).toBe(true);
  });

  it('stores a pro application as the Pro Code JSON without granting pro prices', async () => {
    const customer = await commerce.customers.create('us', {
      email: `applicant-${randomUUID()}@example.com`,
      password: 'Applicant-2026',
      first_name: 'Ann',
      last_name: 'Applicant',
    });
    const applied = await commerce.customers.applyForPro(customer.id, {
      organization: 'Green Mountain Guides',
      profession: 'guide',
      certification: 'AMGA-1234',
    });
    expect(applied.form_fields).toEqual([
      { name: 'Pro Code', value: expect.stringContaining('"region":"pending"') },
    ]);
    expect(applied.isPro).toBe(false);
    expect((await commerce.groups.pricing('us', customer.id)).isPro).toBe(false);
    const pro = await commerce.customers.findByEmail('pro.guide@example.com');
    await expect(commerce.customers.applyForPro(pro!.id, { organization: 'x' })).rejects.toMatchObject({
      status: 409,
    });
  });

  it('makes, uses once and expires password reset tokens', async () => {
    const now = new Date('2026-11-21T10:00:00Z');
    const reset = await commerce.customers.createPasswordReset('hannah.miller@example.com', now);
    expect(await commerce.customers.createPasswordReset('nobody@example.com', now)).toBeNull();
    const later = new Date(now.getTime() + 2 * 3600_000);
    await expect(
      commerce.customers.resetPassword(reset!.token, 'New-Password-1', later),
    ).rejects.toMatchObject({
      status: 410,
    });
    expect(
      await commerce.customers.authenticate('hannah.miller@example.com', 'Snowshoe-Demo-2026'),
    ).not.toBeNull();
    await commerce.customers.resetPassword(reset!.token, 'New-Password-1', now);
    await expect(
      commerce.customers.resetPassword(reset!.token, 'Other-Password-2', now),
    ).rejects.toMatchObject({
      status: 410,
    });
    expect(
      await commerce.customers.authenticate('hannah.miller@example.com', 'New-Password-1'),
    ).not.toBeNull();
  });
});

describe('the outbox mailer', () => {
  it('writes each message as an .eml file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    try {
      const mailer = createOutboxMailer({ from: 'Ridgeline <orders@ridgeline.example>', outboxDir: dir });
      await mailer.send(
        orderConfirmationMessage({
          id: 1234,
          email: 'ada@example.com',
          firstName: 'Ada',
          status: 'Awaiting Payment',
          currency: {
            token: '$',
            decimal_token: '.',
            thousands_token: ',',
            decimal_places: 2,
            token_location: 'left',
          },
          items: [{ name: 'Summit Trail', sku: 'RL-1', quantity: 2, price: 199.95 }],
          subtotal: 399.9,
          shippingCost: 0,
          total: 399.9,
          shippingMethod: 'Standard',
          paymentInstructions: 'Pay by bank transfer.',
          orderUrl: 'http://localhost/en-us/order-status',
        }),
      );
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/order-confirmation-ada@example\.com\.eml$/);
      const eml = await readFile(join(dir, files[0]!), 'utf8');
      expect(eml).toContain('To: ada@example.com');
      expect(eml).toContain('Subject: Your Ridgeline order 1234');
      expect(eml).toContain('$399.90');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
