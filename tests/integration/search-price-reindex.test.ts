import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerce } from '#server/commerce/index.ts';
import { productPrices, products } from '#server/commerce/schema-catalogue.ts';
import { loadConfig } from '#server/config.ts';
import { createContentServices } from '#server/content/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { createSearchServices, type SearchServices } from '#server/search/index.ts';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { eventually, type StoreProcess, storeProcess } from '../support/store-process.ts';
import { openSeeded, testDatabaseTargets } from '../support/test-databases.ts';

const A = 'ridgeline-summit-trail-mens';
const B = 'ridgeline-velocity-run';

/** Each row's transaction id: a row rewritten (even with the same values) gets a new one. */
async function rowVersions(handle: DatabaseHandle, ids: readonly string[]): Promise<Map<string, string>> {
  const result = (await handle.db.execute(sql`
    select locale || '|' || id as key, xmin::text as x from search_documents
    where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`)) as unknown as {
    rows: Array<{ key: string; x: string }>;
  };
  return new Map(result.rows.map((row) => [row.key, row.x]));
}

async function vocabularyVersions(handle: DatabaseHandle): Promise<string> {
  const result = (await handle.db.execute(
    sql`select count(*)::text || ':' || coalesce(string_agg(xmin::text, ',' order by locale, term), '') as v
        from search_terms`,
  )) as unknown as { rows: Array<{ v: string }> };
  return result.rows[0]!.v;
}

describe.each(testDatabaseTargets)('a price change re-indexes its product only, on $name', (target) => {
  let handle: DatabaseHandle;
  let dataDir: string;
  let search: SearchServices;
  let store: StoreProcess;
  let idA: number;

  beforeAll(async () => {
    handle = await openSeeded(target);
    dataDir = mkdtempSync(join(tmpdir(), 'ridgeline-reindex-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      CONTENT_CACHE_POLICY: '-1',
      SEARCH_SYNC_INTERVAL_MS: '0',
    });
    const content = createContentServices({ config, db: handle.db });
    search = createSearchServices({
      config,
      db: handle.db,
      content: content.client,
      commerce: createCommerce(handle.db),
    });
    await search.ready();
    await search.sync();
    store = storeProcess(handle, { content: content.client, search: search.client });
    idA = catalogueProductId(A);
  }, 180_000);
  afterAll(async () => {
    search?.stop();
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("rewrites A's documents in every locale with the new price, and no other row or word", async () => {
    const before = await store.get('/search?q=summit');
    expect(before.body).toContain(`${A}=`);
    expect(before.body).not.toContain(`${A}=123.45`);
    const blog = await store.get('/blog');
    const other = await store.get(`/p/${B}`);
    const rowsA = await rowVersions(handle, [`product-${A}`]);
    const rowsB = await rowVersions(handle, [`product-${B}`]);
    const words = await vocabularyVersions(handle);
    expect(rowsA.size).toBeGreaterThan(1);
    expect(rowsB.size).toBeGreaterThan(1);

    await handle.db
      .update(productPrices)
      .set({ retailPrice: 123.45, salePrice: null })
      .where(and(eq(productPrices.productId, idA), eq(productPrices.regionId, 'us')));
    const result = await search.sync();

    expect(result.grain).toBe('products');
    // A's documents only (one per locale), each rewritten: its US price is in every one.
    expect(result.documents).toBe(rowsA.size);
    expect(result.written).toBe(rowsA.size);
    expect(result.removed).toBe(0);
    const afterA = await rowVersions(handle, [`product-${A}`]);
    for (const [key, version] of rowsA) expect(afterA.get(key), key).not.toBe(version);
    expect(await rowVersions(handle, [`product-${B}`])).toEqual(rowsB);
    expect(await vocabularyVersions(handle)).toBe(words);

    const found = await eventually(
      () => store.get('/search?q=summit'),
      (page) => page.body.includes(`${A}=123.45`),
    );
    expect(found.state).toBe('MISS');
    expect(found.body).toContain(`${A}=123.45`);
    expect(await store.get('/blog')).toEqual({ state: 'HIT', body: blog.body });
    expect(await store.get(`/p/${B}`)).toEqual({ state: 'HIT', body: other.body });
  });

  it('builds the whole index again when the catalogue itself changed (a product renamed)', async () => {
    const [row] = await handle.db.select().from(products).where(eq(products.id, idA));
    await handle.db
      .update(products)
      .set({ name: `${row!.name} Pro` })
      .where(eq(products.id, idA));
    const result = await search.sync();
    expect(result.grain).toBe('all');
    expect(result.documents).toBeGreaterThan(100);
    await handle.db.update(products).set({ name: row!.name }).where(eq(products.id, idA));
  });

  it('writes nothing when a sync finds no change, and leaves the search page cached', async () => {
    await search.sync();
    await new Promise((resolve) => setTimeout(resolve, 150));
    const page = await store.get('/search?q=summit');
    expect(await search.sync()).toMatchObject({ written: 0, removed: 0, skipped: true });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await store.get('/search?q=summit')).toEqual({ state: 'HIT', body: page.body });
  });
});
