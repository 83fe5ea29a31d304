import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '#core/locale.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { exportContent, readContentFiles } from '#server/content/content-files.ts';
import { type ContentServices, createContentServices, DISPLAY_TEXT_DEFAULTS } from '#server/content/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { createHttpApp } from '#server/http/app.ts';
import { seedDemoContent } from '#server/seed/demo-content.ts';
import { seedReferenceData } from '#server/seed/seed.ts';
import { createServices, type Services } from '#server/services.ts';
import { CATALOGUE_PRODUCTS } from '../../seed/catalogue/index.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

// biome-ignore lint/suspicious/noExplicitAny: protocol answers are inspected loosely in tests
type Loose = any;

describe('content settings', () => {
  it('defaults to the built-in service with dev keys and the §9-compatible cache settings', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      CONTENT_BASE_URL: '/cms',
      CONTENT_REGION: 'us',
      CONTENT_ENVIRONMENT: 'production',
      CONTENT_CACHE_POLICY: 1,
      CONTENT_CACHE_TTL_MS: 30000,
    });
    expect(
      loadConfig({ CONTENT_BASE_URL: 'https://cdn.example.com', CONTENT_CACHE_POLICY: '-1' }),
    ).toMatchObject({
      CONTENT_BASE_URL: 'https://cdn.example.com',
      CONTENT_CACHE_POLICY: -1,
    });
  });

  it.each([
    ['CONTENT_BASE_URL', 'ftp://x'],
    ['CONTENT_REGION', 'mars'],
    ['CONTENT_CACHE_POLICY', '7'],
    ['CONTENT_CACHE_TTL_MS', '-5'],
  ])('rejects %s=%s naming the setting', (setting, value) => {
    expect(() => loadConfig({ [setting]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [setting]: value });
    } catch (error) {
      expect((error as ConfigError).setting).toBe(setting);
    }
  });
});

