import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variants } from '#server/schema.ts';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { testDatabaseTargets } from '../support/test-databases.ts';
import { type ApiHarness, openApi, RATE_LIMITS, type TestBrowser } from './api-harness.ts';

const GAITER = catalogueProductId('ridgeline-trail-gaiter');

describe.each(testDatabaseTargets)('/api coupons on $name', (target) => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await openApi(target);
  });
  afterAll(async () => {
    await api?.close();
  });

  async function newCart(browser: TestBrowser) {
    const [variant] = await api.handle.db
      .select()
      .from(variants)
      .where(eq(variants.productId, GAITER))
      .limit(1);
    const result = await browser.json('POST', '/api/cart/create', {
      body: { line_items: [{ product_id: GAITER, variant_id: variant!.id, quantity: 2 }] },
    });
    expect(result.status).toBe(201);
    return result.body.data as { id: string; base_amount: number };
  }

  it('applies a code in the coupon shape, shows it on the cart, and removes it by name', async () => {
    const browser = await api.browser({ region: 'eu_region_1', ip: '203.0.113.41' }).start();
    const cart = await newCart(browser);
    const applied = await browser.json('POST', `/api/checkouts/${cart.id}/coupons`, {
      body: { coupon_code: 'winter10' },
    });
    expect(applied.status).toBe(201);
    expect(applied.body.data.coupons).toEqual([
      expect.objectContaining({ code: 'WINTER10', coupon_type: 'per_total_discount' }),
    ]);
    expect(applied.body.data.discount_amount).toBeCloseTo(Math.round(cart.base_amount * 10) / 100, 2);
    const read = await browser.json('GET', `/api/cart/${cart.id}`);
    expect(read.body.data.discount_code).toMatchObject({ code: 'WINTER10', applied: true });
    const removed = await browser.json('DELETE', `/api/cart/${cart.id}/coupons/Winter10`);
    expect(removed.status).toBe(200);
    expect(removed.body.data.coupons).toEqual([]);
    const again = await browser.json('DELETE', `/api/cart/${cart.id}/coupons/WINTER10`);
    expect(again.status).toBe(404);
  });

  it('refuses with the reason as a code, validates the body, and keeps other sessions out', async () => {
    const browser = await api.browser({ region: 'eu_region_1', ip: '203.0.113.42' }).start();
    const cart = await newCart(browser);
    const expired = await browser.json('POST', `/api/cart/${cart.id}/coupons`, {
      body: { coupon_code: 'AUTUMN15' },
    });
    expect(expired.status).toBe(422);
    expect(expired.body.code).toBe('discount-expired');
    const region = await browser.json('POST', `/api/cart/${cart.id}/coupons`, {
      body: { coupon_code: 'TRAILNA' },
    });
    expect(region.body.code).toBe('discount-wrong-region');
    const empty = await browser.json('POST', `/api/cart/${cart.id}/coupons`, { body: { coupon_code: ' ' } });
    expect(empty.status).toBe(400);
    const wrongType = await browser.json('POST', `/api/cart/${cart.id}/coupons`, {
      body: { coupon_code: 10 },
    });
    expect(wrongType.status).toBe(400);
    const stranger = await api.browser({ region: 'eu_region_1', ip: '203.0.113.43' }).start();
    const foreign = await stranger.json('POST', `/api/cart/${cart.id}/coupons`, {
      body: { coupon_code: 'WINTER10' },
    });
    expect(foreign.status).toBe(404);
    expect((await browser.json('GET', `/api/cart/${cart.id}`)).body.data.discount_code).toBeNull();
  });

  it('throttles guessing per client with the sign-in limit', async () => {
    const browser = await api.browser({ region: 'us', ip: '203.0.113.44' }).start();
    const cart = await newCart(browser);
    for (let n = 0; n < RATE_LIMITS.loginPerIp; n++) {
      const guess = await browser.json('POST', `/api/cart/${cart.id}/coupons`, {
        body: { coupon_code: `GUESS${n}` },
      });
      expect(guess.status).toBe(422);
    }
    const throttled = await browser.json('POST', `/api/cart/${cart.id}/coupons`, {
      body: { coupon_code: 'WINTER10' },
    });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is not slowed by this one.
    const other = await api.browser({ region: 'us', ip: '203.0.113.45' }).start();
    const otherCart = await newCart(other);
    const fine = await other.json('POST', `/api/cart/${otherCart.id}/coupons`, {
      body: { coupon_code: 'WINTER10' },
    });
    expect(fine.status).toBe(201);
  });
});
