import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { DEMO_FIT_SERIES } from '../../seed/fit-charts.ts';
import { seedFitCharts } from '../commerce/fit-charts.ts';
import type { Database } from '../db/database.ts';

/** Writes the demo store's fit charts (seed/fit-charts.ts) and points their products at them. */
export function seedDemoFitCharts(db: Database): Promise<void> {
  return seedFitCharts(
    db,
    DEMO_FIT_SERIES.map((series) => ({
      name: series.name,
      ranges: series.ranges,
      productIds: series.products.map(catalogueProductId),
    })),
  );
}
