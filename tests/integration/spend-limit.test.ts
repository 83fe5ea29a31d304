import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutError } from '#server/commerce/index.ts';
import { variants } from '#server/commerce/schema-catalogue.ts';
import { customerGroups } from '#server/commerce/schema-customers.ts';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { testDatabaseTargets } from '../support/test-databases.ts';
import { type ApiHarness, DEMO, openApi, type TestBrowser } from './api-harness.ts';

/**
 * Issue 17 #9: the pro and employee spend limit counts the orders placed now. The demo employee's pro status
 * runs to 2027-12-31, so a window of "the year before the expiry date" left today's orders out: two orders of
 * 3,749.40 were both accepted against a limit of 5,000 and /api/pro/order_total stayed at 0.
 */
const SLUG = 'ridgeline-summit-trail-mens';
const ADDRESS = {
  first_name: 'Priya',
  last_name: 'Shah',
  address1: '5 Mill Yard',
  city: 'Denver',
  state_or_province: 'CO',
  postal_code: '80202',
  country_code: 'US',
};

describe.each(testDatabaseTargets)('the employee spend limit on $name', (target) => {
  let api: ApiHarness;
  let browser: TestBrowser;
  let customerId: number;
  let productId: number;
  let variantId: number;

  beforeAll(async () => {
    api = await openApi(target);
    browser = await api.browser({ ip: '203.0.113.40' }).start();
    customerId = (await browser.login(DEMO.employee.email, DEMO.employee.pw)).id;
    productId = catalogueProductId(SLUG);
    const [variant] = await api.handle.db
      .select()
      .from(variants)
      .where(eq(variants.productId, productId))
      .orderBy(variants.id)
      .limit(1);
    variantId = variant!.id;
    await api.handle.db.update(variants).set({ inventoryLevel: 1000 }).where(eq(variants.id, variantId));
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  /** What the storefront reads (§7 GET /api/pro/order_total), over HTTP with the employee's session. */
  async function proStatus() {
    const answer = await browser.json('GET', `/api/pro/order_total?customer_id=${customerId}&brand_id=us`);
    expect(answer.status).toBe(200);
    return answer.body as { order_total: number; spend_limit: number; employee_group: boolean };
  }

  /** A cart of the employee's whose total (lines + cheapest shipping) is more than half of `room` and fits it. */
  async function cartOverHalfOf(room: number) {
    const groupId = (await api.commerce.groups.pricing('us', customerId)).groupId;
    for (let quantity = 1; quantity < 500; quantity++) {
      const cart = await api.commerce.carts.create('us', customerId, [
        { product_id: productId, variant_id: variantId, quantity },
      ]);
      const [option] = await api.commerce.checkout.shippingOptions('us', cart.cart_amount, groupId);
      const total = cart.cart_amount + option!.cost;
      if (total > room) break;
      if (total * 2 > room) return { cart, methodId: option!.id, total };
    }
    throw new Error(`no quantity of ${SLUG} costs between half of ${room} and ${room}`);
  }

  function place(cart: { cart: { id: string }; methodId: number }) {
    return api.commerce.checkout.placeOrder({
      cartId: cart.cart.id,
      customerId,
      email: DEMO.employee.email,
      shippingAddress: ADDRESS,
      billingAddress: null,
      shippingMethodId: cart.methodId,
      paymentMethod: 'pay_on_account',
      idempotencyKey: randomUUID(),
    });
  }

  it('counts an order placed now, and refuses the second one that would pass the limit', async () => {
    const before = await proStatus();
    expect(before).toMatchObject({ spend_limit: 5000, employee_group: true });
    const room = before.spend_limit - before.order_total;
    const first = await cartOverHalfOf(room);
    const second = await cartOverHalfOf(room);

    await place(first);
    const after = await proStatus();
    expect(after.order_total).toBeCloseTo(before.order_total + first.total, 2);

    const refusal = await place(second).catch((error: unknown) => error as CheckoutError);
    expect(refusal).toMatchObject({ code: 'spend-limit', status: 422 });
    expect((await proStatus()).order_total).toBeCloseTo(after.order_total, 2);
  }, 60_000);

  it('six parallel checkouts of one employee never pass the limit together', async () => {
    // The first test used most of the room up: raise the employee group's limit by a fresh 5,000.
    await api.handle.db
      .update(customerGroups)
      .set({ spendLimit: sql`${customerGroups.spendLimit} + 5000` })
      .where(eq(customerGroups.isEmployee, true));
    const before = await proStatus();
    const room = before.spend_limit - before.order_total;
    // Any two of these carts together pass the limit, so exactly one may be placed.
    const target = await cartOverHalfOf(room);
    const attempts = [target, ...(await Promise.all(Array.from({ length: 5 }, () => cartOverHalfOf(room))))];
    const results = await Promise.allSettled(attempts.map(place));
    const placed = results.filter((result) => result.status === 'fulfilled');
    const refused = results
      .filter((result): result is PromiseRejectedResult => result.status === 'rejected')
      .map((result) => (result.reason as CheckoutError).code);
    expect(placed).toHaveLength(1);
    expect(refused).toEqual(Array(5).fill('spend-limit'));
    const after = await proStatus();
    expect(after.order_total).toBeLessThanOrEqual(after.spend_limit);
  }, 60_000);
});
