import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentLocaleOf } from '#core/locale.ts';
import { loadConfig } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { seedDemoStore } from '#server/seed/seed.ts';
import { createServices, type Services } from '#server/services.ts';
import type { Shopper } from '../../app/lib/catalogue/catalogue.server.ts';
import { loadCompare } from '../../app/lib/compare/compare.server.ts';
import { localeStateFor } from '../../app/lib/locale/locale-state.ts';
import { parseUrlLocale } from '../../app/lib/locale/url-locale.ts';
import {
  loadRecentlyViewed,
  recentlyViewedHtml,
} from '../../app/lib/recently-viewed/recently-viewed.server.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

const TRAIL = 'ridgeline-timberline-mens';
const CASCADE = 'ridgeline-cascade-mens';
const SUMMIT = 'ridgeline-summit-trail-mens';
const GRANITE = 'ridgeline-granite-peak-mens';

/**
 * Issue 45, decision 0049: the compare page's loader and the recently viewed tiles read the catalogue, the content,
 * the fit charts and the reviews of one database; on both databases, in two regions.
 */
describe.each(testDatabaseTargets)('compare and recently viewed on $name', (target) => {
  let handle: DatabaseHandle;
  let services: Services;
  let dataDir: string;

  beforeAll(async () => {
    handle = await openMigrated(target);
    await seedDemoStore(handle.db);
    dataDir = mkdtempSync(join(tmpdir(), 'ridgeline-compare-'));
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
  }, 180_000);
  afterAll(async () => {
    services?.search.stop();
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A guest in the segment's region, as `shopperFor` makes one from a request. */
  async function shopper(segment: string): Promise<Shopper> {
    const locale = localeStateFor(parseUrlLocale(segment)!, false);
    const pricing = await services.commerce.groups.pricing(locale.commerceRegion, null);
    const found = await services.commerce.currencies.get(pricing.currencyCode);
    const currency = { ...found, code: found.currency_code };
    return {
      services,
      locale,
      contentLocale: contentLocaleOf(locale),
      pricing,
      currency,
      customerId: null,
      csrfToken: null,
      tile: {
        locale: { language: locale.language, country: locale.country },
        shoppingRegion: locale.shoppingRegion,
        isPro: false,
        currency,
      },
    };
  }
  const url = (segment: string, slugs: string[]) =>
    new URL(`http://store.test/${segment}/compare?${slugs.map((slug) => `p=${slug}`).join('&')}`);

  it('compares three snowshoes with prices in the region’s currency, their specs and the chart’s load per size', async () => {
    const page = await loadCompare(await shopper('en-us'), url('en-us', [TRAIL, CASCADE, SUMMIT]));
    expect(page.notices).toEqual([]);
    expect(page.columns.map((column) => column.slug)).toEqual([TRAIL, CASCADE, SUMMIT]);
    for (const column of page.columns) {
      expect(column.price?.current).toMatch(/^\$\d/);
      expect(column.href).toBe(`/en-us/p/${column.slug}`);
      expect(column.variants.length).toBeGreaterThan(0);
    }
    const loads = page.rows.find((row) => row.label === 'Load per size');
    // Timberline and Cascade share the men's trail chart (up to 100 kg), the Summit Trail has its own: in pounds here.
    expect(loads?.values[0]).toBe(loads?.values[1]);
    expect(loads?.values[0]).toContain('30 in: 180.8–220.5 lb');
    expect(loads?.values[2]).toContain('30 in: 200.6–249.1 lb');
    expect(loads?.differs).toBe(true);
    expect(page.rows.some((row) => row.label === 'Sizes')).toBe(true);
    // The specs come from the content's product specs, as the product page shows them.
    expect(page.rows.length).toBeGreaterThan(3);
    expect(page.backHref).toMatch(/^\/en-us\/c\/snowshoes/);
  });

  it('shows a rating row only for products with approved reviews', async () => {
    const page = await loadCompare(await shopper('en-us'), url('en-us', [TRAIL, CASCADE]));
    const reviewed = await Promise.all(
      page.columns.map(
        async (column) => (await services.commerce.reviews.shown(column.productId)).length > 0,
      ),
    );
    const rating = page.rows.find((row) => row.label === 'Rating');
    if (reviewed.some(Boolean)) expect(rating?.values.map((value) => value !== null)).toEqual(reviewed);
    else expect(rating).toBeUndefined();
  });

  it('refuses a fourth product and one of another category with their reasons, in German, with euros and kilograms', async () => {
    const page = await loadCompare(
      await shopper('de-de'),
      url('de-de', [TRAIL, CASCADE, SUMMIT, GRANITE, 'ridgeline-trail-pole-3', 'no-such-product']),
    );
    expect(page.columns.map((column) => column.slug)).toEqual([TRAIL, CASCADE, SUMMIT]);
    for (const column of page.columns) expect(column.price?.current).toMatch(/€/);
    expect(page.notices).toHaveLength(3);
    expect(page.notices[0]).toMatch(
      /^Sie können höchstens drei Produkte gleichzeitig vergleichen\. Nicht verglichen: .+\.$/,
    );
    expect(page.notices[1]).toMatch(/^Nur Produkte derselben Kategorie lassen sich vergleichen\./);
    expect(page.notices[2]).toContain('no-such-product');
    expect(page.rows.find((row) => row.label === 'Last pro Größe')?.values[0]).toContain('30 in: 82–100 kg');
  });

  it('answers an empty comparison for a URL without products', async () => {
    const page = await loadCompare(await shopper('en-us'), url('en-us', []));
    expect(page).toMatchObject({ columns: [], rows: [], notices: [], backHref: '/en-us' });
  });

  it('draws recently viewed tiles at the region’s prices now, in the order the device lists them', async () => {
    const us = await loadRecentlyViewed(
      await shopper('en-us'),
      new URL(`http://store.test/en-us/recently-viewed?p=${SUMMIT}&p=no-such-product&p=${TRAIL}`),
    );
    expect(us.map((tile) => tile.uid)).toEqual([SUMMIT, TRAIL]);
    expect(us[0]?.price?.current).toMatch(/^\$/);
    const de = await loadRecentlyViewed(
      await shopper('de-de'),
      new URL(`http://store.test/de-de/recently-viewed?p=${SUMMIT}`),
    );
    expect(de[0]?.price?.current).toMatch(/€/);
    expect(de[0]?.href).toBe(`/de-de/p/${SUMMIT}`);
    const html = await recentlyViewedHtml(
      await shopper('de-de'),
      new URL(`http://store.test/de-de/recently-viewed?p=${SUMMIT}&p=${TRAIL}`),
    );
    expect(html).toContain('Zuletzt angesehen');
    expect(html.indexOf(`href="/de-de/p/${SUMMIT}"`)).toBeLessThan(html.indexOf(`href="/de-de/p/${TRAIL}"`));
    expect(html).toContain(de[0]!.price!.current);
    expect(
      await recentlyViewedHtml(
        await shopper('de-de'),
        new URL('http://store.test/de-de/recently-viewed?p=nothing-here'),
      ),
    ).toBe('');
  });
});
