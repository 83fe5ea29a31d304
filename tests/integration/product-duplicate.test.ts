import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '#server/audit/audit.ts';
import { auditLog } from '#server/audit/schema.ts';
import { categories, productPrices, products, variants } from '#server/commerce/schema-catalogue.ts';
import { fitSeries, productFitSeries } from '#server/commerce/schema-fit.ts';
import { loadConfig } from '#server/config.ts';
import { contentEntries } from '#server/content/schema.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { createServices, type Services } from '#server/services.ts';
import { insertActor } from '../support/staff-actor.ts';
import { openSeeded, testDatabaseTargets } from '../support/test-databases.ts';

/**
 * Issue 41, duplicate a product: the copy is unpublished, named "(copy)" at a free address with SKUs of its own,
 * and carries the original's category, options, variants (stock 0), prices with sale times, colour images, fit
 * series and per-locale text; the original is left as it was; a role that may not change the catalogue is refused.
 */
describe.each(testDatabaseTargets)('duplicating a product on $name', (target) => {
  let handle: DatabaseHandle;
  let services: Services;
  let actor: Actor;
  let operations: Actor;
  let dataDir: string;
  let categoryId: number;
  let original: { id: number; slug: string };
  let imageId: string;
  let seriesId: number;

  beforeAll(async () => {
    handle = await openSeeded(target);
    dataDir = mkdtempSync(join(tmpdir(), 'ridgeline-product-duplicate-'));
    services = createServices({
      config: loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        CONTENT_CACHE_POLICY: '-1',
        SEARCH_SYNC_INTERVAL_MS: '0',
        SEARCH_CACHE_TTL_MS: '0',
      }),
      logger: pino({ level: 'silent' }),
      db: handle.db,
      build: { id: 'test', timestamp: 0 },
    });
    actor = await insertActor(handle.db, 'merchandiser', 'product-duplicate-test@ridgeline.example');
    operations = await insertActor(handle.db, 'operations', 'product-duplicate-ops@ridgeline.example');
    const [mens] = await handle.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.path, 'snowshoes/mens'));
    categoryId = mens!.id;

    // The original: two colours by two sizes, three regions, a scheduled sale, an image for Black, German text,
    // a fit series, stock on one variant, published.
    original = await services.commerce.productAdmin.create(actor, {
      name: 'Ridgeline Tamarack Trek',
      slug: 'ridgeline-tamarack-trek',
      sku: 'RS-TAMARACK',
      categoryId,
      weight: 2.3,
      description: 'A trekking frame for long days.',
      tagline: 'Long days, deep snow',
      options: [
        { name: 'Colour', values: ['Black', 'Spruce'] },
        { name: 'Size', values: ['25"', '30"'] },
      ],
      prices: { us: 249, ca: 329, eu_region_1: 239 },
    });
    await handle.db
      .update(productPrices)
      .set({
        salePrice: 199,
        saleStartsAt: new Date('2030-01-01T00:00:00Z'),
        saleEndsAt: new Date('2030-02-01T00:00:00Z'),
      })
      .where(and(eq(productPrices.productId, original.id), eq(productPrices.regionId, 'us')));
    const view = await services.productImages.view(original.id);
    const black = view.colours.find((colour) => colour.label === 'Black')!;
    const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#1d1f21' } })
      .jpeg()
      .toBuffer();
    imageId = (
      await services.productImages.upload(actor, original.id, { bytes: photo, alt: '', colourId: black.id })
    ).id;
    await services.commerce.productAdmin.setText(actor, original.id, 'de', {
      name: 'Ridgeline Tamarack Trek DE',
      tagline: 'Lange Tage, tiefer Schnee',
      description: 'Ein Rahmen für lange Touren.',
      seoTitle: '',
      seoDescription: '',
      colours: {},
    });
    const [series] = await handle.db
      .insert(fitSeries)
      .values({
        name: 'Tamarack test series',
        ranges: [
          { size: '25"', minKg: 40, maxKg: 90 },
          { size: '30"', minKg: 90, maxKg: 140 },
        ],
      })
      .returning();
    seriesId = series!.id;
    await handle.db.insert(productFitSeries).values({ productId: original.id, seriesId });
    const [firstVariant] = await handle.db
      .select()
      .from(variants)
      .where(eq(variants.productId, original.id))
      .orderBy(asc(variants.id));
    await handle.db.update(variants).set({ inventoryLevel: 7 }).where(eq(variants.id, firstVariant!.id));
    await services.commerce.catalogueAdmin.setPublished(actor, original.id, true);
  }, 180_000);
  afterAll(async () => {
    services?.search.stop();
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const admin = () => services.commerce.productAdmin;
  const productOf = async (id: number) =>
    (await handle.db.select().from(products).where(eq(products.id, id)))[0]!;
  const variantsOf = (id: number) =>
    handle.db.select().from(variants).where(eq(variants.productId, id)).orderBy(asc(variants.id));
  const pricesOf = (id: number) =>
    handle.db
      .select()
      .from(productPrices)
      .where(eq(productPrices.productId, id))
      .orderBy(asc(productPrices.regionId));
  const entriesOf = (uid: string) =>
    handle.db
      .select({ locale: contentEntries.locale, fields: contentEntries.fields })
      .from(contentEntries)
      .where(and(eq(contentEntries.contentType, 'product'), eq(contentEntries.uid, uid)))
      .orderBy(asc(contentEntries.locale));

  /** Everything of the original a copy could touch, to prove it is left as it was. */
  async function snapshot(id: number) {
    const product = await productOf(id);
    return {
      product,
      variants: await variantsOf(id),
      prices: await pricesOf(id),
      entries: await entriesOf(product.slug),
      fit: await handle.db.select().from(productFitSeries).where(eq(productFitSeries.productId, id)),
      images: await services.productImages.view(id),
    };
  }

  async function counts() {
    const [row] = (
      (await handle.db.execute(sql`select
        (select count(*) from products)::int as products,
        (select count(*) from variants)::int as variants,
        (select count(*) from product_prices)::int as prices,
        (select count(*) from content_entries)::int as entries,
        (select count(*) from audit_log)::int as audit`)) as unknown as {
        rows: Array<Record<string, number>>;
      }
    ).rows;
    return row;
  }

  let copy: { id: number; slug: string; sku: string; name: string };
  let before: Awaited<ReturnType<typeof snapshot>>;

  it('copies the product unpublished, with its category, options, variants at stock 0, prices, images, fit series and text', async () => {
    before = await snapshot(original.id);
    copy = await admin().duplicate(actor, original.id);
    expect(copy).toMatchObject({
      name: 'Ridgeline Tamarack Trek (copy)',
      slug: 'ridgeline-tamarack-trek-copy',
      sku: 'RS-TAMARACK-COPY',
      variants: 4,
    });
    const product = await productOf(copy.id);
    expect(product).toMatchObject({
      name: 'Ridgeline Tamarack Trek (copy)',
      isVisible: false,
      availability: 'disabled',
      categoryId,
      weight: 2.3,
      description: 'A trekking frame for long days.',
      inventoryLevel: 0,
    });
    // The same options and values, under ids of the copy's own; Black shows the original's image.
    const shape = (options: typeof product.options) =>
      options.map((option) => ({
        name: option.name,
        values: option.values.map((value) => [value.label, value.slug, value.image ?? null]),
      }));
    expect(shape(product.options)).toEqual(shape(before.product.options));
    expect(product.options.find((option) => option.name === 'Colour')!.values[0]!.image).toBe(imageId);
    const oldValueIds = before.product.options.flatMap((option) =>
      option.values.map((value) => value.entityId),
    );
    for (const value of product.options.flatMap((option) => option.values))
      expect(oldValueIds).not.toContain(value.entityId);
    expect(product.thumbnail).toBe(before.product.thumbnail);

    const copied = await variantsOf(copy.id);
    expect(copied.map((row) => row.sku)).toEqual(before.variants.map((row) => `${row.sku}-COPY`));
    expect(copied.map((row) => row.inventoryLevel)).toEqual([0, 0, 0, 0]);
    expect(copied.map((row) => row.thumbnail)).toEqual(before.variants.map((row) => row.thumbnail));
    expect(copied.map((row) => row.optionValues.map((entry) => entry.label))).toEqual(
      before.variants.map((row) => row.optionValues.map((entry) => entry.label)),
    );
    // Each variant names the copy's own option values.
    const copyValueIds = product.options.flatMap((option) => option.values.map((value) => value.entityId));
    for (const row of copied) for (const entry of row.optionValues) expect(copyValueIds).toContain(entry.id);

    const prices = await pricesOf(copy.id);
    expect(prices.map(({ productId: _id, ...row }) => row)).toEqual(
      before.prices.map(({ productId: _id, ...row }) => row),
    );
    expect(prices.find((row) => row.regionId === 'us')).toMatchObject({
      retailPrice: 249,
      salePrice: 199,
      saleStartsAt: new Date('2030-01-01T00:00:00Z'),
      saleEndsAt: new Date('2030-02-01T00:00:00Z'),
    });

    const [fit] = await handle.db
      .select()
      .from(productFitSeries)
      .where(eq(productFitSeries.productId, copy.id));
    expect(fit?.seriesId).toBe(seriesId);

    const texts = await admin().text(copy.id);
    const english = texts.find((entry) => entry.locale === 'en-us')!;
    const german = texts.find((entry) => entry.locale === 'de')!;
    expect(english).toMatchObject({ own: true, text: { name: 'Ridgeline Tamarack Trek (copy)' } });
    expect(english.text.tagline).toBe('Long days, deep snow');
    expect(german).toMatchObject({
      own: true,
      text: { name: 'Ridgeline Tamarack Trek DE', tagline: 'Lange Tage, tiefer Schnee' },
    });
    const entries = await entriesOf(copy.slug);
    expect(entries.map((entry) => entry.locale).sort()).toEqual(
      before.entries.map((entry) => entry.locale).sort(),
    );
    for (const entry of entries) {
      expect(entry.fields.url).toBe(`/${copy.slug}`);
      expect(Object.values(entry.fields.bc_products as Record<string, unknown>)).toEqual(
        Object.values(before.entries[0]!.fields.bc_products as Record<string, unknown>).map(() => ({
          id: copy.id,
          sku: copy.sku,
        })),
      );
    }

    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.duplicate'), eq(auditLog.entityId, String(copy.id))));
    expect(audit).toMatchObject({
      staffId: actor.staffId,
      entity: 'product',
      before: { id: original.id, name: 'Ridgeline Tamarack Trek' },
    });
  });

  it('leaves the original as it was', async () => {
    expect(await snapshot(original.id)).toEqual(before);
  });

  it('keeps the copy off the storefront: 410 on its page, absent from its category and from search', async () => {
    const pricing = await services.commerce.groups.pricing('us', null);
    const page = await services.commerce.catalogue.getProductBySlug(pricing, copy.slug);
    expect(page?.availability ?? 'disabled').toBe('disabled');
    const listed = await services.commerce.catalogue.listProducts(pricing, {
      categoryIds: [categoryId],
      limit: 500,
    });
    const ids = listed.data.map((product) => product.id);
    expect(ids).toContain(original.id);
    expect(ids).not.toContain(copy.id);
    await services.search.sync();
    const found = JSON.stringify(await services.search.client.search('tamarack'));
    expect(found).toContain(original.slug);
    expect(found).not.toContain(copy.slug);
  });

  it('gives a second copy the next free address and SKUs', async () => {
    const second = await admin().duplicate(actor, original.id);
    expect(second).toMatchObject({ slug: 'ridgeline-tamarack-trek-copy-2', sku: 'RS-TAMARACK-COPY-2' });
    const skus = (await variantsOf(second.id)).map((row) => row.sku);
    expect(skus.every((sku) => sku.endsWith('-COPY-2'))).toBe(true);
    const firstSkus = (await variantsOf(copy.id)).map((row) => row.sku);
    expect(skus.some((sku) => firstSkus.includes(sku))).toBe(false);
    // A copy of the copy is numbered from the original's address, not "-copy-copy".
    const third = await admin().duplicate(actor, copy.id);
    expect(third).toMatchObject({
      slug: 'ridgeline-tamarack-trek-copy-3',
      name: 'Ridgeline Tamarack Trek (copy)',
    });
  });

  it('refuses a role that may not change the catalogue, writing nothing', async () => {
    const counted = await counts();
    const refused = await admin()
      .duplicate(operations, original.id)
      .then(
        () => null,
        (error: unknown) => ({
          code: services.errorCode(error),
          status: (error as { status?: number }).status,
        }),
      );
    expect(refused).toEqual({ code: 'forbidden', status: 403 });
    expect(await counts()).toEqual(counted);
  });

  it('refuses to remove from the original an image a copy still shows', async () => {
    const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#2f5d46' } })
      .jpeg()
      .toBuffer();
    const other = await services.productImages.upload(actor, original.id, { bytes: photo, alt: '' });
    const black = (await services.productImages.view(original.id)).colours.find((c) => c.label === 'Black')!;
    await services.productImages.pick(actor, original.id, black.id, other.id);
    const refused = await services.productImages.remove(actor, original.id, imageId).then(
      () => null,
      (error: unknown) => ({ status: (error as { status?: number }).status, detail: String(error) }),
    );
    expect(refused?.status).toBe(409);
    expect(refused?.detail).toContain('(copy)');
    expect((await services.productImages.view(original.id)).images.map((image) => image.mediaId)).toContain(
      imageId,
    );
  });
});
