import type { AddressInfo } from 'node:net';
import contentstack, { QueryOperation } from '@contentstack/delivery-sdk';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentService, createContentStore, type EntryInput } from '#server/content/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

// biome-ignore lint/suspicious/noExplicitAny: protocol answers are inspected loosely in tests
type Loose = any;

const API_KEY = 'test-key';
const TOKEN = 'test-token';
const ENV = 'production';

const ref = (contentType: string, uid: string) => ({ uid, _content_type_uid: contentType });
const published = (
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
  published('banner', 'banner-winter', 'en-us', {
    title: 'Winter banner',
    background: { type: 'Image', amplience_id: 'banner-powder-day' },
  }),
  published('banner', 'banner-winter', 'fr', {
    title: "Bannière d'hiver",
    background: { type: 'Image', amplience_id: 'banner-powder-day' },
  }),
  published('main_nav', 'nav-snowshoes', 'en-us', {
    title: 'Snowshoes',
    regions: ['us', 'ca'],
    link: { title: 'Snowshoes', url: '/c/snowshoes', banner: [ref('banner', 'banner-winter')] },
  }),
  published('main_nav', 'nav-snowshoes', 'fr', {
    title: 'Raquettes',
    regions: ['us', 'ca'],
    link: { title: 'Raquettes', url: '/c/snowshoes', banner: [ref('banner', 'banner-winter')] },
  }),
  published('main_nav', 'nav-accessories', 'en-us', {
    title: 'Accessories',
    regions: ['us', 'eu'],
    link: { title: 'Accessories', url: '/c/accessories', banner: [] },
  }),
  published('header', 'main-header', 'en-us', {
    title: 'Header',
    main_nav: [ref('main_nav', 'nav-snowshoes'), ref('main_nav', 'nav-accessories')],
    top_alert: [],
  }),
  { ...published('header', 'draft-header', 'en-us', { title: 'Draft header' }), publishTo: ['staging'] },
  ...Array.from({ length: 130 }, (_, i) =>
    published('product', `product-${String(i).padStart(3, '0')}`, 'en-us', {
      title: `Product ${i}`,
      url: `/product-${i}`,
      regions: i % 2 === 0 ? ['us', 'ca'] : ['eu'],
      price: i,
      ...(i % 10 === 0 ? { tagline: 'Featured' } : {}),
    }),
  ),
  published('product', 'product-000', 'de', {
    title: 'Produkt 0',
    url: '/product-0',
    regions: ['us', 'ca'],
    price: 0,
  }),
];

