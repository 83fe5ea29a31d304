import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListFilterSchema } from '#core/product-list-filter.ts';
import type { Actor } from '#server/audit/audit.ts';
import { auditLog } from '#server/audit/schema.ts';
import { productCategories, productPrices, products, variants } from '#server/commerce/schema-catalogue.ts';
import { insertActor } from '../support/staff-actor.ts';
import { testDatabaseTargets } from '../support/test-databases.ts';
import { type ApiHarness, openApi } from './api-harness.ts';

/** Issue 20, the product list, one product's record and the product-level changes of the back office. */
describe.each(testDatabaseTargets)('catalogue admin on $name', (target) => {
  let api: ApiHarness;
  let actor: Actor;
  const filter = (input: Record<string, unknown> = {}) => productListFilterSchema.parse(input);
  const PRODUCT = 'ridgeline-summit-trail-mens';

  beforeAll(async () => {
    api = await openApi(target);
    actor = await insertActor(api.handle.db, 'merchandiser', 'catalogue-admin-test@ridgeline.example');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  async function productId(slug = PRODUCT): Promise<number> {
    const [row] = await api.handle.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, slug));
    return row!.id;
  }

  it('pages through every product by id with no repeats and no gaps', async () => {
    const all = await api.handle.db.select({ id: products.id }).from(products);
    const seen: number[] = [];
    let after: number | undefined;
    for (let page = 0; page < 100; page++) {
      const result = await api.commerce.catalogueAdmin.list(filter({ limit: 7, after }));
      seen.push(...result.rows.map((row) => row.id));
      if (result.next === null) break;
      after = result.next;
    }
    expect(seen).toEqual(all.map((row) => row.id).sort((a, b) => a - b));
  });

  it('finds a product by a word of its name and by a variant SKU prefix', async () => {
    const byName = await api.commerce.catalogueAdmin.list(filter({ q: 'summit trail' }));
    expect(byName.rows.map((row) => row.slug)).toContain(PRODUCT);
    const [variant] = await api.handle.db
      .select({ sku: variants.sku })
      .from(variants)
      .where(eq(variants.productId, await productId()));
    const bySku = await api.commerce.catalogueAdmin.list(filter({ q: variant!.sku.toLowerCase() }));
    expect(bySku.rows.map((row) => row.slug)).toEqual([PRODUCT]);
    // A LIKE wildcard typed by the merchandiser is a character, not a pattern.
    expect((await api.commerce.catalogueAdmin.list(filter({ q: '%' }))).rows).toEqual([]);
  });

  it('filters by stock state, sale, tags and publishing as the rows describe them', async () => {
    for (const stock of ['in', 'low', 'out'] as const) {
      const rows = (await api.commerce.catalogueAdmin.list(filter({ stock, limit: 200 }))).rows;
      expect(rows.every((row) => row.stockState === stock)).toBe(true);
    }
    const onSale = (await api.commerce.catalogueAdmin.list(filter({ onSale: 'yes', limit: 200 }))).rows;
    expect(onSale.length).toBeGreaterThan(0);
    expect(onSale.every((row) => row.onSale)).toBe(true);
    const unpublished = (await api.commerce.catalogueAdmin.list(filter({ published: 'no', limit: 200 })))
      .rows;
    expect(unpublished.map((row) => row.slug)).toContain('ridgeline-backcountry-nordic-classic');
    expect(unpublished.every((row) => !row.published)).toBe(true);
    const fresh = (await api.commerce.catalogueAdmin.list(filter({ isNew: 'yes', limit: 200 }))).rows;
    expect(fresh.every((row) => row.isNew)).toBe(true);
  });

  it('counts a scheduled sale only while it runs', async () => {
    const id = await productId();
    const db = api.handle.db;
    const inSale = async () =>
      (await api.commerce.catalogueAdmin.list(filter({ q: 'summit trail', onSale: 'yes' }))).rows.some(
        (row) => row.id === id,
      );
    const [before] = await db.select().from(productPrices).where(eq(productPrices.productId, id));
    try {
      await db
        .update(productPrices)
        .set({ salePrice: 1, saleStartsAt: new Date(Date.now() + 3_600_000), saleEndsAt: null })
        .where(eq(productPrices.productId, id));
      expect(await inSale()).toBe(false);
      await db
        .update(productPrices)
        .set({ saleStartsAt: new Date(Date.now() - 3_600_000), saleEndsAt: new Date(Date.now() + 3_600_000) })
        .where(eq(productPrices.productId, id));
      expect(await inSale()).toBe(true);
    } finally {
      await db
        .update(productPrices)
        .set({ salePrice: before!.salePrice, saleStartsAt: null, saleEndsAt: null })
        .where(eq(productPrices.productId, id));
    }
  });

  it('shows one product with its variants, prices per region and category ids per region', async () => {
    const detail = await api.commerce.catalogueAdmin.detail(await productId());
    expect(detail.slug).toBe(PRODUCT);
    expect(detail.variants.length).toBeGreaterThan(1);
    expect(detail.prices.map((price) => [price.regionId, price.currency])).toEqual([
      ['ca', 'CAD'],
      ['eu_region_1', 'EUR'],
      ['us', 'USD'],
    ]);
    expect(Object.keys(detail.category!.regionIds).sort()).toEqual(['ca', 'eu_region_1', 'us']);
    await expect(api.commerce.catalogueAdmin.detail(999_999)).rejects.toMatchObject({ code: 'not-found' });
  });

  it('unpublishes (410 for shoppers, no listing) and publishes again, each with its audit entry', async () => {
    const id = await productId();
    const pricing = await api.commerce.groups.pricing('us', null);
    const memberships = () =>
      api.handle.db.select().from(productCategories).where(eq(productCategories.productId, id));
    const listedBefore = (await memberships()).map((row) => row.categoryId).sort();
    expect(listedBefore.length).toBeGreaterThan(0);

    await api.commerce.catalogueAdmin.setPublished(actor, id, false);
    expect(await memberships()).toEqual([]);
    await expect(api.commerce.catalogue.getProduct(pricing, id)).rejects.toMatchObject({ code: 'gone' });
    expect(
      (await api.commerce.catalogueAdmin.list(filter({ q: 'summit trail', published: 'yes' }))).rows.map(
        (r) => r.id,
      ),
    ).not.toContain(id);

    await api.commerce.catalogueAdmin.setPublished(actor, id, true);
    expect((await memberships()).map((row) => row.categoryId).sort()).toEqual(listedBefore);
    // The storefront's read cache follows the catalogue's data version, read at most once a second.
    await expect
      .poll(
        () =>
          api.commerce.catalogue.getProduct(pricing, id).then(
            (product) => product.isPurchasable,
            () => false,
          ),
        {
          timeout: 5000,
        },
      )
      .toBe(true);

    const entries = await api.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(id))));
    expect(entries.map((entry) => entry.action)).toEqual(['product.unpublish', 'product.publish']);
    expect(entries[0]!.before).toMatchObject({ published: true });
    expect(entries[0]!.after).toMatchObject({ published: false });
  });

  it('sets the tags and moves the product to another category, refusing an unknown one', async () => {
    const id = await productId();
    const detail = await api.commerce.catalogueAdmin.detail(id);
    await api.commerce.catalogueAdmin.setFlags(actor, id, { isNew: true, isRedesigned: true });
    const after = await api.commerce.catalogueAdmin.detail(id);
    expect([after.isNew, after.isRedesigned]).toEqual([true, true]);
    await api.commerce.catalogueAdmin.setFlags(actor, id, {
      isNew: detail.isNew,
      isRedesigned: detail.isRedesigned,
    });

    await expect(api.commerce.catalogueAdmin.setCategory(actor, id, 987_654)).rejects.toMatchObject({
      code: 'invalid',
    });
    expect((await api.commerce.catalogueAdmin.detail(id)).category!.id).toBe(detail.category!.id);

    const other = detail.categories.find(
      (category) => category.id !== detail.category!.id && !category.path.includes('/'),
    );
    await api.commerce.catalogueAdmin.setCategory(actor, id, other!.id);
    const moved = await api.commerce.catalogueAdmin.detail(id);
    expect(moved.listedIn.map((category) => category.id)).toEqual([other!.id]);
    await api.commerce.catalogueAdmin.setCategory(actor, id, detail.category!.id);
    expect((await api.commerce.catalogueAdmin.detail(id)).listedIn.map((c) => c.id).sort()).toEqual(
      detail.listedIn.map((c) => c.id).sort(),
    );
  });
});