describe.each(testDatabaseTargets)('demo content on $name', (target) => {
  let handle: DatabaseHandle;
  let content: ContentServices;
  let firstImport: Awaited<ReturnType<typeof seedDemoContent>>;
  let app: Hono;
  let services: Services;
  let dataDir: string;

  beforeAll(async () => {
    handle = await openMigrated(target);
    firstImport = await seedDemoContent(handle.db);
    content = createContentServices({ config: loadConfig({ CONTENT_CACHE_POLICY: '-1' }), db: handle.db });
    await seedReferenceData(handle.db);
    dataDir = mkdtempSync(join(tmpdir(), 'ridgeline-content-app-'));
    services = createServices({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      logger: pino({ level: 'silent' }),
      db: handle.db,
      build: { id: 'test', timestamp: 0 },
    });
    app = createHttpApp({ services, database: handle });
  });
  afterAll(async () => {
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const all = (type: string, locale = 'en-us') => content.client.allEntries(type, { locale });

  it('has the editorial volume the issue asks for, without filler text', async () => {
    expect((await all('blog')).length).toBeGreaterThanOrEqual(12);
    expect((await all('blog_category')).length).toBeGreaterThanOrEqual(3);
    expect((await all('support')).length).toBeGreaterThanOrEqual(15);
    expect((await all('team')).length).toBeGreaterThanOrEqual(8);
    const dealers = await all('dealer');
    expect(dealers.length).toBeGreaterThanOrEqual(40);
    for (const dealer of dealers) {
      const { lat, lng } = dealer.location as { lat: number; lng: number };
      expect(Math.abs(lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(lng)).toBeLessThanOrEqual(180);
    }
    const countries = new Set(dealers.map((d) => (d.address as { country: string }).country));
    for (const country of ['us', 'ca', 'de', 'fr', 'jp', 'no', 'se']) expect(countries).toContain(country);
    const rows = await content.store.allEntries();
    expect(rows.filter((row) => /lorem|ipsum/i.test(JSON.stringify(row.fields)))).toEqual([]);
  });

  it('has a product entry for every catalogue product, with its commerce ids and images', async () => {
    const products = await all('product');
    expect(products.map((p) => p.uid).sort()).toEqual(CATALOGUE_PRODUCTS.map((p) => p.slug).sort());
    const ascent = products.find((p) => p.uid === 'ridgeline-summit-ascent-mens')!;
    expect(ascent.url).toBe('/ridgeline-summit-ascent-mens');
    expect((ascent.bc_products as Record<string, { id: number }>).us?.id).toBeGreaterThan(0);
    expect((ascent.image as { url: string }).url).toMatch(
      /^\/media\/i\/ridgeline\/ridgeline-summit-ascent-mens-/,
    );
    const [german] = await content.client.productsByUid(['ridgeline-summit-ascent-mens'], 'de');
    expect(german?.title).toBe('Summit Ascent Herren-Schneeschuh');
  });

  it('has display text for every UI string in all eight locales', async () => {
    for (const locale of SUPPORTED_LOCALES) {
      const entries = await content.client.allEntries('display_text', { locale, include_fallback: false });
      const keys = new Set(entries.map((e) => String(e.title).toLowerCase()));
      expect(
        Object.keys(DISPLAY_TEXT_DEFAULTS).filter((key) => !keys.has(key)),
        locale,
      ).toEqual([]);
    }
    expect((await content.client.displayText('ja'))['add to cart']).toBe('カートに追加');
    expect((await content.client.displayText('sv'))['add to cart']).toBe('Lägg i varukorgen');
  });

  it('translates navigation, home and categories into all eight locales; other entries fall back to English', async () => {
    expect((await content.client.header('fr', 'eu_region_1'))?.main_nav.map((n) => n.title)).toEqual([
      'Raquettes',
      'Accessoires',
      'Explorer',
    ]);
    expect((await content.client.header('ja', 'jp'))?.main_nav[0]?.title).toBe('スノーシュー');
    expect((await content.client.header('sv', 'eu'))?.main_nav[0]?.title).toBe('Snöskor');
    expect((await content.client.header('it', 'eu_region_1'))?.main_nav[0]?.title).toBe('Ciaspole');
    const [svHome] = await content.client.pages(['home'], 'sv');
    expect(svHome?.title).toBe('Start');
    const [svAbout] = await content.client.pages(['about'], 'sv');
    expect(svAbout?.title).toBe('About Ridgeline');
    expect((await content.client.header('en-us', 'pro'))?.main_nav.map((n) => n.uid)).toContain('nav-pro');
    expect((await content.client.header('en-us', 'us'))?.top_alert.map((a) => a.uid)).toEqual(['alert-us']);
    const [home] = await content.client.pages(['home'], 'de');
    expect(home?.title).toBe('Startseite');
    const [running] = await content.client.pages(['winter-running'], 'de');
    expect(running?.title).toBe('Winter running');
    const groups = await content.client.categoryGroups('ja');
    expect(groups.map((g) => g.title).sort()).toEqual(['アクセサリー', 'スノーシュー']);
    expect((await content.client.errorPage('fr'))?.header).toBe('Page introuvable');
    expect((await content.client.errorPage('it'))?.header).toBe('Pagina non trovata');
    expect((await content.client.errorPage('no'))?.header).toBe('Fant ikke siden');
  });

  it('home and landing pages are built from published banners with hotspots of each data type', async () => {
    const [home] = await content.client.pages(['home'], 'en-us');
    const modules = (home!.landing_page as { modules: Array<{ type: string; banner?: Array<Loose> }> })
      .modules;
    const banners = modules.filter((m) => m.type === 'banner').map((m) => m.banner?.[0]);
    expect(banners.every((b) => b?.background?.amplience_id)).toBe(true);
    expect(banners.map((b) => b?.background.type)).toContain('Video');
    const hotspots = banners.flatMap((b) => b?.background.content.hotspots ?? []);
    expect(new Set(hotspots.map((h: { dataType: string }) => h.dataType))).toEqual(
      new Set(['product', 'page', 'manual']),
    );
    expect(modules.some((m) => m.type === 'product_slider')).toBe(true);
  });

  it('every reference points at an existing entry', async () => {
    const rows = await content.store.allEntries();
    const known = new Set(rows.map((row) => `${row.contentType}/${row.uid}`));
    const dangling: string[] = [];
    const walk = (value: unknown, where: string) => {
      if (Array.isArray(value)) {
        for (const item of value) walk(item, where);
      } else if (value && typeof value === 'object') {
        const record = value as Record<string, unknown>;
        if (typeof record._content_type_uid === 'string' && typeof record.uid === 'string') {
          if (!known.has(`${record._content_type_uid}/${record.uid}`))
            dangling.push(`${where} → ${record._content_type_uid}/${record.uid}`);
        } else {
          for (const inner of Object.values(record)) walk(inner, where);
        }
      }
    };
    for (const row of rows) walk(row.fields, `${row.contentType}/${row.uid}/${row.locale}`);
    expect(dangling).toEqual([]);
  });

  it('names only images the media service has (seed/media/manifest.json)', async () => {
    const manifest = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../seed/media/manifest.json'), 'utf8'),
    ) as {
      assets: Record<string, unknown>;
      sets?: Record<string, unknown>;
      videos?: Record<string, unknown>;
    };
    const known = new Set([
      ...Object.keys(manifest.assets),
      ...Object.keys(manifest.sets ?? {}),
      ...Object.keys(manifest.videos ?? {}),
    ]);
    const rows = await content.store.allEntries();
    const ids = new Set<string>();
    for (const row of rows) {
      for (const match of JSON.stringify(row.fields).matchAll(
        /"(?:amplience_id|amplienceId|imageset|ampId)":"([^"]+)"/g,
      )) {
        ids.add(match[1]!);
      }
    }
    expect([...ids].filter((id) => !known.has(id))).toEqual([]);
    expect(ids.size).toBeGreaterThan(50);
  });

  it('serves related products by category from the demo content', async () => {
    const products = await content.client.productsByCategory({
      bcCategoryIds: [21],
      bcRegion: 'us',
      excludeUid: 'ridgeline-summit-trail-mens',
      attributes: [{ attribute: 'terrain', values: ['mountain'] }],
      locale: 'en-us',
    });
    expect(products.length).toBeGreaterThan(0);
    expect(products.map((p) => p.uid)).not.toContain('ridgeline-summit-trail-mens');
  });

  it('imports idempotently and exports to files that read back the same', async () => {
    expect(firstImport.created).toBeGreaterThan(1000);
    const again = await seedDemoContent(handle.db);
    expect(again).toMatchObject({ created: 0, updated: 0 });
    const dir = mkdtempSync(join(tmpdir(), 'ridgeline-content-'));
    try {
      const { files } = await exportContent(handle.db, dir);
      expect(files).toBe(firstImport.files);
      expect(readdirSync(dir)).toContain('display_text');
      const reread = readContentFiles(dir);
      expect(reread).toHaveLength(files);
      const header = reread.find((file) => file.uid === 'site-header');
      expect(Object.keys(header?.locales ?? {}).sort()).toEqual([
        'de',
        'en-us',
        'es',
        'fr',
        'it',
        'ja',
        'no',
        'sv',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // The keys this app was built with (drawn by loadConfig: no installation accepts published ones).
  const headers = () => ({
    api_key: services.config.CONTENT_API_KEY,
    access_token: services.config.CONTENT_DELIVERY_TOKEN,
  });

  it('mounts the delivery protocol under /cms/v3', async () => {
    const response = await app.request(
      '/cms/v3/content_types/header/entries?environment=production&locale=fr',
      { headers: headers() },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { entries: Array<{ uid: string; title: string }> };
    expect(body.entries.map((entry) => entry.uid)).toEqual(['site-header']);
    const refused = await app.request('/cms/v3/content_types/header/entries?environment=production');
    expect(refused.status).toBe(412);
  });

  it('mounts /api/interstack/references ahead of the commerce API', async () => {
    const response = await app.request(
      `/api/interstack/references?content_type=duplicate_display_text&api_key=${services.config.CONTENT_API_KEY}&entry_uids=cart-summary-labels&locale=de`,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      entries: Array<{ display_text_input: Array<{ title: string; text: string }> }>;
    };
    expect(body.entries[0]?.display_text_input.map((input) => input.text)).toEqual([
      'Zwischensumme',
      'Versand',
      'Gesamt',
      'Zur Kasse',
    ]);
  });

  it('mounts /graphql and gives loaders the content client through services', async () => {
    const query = encodeURIComponent('{ colorGroups(locale: "de") { uid color_name } }');
    const response = await app.request(`/graphql?query=${query}`, {
      headers: { accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      data: { colorGroups: Array<{ uid: string; color_name: string }> };
    };
    expect(body.data.colorGroups.find((group) => group.uid === 'greens')?.color_name).toBe('Grün');
    const header = await services.content.client.header('fr', 'eu_region_1');
    expect(header?.main_nav.map((item) => item.title)).toEqual(['Raquettes', 'Accessoires', 'Explorer']);
  });
});
