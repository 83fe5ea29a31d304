import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCurrency } from '#core/currency-format.ts';
import { CURRENCIES } from '#core/regions.ts';
import { type Commerce, createCommerce } from '#server/commerce/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { commerceFacts } from '#server/search/documents.ts';
import { seedLargeCatalogue } from '#server/seed/seed-commerce.ts';
import { CATALOGUE_PRODUCTS, catalogueProductId } from '../../seed/catalogue/index.ts';
import { openSeeded, testDatabaseTargets } from '../support/test-databases.ts';

describe.each(testDatabaseTargets)('the Commerce port on $name', (target) => {
  let handle: DatabaseHandle;
  let commerce: Commerce;
  beforeAll(async () => {
    handle = await openSeeded(target);
    commerce = createCommerce(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('reads a product by slug for the storefront, discontinued ones included and flagged', async () => {
    const pricing = await commerce.groups.pricing('ca', null);
    const product = await commerce.catalogue.getProductBySlug(pricing, 'ridgeline-velocity-run');
    expect(product).toMatchObject({
      id: catalogueProductId('ridgeline-velocity-run'),
      currency: 'CAD',
      isNew: true,
    });
    expect(product?.variants?.length).toBeGreaterThan(0);
    const gone = await commerce.catalogue.getProductBySlug(pricing, 'ridgeline-backcountry-nordic-classic');
    expect(gone?.availability).toBe('disabled');
    expect(await commerce.catalogue.getProductBySlug(pricing, 'no-such-thing')).toBeNull();
  });

  it('gives every demo product a price in every commerce region and one thumbnail per colour', async () => {
    const rows = (await handle.db.execute(
      sql`select region_id, count(*)::int as n from product_prices group by region_id order by region_id`,
    )) as unknown as { rows: { region_id: string; n: number }[] };
    expect(rows.rows).toEqual([
      { region_id: 'ca', n: CATALOGUE_PRODUCTS.length },
      { region_id: 'eu_region_1', n: CATALOGUE_PRODUCTS.length },
      { region_id: 'us', n: CATALOGUE_PRODUCTS.length },
    ]);
    const pricing = await commerce.groups.pricing('us', null);
    const product = await commerce.catalogue.getProduct(
      pricing,
      catalogueProductId('ridgeline-trail-fleece'),
    );
    const thumbnails = new Set(product.variants?.map((variant) => variant.thumbnail));
    expect(thumbnails.size).toBe(6);
    expect(thumbnails).toContain('/media/i/ridgeline/ridgeline-trail-fleece-glacier');
  });

  it('answers the §6 pricing rule and pro status through the port', async () => {
    const pro = await commerce.customers.findByEmail('PRO.GUIDE@example.com');
    expect(pro?.isPro).toBe(true);
    const pricing = await commerce.groups.pricing('us', pro!.id);
    expect(pricing).toMatchObject({ isPro: true, groupId: 4, currencyCode: 'USD' });
    expect(pricing.rules).toHaveLength(3);
    const status = await commerce.groups.proStatus(pro!.id);
    expect(status?.order_total).toBeGreaterThan(0);
    const summary = await commerce.groups.proSummary(pro!.id, 'ca');
    expect(summary?.spend).toBe(
      formatCurrency(
        status!.order_total,
        CURRENCIES.find((currency) => currency.code === 'CAD'),
      ),
    );
    expect(summary?.limit).toMatch(/^C\$/);
    const standard = await commerce.customers.findByEmail('hannah.miller@example.com');
    expect(await commerce.groups.proStatus(standard!.id)).toBeNull();
    expect(await commerce.groups.proSummary(standard!.id, 'us')).toBeNull();
    expect((await commerce.groups.pricing('us', standard!.id)).rules).toEqual([]);
    expect((await commerce.groups.defaultGroup('eu_region_1'))?.id).toBe(3);
  });

  it('generates a large catalogue for benchmarks, idempotently', async () => {
    await seedLargeCatalogue(handle.db, 120);
    await seedLargeCatalogue(handle.db, 120);
    const pricing = await commerce.groups.pricing('us', null);
    const page = await commerce.catalogue.listProducts(pricing, { limit: 1 });
    expect(page.pagination.total).toBe(CATALOGUE_PRODUCTS.length - 1 + 120);
  });

  it("gives the search index every product of each region past its first read, with the region's price", async () => {
    await seedLargeCatalogue(handle.db, 600);
    const facts = await commerceFacts(commerce);
    for (const region of commerce.regionIds as readonly ('us' | 'ca' | 'eu_region_1')[]) {
      // The reference: the region's list page by page, as a storefront reads it.
      const pricing = await commerce.groups.pricing(region, null);
      const expected = new Map<number, number>();
      for (let page = 1; ; page++) {
        const result = await commerce.catalogue.listProducts(pricing, { page, limit: 100 });
        for (const product of result.data)
          if (product.availability !== 'disabled') expected.set(product.id, product.calculated_price);
        if (page >= result.pagination.total_pages) break;
      }
      expect(expected.size).toBeGreaterThan(500);
      const found = new Map(
        [...facts.values()]
          .filter((fact) => fact.prices[region] !== undefined)
          .map((fact) => [fact.product.id, fact.prices[region]]),
      );
      expect(found).toEqual(expected);
    }
  });
});
