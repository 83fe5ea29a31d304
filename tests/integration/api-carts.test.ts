import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPrices, variants } from '#server/schema.ts';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { testDatabaseTargets } from '../support/test-databases.ts';
import { type ApiHarness, DEMO, openApi, type TestBrowser } from './api-harness.ts';

const GAITER = catalogueProductId('ridgeline-trail-gaiter'); // 49.95, 3 colours × 3 sizes
const BEANIE = catalogueProductId('ridgeline-merino-beanie'); // 34.95, one size, 4 colours
const OUT = catalogueProductId('ridgeline-frontier-mens');
const DISCONTINUED = catalogueProductId('ridgeline-backcountry-nordic-classic');

describe.each(testDatabaseTargets)('/api carts on $name', (target) => {
  let api: ApiHarness;
  const firstVariant = async (productId: number) =>
    (
      await api.handle.db
        .select()
        .from(variants)
        .where(eq(variants.productId, productId))
        .orderBy(variants.id)
    )[0]!;
  const cartCount = async () =>
    (
      (await api.handle.db.execute(sql`select count(*)::int as n from carts`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;

  beforeAll(async () => {
    api = await openApi(target);
  });
  afterAll(async () => {
    await api?.close();
  });

  async function newCart(browser: TestBrowser, productId = GAITER, quantity = 1) {
    const variant = await firstVariant(productId);
    const result = await browser.json('POST', '/api/cart/create', {
      body: { line_items: [{ product_id: productId, variant_id: variant.id, quantity }] },
    });
    expect(result.status).toBe(201);
    return result.body.data;
  }

  it('refuses mutations without the session csrf token, and changes nothing', async () => {
    const variant = await firstVariant(GAITER);
    const body = { line_items: [{ product_id: GAITER, variant_id: variant.id, quantity: 1 }] };
    const before = await cartCount();
    const anonymous = api.browser();
    const noSession = await anonymous.json('POST', '/api/cart/create', { body });
    expect(noSession.status).toBe(403);
    const browser = await api.browser().start();
    const missing = await browser.json('POST', '/api/cart/create', { body, csrf: false });
    expect(missing.status).toBe(403);
    expect(missing.body.detail).toContain('csrf-token');
    const wrong = await browser.json('POST', '/api/cart/create', {
      body,
      csrf: false,
      headers: { 'csrf-token': 'nope' },
    });
    expect(wrong.status).toBe(403);
    // Another session's token does not work either.
    const other = await api.browser().start();
    const foreign = await browser.json('POST', '/api/cart/create', {
      body,
      csrf: false,
      headers: { 'csrf-token': other.csrfToken! },
    });
    expect(foreign.status).toBe(403);
    expect(await cartCount()).toBe(before);
  });

  it('creates a cart whose amounts come from the server, ignoring amounts sent by the client', async () => {
    const browser = await api.browser().start();
    const variant = await firstVariant(GAITER);
    const result = await browser.json('POST', '/api/cart/create', {
      body: { base_amount: 1, line_items: [{ product_id: GAITER, variant_id: variant.id, quantity: 2 }] },
    });
    expect(result.status).toBe(201);
    const cart = result.body.data;
    expect(cart.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(cart.base_amount).toBe(99.9);
    expect(cart.currency.code).toBe('USD');
    expect(cart.line_items.physical_items[0]).toMatchObject({
      product_id: GAITER,
      variant_id: variant.id,
      quantity: 2,
    });
    expect(cart.shipping_cost).toBe(0); // 99.90 reaches the free-shipping minimum of 99
    const session = await browser.json('GET', '/api/session');
    expect(session.body.data.cartId).toBe(cart.id);
    const read = await browser.json('GET', `/api/cart/${cart.id}`);
    expect(read.body.data.base_amount).toBe(99.9);
  });

  it('rejects bad line items with a clear 4xx and keeps the cart as it was', async () => {
    const browser = await api.browser().start();
    const cart = await newCart(browser);
    const variant = await firstVariant(GAITER);
    const add = (line: unknown) =>
      browser.json('POST', `/api/cart/${cart.id}/items`, { body: { line_items: [line] } });
    for (const quantity of [0, 100, 1.5, -1, '2']) {
      const result = await add({ product_id: GAITER, variant_id: variant.id, quantity });
      expect(result.status).toBe(400);
      expect(result.body.detail).toContain('quantity');
    }
    const unknown = await add({ product_id: 999999, quantity: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not-found');
    expect((await add({ product_id: GAITER, variant_id: 999999, quantity: 1 })).status).toBe(404);
    const several = await add({ product_id: GAITER, quantity: 1 });
    expect(several.status).toBe(422);
    expect(several.body.detail).toContain('variant_id');
    const outVariant = await firstVariant(OUT);
    const out = await add({ product_id: OUT, variant_id: outVariant.id, quantity: 1 });
    expect(out.status).toBe(409);
    expect(out.body.code).toBe('sold-out');
    expect(out.body.detail).toContain('out of stock');
    const gone = await firstVariant(DISCONTINUED);
    expect((await add({ product_id: DISCONTINUED, variant_id: gone.id, quantity: 1 })).status).toBe(422);
    const tooMany = await add({ product_id: GAITER, variant_id: variant.id, quantity: 99 });
    expect([409, 422]).toContain(tooMany.status);
    const malformed = await browser.json('POST', `/api/cart/${cart.id}/items`, {
      rawBody: '{"line_items": [',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toBe('Malformed JSON body');
    const huge = await browser.json('POST', `/api/cart/${cart.id}/items`, {
      rawBody: JSON.stringify({ line_items: [], pad: 'x'.repeat(101 * 1024) }),
    });
    expect(huge.status).toBe(413);
    const notJson = await browser.json('POST', `/api/cart/${cart.id}/items`, {
      rawBody: 'line_items=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notJson.status).toBe(415);
    expect((await browser.json('GET', '/api/cart/not-a-uuid')).status).toBe(400);
    const after = await browser.json('GET', `/api/cart/${cart.id}`);
    expect(after.body.data.line_items.physical_items).toHaveLength(1);
    expect(after.body.data.line_items.physical_items[0].quantity).toBe(1);
  });

  it('adds, updates and removes items, then deletes the cart', async () => {
    const browser = await api.browser().start();
    const cart = await newCart(browser);
    const beanie = await firstVariant(BEANIE);
    const added = await browser.json('POST', `/api/cart/${cart.id}/items`, {
      body: { line_items: [{ product_id: BEANIE, variant_id: beanie.id, quantity: 1 }] },
    });
    expect(added.status).toBe(200);
    expect(added.body.data.base_amount).toBe(84.9);
    expect(added.body.data.shipping_cost).toBe(5.95);
    const line = added.body.data.line_items.physical_items.find(
      (item: { product_id: number }) => item.product_id === BEANIE,
    );
    const updated = await browser.json('PUT', `/api/cart/${cart.id}/items/${line.id}`, {
      body: { line_item: { product_id: BEANIE, variant_id: beanie.id, quantity: 2 } },
    });
    expect(updated.body.data.base_amount).toBe(119.85);
    const legacy = await browser.json('PUT', `/api/cart/${cart.id}/items/${line.id}`, {
      body: { productID: BEANIE, quantity: 1 },
    });
    expect(legacy.body.data.base_amount).toBe(84.9);
    expect(
      (await browser.json('PUT', `/api/cart/${cart.id}/items/${line.id}`, { body: { productID: BEANIE } }))
        .status,
    ).toBe(400);
    const removed = await browser.json('DELETE', `/api/cart/${cart.id}/items/${line.id}`);
    expect(removed.body.data.base_amount).toBe(49.95);
    expect((await browser.json('DELETE', `/api/cart/${cart.id}/items/${line.id}`)).status).toBe(404);
    expect((await browser.call('DELETE', `/api/cart/${cart.id}`)).status).toBe(204);
    expect((await browser.json('GET', `/api/cart/${cart.id}`)).status).toBe(404);
  });

  it('never lets another session or customer read or change a cart, whatever id they name', async () => {
    const owner = await api.browser().start();
    const cart = await newCart(owner);
    const stranger = await api.browser().start();
    expect((await stranger.json('GET', `/api/cart/${cart.id}`)).status).toBe(404);
    const variant = await firstVariant(BEANIE);
    const add = await stranger.json('POST', `/api/cart/${cart.id}/items`, {
      body: { line_items: [{ product_id: BEANIE, variant_id: variant.id, quantity: 1 }] },
    });
    expect(add.status).toBe(404);
    expect((await stranger.call('DELETE', `/api/cart/${cart.id}`)).status).toBe(404);
    const signedIn = api.browser();
    const me = await signedIn.login(DEMO.standard.email, DEMO.standard.pw);
    expect((await signedIn.json('PUT', `/api/cart/${cart.id}`, { body: { customerID: me.id } })).status).toBe(
      404,
    );
    expect(
      (await owner.json('GET', `/api/cart/${cart.id}`)).body.data.line_items.physical_items,
    ).toHaveLength(1);
  });

  it('attaches the session cart to the customer at login and prices it with their group (§4, §6)', async () => {
    const browser = await api.browser().start();
    const cart = await newCart(browser, GAITER, 3); // 149.85 retail
    expect(cart.shipping_cost).toBe(0);
    const me = await browser.login(DEMO.pro.email, DEMO.pro.pw);
    const read = await browser.json('GET', `/api/cart/${cart.id}`);
    expect(read.body.data.customer_id).toBe(me.id);
    expect(read.body.data.base_amount).toBe(89.91); // 40 % off for the pro group
    // Pro (group 4) is in hide_free_shipping_groups: no free tier, no zero-cost range.
    expect(read.body.data.shipping_cost).toBe(5.95);
    const assigned = await browser.json('PUT', `/api/cart/${cart.id}`, { body: { customerID: me.id } });
    expect(assigned.status).toBe(200);
    expect(
      (await browser.json('PUT', `/api/cart/${cart.id}`, { body: { customerID: me.id + 1 } })).status,
    ).toBe(404);
  });

  it('50 concurrent "add the last unit" requests: one succeeds, the rest are refused, none fails, prices are current', async () => {
    const browser = await api.browser().start();
    const cart = await newCart(browser, BEANIE);
    const gaiter = (
      await api.handle.db.select().from(variants).where(eq(variants.productId, GAITER)).orderBy(variants.id)
    )[4]!;
    await api.handle.db.update(variants).set({ inventoryLevel: 1 }).where(eq(variants.id, gaiter.id));
    let priceChange: Promise<unknown> = Promise.resolve();
    const requests = Array.from({ length: 50 }, (_, index) => {
      // Half-way through, the price goes up: the cart must show the new price, never the old one.
      if (index === 25)
        priceChange = api.handle.db
          .update(productPrices)
          .set({ retailPrice: 59.95 })
          .where(sql`${productPrices.productId} = ${GAITER} and ${productPrices.regionId} = 'us'`)
          .execute();
      return browser.json('POST', `/api/cart/${cart.id}/items`, {
        body: { line_items: [{ product_id: GAITER, variant_id: gaiter.id, quantity: 1 }] },
      });
    });
    const results = await Promise.all(requests);
    await priceChange;
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    expect(statuses.some((status) => status >= 500)).toBe(false);
    const final = await browser.json('GET', `/api/cart/${cart.id}`);
    const line = final.body.data.line_items.physical_items.find(
      (item: { variant_id: number }) => item.variant_id === gaiter.id,
    );
    expect(line.quantity).toBe(1);
    expect(line.sale_price).toBe(59.95);
    expect(final.body.data.base_amount).toBe(34.95 + 59.95);
    await api.handle.db
      .update(productPrices)
      .set({ retailPrice: 49.95 })
      .where(sql`${productPrices.productId} = ${GAITER} and ${productPrices.regionId} = 'us'`);
  });
});
