import { asc, eq, inArray } from 'drizzle-orm';
import { type FitRange, fitRangeProblemSentence, fitRangeProblems } from '#core/fit-finder.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { badRequest, conflict, notFound } from './errors.ts';
import { products } from './schema-catalogue.ts';
import { fitSeries, productFitSeries } from './schema-fit.ts';

/**
 * Fit charts (issue 45, decision 0040): the storefront reads a product's chart to recommend a size; the back
 * office's product Fit tab points a product at a series and edits the series' chart. Each change is one
 * transaction with its audit entry; the tables' triggers move the 'catalogue' data version, so cached product and
 * category pages show the new chart at once.
 */

export interface FitSeriesView {
  id: number;
  name: string;
  ranges: FitRange[];
}

export interface ProductFitView {
  productId: number;
  productName: string;
  /** The product's size values in its own order (the chart must give each one a range). */
  sizes: string[];
  series: FitSeriesView | null;
  /** The other products sized by the same series: an edit of its chart changes theirs too. */
  sharedWith: { id: number; name: string }[];
  allSeries: FitSeriesView[];
}

export interface FitChartAdmin {
  productFit(productId: number): Promise<ProductFitView>;
  /** Edits the product's series' chart (or starts a new series when the product has none) and renames it. */
  saveChart(
    actor: Actor,
    productId: number,
    input: { name: string; ranges: FitRange[] },
  ): Promise<FitSeriesView>;
  /** Sizes the product by an existing series, whose sizes must be the product's. */
  useSeries(actor: Actor, productId: number, seriesId: number): Promise<FitSeriesView>;
  /** The product has no chart any more: the storefront says so. */
  removeChart(actor: Actor, productId: number): Promise<void>;
}

export interface FitCharts {
  /** The chart of each product that has one (smallest size first); a product without one is absent. */
  chartsOf(productIds: readonly number[]): Promise<Map<number, FitRange[]>>;
  admin: FitChartAdmin;
}

const SIZE_OPTION = /^size$/i;

function sizesOf(options: { name: string; displayName: string; values: { label: string }[] }[]): string[] {
  const option = options.find((entry) => SIZE_OPTION.test(entry.displayName || entry.name));
  return option ? option.values.map((value) => value.label) : [];
}

function checkChart(ranges: FitRange[], sizes: string[]): void {
  const problems = fitRangeProblems(ranges);
  if (problems.length > 0) throw badRequest(problems.map(fitRangeProblemSentence).join(' '));
  const charted = ranges.map((range) => range.size);
  if (charted.join('|') !== sizes.join('|'))
    throw badRequest(
      `The chart must list this product's sizes in order (${sizes.join(', ') || 'none'}), not ${charted.join(', ')}.`,
    );
}

/** Writes the demo charts (seed/fit-charts.ts) for the demo products that exist; a series that exists is kept. */
export async function seedFitCharts(
  db: Database,
  series: readonly { name: string; ranges: FitRange[]; productIds: number[] }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const entry of series) {
      const [row] = await tx
        .insert(fitSeries)
        .values({ name: entry.name, ranges: entry.ranges })
        .onConflictDoNothing({ target: fitSeries.name })
        .returning({ id: fitSeries.id });
      if (!row || entry.productIds.length === 0) continue;
      const present = await tx
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.id, entry.productIds));
      if (present.length === 0) continue;
      await tx
        .insert(productFitSeries)
        .values(present.map((item) => ({ productId: item.id, seriesId: row.id })))
        .onConflictDoNothing();
    }
  });
}

