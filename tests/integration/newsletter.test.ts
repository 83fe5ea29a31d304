import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/database.ts';
import { subscribe } from '#server/newsletter/subscribe.ts';
import { newsletterSubscriptions } from '#server/schema.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

describe.each(testDatabaseTargets)('newsletter subscriptions on $name', (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('stores one row per list, lower-cased, and ignores repeats', async () => {
    const entry = { listIds: ['news-na', 'pro-na'], locale: 'en-us', contentRegion: 'us' };
    await subscribe(handle.db, { ...entry, email: ' Ana@Example.com ' });
    await subscribe(handle.db, { ...entry, email: 'ana@example.com' });
    const rows = await handle.db.select().from(newsletterSubscriptions);
    expect(rows.map((row) => [row.email, row.listId]).sort()).toEqual([
      ['ana@example.com', 'news-na'],
      ['ana@example.com', 'pro-na'],
    ]);
  });
});
