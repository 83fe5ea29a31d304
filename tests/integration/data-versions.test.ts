import { type PGlite, protocol } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bumpDataVersion,
  createDataVersionWatcher,
  createVersionedCache,
  READ_CACHE_VERSION_INTERVAL_MS,
  scopeVersion,
} from '#server/cache/data-version.ts';
import { dataVersions } from '#server/cache/schema.ts';
import { createCommerce } from '#server/commerce/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { currencies, products } from '#server/schema.ts';
import { openMigrated, openSeeded, testDatabaseTargets } from '../support/test-databases.ts';

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

  it('reads the database at most once per interval, and on the embedded database again after each write', async () => {
    const watcher = createDataVersionWatcher(handle.db, 60_000);
    const first = await watcher.current();
    await bumpDataVersion(handle.db, 'content');
    const next = await watcher.current();
    if (target.name === 'pglite') {
      // One process owns the embedded database: its own write is the only way the versions move.
      expect(next).not.toBe(first);
    } else {
      // PostgreSQL has other writers: the version is polled.
      expect(next).toBe(first);
    }
  });

  it('does not read the embedded database again while nothing was written', async () => {
    if (target.name !== 'pglite') return;
    const watcher = createDataVersionWatcher(handle.db, 0);
    const first = await watcher.current();
    // A write the client does not count (a raw protocol message, as migrations send) is only seen after the
    // backstop interval: proof that plain reads in between were answered from memory.
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    await client.execProtocol(
      protocol.serialize.query("update data_versions set version = version + 1 where scope = 'content'"),
    );
    await handle.db.select({ one: sql`1` }).from(dataVersions);
    expect(await watcher.current()).toBe(first);
    // Any counted write (here a transaction) makes the next read see it, the raw one included.
    await handle.db.transaction(async (tx) => {
      await tx.select({ one: sql`1` }).from(dataVersions);
    });
    expect(await watcher.current()).not.toBe(first);
  });
});

describe.each(testDatabaseTargets)('read caches on data versions on $name', (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openSeeded(target);
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
