import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '#server/audit/audit.ts';
import { auditLog } from '#server/audit/schema.ts';
import { type Commerce, createCommerce } from '#server/commerce/index.ts';
import { productPrices, products, stockMovements, variants } from '#server/commerce/schema-catalogue.ts';
import type { StockChange } from '#server/commerce/stock.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { seedBulkProducts } from '#server/seed/bulk-catalogue.ts';
import { insertActor } from '../support/staff-actor.ts';
import { openSeeded, testDatabaseTargets } from '../support/test-databases.ts';

/** Issue 20, the catalogue CSV: export, dry run, import all or nothing, stock movements, back in stock, audit. */
describe.each(testDatabaseTargets)('catalogue CSV on $name', (target) => {
  let handle: DatabaseHandle;
  let commerce: Commerce;
  let actor: Actor;
  const backInStock: StockChange[][] = [];

  beforeAll(async () => {
    handle = await openSeeded(target);
    await seedBulkProducts(handle.db, { count: 1200 });
    commerce = createCommerce(handle.db);
    commerce.events.on('back-in-stock', async ({ changes }) => {
      backInStock.push(changes);
    });
    actor = await insertActor(handle.db, 'merchandiser', 'catalogue-csv-test@ridgeline.example');
  }, 180_000);
  afterAll(async () => {
    await handle?.close();
  });

  async function exportText(): Promise<string> {
    return new Response(commerce.catalogueCsv.exportCsv()).text();
  }
  const read = (text: string) => parse(text, { columns: true, bom: true }) as Record<string, string>[];
  const write = (records: Record<string, string>[]) => stringify(records, { header: true });
  // What the storefront's caches follow: the catalogue's version, and the product change log's (prices, stock).
  const catalogueVersion = async () =>
    (
      (await handle.db.execute(
        sql`select string_agg(scope || ':' || version, ',' order by scope) as version from data_versions
            where scope in ('catalogue', 'product-changes')`,
      )) as unknown as {
        rows: { version: string }[];
      }
    ).rows[0]?.version;

  it('exports one row per variant with the documented columns, and reads back with no changes', async () => {
    // UTF-8 with a byte-order mark first (Excel reads accents right); Response.text() drops it, so read the bytes.
    const bytes = new Uint8Array(await new Response(commerce.catalogueCsv.exportCsv()).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = await exportText();
    const records = read(text);
    const [{ count }] = (await handle.db.select({ count: sql<number>`count(*)::int` }).from(variants)) as [
      { count: number },
    ];
    expect(records).toHaveLength(count);
    expect(Object.keys(records[0]!)).toEqual([
      'product_sku',
      'variant_sku',
      'name',
      'options',
      'price_usd',
      'sale_usd',
      'sale_start_usd',
      'sale_end_usd',
      'price_cad',
      'sale_cad',
      'sale_start_cad',
      'sale_end_cad',
      'price_eur',
      'sale_eur',
      'sale_start_eur',
      'sale_end_eur',
      'variant_price_usd',
      'variant_sale_usd',
      'variant_sale_start_usd',
      'variant_sale_end_usd',
      'variant_price_cad',
      'variant_sale_cad',
      'variant_sale_start_cad',
      'variant_sale_end_cad',
      'variant_price_eur',
      'variant_sale_eur',
      'variant_sale_start_eur',
      'variant_sale_end_eur',
      'stock',
      'published',
    ]);
    const report = await commerce.catalogueCsv.dryRun(text);
    expect(report).toEqual({ rows: count, changes: [], unchanged: count, errors: [], drops: [] });
    // The file as saved, byte-order mark included, reads back the same.
    expect(await commerce.catalogueCsv.dryRun(`\uFEFF${text}`)).toEqual(report);
  });

  it('edits 1,000 prices: the dry run lists exactly those, the import writes them and the catalogue reads them', async () => {
    const records = read(await exportText());
    const edited = new Map<string, { row: number; price: string }>();
    records.forEach((record, index) => {
      if (!record.variant_sku!.startsWith('BULK-') || edited.size >= 1000) return;
      const price = (Number(record.price_usd) + 1.25).toFixed(2);
      record.price_usd = price;
      edited.set(record.variant_sku!, { row: index + 2, price });
    });
    expect(edited.size).toBe(1000);
    const text = write(records);

    const report = await commerce.catalogueCsv.dryRun(text);
    expect(report.errors).toEqual([]);
    expect(report.changes).toHaveLength(1000);
    expect(report.unchanged).toBe(records.length - 1000);
    for (const change of report.changes) {
      const expected = edited.get(change.variantSku);
      expect(expected?.row).toBe(change.row);
      expect(change.fields).toEqual([
        { field: 'price_usd', before: expect.any(String), after: expected!.price },
      ]);
    }
    // A dry run writes nothing.
    const sku = [...edited.keys()][0]!;
    const productId = Number(sku.split('-')[1]);
    const [bulk] = await handle.db
      .select()
      .from(products)
      .where(eq(products.sku, `BULK-${productId}`));
    const priceOf = async () =>
      (
        await handle.db
          .select()
          .from(productPrices)
          .where(and(eq(productPrices.productId, bulk!.id), eq(productPrices.regionId, 'us')))
      )[0]!.retailPrice;
    expect(String(await priceOf())).not.toBe(edited.get(sku)!.price);

    const versionBefore = await catalogueVersion();
    const started = performance.now();
    const result = await commerce.catalogueCsv.import(actor, text, { fileName: 'prices.csv' });
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(result).toMatchObject({ written: true, priceChanges: 1000, stockChanges: 0, errors: [] });
    expect((await priceOf()).toFixed(2)).toBe(edited.get(sku)!.price);
    expect(await catalogueVersion()).not.toBe(versionBefore);

    // What the storefront reads (the catalogue engine) shows the new price.
    const pricing = await commerce.groups.pricing('us', null);
    const product = await commerce.catalogue.getProduct(pricing, bulk!.id);
    expect(product.price.toFixed(2)).toBe(edited.get(sku)!.price);

    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'catalogue.import'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ staffId: actor.staffId, entity: 'catalogue', entityId: 'csv' });
    expect(entry!.after).toMatchObject({ file: 'prices.csv', changedRows: 1000, priceChanges: 1000 });
    expect((entry!.after as { changes: { sku: string; price_usd: string }[] }).changes[0]).toEqual({
      sku: report.changes[0]!.variantSku,
      price_usd: report.changes[0]!.fields[0]!.after,
    });
    // Imported again, the same file changes nothing and adds no audit entry.
    const again = await commerce.catalogueCsv.import(actor, text);
    expect(again).toMatchObject({ written: false, changes: [], errors: [] });
  });

  it('writes nothing from a file with one bad row of each kind, and names each row and its problem', async () => {
    const records = read(await exportText());
    const bulk = records.filter((record) => record.variant_sku!.startsWith('BULK-'));
    const rowOf = (record: Record<string, string>) => records.indexOf(record) + 2;
    bulk[0]!.stock = String(Number(bulk[0]!.stock) + 3); // a good change, held back with the rest
    bulk[1]!.variant_sku = 'BULK-NO-SUCH-SKU';
    bulk[2]!.stock = '-4';
    bulk[3]!.price_usd = bulk[3]!.price_usd!.replace('.', ',');
    Object.assign(bulk[4]!, bulk[5]!); // the same variant twice
    const text = write(records);
    const before = await exportText();
    const versionBefore = await catalogueVersion();
    const movementsBefore = await handle.db.select({ id: stockMovements.id }).from(stockMovements);

    for (const report of [
      await commerce.catalogueCsv.dryRun(text),
      await commerce.catalogueCsv.import(actor, text),
    ]) {
      expect(report.errors.map((error) => [error.row, error.message.split(/[:;(]/)[0]])).toEqual(
        [
          [rowOf(bulk[1]!), 'Unknown SKU BULK-NO-SUCH-SKU'],
          [rowOf(bulk[2]!), 'stock "-4" is negative'],
          [rowOf(bulk[3]!), `price_usd "${bulk[3]!.price_usd}" has a comma as decimal separator`],
          [rowOf(bulk[5]!), `Duplicate SKU ${bulk[5]!.variant_sku}`],
        ].sort((a, b) => Number(a[0]) - Number(b[0])),
      );
    }
    const result = await commerce.catalogueCsv.import(actor, text);
    expect(result).toMatchObject({ written: false, stockChanges: 0, priceChanges: 0 });
    expect(await exportText()).toBe(before);
    expect(await catalogueVersion()).toBe(versionBefore);
    expect(await handle.db.select({ id: stockMovements.id }).from(stockMovements)).toHaveLength(
      movementsBefore.length,
    );
  });

  it('sets stock set-based with a movement per change, product totals, and back in stock after the commit', async () => {
    const [soldOut] = await handle.db
      .select({ sku: variants.sku, id: variants.id, productId: variants.productId })
      .from(variants)
      .where(eq(variants.inventoryLevel, 0))
      .limit(1);
    const [stocked] = await handle.db
      .select({ sku: variants.sku, id: variants.id, level: variants.inventoryLevel })
      .from(variants)
      .where(sql`${variants.inventoryLevel} > 3`)
      .limit(1);
    backInStock.length = 0;
    const result = await commerce.catalogueCsv.import(
      actor,
      `variant_sku,stock\n${soldOut!.sku},5\n${stocked!.sku},${stocked!.level - 3}\n`,
    );
    expect(result).toMatchObject({ written: true, stockChanges: 2, backInStock: 1 });
    expect(backInStock).toEqual([
      [{ variantId: soldOut!.id, productId: soldOut!.productId, before: 0, after: 5 }],
    ]);
    const movements = await handle.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.reason, 'import'))
      .orderBy(desc(stockMovements.id))
      .limit(2);
    expect(movements.map((row) => [row.variantId, row.before, row.after, row.staffId]).sort()).toEqual(
      [
        [soldOut!.id, 0, 5, actor.staffId],
        [stocked!.id, stocked!.level, stocked!.level - 3, actor.staffId],
      ].sort(),
    );
    const [product] = await handle.db.select().from(products).where(eq(products.id, soldOut!.productId));
    const levels = await handle.db
      .select({ level: variants.inventoryLevel })
      .from(variants)
      .where(eq(variants.productId, soldOut!.productId));
    expect(product!.inventoryLevel).toBe(levels.reduce((sum, row) => sum + row.level, 0));
  });

  it('ends a sale from an emptied cell and refuses a sale not below retail', async () => {
    const rows = (
      (await handle.db.execute(
        sql`select v.sku, pp.retail_price, pp.product_id from product_prices pp join variants v on v.product_id = pp.product_id
          where pp.region_id = 'ca' and pp.sale_price is not null and v.sku like 'BULK-%' order by v.id limit 1`,
      )) as unknown as { rows: { sku: string; retail_price: string; product_id: number }[] }
    ).rows;
    const { sku, retail_price: retail, product_id: productId } = rows[0]!;
    const refused = await commerce.catalogueCsv.dryRun(`variant_sku,sale_cad\n${sku},${retail}\n`);
    expect(refused.errors[0]).toMatchObject({
      row: 2,
      sku,
      message: expect.stringContaining('is not below'),
    });
    const result = await commerce.catalogueCsv.import(actor, `variant_sku,sale_cad\n${sku},\n`);
    expect(result.changes[0]!.fields).toEqual([{ field: 'sale_cad', before: expect.any(String), after: '' }]);
    const [price] = await handle.db
      .select()
      .from(productPrices)
      .where(and(eq(productPrices.productId, Number(productId)), eq(productPrices.regionId, 'ca')));
    expect(price).toMatchObject({ salePrice: null, retailPrice: Number(retail) });
  });

  it('refuses a price that makes a product free and imports a drop of more than half only when confirmed (issue 40)', async () => {
    const rows = (
      (await handle.db.execute(
        sql`select v.sku, pp.retail_price, pp.product_id from product_prices pp join variants v on v.product_id = pp.product_id
          where pp.region_id = 'us' and pp.sale_price is null and v.sku like 'BULK-%' order by v.id desc limit 1`,
      )) as unknown as { rows: { sku: string; retail_price: string; product_id: number }[] }
    ).rows;
    const { sku, retail_price: retail, product_id: productId } = rows[0]!;
    const usPrice = async () =>
      (
        await handle.db
          .select()
          .from(productPrices)
          .where(and(eq(productPrices.productId, Number(productId)), eq(productPrices.regionId, 'us')))
      )[0]!.retailPrice;

    const free = await commerce.catalogueCsv.dryRun(`variant_sku,price_usd\n${sku},0.00\n`);
    expect(free.errors).toEqual([
      expect.objectContaining({
        row: 2,
        sku,
        column: 'price_usd',
        message: expect.stringContaining('free or less'),
      }),
    ]);

    const low = (Number(retail) * 0.3).toFixed(2);
    const text = `variant_sku,price_usd\n${sku},${low}\n`;
    const report = await commerce.catalogueCsv.dryRun(text);
    expect(report.errors).toEqual([]);
    expect(report.drops).toEqual([
      expect.objectContaining({ row: 2, sku, message: expect.stringContaining('by more than half, to $') }),
    ]);
    const unconfirmed = await commerce.catalogueCsv.import(actor, text);
    expect(unconfirmed).toMatchObject({ written: false, priceChanges: 0 });
    expect(unconfirmed.errors[0]!.message).toContain('Tick “Apply price drops of more than half”');
    expect(await usPrice()).toBe(Number(retail));

    const confirmed = await commerce.catalogueCsv.import(actor, text, { confirmDrops: true });
    expect(confirmed).toMatchObject({ written: true, priceChanges: 1, errors: [] });
    expect((await usPrice()).toFixed(2)).toBe(low);
  });

  it('exports sale start and end on the store clock, reads them back unchanged and imports a changed end', async () => {
    // The store's clock (STORE_TIME_ZONE, decision 0031): Denver is UTC−7 in winter.
    const denver = createCommerce(handle.db, { storeTimeZone: 'America/Denver' });
    const rows = (
      (await handle.db.execute(
        sql`select v.sku, pp.product_id, pp.retail_price from product_prices pp join variants v on v.product_id = pp.product_id
          where pp.region_id = 'us' and v.sku like 'BULK-%' order by v.id limit 1 offset 7`,
      )) as unknown as { rows: { sku: string; product_id: number; retail_price: string }[] }
    ).rows;
    const { sku, product_id: productId, retail_price: retail } = rows[0]!;
    const sale = (Number(retail) * 0.8).toFixed(2);
    // Seconds the file does not carry: a read-back to the minute keeps them.
    await handle.db.execute(
      sql`update product_prices set sale_price = ${sale}, sale_starts_at = '2030-12-24T15:00:30Z',
            sale_ends_at = '2031-01-02T06:59:00Z'
          where product_id = ${productId} and region_id = 'us'`,
    );
    const stored = async () =>
      (
        await handle.db
          .select()
          .from(productPrices)
          .where(and(eq(productPrices.productId, Number(productId)), eq(productPrices.regionId, 'us')))
      )[0]!;

    const records = read(await new Response(denver.catalogueCsv.exportCsv()).text());
    const record = records.find((entry) => entry.variant_sku === sku)!;
    expect(record).toMatchObject({
      sale_usd: sale,
      sale_start_usd: '2030-12-24 08:00',
      sale_end_usd: '2031-01-01 23:59',
    });
    expect(records.find((entry) => entry.sale_usd === '')).toMatchObject({
      sale_start_usd: '',
      sale_end_usd: '',
    });
    const unchanged = await denver.catalogueCsv.dryRun(write(records));
    expect(unchanged).toMatchObject({ changes: [], errors: [], drops: [], unchanged: records.length });

    record.sale_end_usd = '2031-01-15 18:00';
    const result = await denver.catalogueCsv.import(actor, write(records), { fileName: 'sale-end.csv' });
    expect(result).toMatchObject({ written: true, priceChanges: 1, stockChanges: 0, errors: [] });
    expect(result.changes).toEqual([
      {
        row: records.indexOf(record) + 2,
        variantSku: sku,
        productSku: record.product_sku,
        fields: [{ field: 'sale_end_usd', before: '2031-01-01 23:59', after: '2031-01-15 18:00' }],
      },
    ]);
    expect(await stored()).toMatchObject({
      salePrice: Number(sale),
      saleStartsAt: new Date('2030-12-24T15:00:30Z'),
      saleEndsAt: new Date('2031-01-16T01:00:00Z'),
    });

    // A file without the sale time columns (an older export) leaves the stored times alone.
    const older = await denver.catalogueCsv.import(
      actor,
      `variant_sku,sale_usd\n${sku},${(Number(retail) * 0.7).toFixed(2)}\n`,
    );
    expect(older).toMatchObject({ written: true, priceChanges: 1 });
    expect(await stored()).toMatchObject({
      saleStartsAt: new Date('2030-12-24T15:00:30Z'),
      saleEndsAt: new Date('2031-01-16T01:00:00Z'),
    });

    // Bad dates are reported row by row with their column, and nothing is written.
    const bad = await denver.catalogueCsv.import(
      actor,
      `variant_sku,sale_usd,sale_start_usd,sale_end_usd\n${sku},${sale},31.12.2030,\n${records[0]!.variant_sku},,,2031-02-01 08:00\n`,
    );
    expect(bad.written).toBe(false);
    expect(bad.errors.map((error) => [error.row, error.column])).toEqual([
      [2, 'sale_start_usd'],
      [3, 'sale_end_usd'],
    ]);
    expect((await stored()).saleEndsAt).toEqual(new Date('2031-01-16T01:00:00Z'));
  });

  it('reports its progress after each chunk of rows written', async () => {
    const rows = await handle.db
      .select({ sku: variants.sku, level: variants.inventoryLevel })
      .from(variants)
      .where(sql`${variants.sku} like 'BULK-%'`)
      .orderBy(variants.id)
      .limit(1100);
    const heard: { done: number; total: number }[] = [];
    const result = await commerce.catalogueCsv.import(
      actor,
      `variant_sku,stock\n${rows.map((row) => `${row.sku},${row.level + 2}`).join('\n')}\n`,
      { onProgress: (progress) => heard.push(progress) },
    );
    expect(result).toMatchObject({ written: true, stockChanges: 1100 });
    expect(heard).toEqual([
      { done: 0, total: 1100 },
      { done: 1000, total: 1100 },
      { done: 1100, total: 1100 },
    ]);
  });
});
