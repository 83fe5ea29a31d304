import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerce } from '#server/commerce/index.ts';
import { loadConfig } from '#server/config.ts';
import { createContentServices } from '#server/content/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import {
  createGraphqlClient,
  createGraphqlRoutes,
  GRAPHQL_LIMITS,
  type GraphqlClient,
} from '#server/graphql/index.ts';
import { CATALOGUE_PRODUCTS, catalogueProductId } from '../../seed/catalogue/index.ts';
import { openSeeded, testDatabaseTargets } from '../support/test-databases.ts';

describe.each(testDatabaseTargets)('GraphQL endpoint on $name', (target) => {
  let handle: DatabaseHandle;
  let server: ReturnType<typeof serve>;
  let endpoint: string;
  let client: GraphqlClient;

  beforeAll(async () => {
    handle = await openSeeded(target);
    const content = createContentServices({ config: loadConfig({}), db: handle.db });
    const app = new Hono().route(
      '/graphql',
      createGraphqlRoutes({ content: content.client, commerce: createCommerce(handle.db) }),
    );
    server = await new Promise((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
    client = createGraphqlClient({ endpoint });
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await handle?.close();
  });

  const raw = async (query: string, method: 'GET' | 'POST' = 'POST') => {
    const response =
      method === 'POST'
        ? await fetch(endpoint, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query }),
          })
        : await fetch(`${endpoint}?${new URLSearchParams({ query })}`, {
            headers: { accept: 'application/json' },
          });
    return {
      status: response.status,
      body: (await response.json()) as { data?: unknown; errors?: Array<{ message: string }> },
    };
  };

  it('GetColorGroups: groups with swatch and child colours, in the locale', async () => {
    const groups = await client.getColorGroups('fr');
    const blues = groups.find((group) => group.uid === 'blues');
    expect(blues).toEqual({
      uid: 'blues',
      color_name: 'Bleu',
      option_swatch_hex: '#6fa8d6',
      child_colors: ['Glacier Blue', 'Midnight Navy', 'Aurora Teal'],
    });
    expect((await client.getColorGroups('sv')).find((group) => group.uid === 'blues')?.color_name).toBe(
      'Blått',
    );
  });

  it('GetRelatedProducts by uids: no current product, no duplicates, 4 by default, priced in the region', async () => {
    const uids = [
      'ridgeline-summit-trail-mens',
      'ridgeline-cascade-mens',
      'ridgeline-cascade-mens',
      'ridgeline-granite-peak-mens',
      'no-such-product',
      'ridgeline-pathfinder-mens',
      'ridgeline-frontier-mens',
      'ridgeline-timberline-mens',
    ];
    const related = await client.getRelatedProducts({
      uids,
      locale: 'de',
      bcRegion: 'eu_region_1',
      currentUid: 'ridgeline-summit-trail-mens',
    });
    expect(related.map((p) => p.uid)).toEqual([
      'ridgeline-cascade-mens',
      'ridgeline-granite-peak-mens',
      'ridgeline-pathfinder-mens',
      'ridgeline-frontier-mens',
    ]);
    expect(related[0]?.title).toBe('Cascade Herren-Schneeschuh');
    const bc = related[0]?.bcProduct as {
      id: number;
      calculatedPrice: { currencyCode: string };
      variants: Array<Record<string, unknown>>;
    };
    expect(bc.id).toBe(catalogueProductId('ridgeline-cascade-mens'));
    expect(bc.calculatedPrice.currencyCode).toBe('EUR');
    expect(bc.variants[0]).not.toHaveProperty('retailPrice');
    const withRetail = await client.getRelatedProducts({
      uids: ['ridgeline-cascade-mens'],
      locale: 'en-us',
      bcRegion: 'us',
      includeVariantRetailPrice: true,
    });
    expect(
      (withRetail[0]!.bcProduct as { variants: Array<Record<string, unknown>> }).variants[0],
    ).toHaveProperty('retailPrice');
  });

  it('GetRelatedProducts by commerce ids: 8 by default, current id excluded, only what the content region may see', async () => {
    const ids = CATALOGUE_PRODUCTS.slice(0, 12).map((product) => catalogueProductId(product.slug));
    const related = await client.getRelatedProducts({
      ids,
      locale: 'en-us',
      bcRegion: 'us',
      currentId: ids[0],
    });
    expect(related).toHaveLength(8);
    expect(related.map((p) => (p.bcProduct as { id: number }).id)).not.toContain(ids[0]);
    expect(new Set(related.map((p) => p.uid)).size).toBe(8);
    const hidden = await client.getRelatedProducts({
      ids,
      locale: 'en-us',
      bcRegion: 'us',
      ctsRegion: 'not-a-region',
    });
    expect(hidden).toEqual([]);
  });

  it('GetAutomatedRelatedProductIds: random picks across the category, filtered, never the current product', async () => {
    const current = 'ridgeline-summit-trail-mens';
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const result = await client.getAutomatedRelatedProductIds({
        categoryId: 'snowshoes',
        bcRegion: 'us',
        ctsRegion: 'us',
        locale: 'en-us',
        currentUid: current,
        limit: 5,
      });
      expect(result.ids).toHaveLength(5);
      expect(result.uids).not.toContain(current);
      expect(new Set(result.ids).size).toBe(5);
      expect(result.ids).toEqual(result.uids.map((uid) => catalogueProductId(uid)));
      for (const uid of result.uids) {
        expect(CATALOGUE_PRODUCTS.find((p) => p.slug === uid)?.category).toBe('snowshoes');
        seen.add(uid);
      }
    }
    expect(seen.size).toBeGreaterThan(5);
    const filtered = await client.getAutomatedRelatedProductIds({
      categoryId: 'snowshoes-mens',
      bcRegion: 'us',
      locale: 'en-us',
      productAttributes: [{ attribute: 'terrain', values: ['mountain'] }],
    });
    const mountainMens = CATALOGUE_PRODUCTS.filter(
      (p) =>
        p.categoryPath === 'snowshoes/mens' &&
        /mountain|steep/i.test(p.specs.find((s) => s.name === 'Terrain')?.value ?? ''),
    ).map((p) => p.slug);
    expect(filtered.uids.length).toBeGreaterThan(0);
    expect(filtered.uids.every((uid) => mountainMens.includes(uid))).toBe(true);
    const byCommerceId = await client.getAutomatedRelatedProductIds({
      categoryId: '24',
      bcRegion: 'ca',
      locale: 'en-us',
    });
    expect(byCommerceId.uids.every((uid) => uid.endsWith('-run'))).toBe(true);
    expect(byCommerceId.ids.length).toBeGreaterThan(0);
  });

  it('GetErrorPage: the localised page with its banner and the products sold in the region', async () => {
    const page = await client.getErrorPage('de', 'us');
    expect(page?.header).toBe('Seite nicht gefunden');
    expect((page!.banner as Array<{ uid: string }>)[0]?.uid).toBe('banner-error');
    expect(page?.products.map((p) => p.uid)).toEqual([
      'ridgeline-summit-trail-mens',
      'ridgeline-summit-trail-womens',
      'ridgeline-velocity-run',
      'ridgeline-trail-pole-3',
    ]);
    expect(
      (page!.products[0]!.bcProduct as { calculatedPrice: { currencyCode: string } }).calculatedPrice
        .currencyCode,
    ).toBe('USD');
    expect((await client.getErrorPage('it'))?.header).toBe('Pagina non trovata');
  });

  it('answers errors as GraphQL errors; the client throws the first message or the status', async () => {
    await expect(
      client.getRelatedProducts({ uids: ['a'], locale: 'en-us', bcRegion: 'mars' }),
    ).rejects.toThrow('Unknown bcRegion mars.');
    const invalid = await raw('{ colorGroups { nope } }', 'GET');
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors?.[0]?.message).toMatch(/Cannot query field "nope"/);
    const broken = createGraphqlClient({
      endpoint: 'http://x/graphql',
      fetch: async () => new Response('<html>bad gateway</html>', { status: 502 }),
    });
    await expect(broken.getColorGroups('en-us')).rejects.toThrow('GraphQL Error (Code: 502)');
    await expect(
      client.request('query { relatedProducts(uids: [], bcRegion: "us", limit: 500) { uid } }'),
    ).rejects.toThrow('limit must be from 1 to 24.');
  });

  it('accepts POST as well as GET', async () => {
    const post = createGraphqlClient({ endpoint, method: 'POST' });
    expect((await post.getColorGroups('en-us')).length).toBeGreaterThan(3);
    const viaGet = await raw('{ colorGroups(locale: "ja") { color_name } }', 'GET');
    expect(viaGet.status).toBe(200);
    expect(
      (viaGet.body.data as { colorGroups: Array<{ color_name: string }> }).colorGroups[0]?.color_name,
    ).toMatch(/[\u3040-\u30ff]/);
  });

  it('rejects deep, costly, aliased and oversized queries, and keeps serving', async () => {
    const deep = await raw(
      '{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } }',
    );
    expect(deep.status).toBe(400);
    expect(deep.body.errors?.[0]?.message).toMatch(/too deep/);

    const costly = await raw(
      `{ ${Array.from({ length: 12 }, (_, i) => `r${i}: relatedProducts(uids: ["a"], bcRegion: "us") { uid bcProduct { id variants product_options } }`).join(' ')} }`,
    );
    expect(costly.status).toBe(400);
    expect(costly.body.errors?.map((e) => e.message).join(' ')).toMatch(/too costly|too many aliases/);

    const fragments = Array.from({ length: 6 }, (_, i) =>
      i === 5
        ? `fragment F${i} on RelatedProduct { uid title url }`
        : `fragment F${i} on RelatedProduct { ${Array.from({ length: 10 }, () => `...F${i + 1}`).join(' ')} }`,
    ).join(' ');
    const started = Date.now();
    const bomb = await raw(`{ relatedProducts(uids: ["a"], bcRegion: "us") { ...F0 } } ${fragments}`);
    expect(bomb.status).toBe(400);
    expect(bomb.body.errors?.[0]?.message).toMatch(/too costly/);
    expect(Date.now() - started).toBeLessThan(2000);

    const huge = await raw(`{ ${'colorGroups { uid } '.repeat(600)} }`);
    expect([400, 413]).toContain(huge.status);
    expect(Buffer.byteLength(`{ ${'colorGroups { uid } '.repeat(600)} }`)).toBeGreaterThan(
      GRAPHQL_LIMITS.maxDocumentBytes,
    );

    const tokens = await raw(`{ colorGroups(locale: "${'x'.repeat(10)}") { ${'uid '.repeat(1600)} } }`);
    expect(tokens.status).toBe(400);
    expect(tokens.body.errors?.[0]?.message).toMatch(/1500 tokens/);

    expect((await client.getColorGroups('en-us')).length).toBeGreaterThan(3);
  });
});
