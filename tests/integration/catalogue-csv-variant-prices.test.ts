import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '#server/audit/audit.ts';
import { type Commerce, createCommerce } from '#server/commerce/index.ts';
import { productPrices, products, variantPrices, variants } from '#server/commerce/schema-catalogue.ts';
import { loadConfig } from '#server/config.ts';
import { createContentServices } from '#server/content/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { buildDocuments } from '#server/search/index.ts';
import { seedDemoStore } from '#server/seed/seed.ts';
import { insertActor } from '../support/staff-actor.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

const SLUG = 'ridgeline-summit-trail-mens';

/**
 * Issue 41, a variant's own price in the catalogue CSV (decision 0042): the export writes it, an import sets,
 * changes or removes it in the same transaction as the rest, through the money guard, every bad row in one pass.
 */
describe.each(testDatabaseTargets)('catalogue CSV variant prices on $name', (target) => {
  let handle: DatabaseHandle;
  let commerce: Commerce;
  let actor: Actor;
  let skus: string[];
  let ids: number[];
  let productId: number;

  beforeAll(async () => {
    handle = await openMigrated(target);
    await seedDemoStore(handle.db);
    commerce = createCommerce(handle.db);
    actor = await insertActor(handle.db, 'merchandiser', 'csv-variant-prices@ridgeline.example');
    const [product] = await handle.db.select().from(products).where(eq(products.slug, SLUG));
    const rows = await handle.db
      .select()
      .from(variants)
      .where(eq(variants.productId, product!.id))
      .orderBy(variants.id);
    productId = product!.id;
    skus = rows.map((row) => row.sku);
    ids = rows.map((row) => row.id);
  }, 180_000);
  afterAll(async () => {
    await handle?.close();
  });

  const ownPrice = async (variantId: number, region = 'us') =>
    (
      await handle.db
        .select()
        .from(variantPrices)
        .where(and(eq(variantPrices.variantId, variantId), eq(variantPrices.regionId, region)))
    )[0] ?? null;
  const exported = async () =>
    parse(await new Response(commerce.catalogueCsv.exportCsv()).text(), {
      columns: true,
      bom: true,
    }) as Record<string, string>[];

  it('sets a size’s own price and sale, exports them, and reads the export back with no change', async () => {
    const result = await commerce.catalogueCsv.import(
      actor,
      `variant_sku,variant_price_usd,variant_sale_usd,variant_sale_end_usd\n${skus[1]},349.95,329.95,2099-01-31 18:00\n`,
    );
    expect(result.errors).toEqual([]);
    expect(result.variantPriceChanges).toBe(1);
    expect(await ownPrice(ids[1]!)).toMatchObject({
      retailPrice: 349.95,
      salePrice: 329.95,
      saleStartsAt: null,
    });
    expect((await ownPrice(ids[1]!))!.saleEndsAt).toBeInstanceOf(Date);
    const rows = await exported();
    const row = rows.find((each) => each.variant_sku === skus[1])!;
    expect(row).toMatchObject({
      variant_price_usd: '349.95',
      variant_sale_usd: '329.95',
      variant_price_eur: '',
    });
    expect(row.variant_sale_end_usd).toMatch(/^2099-01-3[01] \d\d:\d\d$/);
    expect(rows.find((each) => each.variant_sku === skus[0])!.variant_price_usd).toBe('');
    const header = Object.keys(row).join(',');
    const again = await commerce.catalogueCsv.dryRun(
      `${header}\n${rows
        .filter((each) => skus.includes(each.variant_sku!))
        .map((each) => Object.values(each).join(','))
        .join('\n')}\n`,
    );
    expect(again.errors).toEqual([]);
    expect(again.changes).toEqual([]);
  });

  it('an emptied variant_price cell removes the own price: the size costs the product’s price again', async () => {
    const result = await commerce.catalogueCsv.import(actor, `variant_sku,variant_price_usd\n${skus[1]},\n`);
    expect(result.errors).toEqual([]);
    expect(result.changes[0]!.fields[0]).toEqual({ field: 'variant_price_usd', before: '349.95', after: '' });
    expect(await ownPrice(ids[1]!)).toBeNull();
  });

  it('writes nothing while any row is bad, names every bad row at once, and waits for a confirmed drop', async () => {
    const refused = await commerce.catalogueCsv.import(
      actor,
      [
        'variant_sku,variant_price_usd,variant_sale_usd,stock',
        `${skus[0]},0,,7`,
        `${skus[1]},,99,7`,
        `${skus[2]},299.95,299.95,7`,
      ].join('\n'),
    );
    expect(refused.written).toBe(false);
    expect(refused.errors.map((error) => [error.row, error.column])).toEqual([
      [2, 'variant_price_usd'],
      [3, 'variant_sale_usd'],
      [4, 'variant_sale_usd'],
    ]);
    expect(await ownPrice(ids[0]!)).toBeNull();
    // A size at a tenth of the product's price is a drop of more than half: only with the confirmation.
    const text = `variant_sku,variant_price_usd\n${skus[0]},20\n`;
    const waiting = await commerce.catalogueCsv.import(actor, text);
    expect(waiting.written).toBe(false);
    expect(waiting.errors[0]!.message).toContain('Tick');
    expect(await ownPrice(ids[0]!)).toBeNull();
    const confirmed = await commerce.catalogueCsv.import(actor, text, { confirmDrops: true });
    expect(confirmed.written).toBe(true);
    expect(await ownPrice(ids[0]!)).toMatchObject({ retailPrice: 20, salePrice: null });
  });

  it('search documents say where the sizes cost differently, so a result row reads "From …" as the tile does', async () => {
    const content = createContentServices({ config: loadConfig({}), db: handle.db });
    const docs = await buildDocuments({ content: content.client, commerce, locales: ['en-us'] });
    const fields = (slug: string) => docs.find((doc) => doc.id === `product-${slug}`)!.fields;
    // The size imported at 20.00 in USD only: the product varies in the US, not in Canada or the EU.
    expect(fields(SLUG).price_varies).toEqual({ us: true });
    expect(fields(SLUG).price_us).toBe(20);
    expect(fields('ridgeline-aspen-womens').price_varies).toEqual({});
  });

  it('the back office’s "on sale" filter counts a size’s own sale', async () => {
    await handle.db
      .update(productPrices)
      .set({ salePrice: null })
      .where(eq(productPrices.productId, productId));
    const onSale = async () =>
      (await commerce.catalogueAdmin.list({ q: 'summit trail', onSale: true, limit: 50 })).rows.map(
        (row) => row.id,
      );
    expect(await onSale()).not.toContain(productId);
    const result = await commerce.catalogueCsv.import(
      actor,
      `variant_sku,variant_price_usd,variant_sale_usd\n${skus[1]},349.95,299.95\n`,
    );
    expect(result.errors).toEqual([]);
    expect(await onSale()).toContain(productId);
    const notOnSale = await commerce.catalogueAdmin.list({ q: 'summit trail', onSale: false, limit: 50 });
    expect(notOnSale.rows.map((row) => row.id)).not.toContain(productId);
  });

  it('a group rule that leaves the product above 0 but makes a cheaper size free is refused, naming the size', async () => {
    // Group 1 is the US retail group; the size imported at 20.00 above pays its rules on its own price.
    const rule = { type: 'product', method: 'fixed', amount: 30, targetId: productId } as const;
    await expect(commerce.groupRulesAdmin.addRule(actor, 1, rule, { confirmed: true })).rejects.toMatchObject(
      {
        status: 400,
        message: expect.stringContaining(`(${skus[0]})`),
      },
    );
    expect(JSON.stringify(await commerce.groupRulesAdmin.get(1))).not.toContain(`"targetId":${productId}`);
  });
});