export function createFitCharts(db: Database): FitCharts {
  async function product(productId: number) {
    const [row] = await db
      .select({ id: products.id, name: products.name, options: products.options })
      .from(products)
      .where(eq(products.id, productId));
    if (!row) throw notFound(`No product ${productId}`);
    return { id: row.id, name: row.name, sizes: sizesOf(row.options) };
  }

  async function seriesOfProduct(productId: number): Promise<FitSeriesView | null> {
    const [row] = await db
      .select({ id: fitSeries.id, name: fitSeries.name, ranges: fitSeries.ranges })
      .from(productFitSeries)
      .innerJoin(fitSeries, eq(fitSeries.id, productFitSeries.seriesId))
      .where(eq(productFitSeries.productId, productId));
    return row ?? null;
  }

  const admin: FitChartAdmin = {
    async productFit(productId) {
      const item = await product(productId);
      const series = await seriesOfProduct(productId);
      const sharedWith = series
        ? await db
            .select({ id: products.id, name: products.name })
            .from(productFitSeries)
            .innerJoin(products, eq(products.id, productFitSeries.productId))
            .where(eq(productFitSeries.seriesId, series.id))
            .orderBy(asc(products.name))
        : [];
      const allSeries = await db
        .select({ id: fitSeries.id, name: fitSeries.name, ranges: fitSeries.ranges })
        .from(fitSeries)
        .orderBy(asc(fitSeries.name));
      return {
        productId,
        productName: item.name,
        sizes: item.sizes,
        series,
        sharedWith: sharedWith.filter((entry) => entry.id !== productId),
        allSeries,
      };
    },

    async saveChart(actor, productId, input) {
      const item = await product(productId);
      checkChart(input.ranges, item.sizes);
      return db.transaction(async (tx) => {
        const [link] = await tx
          .select({ seriesId: productFitSeries.seriesId })
          .from(productFitSeries)
          .where(eq(productFitSeries.productId, productId))
          .for('update');
        const [clash] = await tx
          .select({ id: fitSeries.id })
          .from(fitSeries)
          .where(eq(fitSeries.name, input.name));
        if (clash && clash.id !== link?.seriesId)
          throw conflict(
            `A series called "${input.name}" exists: pick it under "Use a series" instead.`,
            'conflict',
            {
              name: 'Another series has this name.',
            },
          );
        let before: FitSeriesView | null = null;
        let saved: FitSeriesView;
        if (link) {
          const [old] = await tx
            .select()
            .from(fitSeries)
            .where(eq(fitSeries.id, link.seriesId))
            .for('update');
          before = old ? { id: old.id, name: old.name, ranges: old.ranges } : null;
          const [row] = await tx
            .update(fitSeries)
            .set({ name: input.name, ranges: input.ranges, updatedAt: new Date() })
            .where(eq(fitSeries.id, link.seriesId))
            .returning({ id: fitSeries.id, name: fitSeries.name, ranges: fitSeries.ranges });
          saved = row!;
        } else {
          const [row] = await tx
            .insert(fitSeries)
            .values({ name: input.name, ranges: input.ranges })
            .returning({ id: fitSeries.id, name: fitSeries.name, ranges: fitSeries.ranges });
          saved = row!;
          await tx.insert(productFitSeries).values({ productId, seriesId: saved.id });
        }
        await recordAudit(tx, actor, {
          action: 'product.fit-chart',
          entity: 'product',
          entityId: productId,
          before,
          after: saved,
        });
        return saved;
      });
    },

    async useSeries(actor, productId, seriesId) {
      const item = await product(productId);
      return db.transaction(async (tx) => {
        const [series] = await tx
          .select({ id: fitSeries.id, name: fitSeries.name, ranges: fitSeries.ranges })
          .from(fitSeries)
          .where(eq(fitSeries.id, seriesId));
        if (!series) throw notFound(`No fit series ${seriesId}`);
        checkChart(series.ranges, item.sizes);
        const [old] = await tx
          .select({ seriesId: productFitSeries.seriesId })
          .from(productFitSeries)
          .where(eq(productFitSeries.productId, productId));
        await tx
          .insert(productFitSeries)
          .values({ productId, seriesId })
          .onConflictDoUpdate({ target: productFitSeries.productId, set: { seriesId } });
        await recordAudit(tx, actor, {
          action: 'product.fit-series',
          entity: 'product',
          entityId: productId,
          before: old ? { seriesId: old.seriesId } : null,
          after: { seriesId: series.id, name: series.name },
        });
        return series;
      });
    },

    async removeChart(actor, productId) {
      await product(productId);
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(productFitSeries)
          .where(eq(productFitSeries.productId, productId))
          .returning({ seriesId: productFitSeries.seriesId });
        if (removed.length === 0) return;
        await recordAudit(tx, actor, {
          action: 'product.fit-series',
          entity: 'product',
          entityId: productId,
          before: { seriesId: removed[0]!.seriesId },
          after: null,
        });
      });
    },
  };

  return {
    async chartsOf(productIds) {
      const charts = new Map<number, FitRange[]>();
      if (productIds.length === 0) return charts;
      const rows = await db
        .select({ productId: productFitSeries.productId, ranges: fitSeries.ranges })
        .from(productFitSeries)
        .innerJoin(fitSeries, eq(fitSeries.id, productFitSeries.seriesId))
        .where(inArray(productFitSeries.productId, [...productIds]));
      for (const row of rows) charts.set(row.productId, row.ranges);
      return charts;
    },
    admin,
  };
}
