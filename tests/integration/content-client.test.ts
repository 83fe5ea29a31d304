import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import {
  type ContentServices,
  createContentServices,
  DISPLAY_TEXT_DEFAULTS,
  type EntryInput,
  PRODUCT_FIELDS,
} from '#server/content/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

// biome-ignore lint/suspicious/noExplicitAny: protocol answers are inspected loosely in tests
type Loose = any;

const ENV = 'production';
const ref = (contentType: string, uid: string) => ({ uid, _content_type_uid: contentType });
const entry = (
  contentType: string,
  uid: string,
  locale: string,
  fields: Record<string, unknown>,
): EntryInput => ({
  contentType,
  uid,
  locale,
  fields,
  publishTo: [ENV],
});

const FIXTURES: EntryInput[] = [
  entry('banner', 'nav-banner', 'en-us', {
    title: 'Nav banner',
    background: { type: 'Image', amplience_id: 'banner-powder-day' },
  }),
  entry('main_nav', 'nav-us', 'en-us', {
    title: 'Snowshoes',
    regions: ['us'],
    link: { url: '/c/snowshoes', banner: [ref('banner', 'nav-banner')] },
  }),
  entry('main_nav', 'nav-eu', 'en-us', {
    title: 'Raquettes EU',
    regions: ['eu'],
    link: { url: '/c/snowshoes', banner: [] },
  }),
  entry('top_alert', 'alert-us', 'en-us', { title: 'Free shipping over $99', regions: ['us'] }),
  entry('header', 'header', 'en-us', {
    title: 'Header',
    main_nav: [ref('main_nav', 'nav-us'), ref('main_nav', 'nav-eu')],
    top_alert: [ref('top_alert', 'alert-us')],
    secondary_nav: { links: [{ title: 'Support', url: '/support' }] },
  }),
  entry('regions', 'region-us', 'en-us', { title: 'United States', region_id: 'us', countries: ['us'] }),
  entry('regions', 'region-eu1', 'en-us', {
    title: 'EU region 1',
    region_id: 'eu_region_1',
    countries: ['de', 'fr'],
  }),
  entry('brand_settings', 'brand', 'en-us', {
    title: 'Ridgeline',
    display_name: 'Ridgeline Snowshoe Co.',
    shopping: true,
    contact: { phone: '+1 802 555 0142' },
  }),
  entry('email_signup_settings', 'signup', 'en-us', {
    title: 'Newsletter',
    regions: ['us'],
    lists: ['news'],
  }),
  entry('display_text', 'dt-add', 'en-us', { title: 'Add To Cart', text: 'Add to bag' }),
  entry('display_text', 'dt-add', 'fr', { title: 'Add To Cart', text: 'Ajouter au panier' }),
  entry('display_text', 'dt-search', 'en-us', { title: 'Search', text: 'Find gear' }),
  entry('duplicate_display_text', 'dup-footer', 'en-us', {
    title: 'Footer strings',
    display_text_input: [ref('display_text', 'dt-add'), ref('display_text', 'dt-search')],
  }),
  entry('search', 'search', 'en-us', {
    title: 'Search',
    fallback_image: { amplience_id: 'lifestyle-ridge-walk' },
    main_menu: [ref('main_nav', 'nav-us')],
    sidebar_menu: [],
  }),
  entry('product_category', 'snowshoes', 'en-us', {
    title: 'Snowshoes',
    url: '/snowshoes',
    cat_ids_bc: { us: [20] },
  }),
  entry('category_groups', 'group-snowshoes', 'en-us', {
    title: 'Snowshoes',
    parent_category: [ref('product_category', 'snowshoes')],
    categories: [{ category: [ref('product_category', 'snowshoes')], clp_display_title: 'All snowshoes' }],
  }),
  ...Array.from({ length: 105 }, (_, i) =>
    entry('product', `p-${String(i).padStart(3, '0')}`, 'en-us', {
      title: `Product ${i}`,
      url: `/p-${i}`,
      description: 'A product.',
      tagline: 'Tag',
      internal_note: 'not in the field list',
      bc_categories: { us: [i % 3 === 0 ? 21 : 22] },
      product_attributes: { terrain: [i % 2 === 0 ? 'rolling' : 'steep'] },
    }),
  ),
  entry('page', 'about', 'en-us', {
    title: 'About us',
    url: '/about',
    generic_page: { body: '<p>Since 1994.</p>' },
  }),
  entry('page', 'about', 'fr', {
    title: 'À propos',
    url: '/about',
    generic_page: { body: '<p>Depuis 1994.</p>' },
  }),
  entry('page', 'warranty', 'en-us', {
    title: 'Warranty',
    url: '/warranty',
    generic_page: { body: '<p>Lifetime.</p>' },
  }),
  entry('hide_product_attributes', 'hide', 'en-us', { title: 'Hidden', attributes: ['sku'] }),
  entry('automated_related_products_config', 'arp', 'en-us', {
    title: 'ARP',
    categories: [{ category: [ref('product_category', 'snowshoes')], configuration: ['terrain'] }],
  }),
  entry('manage_product_attributes', 'mpa', 'en-us', {
    title: 'Specs',
    spec_titles: [{ id: 'frame', title: 'Frame' }],
  }),
  entry('category_product_add_on_config', 'addons', 'en-us', {
    title: 'Add-ons',
    product_category: [ref('product_category', 'snowshoes')],
    regions: ['us'],
  }),
  entry('error_page', 'error-us', 'en-us', {
    title: 'Not found',
    header: 'Page not found',
    regions: ['us'],
    banner: [ref('banner', 'nav-banner')],
    products: [ref('product', 'p-001')],
  }),
  entry('error_page', 'error-us', 'de', {
    title: 'Nicht gefunden',
    header: 'Seite nicht gefunden',
    regions: ['us'],
    banner: [],
    products: [],
  }),
  entry('color_groups', 'blues', 'en-us', {
    title: 'Blues',
    color_name: 'Blue',
    option_swatch_hex: '#6fa8d6',
    child_colors: ['Glacier Blue'],
  }),
];

