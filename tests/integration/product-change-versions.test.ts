import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CHANGES_SCOPE } from '#server/cache/data-version.ts';
import { dataVersions, productChanges } from '#server/cache/schema.ts';
import type { Commerce } from '#server/commerce/index.ts';
import { createSaleSchedule } from '#server/commerce/sale-schedule.ts';
import { productCategories, productPrices, variants } from '#server/commerce/schema-catalogue.ts';
import { type DatabaseHandle, openPostgres } from '#server/db/database.ts';
import { seedDemoStore } from '#server/seed/seed.ts';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { eventually, storeProcess } from '../support/store-process.ts';
import { createPostgresDatabase, openSeeded, testDatabaseTargets } from '../support/test-databases.ts';

const SLUG = 'ridgeline-summit-trail-mens';
const OTHER_SLUG = 'ridgeline-velocity-run';
const ADDRESS = {
  first_name: 'Ada',
  last_name: 'Guest',
  address1: '12 Pine Street',
  city: 'Bend',
  state_or_province: 'OR',
  postal_code: '97701',
  country_code: 'US',
};

async function versions(handle: DatabaseHandle): Promise<Record<string, number>> {
  const rows = await handle.db.select().from(dataVersions);
  return Object.fromEntries(rows.map((row) => [row.scope, row.version]));
}

async function firstVariantOf(handle: DatabaseHandle, productId: number) {
  const [variant] = await handle.db
    .select()
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(asc(variants.id))
    .limit(1);
  return variant!;
}

async function placeOrder(commerce: Commerce, productId: number, variantId: number, quantity = 1) {
  const cart = await commerce.carts.create('us', null, [
    { product_id: productId, variant_id: variantId, quantity },
  ]);
  const methodId = (await commerce.checkout.shippingOptions('us', 50, null))[0]!.id;
  return commerce.checkout.placeOrder({
    cartId: cart.id,
    customerId: null,
    email: 'ada@example.com',
    shippingAddress: ADDRESS,
    billingAddress: null,
    shippingMethodId: methodId,
    paymentMethod: 'bank_transfer',
    idempotencyKey: randomUUID(),
  });
}

