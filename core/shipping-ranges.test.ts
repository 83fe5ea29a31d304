import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  freeShippingMinimumProblem,
  type RangeInput,
  rangeProblems,
  sortedRanges,
} from './shipping-ranges.ts';

const band = (lower: number, upper: number | null, cost: number): RangeInput => ({
  lower_limit: lower,
  upper_limit: upper,
  shipping_cost: cost,
});

const messages = (ranges: RangeInput[]) => rangeProblems(ranges).map((problem) => problem.message);

describe('shipping method ranges (issue 20)', () => {
  it('accepts bands that meet one cent apart, in any order, open-ended or not at the top', () => {
    expect(rangeProblems([band(0, 49.99, 8.95), band(50, 98.99, 5.95), band(99, null, 0)])).toEqual([]);
    expect(rangeProblems([band(75, 148.99, 9.95), band(0, 74.99, 12.95)])).toEqual([]);
    expect(rangeProblems([band(0, null, 24.95)])).toEqual([]);
  });

  it('refuses overlapping bands and names both and the amounts in both', () => {
    expect(messages([band(0, 49.99, 8.95), band(45, 98.99, 5.95)])).toEqual([
      'Ranges 1 (0.00–49.99) and 2 (45.00–98.99) overlap: 45.00 to 49.99 is in both.',
    ]);
    // Limits are inclusive: a band ending at 50 and one starting at 50 both hold 50.00.
    expect(messages([band(0, 50, 8), band(50, null, 5)])).toEqual([
      'Ranges 1 (0.00–50.00) and 2 (50.00–no upper limit) overlap: 50.00 to 50.00 is in both.',
    ]);
    expect(messages([band(0, null, 8), band(100, 200, 5)])).toEqual([
      'Ranges 1 (0.00–no upper limit) and 2 (100.00–200.00) overlap: 100.00 to 200.00 is in both.',
    ]);
    expect(messages([band(0, null, 8), band(0, null, 5)])).toEqual([
      'Ranges 1 (0.00–no upper limit) and 2 (0.00–no upper limit) overlap: 0.00 to any amount is in both.',
    ]);
  });

  it('refuses a gap between bands and says where the next one should start', () => {
    expect(messages([band(0, 49.99, 8.95), band(60, null, 5)])).toEqual([
      'Ranges 1 (0.00–49.99) and 2 (60.00–no upper limit) leave a gap: subtotals from 50.00 to 59.99 have no cost. Start range 2 at 50.00.',
    ]);
    // Numbered as the form shows them, whatever order they were typed in.
    expect(messages([band(60, null, 5), band(0, 49.99, 8.95)])[0]).toMatch(
      /^Ranges 2 \(0\.00–49\.99\) and 1/,
    );
    // A form that skipped a blank row names the rows it shows.
    expect(rangeProblems([band(0, 49.99, 8.95), band(60, null, 5)], [1, 3])[0]?.message).toMatch(
      /^Ranges 1 \(0\.00–49\.99\) and 3 \(60\.00–no upper limit\) leave a gap/,
    );
    expect(rangeProblems([band(0, null, -2)], [4])[0]).toMatchObject({ row: 4, field: 'shipping_cost' });
  });

  it('refuses a lowest band that does not start at 0', () => {
    expect(messages([band(10, null, 5)])).toEqual([
      'Subtotals from 0.00 to 9.99 have no cost: range 1 (10.00–no upper limit) is the lowest; start it at 0.',
    ]);
  });

  it('refuses a negative cost or limit, min above max and fractions of a cent, on the band’s field', () => {
    expect(rangeProblems([band(0, null, -1)])).toEqual([
      { row: 1, field: 'shipping_cost', message: 'The cost cannot be negative.' },
    ]);
    expect(rangeProblems([band(0, 49.99, 5), band(80, 50, 4)])).toEqual([
      { row: 2, field: 'upper_limit', message: 'The upper limit (50.00) is below the lower limit (80.00).' },
    ]);
    expect(rangeProblems([band(-5, null, 5)])[0]).toMatchObject({ row: 1, field: 'lower_limit' });
    expect(rangeProblems([band(0, null, 5.005)])[0]).toMatchObject({
      field: 'shipping_cost',
      message: 'The cost must be in whole cents (at most two decimals).',
    });
    expect(rangeProblems([band(0, null, Number.NaN)])[0]?.message).toBe('The cost must be a number.');
  });

  it('refuses no bands at all and too many', () => {
    expect(messages([])).toEqual(['Add at least one range: from 0 with its cost.']);
    const many = Array.from({ length: 21 }, (_, index) => band(index, index + 0.99, 1));
    expect(messages(many)).toEqual(['A method has at most 20 ranges.']);
  });

  it('stores bands from the lowest up', () => {
    expect(sortedRanges([band(50, null, 5), band(0, 49.99, 8)]).map((range) => range.lower_limit)).toEqual([
      0, 50,
    ]);
  });
});

describe('free-shipping minimum and amounts', () => {
  it('is 0 or more, in whole cents', () => {
    expect(freeShippingMinimumProblem(0)).toBeNull();
    expect(freeShippingMinimumProblem(149)).toBeNull();
    expect(freeShippingMinimumProblem(-1)).toBe('The free-shipping minimum cannot be negative.');
    expect(freeShippingMinimumProblem(0.001)).toBe(
      'The free-shipping minimum must be in whole cents (at most two decimals).',
    );
    expect(amountProblem(2_000_000, 'The cost')).toBe('The cost cannot be more than 1,000,000.');
  });
});
