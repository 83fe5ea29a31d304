import { describe, expect, it } from 'vitest';
import { fitRangeProblems } from '#core/fit-finder.ts';
import { CATALOGUE_PRODUCTS } from './catalogue/index.ts';
import { DEMO_FIT_SERIES } from './fit-charts.ts';

describe('the demo fit charts', () => {
  const bySlug = new Map(CATALOGUE_PRODUCTS.map((product) => [product.slug, product]));

  it.each(DEMO_FIT_SERIES.map((series) => [series.name, series] as const))(
    '%s is a valid chart',
    (_, series) => {
      expect(fitRangeProblems(series.ranges)).toEqual([]);
    },
  );

  it.each(DEMO_FIT_SERIES.flatMap((series) => series.products.map((slug) => [slug, series] as const)))(
    '%s comes in the sizes of its chart, which ends at the load its specs name',
    (slug, series) => {
      const product = bySlug.get(slug);
      expect(product?.categoryPath.startsWith('snowshoes/')).toBe(true);
      expect(product?.sizes).toEqual(series.ranges.map((range) => range.size));
      const load = product?.specs.find((spec) => spec.name === 'Recommended load')?.value;
      expect(load).toBe(`up to ${series.ranges.at(-1)?.maxKg} kg`);
    },
  );

  it('names each product once', () => {
    const slugs = DEMO_FIT_SERIES.flatMap((series) => series.products);
    expect(new Set(slugs).size).toBe(slugs.length);
  });
});
