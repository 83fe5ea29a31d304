import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { keepDeliveryKeys } from '#server/keys/keep-delivery-keys.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';
import { openSecurityApp, type SecurityApp } from './harness.ts';

/**
 * Issue 17 #7: the README published the delivery keys (`ridgeline-demo`, `ridgeline-demo-delivery`,
 * `search-ridgeline-demo`) and every installation accepted them. Keys not set are now drawn per database.
 */
const PUBLISHED = {
  api_key: 'ridgeline-demo',
  access_token: 'ridgeline-demo-delivery',
  search: 'search-ridgeline-demo',
};
const ENTRIES = '/cms/v3/content_types/header/entries?environment=production&locale=en-us';
const SEARCH = '/search/api/as/v1/engines/ridgeline/search.json';

describe('an installation with no keys in its settings', () => {
  let store: SecurityApp;
  beforeAll(async () => {
    store = await openSecurityApp();
  }, 60_000);
  afterAll(async () => {
    await store?.close();
  });

  const search = (key: string) =>
    store.app.request(SEARCH, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'snowshoe', page: { size: 1 } }),
    });

  it('refuses the keys the README used to publish, on /cms, /api/interstack and /search', async () => {
    const cms = await store.app.request(ENTRIES, {
      headers: { api_key: PUBLISHED.api_key, access_token: PUBLISHED.access_token },
    });
    expect(cms.status).toBe(412); // the hosted protocol's answer to an unknown api_key
    const token = await store.app.request(ENTRIES, {
      headers: { api_key: store.services.config.CONTENT_API_KEY, access_token: PUBLISHED.access_token },
    });
    expect(token.status).toBe(401);
    const interstack = await store.app.request(
      `/api/interstack/references?content_type=duplicate_display_text&api_key=${PUBLISHED.api_key}&entry_uids=cart-summary-labels&locale=de`,
    );
    expect(interstack.status).toBeGreaterThanOrEqual(400);
    expect((await search(PUBLISHED.search)).status).toBe(401);
  });

  it("accepts its own keys, the ones the storefront's clients send", async () => {
    const { config } = store.services;
    const cms = await store.app.request(ENTRIES, {
      headers: { api_key: config.CONTENT_API_KEY, access_token: config.CONTENT_DELIVERY_TOKEN },
    });
    expect(cms.status).toBe(200);
    expect((await search(config.SEARCH_KEY)).status).toBe(200);
    expect(Object.values(PUBLISHED)).not.toContain(config.CONTENT_API_KEY);
  });

  it('draws different keys for every configuration that does not set them', () => {
    const [a, b] = [loadConfig({}), loadConfig({})];
    for (const name of [
      'CONTENT_API_KEY',
      'CONTENT_DELIVERY_TOKEN',
      'SEARCH_KEY',
      'CONTENT_MANAGEMENT_TOKEN',
      'CONTENT_PREVIEW_TOKEN',
      'STAFF_INVITE_KEY',
      'THROTTLE_KEY',
    ] as const) {
      expect(a[name]).not.toBe(b[name]);
      expect(a[name].length).toBeGreaterThanOrEqual(16);
    }
  });
});

describe.each(testDatabaseTargets)('delivery keys kept on $name', (target) => {
  it('keeps the first start’s keys for every later start and process, and never stores keys set in settings', async () => {
    const handle = await openMigrated(target);
    try {
      const first = await keepDeliveryKeys(handle.db, loadConfig({}), {});
      expect(first.generated).toEqual([
        'CONTENT_API_KEY',
        'CONTENT_DELIVERY_TOKEN',
        'SEARCH_KEY',
        'CONTENT_MANAGEMENT_TOKEN',
        'CONTENT_PREVIEW_TOKEN',
        'STAFF_INVITE_KEY',
        'THROTTLE_KEY',
      ]);
      // A restart (or a second process on this database) draws other keys and is handed the kept ones.
      const [again, parallel] = await Promise.all([
        keepDeliveryKeys(handle.db, loadConfig({}), {}),
        keepDeliveryKeys(handle.db, loadConfig({}), {}),
      ]);
      for (const kept of [again, parallel]) {
        expect(kept.config.CONTENT_API_KEY).toBe(first.config.CONTENT_API_KEY);
        expect(kept.config.CONTENT_DELIVERY_TOKEN).toBe(first.config.CONTENT_DELIVERY_TOKEN);
        expect(kept.config.SEARCH_KEY).toBe(first.config.SEARCH_KEY);
        expect(kept.config.CONTENT_MANAGEMENT_TOKEN).toBe(first.config.CONTENT_MANAGEMENT_TOKEN);
        expect(kept.config.CONTENT_PREVIEW_TOKEN).toBe(first.config.CONTENT_PREVIEW_TOKEN);
        expect(kept.config.STAFF_INVITE_KEY).toBe(first.config.STAFF_INVITE_KEY);
        expect(kept.config.THROTTLE_KEY).toBe(first.config.THROTTLE_KEY);
      }
      // Settings win, and are not written down.
      const env = { SEARCH_KEY: 'search-from-settings', CONTENT_API_KEY: '' };
      const set = await keepDeliveryKeys(handle.db, loadConfig(env), env);
      expect(set.generated).toEqual([
        'CONTENT_API_KEY',
        'CONTENT_DELIVERY_TOKEN',
        'CONTENT_MANAGEMENT_TOKEN',
        'CONTENT_PREVIEW_TOKEN',
        'STAFF_INVITE_KEY',
        'THROTTLE_KEY',
      ]);
      expect(set.config.SEARCH_KEY).toBe('search-from-settings');
      expect(set.config.CONTENT_API_KEY).toBe(first.config.CONTENT_API_KEY);
      const rows = (await handle.db.execute(
        'select name, value from delivery_keys order by name',
      )) as unknown as {
        rows: { name: string; value: string }[];
      };
      expect(rows.rows.map((row) => row.value)).not.toContain('search-from-settings');
      expect(rows.rows).toHaveLength(7);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
