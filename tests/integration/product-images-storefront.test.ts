import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCY_FORMAT } from '#core/currency-format.ts';
import { mediaUrl, tileImage } from '#core/media-url.ts';
import type { Actor } from '#server/audit/audit.ts';
import { categories, products } from '#server/commerce/schema-catalogue.ts';
import { loadConfig } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { productNamesFor } from '#server/mail/product-names.ts';
import { createServices, type Services } from '#server/services.ts';
import { colourOptions, tileView } from '../../app/lib/catalogue/tile.ts';
import { insertActor } from '../support/staff-actor.ts';
import { openSeeded, testDatabaseTargets } from '../support/test-databases.ts';

/**
 * Issue 41, one image resolver: a product created in the back office, with an image uploaded for each of its two
 * colours, shows those images on its category tile (the listing reads no variants) and every image URL the tile
 * asks for answers 200 from the media service; nothing is guessed from the slugs (that guess answered 404).
 */
describe.each(testDatabaseTargets)('a new product’s own images on $name', (target) => {
  let handle: DatabaseHandle;
  let services: Services;
  let actor: Actor;
  let dataDir: string;

  beforeAll(async () => {
    handle = await openSeeded(target);
    dataDir = mkdtempSync(join(tmpdir(), 'ridgeline-product-images-'));
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
    actor = await insertActor(handle.db, 'merchandiser', 'product-images-test@ridgeline.example');
  }, 120_000);
  afterAll(async () => {
    services?.search.stop();
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const photo = (colour: string) =>
    sharp({ create: { width: 600, height: 800, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();

  it('shows each colour’s uploaded image on the tile, and the media service answers every URL with 200', async () => {
    const [mens] = await handle.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.path, 'snowshoes/mens'));
    const created = await services.commerce.productAdmin.create(actor, {
      name: 'Alpine Trek Snowshoe',
      slug: 'alpine-trek-snowshoe',
      sku: 'RS-ALPTREK',
      categoryId: mens!.id,
      weight: 2,
      description: 'A trekking frame.',
      tagline: 'For long days',
      options: [
        { name: 'Colour', values: ['Black', 'Spruce'] },
        { name: 'Size', values: ['25"', '30"'] },
      ],
      prices: { us: 249, ca: 329, eu_region_1: 239 },
    });
    const before = await services.productImages.view(created.id);
    const [black, spruce] = before.colours;
    const first = await services.productImages.upload(actor, created.id, {
      bytes: await photo('#1d1f21'),
      alt: '',
      colourId: black!.id,
    });
    const second = await services.productImages.upload(actor, created.id, {
      bytes: await photo('#2f5d46'),
      alt: '',
      colourId: spruce!.id,
    });
    // A third image for a colour that already shows one is added to the gallery and changes nothing shown.
    await services.productImages.upload(actor, created.id, {
      bytes: await photo('#999999'),
      alt: '',
      colourId: black!.id,
    });
    await services.commerce.catalogueAdmin.setPublished(actor, created.id, true);

    const pricing = await services.commerce.groups.pricing('us', null);
    const listing = await services.commerce.catalogue.listProducts(pricing, {
      categoryIds: [mens!.id],
      limit: 500,
    });
    const product = listing.data.find((entry) => entry.id === created.id);
    expect(product?.variants).toBeUndefined();
    expect(colourOptions(product!).map((colour) => [colour.label, colour.imageId])).toEqual([
      ['Black', first.id],
      ['Spruce', second.id],
    ]);
    const tile = tileView(null, product!, {
      locale: { language: 'en', country: 'us' },
      shoppingRegion: true,
      isPro: false,
      currency: { ...DEFAULT_CURRENCY_FORMAT, code: 'USD' },
    });
    expect(tile.imageId).toBe(first.id);
    const urls = [tile.imageId, ...tile.swatches.map((swatch) => swatch.imageId)].map(
      (id) => mediaUrl(tileImage(id!), { width: 480, height: 640 })!,
    );
    for (const url of urls) {
      expect(url).not.toContain('alpine-trek-snowshoe-');
      const answer = await services.media.request(url.replace(/^\/media/, ''));
      expect(answer.status, url).toBe(200);
    }
  }, 120_000);

  it('keeps the product’s text per language in its content entry: German on de, English where none, refusals by field', async () => {
    const [row] = await handle.db.select().from(products).where(eq(products.slug, 'alpine-trek-snowshoe'));
    const admin = services.commerce.productAdmin;
    const german = {
      name: 'Alpentrek-Schneeschuh',
      tagline: 'Für lange Tage',
      description: 'Ein Rahmen für Touren.\n\nGebaut in Vermont.',
      seoTitle: '',
      seoDescription: '',
      colours: { black: 'Schwarz', spruce: 'Fichtengrün' },
    };
    await admin.setText(actor, row!.id, 'de', german);
    const texts = await admin.text(row!.id);
    expect(texts.map((entry) => [entry.locale, entry.own])).toEqual([
      ['en-us', true],
      ['de', true],
      ['fr', false],
      ['es', false],
      ['it', false],
      ['sv', false],
      ['no', false],
      ['ja', false],
    ]);
    const de = texts.find((entry) => entry.locale === 'de')!.text;
    expect(de).toMatchObject({
      name: 'Alpentrek-Schneeschuh',
      description: 'Ein Rahmen für Touren.\n\nGebaut in Vermont.',
      seoTitle: 'Alpentrek-Schneeschuh | Ridgeline Snowshoe Co.',
      seoDescription: 'Für lange Tage',
      colours: { black: 'Schwarz', spruce: 'Fichtengrün' },
    });
    expect(texts.find((entry) => entry.locale === 'fr')!.text.name).toBe('Alpine Trek Snowshoe');
    // A language saved without colour names shows English's, which are the commerce labels until named.
    await admin.setText(actor, row!.id, 'it', { ...german, name: 'Racchetta Alpine Trek', colours: {} });
    expect((await admin.text(row!.id)).find((entry) => entry.locale === 'it')!.text.colours).toEqual({
      black: 'Black',
      spruce: 'Spruce',
    });

    // The storefront's content client reads it at once (published), and French falls back to English.
    const deEntry = await services.content.client.productByUid('alpine-trek-snowshoe', 'de');
    expect(deEntry?.title).toBe('Alpentrek-Schneeschuh');
    expect(deEntry?.description).toBe('<p>Ein Rahmen für Touren.</p><p>Gebaut in Vermont.</p>');
    const frEntry = await services.content.client.productByUid('alpine-trek-snowshoe', 'fr');
    expect(frEntry?.title).toBe('Alpine Trek Snowshoe');
    // Mails name the product in the mail's language (a German shipping mail), English where it has none.
    const names = productNamesFor(handle.db, services.content.client);
    expect((await names([row!.id, row!.id], 'de')).get(row!.id)).toBe('Alpentrek-Schneeschuh');
    expect((await names([row!.id], 'fr')).get(row!.id)).toBe('Alpine Trek Snowshoe');
    expect((await names([], 'de')).size).toBe(0);

    // English is the fallback and the commerce name; it cannot be emptied.
    await expect(
      admin.setText(actor, row!.id, 'en-us', { ...german, name: ' ', colours: {} }),
    ).rejects.toMatchObject({ status: 400, fields: { name: expect.stringContaining('English') } });
    await admin.setText(actor, row!.id, 'en-us', {
      name: 'Alpine Trek Snowshoe II',
      tagline: 'For long days',
      description: 'A trekking frame.',
      seoTitle: '',
      seoDescription: '',
      colours: { black: 'Black', spruce: 'Spruce Green' },
    });
    // Swatches: one colour per colour value, refused when it is not a colour.
    const colourValues = row!.options[0]!.values;
    await admin.setSwatches(actor, row!.id, { [colourValues[1]!.entityId]: '#2F5D46' });
    await expect(
      admin.setSwatches(actor, row!.id, { [colourValues[0]!.entityId]: 'green' }),
    ).rejects.toMatchObject({
      status: 400,
    });
    await expect(admin.setSwatches(actor, row!.id, { 999999: '#000000' })).rejects.toMatchObject({
      status: 400,
    });
    const [renamed] = await handle.db.select().from(products).where(eq(products.id, row!.id));
    expect(renamed!.name).toBe('Alpine Trek Snowshoe II');
    expect(renamed!.options[0]!.values.map((value) => value.hexColors)).toEqual([[], ['#2f5d46']]);
    expect((await admin.text(row!.id))[2]!.text.colours).toEqual({ black: 'Black', spruce: 'Spruce Green' });
  }, 60_000);

  it('counts every variant of a product in one save, leaving unchanged ones out', async () => {
    const [row] = await handle.db.select().from(products).where(eq(products.slug, 'alpine-trek-snowshoe'));
    const view = await services.commerce.stockAdmin.product(row!.id);
    const [first, second, third] = view.variants;
    const done = await services.commerce.stockAdmin.countMany(actor, row!.id, [
      { variantId: first!.id, level: 5 },
      { variantId: second!.id, level: 0 },
      { variantId: third!.id, level: 12 },
    ]);
    expect(done.map((change) => [change.variantId, change.before, change.after])).toEqual([
      [first!.id, 0, 5],
      [third!.id, 0, 12],
    ]);
    await expect(
      services.commerce.stockAdmin.countMany(actor, row!.id, [{ variantId: 1, level: 3 }]),
    ).rejects.toMatchObject({ status: 404 });
  }, 60_000);
});
