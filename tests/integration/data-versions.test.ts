import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpDataVersion, createDataVersionWatcher } from '#server/cache/data-version.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { currencies } from '#server/db/schema.ts';
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