describe.each(testDatabaseTargets)('versions at the grain of a change on $name', (target) => {
  let handle: DatabaseHandle;
  let productId: number;
  let otherId: number;
  let variantId: number;
  let categoryId: number;

  beforeAll(async () => {
    handle = await openSeeded(target);
    productId = catalogueProductId(SLUG);
    otherId = catalogueProductId(OTHER_SLUG);
    variantId = (await firstVariantOf(handle, productId)).id;
    const [listed] = await handle.db
      .select()
      .from(productCategories)
      .where(eq(productCategories.productId, productId))
      .limit(1);
    categoryId = listed!.categoryId;
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  const setStock = (level: number) =>
    handle.db.update(variants).set({ inventoryLevel: level }).where(eq(variants.id, variantId));

  it('an order moves no content or catalogue version and logs only the product it sold', async () => {
    const store = storeProcess(handle);
    await setStock(5);
    await store.get('/blog');
    await store.get(`/p/${OTHER_SLUG}`);
    const before = await versions(handle);
    await placeOrder(store.commerce, productId, variantId);
    const after = await versions(handle);
    expect(after.content).toBe(before.content);
    expect(after.catalogue).toBe(before.catalogue);
    expect(after[PRODUCT_CHANGES_SCOPE]).toBeGreaterThan(before[PRODUCT_CHANGES_SCOPE]!);
    const logged = await handle.db
      .select()
      .from(productChanges)
      .where(gt(productChanges.version, before[PRODUCT_CHANGES_SCOPE]!));
    expect(new Set(logged.map((row) => row.productId))).toEqual(new Set([productId]));
    // Five to four: still in stock, so nothing any page shows moved.
    expect(logged.every((row) => !row.shown)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await store.get('/blog')).state).toBe('HIT');
    expect((await store.get(`/p/${OTHER_SLUG}`)).state).toBe('HIT');
  });

  it('a stock level that stays above zero keeps the product page and reaches the API', async () => {
    const store = storeProcess(handle);
    await setStock(5);
    const pricing = await store.commerce.groups.pricing('us', null);
    const page = await store.get(`/p/${SLUG}`);
    expect((await store.commerce.catalogue.getVariants(pricing, productId))[0]!.inventory_level).toBe(5);
    await placeOrder(store.commerce, productId, variantId, 2);
    const level = await eventually(
      async () => (await store.commerce.catalogue.getVariants(pricing, productId))[0]!.inventory_level,
      (value) => value === 3,
    );
    expect(level).toBe(3);
    expect(await store.get(`/p/${SLUG}`)).toEqual({ state: 'HIT', body: page.body });
  });

  it("the order that sells the last unit re-renders the product's page with the variant sold out", async () => {
    const store = storeProcess(handle);
    await setStock(1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const before = await store.get(`/p/${SLUG}`);
    expect(before.body).toContain(`${variantId}:true`);
    const other = await store.get(`/p/${OTHER_SLUG}`);
    await placeOrder(store.commerce, productId, variantId);
    const after = await eventually(
      () => store.get(`/p/${SLUG}`),
      (value) => value.body.includes(`${variantId}:false`),
    );
    expect(after.state).toBe('MISS');
    expect(after.body).toContain(`${variantId}:false`);
    expect(await store.get(`/p/${OTHER_SLUG}`)).toEqual({ state: 'HIT', body: other.body });
  });

  it('a price change reaches the product page and its category listing, and no other listing', async () => {
    const store = storeProcess(handle);
    const [elsewhere] = await handle.db
      .select()
      .from(productCategories)
      .where(and(eq(productCategories.productId, otherId)))
      .limit(1);
    const otherCategory = elsewhere!.categoryId;
    expect(otherCategory).not.toBe(categoryId);
    await store.get(`/p/${SLUG}`);
    await store.get(`/c/${categoryId}`);
    const otherListing = await store.get(`/c/${otherCategory}`);
    expect(otherListing.body).not.toContain(`${productId}=`);
    await handle.db
      .update(productPrices)
      .set({ retailPrice: 123.45, salePrice: null })
      .where(and(eq(productPrices.productId, productId), inArray(productPrices.regionId, ['us'])));
    const product = await eventually(
      () => store.get(`/p/${SLUG}`),
      (value) => value.body.startsWith('123.45 '),
    );
    expect(product.body.startsWith('123.45 ')).toBe(true);
    expect((await store.get(`/c/${categoryId}`)).body).toContain(`${productId}=123.45`);
    expect(await store.get(`/c/${otherCategory}`)).toEqual({ state: 'HIT', body: otherListing.body });
  });
  it("a sale's start re-renders that product's page and keeps every other page cached (decision 0050)", async () => {
    const store = storeProcess(handle);
    const [us] = await handle.db
      .select()
      .from(productPrices)
      .where(and(eq(productPrices.productId, otherId), eq(productPrices.regionId, 'us')));
    const startsAt = new Date(Date.now() + 4000);
    await handle.db
      .update(productPrices)
      .set({ retailPrice: 200, salePrice: 150, saleStartsAt: startsAt, saleEndsAt: null })
      .where(and(eq(productPrices.productId, otherId), eq(productPrices.regionId, 'us')));
    const before = await eventually(
      () => store.get(`/p/${OTHER_SLUG}`),
      (value) => value.body.startsWith('200 '),
    );
    expect(before.body.startsWith('200 ')).toBe(true);
    const product = await store.get(`/p/${SLUG}`);
    const listing = await store.get(`/c/${categoryId}`);
    const blog = await store.get('/blog');
    const schedule = createSaleSchedule(handle.db);
    expect(await schedule.tick()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, startsAt.getTime() - Date.now()) + 100));
    const versionsBefore = await versions(handle);
    expect(await schedule.tick()).toBe(true);
    const after = await versions(handle);
    expect(after.catalogue).toBe(versionsBefore.catalogue);
    expect(after.content).toBe(versionsBefore.content);
    const logged = await handle.db
      .select()
      .from(productChanges)
      .where(gt(productChanges.version, versionsBefore[PRODUCT_CHANGES_SCOPE]!));
    expect(logged.map((row) => [row.productId, row.shown])).toEqual([[otherId, true]]);
    const onSale = await eventually(
      () => store.get(`/p/${OTHER_SLUG}`),
      (value) => value.body.startsWith('150 '),
    );
    expect(onSale.state).toBe('MISS');
    expect(onSale.body.startsWith('150 ')).toBe(true);
    expect(await store.get(`/p/${SLUG}`)).toEqual({ state: 'HIT', body: product.body });
    expect(await store.get('/blog')).toEqual({ state: 'HIT', body: blog.body });
    // The listing of another category (the sold product is not in it) keeps its page.
    expect(listing.body).not.toContain(`${otherId}=`);
    expect(await store.get(`/c/${categoryId}`)).toEqual({ state: 'HIT', body: listing.body });
    await handle.db
      .update(productPrices)
      .set({ retailPrice: us!.retailPrice, salePrice: us!.salePrice, saleStartsAt: null, saleEndsAt: null })
      .where(and(eq(productPrices.productId, otherId), eq(productPrices.regionId, 'us')));
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two processes on one PostgreSQL', () => {
  let drop: () => Promise<void>;
  let first: DatabaseHandle;
  let second: DatabaseHandle;

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    first = await openPostgres(database.url, { poolMax: 4 });
    await first.migrate();
    await seedDemoStore(first.db);
    second = await openPostgres(database.url, { poolMax: 4 });
  }, 120_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await drop?.();
  });

  it("each sees the other's sale and price change on its own pages, within two seconds", async () => {
    const productId = catalogueProductId(SLUG);
    const variantId = (await firstVariantOf(first, productId)).id;
    await first.db.update(variants).set({ inventoryLevel: 1 }).where(eq(variants.id, variantId));
    const one = storeProcess(first);
    const two = storeProcess(second);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await two.get(`/p/${SLUG}`)).body).toContain(`${variantId}:true`);
    expect((await one.get(`/p/${SLUG}`)).body).toContain(`${variantId}:true`);
    const blog = await two.get('/blog');

    const sold = Date.now();
    await placeOrder(one.commerce, productId, variantId);
    const seen = await eventually(
      () => two.get(`/p/${SLUG}`),
      (value) => value.body.includes(`${variantId}:false`),
    );
    expect(seen.body).toContain(`${variantId}:false`);
    expect(Date.now() - sold).toBeLessThan(2000);
    expect(await two.get('/blog')).toEqual({ state: 'HIT', body: blog.body });

    const priced = Date.now();
    await second.db
      .update(productPrices)
      .set({ retailPrice: 99.5, salePrice: null })
      .where(eq(productPrices.productId, productId));
    const repriced = await eventually(
      () => one.get(`/p/${SLUG}`),
      (value) => value.body.startsWith('99.5 '),
    );
    expect(repriced.body.startsWith('99.5 ')).toBe(true);
    expect(Date.now() - priced).toBeLessThan(2000);
  });
});
