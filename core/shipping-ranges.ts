/**
 * What a shipping method may be set to from the back office (SPEC §3 shipping method, issue 20): a total method's
 * price bands cover every subtotal from 0 up without overlapping or leaving gaps, costs and limits are whole
 * cents and never negative, and a free-shipping minimum is 0 or more. Limits are inclusive (§9), so bands meet
 * one cent apart: 0–49.99, 50–98.99, 99–(no upper limit).
 */

export interface RangeInput {
  lower_limit: number;
  /** Null on an open-ended top band. */
  upper_limit: number | null;
  shipping_cost: number;
}

export type RangeField = 'lower_limit' | 'upper_limit' | 'shipping_cost';

/** One thing wrong: on one band's field (`row`, counted from 1 as the form shows them) or across bands. */
export interface RangeProblem {
  row: number | null;
  field: RangeField | null;
  message: string;
}

export const MAX_SHIPPING_AMOUNT = 1_000_000;
export const MAX_RANGES = 20;

const CENT = 1;
const toCents = (value: number) => Math.round(value * 100);
const wholeCents = (value: number) => Math.abs(value * 100 - toCents(value)) < 1e-6;
const shown = (cents: number) => (cents / 100).toFixed(2);
const bandOf = (range: RangeInput) =>
  `${range.lower_limit.toFixed(2)}–${range.upper_limit === null ? 'no upper limit' : range.upper_limit.toFixed(2)}`;

/** A problem with one amount (a cost, a limit, a minimum), or null when it is fine. */
export function amountProblem(value: number, what: string): string | null {
  if (!Number.isFinite(value)) return `${what} must be a number.`;
  if (value < 0) return `${what} cannot be negative.`;
  if (value > MAX_SHIPPING_AMOUNT)
    return `${what} cannot be more than ${MAX_SHIPPING_AMOUNT.toLocaleString('en-US')}.`;
  if (!wholeCents(value)) return `${what} must be in whole cents (at most two decimals).`;
  return null;
}

/**
 * Every problem with a total method's bands, in the order a person would fix them; empty when they are valid.
 * Bands are named by their row on the form: `rows[i]` for band i when given (a form that skips blank rows), else i + 1.
 */
export function rangeProblems(ranges: readonly RangeInput[], rows?: readonly number[]): RangeProblem[] {
  if (ranges.length === 0)
    return [{ row: null, field: null, message: 'Add at least one range: from 0 with its cost.' }];
  if (ranges.length > MAX_RANGES)
    return [{ row: null, field: null, message: `A method has at most ${MAX_RANGES} ranges.` }];

  const problems: RangeProblem[] = [];
  const rowOf = (index: number) => rows?.[index] ?? index + 1;
  ranges.forEach((range, index) => {
    const row = rowOf(index);
    const checks: [RangeField, number | null, string][] = [
      ['lower_limit', range.lower_limit, 'The lower limit'],
      ['upper_limit', range.upper_limit, 'The upper limit'],
      ['shipping_cost', range.shipping_cost, 'The cost'],
    ];
    for (const [field, value, what] of checks) {
      if (value === null) continue;
      const problem = amountProblem(value, what);
      if (problem) problems.push({ row, field, message: problem });
    }
    if (range.upper_limit !== null && range.upper_limit < range.lower_limit)
      problems.push({
        row,
        field: 'upper_limit',
        message: `The upper limit (${range.upper_limit.toFixed(2)}) is below the lower limit (${range.lower_limit.toFixed(2)}).`,
      });
  });
  // Overlaps and gaps only mean something between bands that are each well formed.
  if (problems.length) return problems;

  const order = ranges
    .map((range, index) => ({ range, row: rowOf(index) }))
    .sort((a, b) => a.range.lower_limit - b.range.lower_limit || a.row - b.row);
  const first = order[0]!;
  if (toCents(first.range.lower_limit) !== 0)
    problems.push({
      row: null,
      field: null,
      message: `Subtotals from 0.00 to ${shown(toCents(first.range.lower_limit) - CENT)} have no cost: range ${first.row} (${bandOf(first.range)}) is the lowest; start it at 0.`,
    });
  for (let index = 1; index < order.length; index++) {
    const before = order[index - 1]!;
    const next = order[index]!;
    const lower = toCents(next.range.lower_limit);
    const upper = before.range.upper_limit === null ? null : toCents(before.range.upper_limit);
    const pair = `Ranges ${before.row} (${bandOf(before.range)}) and ${next.row} (${bandOf(next.range)})`;
    if (upper === null || lower <= upper) {
      const end =
        upper === null
          ? next.range.upper_limit
          : Math.min(upper / 100, next.range.upper_limit ?? Number.POSITIVE_INFINITY);
      problems.push({
        row: null,
        field: null,
        message: `${pair} overlap: ${shown(lower)} to ${end === null ? 'any amount' : end.toFixed(2)} is in both.`,
      });
    } else if (lower > upper + CENT) {
      problems.push({
        row: null,
        field: null,
        message: `${pair} leave a gap: subtotals from ${shown(upper + CENT)} to ${shown(lower - CENT)} have no cost. Start range ${next.row} at ${shown(upper + CENT)}.`,
      });
    }
  }
  return problems;
}

/** The bands from the lowest up, as they are stored. */
export function sortedRanges(ranges: readonly RangeInput[]): RangeInput[] {
  return [...ranges].sort((a, b) => a.lower_limit - b.lower_limit);
}

/** A problem with a free-shipping minimum, or null. */
export function freeShippingMinimumProblem(minimum: number): string | null {
  return amountProblem(minimum, 'The free-shipping minimum');
}
