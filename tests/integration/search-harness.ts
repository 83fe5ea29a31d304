import { Hono } from 'hono';
import { createCommerce } from '#server/commerce/index.ts';
import { loadConfig } from '#server/config.ts';
import { createContentServices } from '#server/content/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { createSearchServices, type SearchServices } from '#server/search/index.ts';
import { seedLargeCatalogue } from '#server/seed/seed-commerce.ts';
import { openSeeded, type TestDatabaseTarget } from '../support/test-databases.ts';

export const SEARCH_KEY = 'search-test-key';
/** The content stack's api key, which search documents carry as their `stack` (§7). */
export const STACK = 'blt-test-stack';

export interface SearchHarness {
  handle: DatabaseHandle;
  search: SearchServices;
  app: Hono;
  post(path: string, body: unknown, key?: string | null): Promise<Response>;
}

/**
 * A seeded demo store (plus `extraProducts` generated copies of its products) with the search service mounted
 * at /search and its index built.
 */
export async function searchHarness(target: TestDatabaseTarget, extraProducts = 0): Promise<SearchHarness> {
  const handle = await openSeeded(target);
  if (extraProducts > 0) await seedLargeCatalogue(handle.db, extraProducts);
  const config = loadConfig({
    CONTENT_API_KEY: STACK,
    CONTENT_CACHE_POLICY: '-1',
    SEARCH_KEY,
    SEARCH_SYNC_INTERVAL_MS: '0',
    SEARCH_CACHE_TTL_MS: '0',
  });
  const content = createContentServices({ config, db: handle.db });
  const search = createSearchServices({
    config,
    db: handle.db,
    content: content.client,
    commerce: createCommerce(handle.db),
  });
  await search.sync();
  // Searches are answered from the in-memory index from here on (decision 0015).
  await search.engine.prepare(config.SEARCH_ENGINE);
  const app = new Hono().route('/search', search.service);
  return {
    handle,
    search,
    app,
    post: (path, body, key = SEARCH_KEY) =>
      Promise.resolve(
        app.fetch(
          new Request(`http://test/search/api/as/v1/engines/ridgeline/${path}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(key ? { authorization: `Bearer ${key}` } : {}),
            },
            body: typeof body === 'string' ? body : JSON.stringify(body),
          }),
        ),
      ),
  };
}