interface Captured {
  level: 'warn' | 'error';
  obj: object;
  msg?: string;
}

describe.each(testDatabaseTargets)('content client queries (§7) on $name', (target) => {
  let handle: DatabaseHandle;
  let content: ContentServices;
  let server: ReturnType<typeof serve>;
  const logs: Captured[] = [];
  const logger = {
    warn: (obj: object, msg?: string) => logs.push({ level: 'warn', obj, msg }),
    error: (obj: object, msg?: string) => logs.push({ level: 'error', obj, msg }),
  };

  beforeAll(async () => {
    handle = await openMigrated(target);
    let app = new Hono();
    server = await new Promise((resolve) => {
      const s = serve({ fetch: (request) => app.fetch(request), port: 0, hostname: '127.0.0.1' }, () =>
        resolve(s),
      );
    });
    const port = (server.address() as AddressInfo).port;
    const config = loadConfig({
      CONTENT_BASE_URL: `http://127.0.0.1:${port}/cms`,
      CONTENT_CACHE_POLICY: '-1',
    });
    content = createContentServices({ config, db: handle.db, logger });
    app = new Hono().route('/cms', content.service).route('/api', content.interstack);
    await content.store.putEntries(FIXTURES);
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await handle?.close();
  });

  it('header: first result with navigation, alerts and nav banners, filtered by region', async () => {
    const header = await content.client.header('en-us', 'us');
    expect(header?.main_nav.map((n) => n.uid)).toEqual(['nav-us']);
    expect((header!.main_nav[0]!.link as Loose).banner[0].background.amplience_id).toBe('banner-powder-day');
    expect(header?.top_alert.map((a) => a.title)).toEqual(['Free shipping over $99']);
    expect(header?.secondary_nav).toEqual({ links: [{ title: 'Support', url: '/support' }] });
  });

  it("header: logs 'Header - No Region Match' and 'Header - No Results'", async () => {
    logs.length = 0;
    const header = await content.client.header('en-us', 'jp');
    expect(header?.main_nav).toEqual([]);
    expect(logs.map((l) => l.msg)).toContain('Header - No Region Match');
    await content.store.putEntries([
      { ...FIXTURES.find((f) => f.uid === 'header')!, publishTo: ['staging'] },
    ]);
    try {
      logs.length = 0;
      expect(await content.client.header('en-us')).toBeNull();
      expect(logs.map((l) => l.msg)).toContain('Header - No Results');
    } finally {
      await content.store.putEntries([FIXTURES.find((f) => f.uid === 'header')!]);
    }
  });

  it('regions, brand settings and email signup settings', async () => {
    expect(await content.client.regions()).toEqual(
      expect.arrayContaining([
        { region_id: 'us', countries: ['us'] },
        { region_id: 'eu_region_1', countries: ['de', 'fr'] },
      ]),
    );
    const brand = await content.client.brandSettings('fr');
    expect(brand).toMatchObject({
      display_name: 'Ridgeline Snowshoe Co.',
      contact: { phone: '+1 802 555 0142' },
      site_search: true,
    });
    expect((await content.client.emailSignupSettings('en-us', 'us'))?.uid).toBe('signup');
  });

  it('display text: keyed by lower-cased title, translated where present, English defaults elsewhere', async () => {
    const fr = await content.client.displayText('fr');
    expect(fr['add to cart']).toBe('Ajouter au panier');
    expect(fr.search).toBe('Find gear');
    expect(fr.checkout).toBe(DISPLAY_TEXT_DEFAULTS.checkout);
    const en = await content.client.displayText('en-us');
    expect(en['add to cart']).toBe('Add to bag');
  });

  it('duplicate display text through /api/interstack/references', async () => {
    const [dup] = await content.client.duplicateDisplayText(['dup-footer'], 'fr');
    expect(dup?.display_text_input).toEqual([
      { title: 'Add To Cart', text: 'Ajouter au panier' },
      { title: 'Search', text: 'Find gear' },
    ]);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const wrongKey = await fetch(
      `${base}/api/interstack/references?content_type=duplicate_display_text&api_key=x&entry_uids=dup-footer&locale=fr`,
    );
    expect(wrongKey.status).toBe(401);
    const badType = await fetch(
      `${base}/api/interstack/references?content_type=product&api_key=x&entry_uids=a`,
    );
    expect(badType.status).toBe(400);
  });

  it('search content, product categories and category groups with references', async () => {
    const search = await content.client.searchContent('en-us');
    expect((search!.main_menu as Loose)[0].title).toBe('Snowshoes');
    expect((await content.client.productCategories('en-us')).map((c) => c.uid)).toEqual(['snowshoes']);
    const [group] = await content.client.categoryGroups('en-us');
    expect((group!.parent_category as Loose)[0].url).toBe('/snowshoes');
    expect((group!.categories as Loose)[0].category[0].title).toBe('Snowshoes');
  });

  it('products by uid list return only the §7 field list', async () => {
    const products = await content.client.productsByUid(['p-001', 'p-002', 'missing'], 'en-us');
    expect(products.map((p) => p.uid)).toEqual(['p-001', 'p-002']);
    for (const product of products) {
      expect(Object.keys(product).sort()).toEqual(
        ['uid', ...PRODUCT_FIELDS.filter((f) => f in product)].sort(),
      );
      expect(product).not.toHaveProperty('internal_note');
    }
  });

  it('reads past 100 entries, a page at a time', async () => {
    const all = await content.client.allEntries('product', { locale: 'en-us', only: ['title'] });
    expect(all).toHaveLength(105);
    expect(new Set(all.map((p) => p.uid)).size).toBe(105);
  });

  it('pages by OR of uids, with the default-language entry where the language has none', async () => {
    const pages = await content.client.pages(['about', 'warranty'], 'fr');
    const byUid = Object.fromEntries(pages.map((p) => [p.uid, p]));
    expect(byUid.about?.title).toBe('À propos');
    expect(byUid.warranty?.title).toBe('Warranty');
    expect(Object.keys(byUid.about ?? {})).not.toContain('publish_details');
  });

  it('the four product-attribute configuration types', async () => {
    expect((await content.client.hideProductAttributes('en-us'))[0]?.attributes).toEqual(['sku']);
    const arp = await content.client.automatedRelatedProductsConfig('en-us');
    expect((arp[0]!.categories as Loose)[0].category[0].uid).toBe('snowshoes');
    expect((await content.client.manageProductAttributes('en-us'))[0]?.uid).toBe('mpa');
    const addOns = await content.client.categoryProductAddOnConfig('en-us');
    expect((addOns[0]!.product_category as Loose)[0].title).toBe('Snowshoes');
  });

  it('the error page by locale with its banner and products', async () => {
    const en = await content.client.errorPage('en-us', 'us');
    expect(en?.header).toBe('Page not found');
    expect((en!.products as Loose)[0].title).toBe('Product 1');
    expect((await content.client.errorPage('de'))?.header).toBe('Seite nicht gefunden');
    expect((await content.client.errorPage('ja'))?.header).toBe('Page not found');
  });

  it('products by category: $in on commerce categories, current uid excluded, attribute filters', async () => {
    const products = await content.client.productsByCategory({
      bcCategoryIds: [21],
      bcRegion: 'us',
      excludeUid: 'p-000',
      attributes: [{ attribute: 'terrain', values: ['rolling'] }],
      locale: 'en-us',
    });
    const uids = products.map((p) => p.uid);
    expect(uids).not.toContain('p-000');
    expect(uids.length).toBe(17);
    expect(uids.every((uid) => Number(uid.slice(2)) % 6 === 0)).toBe(true);
  });

  it('colour groups', async () => {
    expect(await content.client.colorGroups('en-us')).toEqual([
      expect.objectContaining({
        color_name: 'Blue',
        option_swatch_hex: '#6fa8d6',
        child_colors: ['Glacier Blue'],
      }),
    ]);
  });
});
