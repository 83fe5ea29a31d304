import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerce } from '#server/commerce/index.ts';
import { loadConfig } from '#server/config.ts';
import { createContentServices } from '#server/content/index.ts';
import { createEngine, createSearchServices, parseSearchRequest } from '#server/search/index.ts';
import { testDatabaseTargets } from '../support/test-databases.ts';
import { SEARCH_KEY, type SearchHarness, STACK, searchHarness } from './search-harness.ts';

const scope = {
  all: [{ stack: STACK }, { environment: 'production' }, { locale: 'en-us' }],
  any: [{ regions: ['us'] }],
};

describe.each(testDatabaseTargets)('search index lifecycle on $name', (target) => {
  let h: SearchHarness;
  const restart = () => {
    const config = loadConfig({
      CONTENT_API_KEY: STACK,
      CONTENT_CACHE_POLICY: '-1',
      SEARCH_KEY,
      SEARCH_SYNC_INTERVAL_MS: '0',
      SEARCH_CACHE_TTL_MS: '0',
    });
    return createSearchServices({
      config,
      db: h.handle.db,
      content: createContentServices({ config, db: h.handle.db }).client,
      commerce: createCommerce(h.handle.db),
    });
  };

  beforeAll(async () => {
    h = await searchHarness(target);
  }, 180_000);
  afterAll(async () => {
    h?.search.stop();
    await h?.handle.close();
  });

  it('does not rebuild on a restart when the index is up to date', async () => {
    const before = await h.search.engine.documentCount('ridgeline');
    const restarted = restart();
    await restarted.ready();
    const again = await restarted.sync();
    expect(again).toEqual({ written: 0, removed: 0, skipped: true });
    expect(await restarted.engine.documentCount('ridgeline')).toBe(before);
  });

  it('knows whether an engine holds documents without counting them', async () => {
    expect(await h.search.engine.hasDocuments('ridgeline')).toBe(true);
    expect(await h.search.engine.hasDocuments('no-such-engine')).toBe(false);
  });

  it("rewrites only what changed, and another process's cached answers follow the index version", async () => {
    // A second engine, as another server process would have, reading the index version on every request.
    const other = createEngine(h.handle.db, { versionCheckMs: 0 });
    const request = parseSearchRequest({ query: 'avalanche beacon drill', filters: scope });
    expect((await other.search('ridgeline', request)).meta.page.total_results).toBe(0);
    await h.handle.db.execute(
      sql`update content_publications set title = 'Avalanche beacon drill',
          fields = jsonb_set(fields, '{title}', '"Avalanche beacon drill"'), published_at = now()
          where content_type = 'support' and uid = 'icy-decking' and locale = 'en-us'`,
    );
    const result = await h.search.sync();
    // Only that article is rewritten: once per locale showing it (its own and those falling back to en-us).
    expect(result).toMatchObject({ removed: 0, skipped: false });
    expect(result.written).toBeGreaterThanOrEqual(1);
    expect(result.written).toBeLessThanOrEqual(8);
    const answer = await other.search('ridgeline', request);
    expect(answer.meta.page.total_results).toBeGreaterThan(0);
    expect(answer.results[0]?._meta).toMatchObject({ id: 'support-icy-decking' });
  });
});
