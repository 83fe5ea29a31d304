import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutError, type Commerce, createCommerce } from '#server/commerce/index.ts';
import { variants } from '#server/commerce/schema-catalogue.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { openSeeded, testDatabaseTargets } from '../support/test-databases.ts';

/**
 * Issue 42 #1: a flash sale, at the engine. Racing checkouts for the last units sell exactly those units and
 * tell every other shopper "sold out"; once the article is gone, a checkout is answered at once instead of
 * queueing for the variant's row lock behind every other checkout of it.
 */
const SLUG = 'ridgeline-summit-trail-mens';
const ADDRESS = {
  first_name: 'Flash',
  last_name: 'Sale',
  address1: '1 Summit Road',
  city: 'Bend',
  state_or_province: 'OR',
  postal_code: '97701',
  country_code: 'US',
};

describe.each(testDatabaseTargets)('a flash sale on $name', (target) => {
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
    methodId = (await commerce.checkout.shippingOptions('us', 50, null))[0]!.id;
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  const setStock = (level: number) =>
    handle.db.update(variants).set({ inventoryLevel: level }).where(eq(variants.id, variantId));
  const stock = async () =>
    (await handle.db.select().from(variants).where(eq(variants.id, variantId)))[0]!.inventoryLevel;
  const cart = () =>
    commerce.carts.create('us', null, [{ product_id: productId, variant_id: variantId, quantity: 1 }]);
  const order = (cartId: string) =>
    commerce.checkout.placeOrder({
      cartId,
      customerId: null,
      email: 'flash@example.com',
      shippingAddress: ADDRESS,
      billingAddress: null,
      shippingMethodId: methodId,
      paymentMethod: 'bank_transfer',
      idempotencyKey: randomUUID(),
    });

  it('200 racing checkouts for the last 20 units: exactly 20 orders and 180 told it sold out', async () => {
    const carts = [];
    for (let n = 0; n < 200; n++) carts.push(await cart());
    await setStock(20);
    const results = await Promise.allSettled(carts.map((each) => order(each.id)));
    const refusals = results
      .filter((result): result is PromiseRejectedResult => result.status === 'rejected')
      .map((result) => (result.reason as CheckoutError).code);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(20);
    expect(refusals).toEqual(Array(180).fill('sold-out'));
    expect(await stock()).toBe(0);
  }, 120_000);

  it.runIf(target.name === 'postgres')(
    'answers a checkout of a sold-out article at once while another checkout holds its row lock',
    async () => {
      await setStock(1);
      const late = await cart();
      await setStock(0);
      // Another transaction holds the variant's row, as a checkout in progress does, until the answer is in.
      const answer = await handle.db.transaction(async (tx) => {
        await tx.select().from(variants).where(eq(variants.id, variantId)).for('update');
        return Promise.race([
          order(late.id).then(
            () => 'placed',
            (error: CheckoutError) => error.code,
          ),
          new Promise((resolve) => setTimeout(() => resolve('still waiting for the lock'), 3000)),
        ]);
      });
      expect(answer).toBe('sold-out');
    },
    30_000,
  );
});
