import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_PRODUCTS, catalogueProductId, regionalPrice } from '../../seed/catalogue/index.ts';
import { testDatabaseTargets } from '../support/test-databases.ts';
import { type ApiHarness, DEMO, openApi } from './api-harness.ts';

const source = (slug: string) => CATALOGUE_PRODUCTS.find((product) => product.slug === slug)!;

describe.each(testDatabaseTargets)('/api catalogue and reference data on $name', (target) => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await openApi(target);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('seeds 30+ snowshoes and 30+ accessories, each with 1–6 colours', () => {
    expect(CATALOGUE_PRODUCTS.filter((p) => p.category === 'snowshoes').length).toBeGreaterThanOrEqual(30);
    expect(CATALOGUE_PRODUCTS.filter((p) => p.category === 'accessories').length).toBeGreaterThanOrEqual(30);
    for (const product of CATALOGUE_PRODUCTS) {
      expect(product.colours.length).toBeGreaterThanOrEqual(1);
      expect(product.colours.length).toBeLessThanOrEqual(6);
    }
    expect(CATALOGUE_PRODUCTS.filter((p) => p.discontinued)).toHaveLength(1);
  });

  it('requires a known region header', async () => {
    const browser = api.browser();
    const missing = await browser.json('GET', '/api/products', { region: null });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ status: 400, title: 'Bad Request' });
    expect(missing.body.detail).toContain('region');
    const unknown = await browser.json('GET', '/api/products', { region: 'mars' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toContain("Unknown region 'mars'");
  });

  it('lists products of a category with pagination, in the region currency', async () => {
    const browser = api.browser();
    const us = await browser.json('GET', '/api/products?categories:in=21&limit=3&page=2');
    expect(us.status).toBe(200);
    expect(us.body.meta.pagination).toMatchObject({ per_page: 3, current_page: 2, count: 3 });
    const mens = CATALOGUE_PRODUCTS.filter((p) => p.categoryPath === 'snowshoes/mens');
    expect(us.body.meta.pagination.total).toBe(mens.length);
    for (const product of us.body.data) expect(product.categories).toContain(21);
    const first = us.body.data[0];
    expect(first.calculatedPrice.currencyCode).toBe('USD');
    const eu = await browser.json('GET', `/api/products?id:in=${first.id}`, { region: 'eu_region_1' });
    expect(eu.body.data[0].retailPrice).toEqual({
      value: regionalPrice(source(first.slug).priceUsd, 'eu_region_1'),
      currencyCode: 'EUR',
    });
    const parent = await browser.json('GET', '/api/products?categories:in=20&limit=250');
    expect(parent.body.meta.pagination.total).toBe(
      CATALOGUE_PRODUCTS.filter((p) => p.category === 'snowshoes' && !p.discontinued).length,
    );
    const fields = await browser.json('GET', '/api/products?limit=1&include_fields=name');
    expect(Object.keys(fields.body.data[0]).sort()).toEqual(['id', 'name']);
  });

  it('answers a product by id with options, variants, stock, sale prices and media thumbnails', async () => {
    const browser = api.browser();
    const slug = 'ridgeline-timberline-mens';
    const id = catalogueProductId(slug);
    const { status, body } = await browser.json('GET', `/api/products/${id}?include=variants`);
    expect(status).toBe(200);
    const product = body.data;
    expect(product.retailPrice.value).toBe(169.95);
    expect(product.calculatedPrice.value).toBe(139.95);
    expect(product.product_options[0]).toMatchObject({ displayName: 'Color' });
    expect(product.product_options[0].values[0]).toMatchObject({ label: 'Graphite', hexColors: ['#4a4f55'] });
    expect(product.variants).toHaveLength(2 * 3);
    expect(product.variants[0].thumbnail).toBe('/media/i/ridgeline/ridgeline-timberline-mens-graphite');
    expect(product.variants[0].option_values[0]).toMatchObject({
      option_display_name: 'Color',
      label: 'Graphite',
    });
    expect(product.customFields.length).toBeGreaterThan(2);
    const variantId = product.variants[1].id;
    const variant = await browser.json('GET', `/api/products/${id}/variants/${variantId}`);
    expect(variant.body.data.id).toBe(variantId);
    const variants = await browser.json('GET', `/api/products/${id}/variants`);
    expect(variants.body.data).toHaveLength(6);
    const options = await browser.json('GET', `/api/products/${id}/options`);
    expect(options.body.data.map((option: { displayName: string }) => option.displayName)).toEqual([
      'Color',
      'Size',
    ]);
    const search = await browser.json('GET', `/api/variants?product_id:in=${id}`);
    expect(search.body.data).toHaveLength(6);
    const bySku = await browser.json('GET', `/api/variants?sku=${product.variants[0].sku}`);
    expect(bySku.body.data.map((v: { id: number }) => v.id)).toEqual([product.variants[0].id]);
  });

  it('reports out-of-stock products and answers 404, 410 and 400 as it should', async () => {
    const browser = api.browser();
    const outId = catalogueProductId('ridgeline-frontier-mens');
    const inId = catalogueProductId('ridgeline-cascade-mens');
    const out = await browser.json('GET', `/api/products/${outId}`);
    expect(out.body.data).toMatchObject({ isInStock: false, isPurchasable: false, inventoryLevel: 0 });
    const list = await browser.json('GET', `/api/out-of-stock?ids=${outId},${inId}`);
    expect(list.body.data).toEqual([outId]);
    const inventory = await browser.json('GET', `/api/category/products/inventory?ids=${inId}`);
    expect(inventory.body.data[0].inventory_level).toBeGreaterThan(0);
    expect((await browser.json('GET', '/api/products/999999')).status).toBe(404);
    expect((await browser.json('GET', `/api/products/${inId}/variants/999999`)).status).toBe(404);
    const discontinued = await browser.json(
      'GET',
      `/api/products/${catalogueProductId('ridgeline-backcountry-nordic-classic')}`,
    );
    expect(discontinued.status).toBe(410);
    const bad = await browser.json('GET', '/api/products/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('path parameter id');
    expect((await browser.json('GET', '/api/products?page=0')).status).toBe(400);
    expect((await browser.json('GET', '/api/products?categories:in=1,x')).status).toBe(400);
    expect((await browser.json('GET', '/api/nothing-here')).status).toBe(404);
    expect((await browser.json('GET', '/api/nothing-here', { region: null })).status).toBe(404);
  });

  it('serves categories, the category tree, currencies, countries, states and the store', async () => {
    const browser = api.browser({ region: 'ca' });
    const categories = await browser.json('GET', '/api/categories');
    expect(categories.body.data).toHaveLength(13);
    const tree = await browser.json('GET', '/api/category_tree');
    expect(tree.body.data.map((node: { name: string }) => node.name)).toEqual(['Snowshoes', 'Accessories']);
    expect(tree.body.data[0].children).toHaveLength(5);
    const one = await browser.json('GET', '/api/categories/33');
    expect(one.body.data).toMatchObject({
      name: 'Gaiters',
      url: '/c/accessories/gaiters/',
      cat_ids_bc: { ca: 33 },
    });
    expect((await browser.json('GET', '/api/categories/9999')).status).toBe(404);
    const currencies = await browser.json('GET', '/api/currencies');
    expect(currencies.body.data.find((c: { is_default: boolean }) => c.is_default).currency_code).toBe('CAD');
    const euro = await browser.json('GET', '/api/currencies/EUR');
    expect(euro.body.data).toMatchObject({
      token: '€',
      decimal_token: ',',
      thousands_token: '.',
      token_location: 'right',
    });
    expect((await browser.json('GET', '/api/currencies/XYZ')).status).toBe(404);
    const countries = await browser.json('GET', '/api/countries');
    expect(countries.body.data.map((c: { id: string }) => c.id)).toContain('jp');
    expect((await browser.json('GET', '/api/countries/us/states')).body.data).toHaveLength(52);
    expect((await browser.json('GET', '/api/countries/ca/states')).body.data).toHaveLength(13);
    expect((await browser.json('GET', '/api/countries/usa/states')).status).toBe(400);
    const store = await browser.json('GET', '/api/store');
    expect(store.body.data).toMatchObject({ region: 'ca', currency: 'CAD' });
  });

  it('prices pro customers with their group and everyone else with the guest group (§6)', async () => {
    const id = catalogueProductId('ridgeline-summit-trail-mens');
    const apparel = catalogueProductId('ridgeline-alpine-softshell');
    const binding = catalogueProductId('ridgeline-dial-lock-binding');
    const guest = api.browser();
    const pro = api.browser();
    await pro.login(DEMO.pro.email, DEMO.pro.pw);
    const standard = api.browser();
    await standard.login(DEMO.standard.email, DEMO.standard.pw);
    const price = async (browser: typeof guest, productId: number) =>
      (await browser.json('GET', `/api/products/${productId}`)).body.data.calculatedPrice.value;
    expect(await price(guest, id)).toBe(249.95);
    expect(await price(standard, id)).toBe(249.95);
    expect(await price(pro, id)).toBe(149.97); // 40 % off all
    expect(await price(pro, apparel)).toBe(125.97); // 30 % off the apparel category
    expect(await price(pro, binding)).toBe(84.95); // 5 off this product
    // The EU guest group takes 10 % off apparel.
    const eu = api.browser({ region: 'eu_region_1' });
    expect(await price(eu, apparel)).toBe(152.96); // 169.95 − 10 %, half a cent up
  });

  it('reads customer groups, the guest group, shipping zones, methods and settings', async () => {
    const browser = api.browser();
    const groups = await browser.json('GET', '/api/customer_groups');
    expect(groups.body.data.map((g: { name: string }) => g.name)).toEqual(['Retail (US)', 'Pro', 'Employee']);
    const guests = await browser.json('GET', '/api/customer_groups?is_group_for_guests=true');
    expect(guests.body.data).toHaveLength(1);
    expect(guests.body.data[0]).toMatchObject({ id: 1, is_group_for_guests: true });
    expect((await browser.json('GET', '/api/customer_groups/4')).body.data.discount_rules).toHaveLength(3);
    expect((await browser.json('GET', '/api/customer_groups/77')).status).toBe(404);
    expect((await browser.json('GET', '/api/customer_groups?is_group_for_guests=maybe')).status).toBe(400);
    const zones = await browser.json('GET', '/api/shippingzones');
    expect(zones.body.data).toHaveLength(1);
    const zoneId = zones.body.data[0].id;
    expect((await browser.json('GET', `/api/shippingzones/${zoneId}`)).body.data.name).toBe('United States');
    expect((await browser.json('GET', '/api/shippingzones/2')).status).toBe(404); // Canada's zone, not the US's
    const methods = await browser.json('GET', `/api/shippingmethods/${zoneId}`);
    expect(methods.body.data.map((m: { type: string }) => m.type)).toEqual([
      'freeshipping',
      'total',
      'total',
    ]);
    const settings = await browser.json('GET', '/api/pro/shipping_method_settings?bcRegion=us', {
      region: null,
    });
    expect(settings.body).toEqual({ is_enabled: true, hide_free_shipping_groups: '4,7' });
    expect((await browser.json('GET', '/api/pro/shipping_method_settings?bcRegion=xx')).status).toBe(400);
  });

  it('geolocates from trusted headers, lower-cased, else none', async () => {
    const browser = api.browser();
    const cdn = await browser.json('GET', '/api/geolocation', {
      headers: { 'cf-ipcountry': 'DE' },
      region: null,
    });
    expect(cdn.body.data.country).toBe('de');
    const unknown = await browser.json('GET', '/api/geolocation', { headers: { 'cf-ipcountry': 'XX' } });
    expect(unknown.body.data.country).toBeNull();
    const untrusted = await browser.json('GET', '/api/geolocation', { headers: { 'x-country': 'fr' } });
    expect(untrusted.body.data.country).toBeNull();
  });

  it('blocks §9 URL substrings, user agents and IPs before routing, never the internal IPs; sets security headers', async () => {
    const browser = api.browser();
    const ok = await browser.call('GET', '/api/store');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    expect(ok.headers.get('x-frame-options')).toBe('DENY');
    expect((await browser.call('GET', '/api/products?q=select(1)')).status).toBe(403);
    expect((await browser.call('GET', '/wp-admin/setup.php')).status).toBe(403);
    expect(
      (await browser.call('GET', '/api/store', { headers: { 'user-agent': 'x sleep(5)' } })).status,
    ).toBe(403);
    expect((await api.browser({ ip: '198.51.100.66' }).call('GET', '/api/store')).status).toBe(403);
    expect((await api.browser({ ip: '10.0.0.1' }).call('GET', '/api/store?x=wp-login')).status).toBe(200);
    const blocked = await browser.call('GET', '/x.php');
    expect(blocked.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps the seed idempotent with the catalogue in place', async () => {
    const count = async () =>
      (
        (await api.handle.db.execute(sql`select count(*)::int as n from variants`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    const before = await count();
    const { seedDemoStore } = await import('#server/seed/seed.ts');
    await seedDemoStore(api.handle.db);
    expect(await count()).toBe(before);
  });
});
