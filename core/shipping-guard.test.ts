import { describe, expect, it } from 'vitest';
import { guardFreeShippingMinimum, guardShippingBands } from './shipping-guard.ts';
import type { RangeInput } from './shipping-ranges.ts';

const US = { region: 'United States', currency: 'USD' };
const CA = { region: 'Canada', currency: 'CAD' };
const band = (lower: number, upper: number | null, cost: number): RangeInput => ({
  lower_limit: lower,
  upper_limit: upper,
  shipping_cost: cost,
});
const STANDARD = [band(0, 49.99, 8.95), band(50, 98.99, 5.95), band(99, null, 0)];

describe('shipping guard: bands (issue 40)', () => {
  it('lets unchanged bands, raised costs and drops of half at most through', () => {
    expect(guardShippingBands('Standard', STANDARD, STANDARD, US)).toEqual({
      verdict: 'ok',
      effect: { products: 0, lowest: null, largestDropShare: 0, free: 0, bigDrops: 0 },
    });
    const raised = guardShippingBands(
      'Standard',
      STANDARD,
      [band(0, 49.99, 9.95), band(50, 98.99, 2.98), band(99, null, 4)],
      US,
    );
    expect(raised).toEqual({
      verdict: 'ok',
      effect: {
        products: 3,
        lowest: { name: 'Standard: $50.00–$98.99', after: 2.98 },
        largestDropShare: expect.closeTo(0.4992, 3),
        free: 0,
        bigDrops: 0,
      },
    });
  });

  it('never refuses a free band: one that stays free, or a new one where nothing was charged, passes', () => {
    expect(
      guardShippingBands('Standard', [band(0, null, 0)], [band(0, 49.99, 0), band(50, null, 0)], US).verdict,
    ).toBe('ok');
  });

  it('asks to confirm a paid band made free, naming its limits and costs in the region’s currency', () => {
    const result = guardShippingBands(
      'Standard',
      STANDARD,
      [band(0, 49.99, 0), band(50, 98.99, 5.95), band(99, null, 0)],
      US,
    );
    expect(result).toEqual({
      verdict: 'confirm',
      effect: {
        products: 1,
        lowest: { name: 'Standard: $0.00–$49.99', after: 0 },
        largestDropShare: 1,
        free: 1,
        bigDrops: 0,
      },
      message: 'Standard (United States): carts of $0.00–$49.99 would ship for $0.00 instead of $8.95.',
    });
  });

  it('asks to confirm a drop of more than half, per stretch of subtotals, when the bands are cut differently', () => {
    const result = guardShippingBands('Standard', STANDARD, [band(0, 98.99, 4.25), band(99, null, 0)], US);
    expect(result).toMatchObject({
      verdict: 'confirm',
      effect: { products: 2, free: 0, bigDrops: 1 },
      message: 'Standard (United States): carts of $0.00–$49.99 would ship for $4.25 instead of $8.95.',
    });
    // An open-ended band reads "and up"; several effects are one sentence each.
    const ca = guardShippingBands(
      'Ground',
      [band(0, 74.99, 12.95), band(75, null, 9.95)],
      [band(0, 74.99, 1), band(75, null, 0)],
      CA,
    );
    expect(ca).toMatchObject({
      verdict: 'confirm',
      effect: { products: 2, free: 1, bigDrops: 1, lowest: { name: 'Ground: C$75.00 and up', after: 0 } },
      message:
        'Ground (Canada): carts of C$0.00–C$74.99 would ship for C$1.00 instead of C$12.95. ' +
        'Ground (Canada): carts of C$75.00 and up would ship for C$0.00 instead of C$9.95.',
    });
  });

  it('joins neighbouring stretches that change alike, and names a band made free even when any drop is allowed', () => {
    const result = guardShippingBands(
      'Standard',
      [band(0, 98.99, 8), band(99, null, 0)],
      [band(0, 49.99, 2), band(50, 98.99, 2), band(99, null, 0)],
      US,
    );
    expect(result).toMatchObject({
      verdict: 'confirm',
      message: 'Standard (United States): carts of $0.00–$98.99 would ship for $2.00 instead of $8.00.',
    });
    expect(
      guardShippingBands('Standard', STANDARD, [band(0, 98.99, 0), band(99, null, 0)], {
        ...US,
        maxDropShare: 1,
      }),
    ).toMatchObject({ verdict: 'confirm', effect: { free: 2, bigDrops: 0 } });
    expect(
      guardShippingBands('Standard', STANDARD, [band(0, 98.99, 1), band(99, null, 0)], {
        ...US,
        maxDropShare: 0.9,
      }).verdict,
    ).toBe('ok');
  });

  it('leaves out subtotals either set does not cover (bands stored before they were checked)', () => {
    expect(
      guardShippingBands('Standard', [band(50, null, 10)], [band(0, 49.99, 0), band(50, null, 1)], US),
    ).toMatchObject({
      verdict: 'confirm',
      effect: { products: 1 },
      message: 'Standard (United States): carts of $50.00 and up would ship for $1.00 instead of $10.00.',
    });
    expect(guardShippingBands('Standard', STANDARD, [band(99, null, 0)], US).verdict).toBe('ok');
  });
});

describe('shipping guard: free-shipping minimum (issue 40)', () => {
  it('lets a raise, the same minimum, a drop of half at most or a first minimum through', () => {
    expect(guardFreeShippingMinimum(149, 175, CA)).toEqual({
      verdict: 'ok',
      effect: {
        products: 1,
        lowest: { name: 'Free shipping in Canada', after: 175 },
        largestDropShare: 0,
        free: 0,
        bigDrops: 0,
      },
    });
    expect(guardFreeShippingMinimum(99, 99, US)).toEqual({
      verdict: 'ok',
      effect: { products: 0, lowest: null, largestDropShare: 0, free: 0, bigDrops: 0 },
    });
    expect(guardFreeShippingMinimum(100, 50, US).verdict).toBe('ok');
    expect(guardFreeShippingMinimum(null, 0, US).verdict).toBe('ok');
    expect(guardFreeShippingMinimum(0, 0, US).verdict).toBe('ok');
  });

  it('asks to confirm a minimum lowered by more than half, named in the region’s currency', () => {
    expect(guardFreeShippingMinimum(149, 20, CA)).toEqual({
      verdict: 'confirm',
      effect: {
        products: 1,
        lowest: { name: 'Free shipping in Canada', after: 20 },
        largestDropShare: expect.closeTo(0.8658, 3),
        free: 0,
        bigDrops: 1,
      },
      message: 'Free shipping in Canada would start at C$20.00 instead of C$149.00.',
    });
  });

  it('asks to confirm a minimum lowered to 0, even when any drop is allowed', () => {
    expect(guardFreeShippingMinimum(99, 0, { ...US, maxDropShare: 1 })).toMatchObject({
      verdict: 'confirm',
      effect: { free: 1, bigDrops: 0 },
      message: 'Free shipping in United States would start at $0.00 instead of $99.00.',
    });
  });
});
