import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referencesIn } from '#core/content-references.ts';
import { validateEntry } from '#core/content-validation.ts';
import {
  contentTypeByUid,
  createContentService,
  createContentStore,
  type EntryInput,
} from '#server/content/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

// Issue 21, hostile input: "a reference cycle → stored safely or refused". Decision: stored (a landing page
// whose banner's hotspot links back to the page is real content), because the delivery protocol resolves
// references only along the include[] paths a request names. This proves a cycle passes validation, is
// stored, and answers a finite, serialisable tree however deep the include paths go.

const API_KEY = 'cycle-key';
const TOKEN = 'cycle-token';
const ENV = 'production';
const ref = (contentType: string, uid: string) => ({ uid, _content_type_uid: contentType });

const PAGE = {
  title: 'Loop page',
  url: '/loop',
  page_type: 'landing',
  landing_page: { modules: [{ type: 'banner', banner: [ref('banner', 'loop-banner')] }] },
};
const BANNER = {
  title: 'Loop banner',
  background: {
    type: 'Image',
    amplience_id: 'banner-powder-day',
    content: {
      enableHotspots: true,
      hotspots: [
        { id: 'back', dataType: 'page', page: [ref('page', 'loop-page')], points: { x: 0.5, y: 0.5 } },
      ],
    },
  },
};
const SELF = { title: 'Self product', url: '/self', related_products: [ref('product', 'self-product')] };

describe.each(testDatabaseTargets)('reference cycles on $name', (target) => {
  let handle: DatabaseHandle;
  let app: Hono;

  beforeAll(async () => {
    handle = await openMigrated(target);
    const entries: EntryInput[] = [];
    for (const [contentType, uid, fields] of [
      ['page', 'loop-page', PAGE],
      ['banner', 'loop-banner', BANNER],
      ['product', 'self-product', SELF],
    ] as const) {
      const checked = validateEntry(contentTypeByUid(contentType)!, fields);
      if (!checked.ok) throw new Error(`${uid}: ${JSON.stringify(checked.problems)}`);
      entries.push({ contentType, uid, locale: 'en-us', fields: checked.fields, publishTo: [ENV] });
    }
    const store = createContentStore(handle.db);
    await store.putEntries(entries);
    app = new Hono().route(
      '/cms',
      createContentService({ store, apiKey: API_KEY, deliveryToken: TOKEN, environments: [ENV] }),
    );
  });
  afterAll(async () => {
    await handle?.close();
  });

  const entry = async (contentType: string, uid: string, include: string[]) => {
    const search = new URLSearchParams({ environment: ENV });
    for (const path of include) search.append('include[]', path);
    const response = await app.request(`/cms/v3/content_types/${contentType}/entries/${uid}?${search}`, {
      headers: { api_key: API_KEY, access_token: TOKEN },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    return { size: text.length, entry: (JSON.parse(text) as { entry: Record<string, unknown> }).entry };
  };

  it('finds the cycle in the schema-walk: page → banner → page, and product → itself', () => {
    expect(referencesIn(contentTypeByUid('page')!, PAGE)).toEqual([
      { uid: 'loop-banner', contentType: 'banner', path: ['landing_page', 'modules', 0, 'banner', 0] },
    ]);
    expect(referencesIn(contentTypeByUid('banner')!, BANNER)).toEqual([
      { uid: 'loop-page', contentType: 'page', path: ['background', 'content', 'hotspots', 0, 'page', 0] },
    ]);
    expect(referencesIn(contentTypeByUid('product')!, SELF)).toEqual([
      { uid: 'self-product', contentType: 'product', path: ['related_products', 0] },
    ]);
  });

  it('answers the banner with its page resolved only as deep as asked; deeper paths are refused', async () => {
    const { entry: banner } = await entry('banner', 'loop-banner', ['background.content.hotspots.page']);
    const hotspot = (
      banner.background as { content: { hotspots: Array<{ page: Array<Record<string, unknown>> }> } }
    ).content.hotspots[0]!;
    const page = hotspot.page[0]!;
    expect(page.title).toBe('Loop page');
    // The page's own banner is not resolved again: only the named paths are.
    expect((page.landing_page as { modules: Array<{ banner: unknown[] }> }).modules[0]!.banner).toEqual([
      ref('banner', 'loop-banner'),
    ]);
    // Round the loop again is a path deeper than the protocol resolves (5 segments): refused, not followed.
    const search = new URLSearchParams({ environment: ENV });
    search.append('include[]', 'background.content.hotspots.page.landing_page.modules.banner');
    const deeper = await app.request(`/cms/v3/content_types/banner/entries/loop-banner?${search}`, {
      headers: { api_key: API_KEY, access_token: TOKEN },
    });
    expect(deeper.status).toBe(400);
  });

  it('answers a product that references itself', async () => {
    const paths = ['related_products'];
    for (let depth = 2; depth <= 5; depth++) paths.push(`${paths.at(-1)}.related_products`);
    const { entry: self, size } = await entry('product', 'self-product', paths);
    expect(size).toBeLessThan(20_000);
    // Five times round itself, then a plain reference: resolved exactly as deep as the paths name.
    let level: Record<string, unknown> = self;
    for (let depth = 1; depth <= 5; depth++) {
      const next = (level.related_products as Array<Record<string, unknown>>)[0]!;
      expect(next).toMatchObject({ uid: 'self-product', title: 'Self product' });
      level = next;
    }
    expect(level.related_products).toEqual([ref('product', 'self-product')]);
  });
});
