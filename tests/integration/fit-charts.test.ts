import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '#server/audit/audit.ts';
import { auditLog } from '#server/audit/schema.ts';
import { dataVersions } from '#server/cache/schema.ts';
import { createFitCharts, type FitCharts } from '#server/commerce/fit-charts.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { seedReferenceData } from '#server/seed/seed.ts';
import { seedCommerce } from '#server/seed/seed-commerce.ts';
import { seedDemoFitCharts } from '#server/seed/seed-fit-charts.ts';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { insertActor } from '../support/staff-actor.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

const FRONTIER = catalogueProductId('ridgeline-frontier-mens');
const WHITEOUT = catalogueProductId('ridgeline-backcountry-whiteout');
const CUB = catalogueProductId('ridgeline-cub-kids');
const TIMBERLINE = catalogueProductId('ridgeline-timberline-mens');

/** Issue 45: fit charts per series, edited on the back office's Fit tab, audited, moving the catalogue version. */
describe.each(testDatabaseTargets)('fit charts on $name', (target) => {
  let handle: DatabaseHandle;
  let charts: FitCharts;
  let actor: Actor;

  beforeAll(async () => {
    handle = await openMigrated(target);
    await seedReferenceData(handle.db);
    await seedCommerce(handle.db);
    await seedDemoFitCharts(handle.db);
    charts = createFitCharts(handle.db);
    actor = await insertActor(handle.db, 'merchandiser', 'fit-test@ridgeline.example');
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  const catalogueVersion = async () =>
    (await handle.db.select().from(dataVersions).where(eq(dataVersions.scope, 'catalogue')))[0]?.version ?? 0;
  const audits = async (productId: number) =>
    handle.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(productId))));

  it('reads the seeded charts, and none for a kids’ snowshoe', async () => {
    const found = await charts.chartsOf([FRONTIER, CUB]);
    expect(found.get(FRONTIER)).toEqual([
      { size: '22 in', minKg: 45, maxKg: 80 },
      { size: '25 in', minKg: 80, maxKg: 113 },
      { size: '30 in', minKg: 113, maxKg: 159 },
    ]);
    expect(found.has(CUB)).toBe(false);
    expect((await charts.chartsOf([])).size).toBe(0);
  });

  it('shows which products share a series', async () => {
    const view = await charts.admin.productFit(FRONTIER);
    expect(view.sizes).toEqual(['22 in', '25 in', '30 in']);
    expect(view.series?.name).toBe('Deep snow, up to 159 kg');
    expect(view.sharedWith.map((entry) => entry.id)).toEqual([WHITEOUT]);
  });

  it('refuses a chart with a gap or an overlap, or other sizes than the product’s, and saves nothing', async () => {
    await expect(
      charts.admin.saveChart(actor, FRONTIER, {
        name: 'Deep snow, up to 159 kg',
        ranges: [
          { size: '22 in', minKg: 45, maxKg: 80 },
          { size: '25 in', minKg: 85, maxKg: 113 },
          { size: '30 in', minKg: 110, maxKg: 159 },
        ],
      }),
    ).rejects.toThrow(
      'No size carries 80–85 kg: 25 in must start where 22 in ends (80 kg). 25 in and 30 in both carry 110–113 kg',
    );
    await expect(
      charts.admin.saveChart(actor, FRONTIER, {
        name: 'Deep snow, up to 159 kg',
        ranges: [
          { size: '25 in', minKg: 45, maxKg: 80 },
          { size: '30 in', minKg: 80, maxKg: 159 },
        ],
      }),
    ).rejects.toThrow(
      "The chart must list this product's sizes in order (22 in, 25 in, 30 in), not 25 in, 30 in.",
    );
    expect((await charts.chartsOf([FRONTIER])).get(FRONTIER)?.[1]).toEqual({
      size: '25 in',
      minKg: 80,
      maxKg: 113,
    });
  });

  it('edits a series for every product in it, audited, and moves the catalogue version', async () => {
    const before = await catalogueVersion();
    const ranges = [
      { size: '22 in', minKg: 45, maxKg: 82 },
      { size: '25 in', minKg: 82, maxKg: 115 },
      { size: '30 in', minKg: 115, maxKg: 159 },
    ];
    await charts.admin.saveChart(actor, FRONTIER, { name: 'Deep snow, up to 159 kg', ranges });
    expect((await charts.chartsOf([WHITEOUT])).get(WHITEOUT)).toEqual(ranges);
    expect(await catalogueVersion()).toBeGreaterThan(before);
    const entries = await audits(FRONTIER);
    expect(entries.map((entry) => entry.action)).toContain('product.fit-chart');
  });

  it('refuses to rename a series to another series’ name', async () => {
    await expect(
      charts.admin.saveChart(actor, FRONTIER, {
        name: "Men's trail, up to 100 kg",
        ranges: [
          { size: '22 in', minKg: 45, maxKg: 82 },
          { size: '25 in', minKg: 82, maxKg: 115 },
          { size: '30 in', minKg: 115, maxKg: 159 },
        ],
      }),
    ).rejects.toThrow('A series called "Men\'s trail, up to 100 kg" exists');
  });

  it('removes a product’s chart, sizes it by an existing series, and starts a new series', async () => {
    await charts.admin.removeChart(actor, TIMBERLINE);
    expect((await charts.chartsOf([TIMBERLINE])).has(TIMBERLINE)).toBe(false);
    const mountain = (await charts.admin.productFit(TIMBERLINE)).allSeries.find(
      (series) => series.name === 'Mountain, up to 136 kg',
    )!;
    await charts.admin.useSeries(actor, TIMBERLINE, mountain.id);
    expect((await charts.chartsOf([TIMBERLINE])).get(TIMBERLINE)?.at(-1)?.maxKg).toBe(136);
    const kids = (await charts.admin.productFit(CUB)).allSeries.find(
      (series) => series.name === mountain.name,
    )!;
    await expect(charts.admin.useSeries(actor, CUB, kids.id)).rejects.toThrow(
      "The chart must list this product's sizes in order (17 in, 19 in), not 22 in, 25 in, 30 in.",
    );
    await charts.admin.saveChart(actor, CUB, {
      name: "Kids', up to 36 kg",
      ranges: [
        { size: '17 in', minKg: 10, maxKg: 25 },
        { size: '19 in', minKg: 25, maxKg: 36 },
      ],
    });
    expect((await charts.admin.productFit(CUB)).series?.name).toBe("Kids', up to 36 kg");
    expect((await audits(TIMBERLINE)).map((entry) => entry.action)).toEqual([
      'product.fit-series',
      'product.fit-series',
    ]);
  });
});
