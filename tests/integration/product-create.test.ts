import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '#server/audit/audit.ts';
import { auditLog } from '#server/audit/schema.ts';
import type { NewProduct } from '#server/commerce/index.ts';
import { categories, productPrices, products, variants } from '#server/commerce/schema-catalogue.ts';
import { loadConfig } from '#server/config.ts';
import { contentEntries } from '#server/content/schema.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { createServices, type Services } from '#server/services.ts';
import { insertActor } from '../support/staff-actor.ts';
import { openSeeded, testDatabaseTargets } from '../support/test-databases.ts';

/** Issue 20: creating a product (both halves) and adding or retiring option values from the back office. */
describe.each(testDatabaseTargets)('product creation on $name', (target) => {
  let handle: DatabaseHandle;
  let services: Services;
  let actor: Actor;
  let dataDir: string;
  let categoryId: number;

  beforeAll(async () => {
    handle = await openSeeded(target);
    dataDir = mkdtempSync(join(tmpdir(), 'ridgeline-product-create-'));
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
    actor = await insertActor(handle.db, 'merchandiser', 'product-create-test@ridgeline.example');
    const [mens] = await handle.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.path, 'snowshoes/mens'));
    categoryId = mens!.id;
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const admin = () => services.commerce.productAdmin;
  const input = (overrides: Partial<NewProduct> = {}): NewProduct => ({
    name: 'Ridgeline Larch Trail',
    slug: 'ridgeline-larch-trail',
    sku: 'RS-LARCH',
    categoryId,
    weight: 2.1,
    description: 'A light trail frame.\n\nMade in Vermont <really>.',
    tagline: 'For packed winter trails',
    options: [
      { name: 'Colour', values: ['Spruce', 'Ember'] },
      { name: 'Size', values: ['21"', '25"', '30"'] },
    ],
    prices: { us: 229, ca: 299.95, eu_region_1: 219 },
    ...overrides,
  });

  /** Rows of every table a creation writes, to prove a refusal wrote none. */
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

  async function refusal(call: () => Promise<unknown>) {
    try {
      await call();
    } catch (error) {
      return {
        code: services.errorCode(error),
        status: (error as { status?: number }).status,
        fields: (error as { fields?: Record<string, string> }).fields ?? {},
      };
    }
    throw new Error('expected a refusal');
  }

  let created: { id: number; slug: string };

  it('creates an unpublished product with six variants, three prices, its content entry and one audit entry', async () => {
    const before = await counts();
    const result = await admin().create(actor, input());
    created = result;
    expect(result.variants).toBe(6);
    const [product] = await handle.db.select().from(products).where(eq(products.id, result.id));
    expect(product).toMatchObject({
      slug: 'ridgeline-larch-trail',
      sku: 'RS-LARCH',
      isVisible: false,
      availability: 'disabled',
      categoryId,
      inventoryTracking: 'variant',
    });
    expect(product!.options.map((option) => option.values.map((value) => value.label))).toEqual([
      ['Spruce', 'Ember'],
      ['21"', '25"', '30"'],
    ]);
    const rows = await handle.db.select().from(variants).where(eq(variants.productId, result.id));
    expect(rows.map((row) => row.sku).sort()).toEqual(
      ['SPRUCE-21', 'SPRUCE-25', 'SPRUCE-30', 'EMBER-21', 'EMBER-25', 'EMBER-30']
        .map((s) => `RS-LARCH-${s}`)
        .sort(),
    );
    expect(rows.every((row) => row.inventoryLevel === 0 && !row.purchasingDisabled)).toBe(true);
    const prices = await handle.db.select().from(productPrices).where(eq(productPrices.productId, result.id));
    expect(Object.fromEntries(prices.map((row) => [row.regionId, row.retailPrice]))).toEqual({
      us: 229,
      ca: 299.95,
      eu_region_1: 219,
    });
    // The storefront's own content client reads the entry by uid = slug; the description is escaped text.
    const entry = await services.content.client.productByUid('ridgeline-larch-trail', 'en-us');
    expect(entry).toMatchObject({
      title: 'Ridgeline Larch Trail',
      tagline: 'For packed winter trails',
      description: '<p>A light trail frame.</p><p>Made in Vermont &lt;really&gt;.</p>',
      url: '/ridgeline-larch-trail',
      product_category: [{ uid: 'snowshoes-mens' }],
    });
    expect((entry!.bc_products as Record<string, { id: number }>).ca?.id).toBe(result.id);
    const after = await counts();
    expect(after).toEqual({
      products: before!.products! + 1,
      variants: before!.variants! + 6,
      prices: before!.prices! + 3,
      entries: before!.entries! + 1,
      audit: before!.audit! + 1,
    });
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.create'), eq(auditLog.entityId, String(result.id))));
    expect(audit).toMatchObject({ staffId: actor.staffId, entity: 'product' });
    expect(audit!.after).toMatchObject({ sku: 'RS-LARCH', published: false });
  });

  it('answers the storefront 410 until published; published, it is listed in its category and found by search', async () => {
    const gone = await services.commerce.catalogue.getProductBySlug(
      await services.commerce.groups.pricing('us', null),
      'ridgeline-larch-trail',
    );
    expect(gone?.availability).toBe('disabled');
    await services.commerce.catalogueAdmin.setPublished(actor, created.id, true);
    const pricing = await services.commerce.groups.pricing('ca', null);
    const listed = await services.commerce.catalogue.listProducts(pricing, {
      categoryIds: [categoryId],
      limit: 250,
    });
    const row = listed.data.find((product) => product.id === created.id);
    expect(row).toMatchObject({ price: 299.95, currency: 'CAD' });
    await services.search.sync();
    const found = await services.search.client.search('larch');
    expect(JSON.stringify(found)).toContain('ridgeline-larch-trail');
  });

  it.each([
    ['a slug in use', { slug: 'ridgeline-summit-trail-mens', sku: 'RS-NEW-1' }, 409, 'slug'],
    ['a SKU in use by a product', { slug: 'ridgeline-new-1', sku: 'RS-LARCH' }, 409, 'sku'],
    [
      'a SKU in use by a variant',
      { slug: 'ridgeline-new-2', sku: 'RS-LARCH-EMBER-21', options: [{ name: 'Colour', values: ['Red'] }] },
      409,
      'sku',
    ],
    [
      'an option with no values',
      { slug: 'ridgeline-new-3', sku: 'RS-NEW-3', options: [{ name: 'Colour', values: [] }] },
      400,
      'option1Values',
    ],
    [
      'a value listed twice',
      { slug: 'ridgeline-new-4', sku: 'RS-NEW-4', options: [{ name: 'Colour', values: ['Red', 'red'] }] },
      400,
      'option1Values',
    ],
    ['no options', { slug: 'ridgeline-new-5', sku: 'RS-NEW-5', options: [] }, 400, 'options'],
    [
      'an unknown category',
      { slug: 'ridgeline-new-6', sku: 'RS-NEW-6', categoryId: 999_999 },
      400,
      'categoryId',
    ],
    ['a price of -1', { slug: 'ridgeline-new-7', sku: 'RS-NEW-7', prices: { us: -1 } }, 400, 'price-us'],
    [
      'a price with three decimals',
      { slug: 'ridgeline-new-8', sku: 'RS-NEW-8', prices: { us: 1.005 } },
      400,
      'price-us',
    ],
    ['no price at all', { slug: 'ridgeline-new-9', sku: 'RS-NEW-9', prices: {} }, 400, 'prices'],
    [
      'an unknown region',
      { slug: 'ridgeline-new-10', sku: 'RS-NEW-10', prices: { mars: 10 } },
      400,
      'prices',
    ],
    ['a slug with capitals', { slug: 'Ridgeline New', sku: 'RS-NEW-11' }, 400, 'slug'],
  ] as const)('refuses %s and writes nothing', async (_name, overrides, status, field) => {
    const before = await counts();
    const refused = await refusal(() => admin().create(actor, input(overrides as Partial<NewProduct>)));
    expect(refused.status).toBe(status);
    expect(Object.keys(refused.fields)).toContain(field);
    expect(await counts()).toEqual(before);
  });

  async function optionsOf(id: number) {
    const [row] = await handle.db
      .select({ options: products.options })
      .from(products)
      .where(eq(products.id, id));
    return row!.options;
  }
  const variantsOf = (id: number) => handle.db.select().from(variants).where(eq(variants.productId, id));

  it('adds a colour: three new variants with stock 0, the existing SKUs unchanged, audited', async () => {
    const skusBefore = (await variantsOf(created.id)).map((row) => row.sku).sort();
    const colour = (await optionsOf(created.id))[0]!;
    const result = await admin().addOptionValue(actor, created.id, colour.id, 'Glacier');
    expect(result.added).toEqual(['RS-LARCH-GLACIER-21', 'RS-LARCH-GLACIER-25', 'RS-LARCH-GLACIER-30']);
    const rows = await variantsOf(created.id);
    expect(rows).toHaveLength(9);
    expect(
      rows
        .filter((row) => skusBefore.includes(row.sku))
        .map((row) => row.sku)
        .sort(),
    ).toEqual(skusBefore);
    expect(rows.filter((row) => row.sku.includes('GLACIER')).every((row) => row.inventoryLevel === 0)).toBe(
      true,
    );
    expect((await optionsOf(created.id))[0]!.values.map((value) => value.label)).toEqual([
      'Spruce',
      'Ember',
      'Glacier',
    ]);
    const entries = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.option-value.add'), eq(auditLog.entityId, String(created.id))));
    expect(entries).toHaveLength(1);
  });

  it('refuses a value the option already has, and an unknown option, changing nothing', async () => {
    const [colour, size] = await optionsOf(created.id);
    const before = await counts();
    expect((await refusal(() => admin().addOptionValue(actor, created.id, colour!.id, 'ember'))).status).toBe(
      400,
    );
    expect((await refusal(() => admin().addOptionValue(actor, created.id, size!.id, ' '))).status).toBe(400);
    expect((await refusal(() => admin().addOptionValue(actor, created.id, 1, 'Red'))).status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('refuses an address or a value the blocklist would answer with 403 (wp-), changing nothing', async () => {
    const before = await counts();
    const slug = await refusal(() =>
      admin().create(actor, input({ slug: 'ridgeline-crow-wp-7', sku: 'RS-CROW' })),
    );
    expect(slug.status).toBe(400);
    expect(slug.fields.slug).toContain('“wp-”');
    const value = await refusal(() =>
      admin().create(
        actor,
        input({
          slug: 'ridgeline-crow',
          sku: 'RS-CROW',
          options: [{ name: 'Colour', values: ['Spruce', 'WP Blue'] }],
        }),
      ),
    );
    expect(value.fields).toEqual({ option1Values: expect.stringContaining('“wp-”') });
    const colour = (await optionsOf(created.id))[0]!;
    const added = await refusal(() => admin().addOptionValue(actor, created.id, colour.id, 'Pine WP'));
    expect(added.fields.value).toContain('“-wp”');
    expect(await counts()).toEqual(before);
  });

  it('retires a size: its variants stay but cannot be bought, and it leaves the option list; bringing it back revives them', async () => {
    const size = (await optionsOf(created.id))[1]!;
    const thirty = size.values.find((value) => value.label === '30"')!;
    const result = await admin().retireOptionValue(actor, created.id, size.id, thirty.entityId);
    expect(result.variants.sort()).toEqual([
      'RS-LARCH-EMBER-30',
      'RS-LARCH-GLACIER-30',
      'RS-LARCH-SPRUCE-30',
    ]);
    const rows = await variantsOf(created.id);
    expect(rows).toHaveLength(9);
    expect(
      rows
        .filter((row) => row.purchasingDisabled)
        .map((row) => row.sku)
        .sort(),
    ).toEqual(result.variants.sort());
    expect((await optionsOf(created.id))[1]!.values.map((value) => value.label)).toEqual(['21"', '25"']);
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'product.option-value.retire'), eq(auditLog.entityId, String(created.id))),
      );
    expect(audit!.before).toMatchObject({ values: ['21"', '25"', '30"'] });
    expect(audit!.after).toMatchObject({ values: ['21"', '25"'] });

    const back = await admin().addOptionValue(actor, created.id, size.id, '30"');
    expect(back).toEqual({ added: [], revived: expect.arrayContaining(result.variants) });
    expect((await variantsOf(created.id)).every((row) => !row.purchasingDisabled)).toBe(true);
  });

  it('keeps the last value of an option and refuses an unknown value', async () => {
    const [, size] = await optionsOf(created.id);
    for (const value of size!.values.slice(1))
      await admin().retireOptionValue(actor, created.id, size!.id, value.entityId);
    const last = (await optionsOf(created.id))[1]!.values[0]!;
    expect(
      (await refusal(() => admin().retireOptionValue(actor, created.id, size!.id, last.entityId))).status,
    ).toBe(409);
    expect(
      (await refusal(() => admin().retireOptionValue(actor, created.id, size!.id, 12345678))).status,
    ).toBe(404);
    expect(
      (await refusal(() => admin().retireOptionValue(actor, 999_999, size!.id, last.entityId))).status,
    ).toBe(404);
  });

  it('refuses to overwrite a content entry an editor already wrote under the slug', async () => {
    await services.content.store.putEntries([
      {
        contentType: 'product',
        uid: 'ridgeline-editor-first',
        locale: 'en-us',
        fields: { title: 'Written first' },
        publishTo: ['production'],
      },
    ]);
    const before = await counts();
    const refused = await refusal(() =>
      admin().create(actor, input({ slug: 'ridgeline-editor-first', sku: 'RS-EDITOR-FIRST' })),
    );
    expect(refused).toMatchObject({ status: 409, fields: { slug: expect.any(String) } });
    expect(await counts()).toEqual(before);
    const [entry] = await handle.db
      .select()
      .from(contentEntries)
      .where(eq(contentEntries.uid, 'ridgeline-editor-first'));
    expect(entry!.fields).toEqual({ title: 'Written first' });
  });
});
