import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '#server/audit/audit.ts';
import type { EnginePricing } from '#server/commerce/groups.ts';
import { productPrices, products, variantPrices, variants } from '#server/commerce/schema-catalogue.ts';
import { orderItems } from '#server/commerce/schema-sales.ts';
import { insertActor } from '../support/staff-actor.ts';
import { testDatabaseTargets } from '../support/test-databases.ts';
import { type ApiHarness, openApi } from './api-harness.ts';

const SLUG = 'ridgeline-summit-trail-mens';
const HOUR = 3_600_000;
const ADDRESS = {
  first_name: 'Ada',
  last_name: 'Guest',
  address1: '12 Pine Street',
  city: 'Bend',
  state_or_province: 'OR',
  postal_code: '97701',
  country_code: 'US',
};
const noSale = { sale: null, saleStartsAt: null, saleEndsAt: null };

/**
 * Issue 41, per-variant prices (decision 0042): a variant's own price in a region replaces the product's for that
 * variant, in the catalogue, the API, the cart and checkout; the back office saves them through the money guard;
 * a duplicate keeps them.
 */
describe.each(testDatabaseTargets)('variant prices on $name', (target) => {
  let api: ApiHarness;
  let actor: Actor;
  let guest: EnginePricing;
  let productId: number;
  let productRetail: number;
  let cheap: number;
  let dear: number;

  beforeAll(async () => {
    api = await openApi(target);
    actor = await insertActor(api.handle.db, 'merchandiser', 'variant-prices-test@ridgeline.example');
    guest = await api.commerce.groups.pricing('us', null);
    const [product] = await api.handle.db.select().from(products).where(eq(products.slug, SLUG));
    productId = product!.id;
    const [price] = await api.handle.db
      .select()
      .from(productPrices)
      .where(and(eq(productPrices.productId, productId), eq(productPrices.regionId, 'us')));
    productRetail = price!.retailPrice;
    const rows = await api.handle.db
      .select()
      .from(variants)
      .where(eq(variants.productId, productId))
      .orderBy(variants.id);
    cheap = rows[0]!.id;
    dear = rows[1]!.id;
    await api.handle.db.update(variants).set({ inventoryLevel: 50 }).where(eq(variants.productId, productId));
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  const admin = () => api.commerce.priceAdmin;
  const shown = async () => {
    const product = await api.commerce.catalogue.getProduct(guest, productId);
    const variant = (id: number) => product.variants!.find((entry) => entry.id === id)!;
    return { product, variant };
  };
  async function cartWith(variantId: number) {
    return api.commerce.carts.create('us', null, [
      { product_id: productId, variant_id: variantId, quantity: 2 },
    ]);
  }

  it("costs the product's price until a variant has its own", async () => {
    const { product, variant } = await shown();
    expect(product.price_varies).toBe(false);
    expect(variant(dear).calculatedPrice.value).toBe(productRetail);
  });

  it("charges a variant's own price in the catalogue, the API, the cart and checkout; the product shows the lowest", async () => {
    const own = productRetail + 20;
    const saved = await admin().setVariantPrices(actor, productId, [
      { variantId: dear, regionId: 'us', price: { retail: own, ...noSale } },
    ]);
    expect(saved).toEqual([{ variantId: dear, regionId: 'us', price: { retail: own, ...noSale } }]);
    await expect.poll(async () => (await shown()).variant(dear).calculatedPrice.value).toBe(own);
    const { product, variant } = await shown();
    expect(variant(cheap).calculatedPrice.value).toBe(productRetail);
    expect(product.price_varies).toBe(true);
    expect(product.calculatedPrice.value).toBe(productRetail);

    const browser = api.browser();
    const listed = await browser.json('GET', `/api/products/${productId}/variants`);
    expect(listed.status).toBe(200);
    const fromApi = (listed.body.data as Array<{ id: number; calculated_price: number }>).find(
      (entry) => entry.id === dear,
    );
    expect(fromApi?.calculated_price).toBe(own);

    const cart = await cartWith(dear);
    const line = cart.line_items.physical_items[0]!;
    expect(line.sale_price).toBe(own);
    expect(line.extended_sale_price).toBe(Math.round(own * 200) / 100);

    const methodId = (await api.commerce.checkout.shippingOptions('us', cart.cart_amount, null))[0]!.id;
    const placed = await api.commerce.checkout.placeOrder({
      cartId: cart.id,
      customerId: null,
      email: 'variant-prices@example.com',
      shippingAddress: ADDRESS,
      billingAddress: null,
      shippingMethodId: methodId,
      paymentMethod: 'bank_transfer',
      idempotencyKey: randomUUID(),
      expectedSubtotal: cart.cart_amount,
    });
    const [item] = await api.handle.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.orderId));
    expect(item).toMatchObject({ variantId: dear, quantity: 2 });
    expect(item!.price).toBe(own);

    // With a code, the back office's order names it and what it took off (issue 41), the line still at its price.
    const coded = await cartWith(dear);
    await api.commerce.carts.applyCode(coded.id, 'TRAILNA', async () => {});
    const codedOrder = await api.commerce.checkout.placeOrder({
      cartId: coded.id,
      customerId: null,
      email: 'variant-prices@example.com',
      shippingAddress: ADDRESS,
      billingAddress: null,
      shippingMethodId: methodId,
      paymentMethod: 'bank_transfer',
      idempotencyKey: randomUUID(),
    });
    const detail = await api.commerce.orderAdmin.detail(codedOrder.orderId);
    expect(detail.discount).toEqual({ code: 'TRAILNA', amount: 20, shipping: 0 });
    expect(detail.subtotal).toBe(Math.round(own * 200) / 100);
    expect(detail.lines[0]!.price).toBe(own);
  });

  it("a cheaper variant becomes the product's shown price (tiles and search show the lowest)", async () => {
    const low = Math.round((productRetail - 10) * 100) / 100;
    await admin().setVariantPrices(actor, productId, [
      { variantId: cheap, regionId: 'us', price: { retail: low, ...noSale } },
    ]);
    await expect.poll(async () => (await shown()).product.calculatedPrice.value).toBe(low);
    const listing = await api.commerce.catalogue.listProducts(guest, { ids: [productId] });
    expect(listing.data[0]!.calculatedPrice.value).toBe(low);
    await admin().setVariantPrices(actor, productId, [{ variantId: cheap, regionId: 'us', price: null }]);
    await expect.poll(async () => (await shown()).product.calculatedPrice.value).toBe(productRetail);
    const [left] = await api.handle.db.select().from(variantPrices).where(eq(variantPrices.variantId, cheap));
    expect(left).toBeUndefined();
  });

  it("honours a variant's sale window: a sale that starts later is not charged yet", async () => {
    const own = productRetail + 20;
    await admin().setVariantPrices(actor, productId, [
      {
        variantId: dear,
        regionId: 'us',
        price: { retail: own, sale: own - 15, saleStartsAt: new Date(Date.now() + HOUR), saleEndsAt: null },
      },
    ]);
    expect((await cartWith(dear)).line_items.physical_items[0]!.sale_price).toBe(own);
    await admin().setVariantPrices(actor, productId, [
      {
        variantId: dear,
        regionId: 'us',
        price: { retail: own, sale: own - 15, saleStartsAt: new Date(Date.now() - HOUR), saleEndsAt: null },
      },
    ]);
    expect((await cartWith(dear)).line_items.physical_items[0]!.sale_price).toBe(own - 15);
    await expect.poll(async () => (await shown()).variant(dear).salePrice?.value).toBe(own - 15);
  });

  it('guards the money: more than half off is confirmed with its effect named, nothing saved before', async () => {
    const own = Math.round(productRetail * 30) / 100;
    const change = [{ variantId: dear, regionId: 'us', price: { retail: own, ...noSale } }];
    const refused = await admin()
      .setVariantPrices(actor, productId, change)
      .catch((error: unknown) => error as Error & { code?: string });
    expect(refused).toBeInstanceOf(Error);
    expect((refused as { code?: string }).code).toBe('needs-confirmation');
    expect((refused as Error).message).toMatch(/by more than half/);
    expect((refused as Error).message).toMatch(/Summit Trail/);
    const [kept] = await api.handle.db.select().from(variantPrices).where(eq(variantPrices.variantId, dear));
    expect(kept!.retailPrice).toBe(productRetail + 20);
    await admin().setVariantPrices(actor, productId, change, { confirmed: true });
    const [after] = await api.handle.db.select().from(variantPrices).where(eq(variantPrices.variantId, dear));
    expect(after!.retailPrice).toBe(own);
  });

  it('refuses a free variant, a sale above retail and a variant of another product, by field', async () => {
    const free = await admin()
      .setVariantPrices(actor, productId, [
        { variantId: dear, regionId: 'us', price: { retail: 0, ...noSale } },
      ])
      .catch((error: unknown) => error as Error & { fields?: Record<string, string> });
    expect((free as { fields?: Record<string, string> }).fields).toEqual({
      [`v${dear}-us-retail`]: 'A price must be above 0.',
    });
    const above = await admin()
      .setVariantPrices(actor, productId, [
        {
          variantId: dear,
          regionId: 'us',
          price: { retail: 100, sale: 120, saleStartsAt: null, saleEndsAt: null },
        },
      ])
      .catch((error: unknown) => error as Error & { fields?: Record<string, string> });
    expect((above as { fields?: Record<string, string> }).fields).toEqual({
      [`v${dear}-us-sale`]: 'The sale price must be below the retail price.',
    });
    const [other] = await api.handle.db
      .select()
      .from(variants)
      .where(ne(variants.productId, productId))
      .limit(1);
    const foreign = await admin()
      .setVariantPrices(actor, productId, [
        { variantId: other!.id, regionId: 'us', price: { retail: 10, ...noSale } },
      ])
      .catch((error: unknown) => error as Error);
    expect((foreign as Error).message).toMatch(/is not a variant of/);
  });

  it('a duplicate keeps its variants’ own prices', async () => {
    const copy = await api.commerce.productAdmin.duplicate(actor, productId);
    const copied = await api.handle.db
      .select({ sku: variants.sku, retail: variantPrices.retailPrice, region: variantPrices.regionId })
      .from(variantPrices)
      .innerJoin(variants, eq(variants.id, variantPrices.variantId))
      .where(eq(variants.productId, copy.id));
    const [dearRow] = await api.handle.db.select().from(variants).where(eq(variants.id, dear));
    const [own] = await api.handle.db.select().from(variantPrices).where(eq(variantPrices.variantId, dear));
    expect(copied).toEqual([{ sku: `${dearRow!.sku}-COPY`, retail: own!.retailPrice, region: 'us' }]);
  });
});