describe.each(testDatabaseTargets)('content delivery protocol on $name', (target) => {
  let handle: DatabaseHandle;
  let base: string;
  let server: ReturnType<typeof serve>;

  const headers = { api_key: API_KEY, access_token: TOKEN };
  const get = async (
    path: string,
    params: Record<string, string> = {},
    extraHeaders: Record<string, string> = headers,
  ) => {
    const search = new URLSearchParams({ environment: ENV, ...params });
    const response = await fetch(`${base}/v3${path}?${search}`, { headers: extraHeaders });
    return { status: response.status, body: (await response.json()) as Loose };
  };
  const post = async (path: string, body: Record<string, unknown>) => {
    const response = await fetch(`${base}/v3${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Loose };
  };

  beforeAll(async () => {
    handle = await openMigrated(target);
    const store = createContentStore(handle.db);
    await store.putEntries(FIXTURES);
    const app = new Hono().route(
      '/cms',
      createContentService({ store, apiKey: API_KEY, deliveryToken: TOKEN, environments: [ENV, 'staging'] }),
    );
    server = await new Promise((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cms`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await handle?.close();
  });

  it('refuses a wrong api key with 412 and a wrong token with 401, in the error shape', async () => {
    const wrongKey = await get('/content_types/header/entries', {}, { api_key: 'nope', access_token: TOKEN });
    expect(wrongKey.status).toBe(412);
    expect(wrongKey.body).toMatchObject({ error_code: 412, errors: { api_key: ['is not valid.'] } });
    expect(typeof wrongKey.body.error_message).toBe('string');
    const wrongToken = await get(
      '/content_types/header/entries',
      {},
      { api_key: API_KEY, access_token: 'nope' },
    );
    expect(wrongToken.status).toBe(401);
    expect(wrongToken.body.errors).toHaveProperty('access_token');
    const wrongBranch = await get('/content_types/header/entries', {}, { ...headers, branch: 'feature-x' });
    expect(wrongBranch.status).toBe(422);
  });

  it('delivers only entries published to the environment', async () => {
    const production = await get('/content_types/header/entries');
    expect(production.body.entries.map((e: Loose) => e.uid)).toEqual(['main-header']);
    const staging = await get('/content_types/header/entries', { environment: 'staging' });
    expect(staging.body.entries.map((e: Loose) => e.uid)).toEqual(['draft-header']);
    const missing = await fetch(`${base}/v3/content_types/header/entries`, { headers });
    expect(missing.status).toBe(422);
  });

  it('answers the plain GET form and the POST form with the method marker alike', async () => {
    const viaGet = await get('/content_types/product/entries', {
      query: JSON.stringify({ regions: 'eu', price: { $lt: 10 } }),
    });
    const viaPost = await post('/content_types/product/entries', {
      _method: 'GET',
      environment: ENV,
      query: { regions: 'eu', price: { $lt: 10 } },
    });
    expect(viaGet.status).toBe(200);
    expect(viaGet.body.entries.map((e: Loose) => e.uid)).toEqual([
      'product-001',
      'product-003',
      'product-005',
      'product-007',
      'product-009',
    ]);
    expect(viaPost.body.entries.map((e: Loose) => e.uid)).toEqual(
      viaGet.body.entries.map((e: Loose) => e.uid),
    );
    const wrongMethod = await post('/content_types/product/entries', { _method: 'DELETE', environment: ENV });
    expect(wrongMethod.status).toBe(400);
  });

  it('evaluates $in, $nin, $or, $and and $exists', async () => {
    const uids = async (query: object) =>
      (
        await post('/content_types/product/entries', { _method: 'GET', environment: ENV, query })
      ).body.entries.map((e: Loose) => e.uid);
    expect(await uids({ uid: { $in: ['product-002', 'product-004', 'nope'] } })).toEqual([
      'product-002',
      'product-004',
    ]);
    expect((await uids({ uid: { $nin: ['product-000'] }, tagline: { $exists: true } })).length).toBe(12);
    expect(await uids({ $or: [{ uid: 'product-010' }, { uid: 'product-020' }] })).toEqual([
      'product-010',
      'product-020',
    ]);
    expect(await uids({ $and: [{ regions: { $in: ['us'] } }, { price: { $gte: 124 } }] })).toEqual([
      'product-124',
      'product-126',
      'product-128',
    ]);
    const withoutTagline = await post('/content_types/product/entries', {
      environment: ENV,
      query: { tagline: { $exists: false } },
      include_count: true,
    });
    expect(withoutTagline.body.count).toBe(117);
    const bad = await post('/content_types/product/entries', {
      environment: ENV,
      query: { price: { $where: 'x' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error_message).toMatch(/\$where/);
  });

  it('pages with skip and limit (at most 100) and counts with include_count', async () => {
    const first = await get('/content_types/product/entries', { limit: '500', include_count: 'true' });
    expect(first.body.entries).toHaveLength(100);
    expect(first.body.count).toBe(130);
    const second = await get('/content_types/product/entries', { skip: '100', limit: '100' });
    expect(second.body.entries).toHaveLength(30);
    expect(second.body.entries[0].uid).toBe('product-100');
    expect(second.body).not.toHaveProperty('count');
  });

  it('falls back to en-us for entries missing in the locale only when asked', async () => {
    const withFallback = await get('/content_types/main_nav/entries', {
      locale: 'fr',
      include_fallback: 'true',
    });
    const byUid = Object.fromEntries(withFallback.body.entries.map((e: Loose) => [e.uid, e]));
    expect(byUid['nav-snowshoes']).toMatchObject({ title: 'Raquettes', locale: 'fr' });
    expect(byUid['nav-accessories']).toMatchObject({ title: 'Accessories', locale: 'en-us' });
    const strict = await get('/content_types/main_nav/entries', { locale: 'fr' });
    expect(strict.body.entries.map((e: Loose) => e.uid)).toEqual(['nav-snowshoes']);
  });

  it('includes references by path, nested through groups, in the requested locale', async () => {
    const search = new URLSearchParams({ environment: ENV, locale: 'fr', include_fallback: 'true' });
    search.append('include[]', 'main_nav');
    search.append('include[]', 'main_nav.link.banner');
    const response = await fetch(`${base}/v3/content_types/header/entries?${search}`, { headers });
    const header = ((await response.json()) as Loose).entries[0];
    expect(header.main_nav.map((n: Loose) => n.title)).toEqual(['Raquettes', 'Accessories']);
    expect(header.main_nav[0]._content_type_uid).toBe('main_nav');
    expect(header.main_nav[0].link.banner[0]).toMatchObject({
      uid: 'banner-winter',
      title: "Bannière d'hiver",
    });
    const plain = await get('/content_types/header/entries');
    expect(plain.body.entries[0].main_nav[0]).toEqual({
      uid: 'nav-snowshoes',
      _content_type_uid: 'main_nav',
    });
  });

  it('projects fields with only[BASE][] and keeps the uid', async () => {
    const search = new URLSearchParams({ environment: ENV, query: JSON.stringify({ uid: 'product-001' }) });
    search.append('only[BASE][]', 'title');
    const response = await fetch(`${base}/v3/content_types/product/entries?${search}`, { headers });
    expect(((await response.json()) as Loose).entries).toEqual([{ uid: 'product-001', title: 'Product 1' }]);
  });

  it('reads one entry by uid and answers a missing one with error 141', async () => {
    const found = await get('/content_types/product/entries/product-000', { locale: 'de' });
    expect(found.body.entry).toMatchObject({ uid: 'product-000', title: 'Produkt 0', locale: 'de' });
    const missing = await get('/content_types/product/entries/no-such-product');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      error_message: "The requested entry doesn't exist.",
      error_code: 141,
      errors: { uid: ['is not valid.'] },
    });
  });

  it('describes content types and refuses an unknown one', async () => {
    const types = await get('/content_types', { include_count: 'true' });
    const uids = types.body.content_types.map((t: Loose) => t.uid);
    for (const uid of [
      'header',
      'regions',
      'blog',
      'support',
      'team',
      'page',
      'brand_settings',
      'display_text',
      'error_page',
      'color_groups',
      'dealer',
    ]) {
      expect(uids).toContain(uid);
    }
    const header = await get('/content_types/header');
    expect(header.body.content_type.schema).toContainEqual(
      expect.objectContaining({ uid: 'main_nav', data_type: 'reference' }),
    );
    const unknown = await get('/content_types/nope/entries');
    expect(unknown.status).toBe(422);
    expect(unknown.body.error_code).toBe(118);
  });

  it('syncs everything published, in pages of 100, and then only what changed', async () => {
    const first = await get('/stacks/sync', { init: 'true' });
    expect(first.body.items).toHaveLength(100);
    expect(first.body.pagination_token).toBeTruthy();
    const second = await get('/stacks/sync', { pagination_token: first.body.pagination_token });
    const publishedCount = FIXTURES.filter((f) => f.publishTo.includes(ENV)).length;
    expect(second.body.items).toHaveLength(publishedCount - 100);
    expect(second.body.sync_token).toBeTruthy();
    const nothing = await get('/stacks/sync', { sync_token: second.body.sync_token });
    expect(nothing.body.items).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await createContentStore(handle.db).putEntries([
      published('product', 'product-001', 'en-us', {
        title: 'Product 1 (updated)',
        regions: ['eu'],
        price: 1,
      }),
    ]);
    const changed = await get('/stacks/sync', { sync_token: second.body.sync_token });
    expect(changed.body.items.map((i: Loose) => [i.content_type_uid, i.data.uid, i.data.title])).toEqual([
      ['product', 'product-001', 'Product 1 (updated)'],
    ]);
    expect(changed.body.items[0].data._version).toBe(2);
    // Tokens are hex (decision 0028); one a client kept from before, in base64url, still reads.
    expect(second.body.sync_token).toMatch(/^[0-9a-f]+$/);
    const kept = Buffer.from(second.body.sync_token, 'hex').toString('base64url');
    const again = await get('/stacks/sync', { sync_token: kept });
    expect(again.body.items.map((i: Loose) => i.data.uid)).toEqual(['product-001']);
  });

  it('is read by the official delivery SDK: where-query, locale with fallback, an included reference', async () => {
    const stack = contentstack.stack({
      apiKey: API_KEY,
      deliveryToken: TOKEN,
      environment: ENV,
      endpoint: base,
    } as Parameters<typeof contentstack.stack>[0]);
    const result = await stack
      .contentType('main_nav')
      .entry()
      .locale('fr')
      .includeFallback()
      .includeReference('link.banner')
      .query()
      .where('regions', QueryOperation.INCLUDES, ['us'])
      .find<{ uid: string; title: string; locale: string; link: { banner: Array<{ title: string }> } }>();
    const entries = result.entries ?? [];
    expect(entries.map((e) => [e.uid, e.title, e.locale])).toEqual([
      ['nav-accessories', 'Accessories', 'en-us'],
      ['nav-snowshoes', 'Raquettes', 'fr'],
    ]);
    expect(entries[1]?.link.banner[0]?.title).toBe("Bannière d'hiver");
    const one = await stack
      .contentType('product')
      .entry('product-000')
      .locale('de')
      .fetch<{ title: string }>();
    expect(one.title).toBe('Produkt 0');
    await expect(stack.contentType('product').entry('nope').fetch()).rejects.toMatchObject({
      error_code: 141,
    });
  });
});
