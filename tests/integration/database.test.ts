import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/database.ts';
import { commerceRegions, countries, currencies } from '#server/schema.ts';
import { isEmpty, seedDemoStore } from '#server/seed/seed.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

describe.each(testDatabaseTargets)('storage on $name', (target) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openMigrated(target);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('starts empty after migrations', async () => {
    expect(await isEmpty(handle.db)).toBe(true);
  });

  it('seeds the §9 regions, currencies and countries', async () => {
    await seedDemoStore(handle.db);
    expect(await isEmpty(handle.db)).toBe(false);
    const regions = await handle.db.select().from(commerceRegions).orderBy(commerceRegions.id);
    expect(regions.map((r) => [r.id, r.currencyCode])).toEqual([
      ['ca', 'CAD'],
      ['eu_region_1', 'EUR'],
      ['us', 'USD'],
    ]);
    const japan = await handle.db.select().from(countries).where(eq(countries.iso, 'jp'));
    expect(japan[0]?.continent).toBe('asia-pacific');
    expect(japan[0]?.languages.find((lang) => lang.langDefault)?.value).toBe('ja');
    const germany = await handle.db.select().from(countries).where(eq(countries.iso, 'de'));
    expect(germany[0]?.regionGroup).toBe('eu_region_1');
    const euro = await handle.db.select().from(currencies).where(eq(currencies.code, 'EUR'));
    expect(euro[0]).toMatchObject({
      token: '€',
      decimalToken: ',',
      thousandsToken: '.',
      tokenLocation: 'right',
    });
  });

  it('is idempotent: seeding twice adds nothing and repairs edited rows', async () => {
    const count = async () =>
      (await handle.db.select({ n: sql<number>`count(*)::int` }).from(countries))[0]?.n ?? 0;
    const before = await count();
    await handle.db.update(currencies).set({ token: 'X' }).where(eq(currencies.code, 'USD'));
    await seedDemoStore(handle.db);
    expect(await count()).toBe(before);
    const usd = await handle.db.select().from(currencies).where(eq(currencies.code, 'USD'));
    expect(usd[0]?.token).toBe('$');
  });

  it('applies migrations a second time as a no-op', async () => {
    await handle.migrate();
    expect(await isEmpty(handle.db)).toBe(false);
  });

  it('rejects a region whose currency does not exist and keeps the data intact', async () => {
    await expect(
      handle.db.insert(commerceRegions).values({ id: 'xx', name: 'Nowhere', currencyCode: 'ZZZ' }),
    ).rejects.toThrow();
    const regions = await handle.db.select().from(commerceRegions);
    expect(regions).toHaveLength(3);
  });
});
