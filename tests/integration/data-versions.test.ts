import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bumpDataVersion,
  createDataVersionWatcher,
  createVersionedCache,
  READ_CACHE_VERSION_INTERVAL_MS,
  scopeVersion,
} from '#server/cache/data-version.ts';
import { createCommerce } from '#server/commerce/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { currencies, products } from '#server/schema.ts';
import { seedDemoStore } from '#server/seed/seed.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

describe.each(testDatabaseTargets)('page cache data versions on $name', (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('moves when catalogue data is written, by a trigger in the database', async () => {
    const watcher = createDataVersionWatcher(handle.db, 0);
    const before = await watcher.current();
    await handle.db.insert(currencies).values({
      code: 'ISK',
      token: 'kr',
      decimalToken: ',',
      thousandsToken: '.',
      decimalPlaces: 0,
      tokenLocation: 'right',
    });
    const afterInsert = await watcher.current();
    expect(afterInsert).not.toBe(before);
    expect(afterInsert).toMatch(/catalogue:\d+/);
    await handle.db.update(currencies).set({ token: 'ikr' }).where(eq(currencies.code, 'ISK'));
    expect(await watcher.current()).not.toBe(afterInsert);
  });

  it('can be bumped by hand for a scope', async () => {
    const watcher = createDataVersionWatcher(handle.db, 0);
    await bumpDataVersion(handle.db, 'content');
    const once = await watcher.current();
    await bumpDataVersion(handle.db, 'content');
    expect(await watcher.current()).not.toBe(once);
  });

  it('reads the database at most once per interval', async () => {
    const watcher = createDataVersionWatcher(handle.db, 60_000);
    const first = await watcher.current();
    await bumpDataVersion(handle.db, 'content');
    expect(await watcher.current()).toBe(first);
  });
});

describe.each(testDatabaseTargets)('read caches on data versions on $name', (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
    await seedDemoStore(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('keep a value until the scope they follow moves, and only that scope', async () => {
    const watcher = createDataVersionWatcher(handle.db, 0);
    const cache = createVersionedCache<number>({
      version: async () => scopeVersion(await watcher.current(), ['catalogue']),
    });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    await bumpDataVersion(handle.db, 'content');
    expect(await cache.get('k', load)).toBe(1);
    await bumpDataVersion(handle.db, 'catalogue');
    expect(await cache.get('k', load)).toBe(2);
  });

  it('shows a catalogue write on the next product read', async () => {
    const commerce = createCommerce(handle.db);
    const pricing = await commerce.groups.pricing('us', null);
    const before = await commerce.catalogue.getProductBySlug(pricing, 'ridgeline-velocity-run');
    expect(before).not.toBeNull();
    await handle.db
      .update(products)
      .set({ name: 'Velocity Run (renamed)' })
      .where(eq(products.slug, 'ridgeline-velocity-run'));
    await new Promise((resolve) => setTimeout(resolve, READ_CACHE_VERSION_INTERVAL_MS + 20));
    const after = await commerce.catalogue.getProductBySlug(pricing, 'ridgeline-velocity-run');
    expect(after?.name).toBe('Velocity Run (renamed)');
  });
});
