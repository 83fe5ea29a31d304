/**
 * The fit finder (issue 45, decision 0040): which size of a snowshoe a shopper should buy, from the load it
 * carries (the shopper's weight plus their pack) and where it is walked. Pure: the storefront reads the product's
 * chart (its series' load ranges per size, in kg) and asks here; the back office checks a chart here before saving.
 *
 * The rule, as makers publish it: a chart gives each length a load range; the size is the smallest one whose range
 * holds the total load. Deep snow and untracked ground ask for more float, so powder or backcountry terrain takes
 * the next size up (one step, whichever of the two asks). Steep mountain terrain and packed snow never push a size
 * up: a shorter shoe turns and climbs better. A load above the largest size's range gets no size, and a product
 * without a chart gets none either: never a guess.
 */

export const FIT_TERRAINS = ['flat-rolling', 'mountain', 'backcountry'] as const;
export type FitTerrain = (typeof FIT_TERRAINS)[number];

export const FIT_SNOWS = ['packed', 'mixed', 'powder'] as const;
export type FitSnow = (typeof FIT_SNOWS)[number];

export const WEIGHT_UNITS = ['kg', 'lb'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** The international avoirdupois pound, exactly. */
export const KG_PER_LB = 0.45359237;

/** What a shopper may type, per unit: a body weight and a pack weight (a pack may be none). */
export const FIT_LIMITS = {
  kg: { weight: { min: 10, max: 250 }, pack: { max: 60 } },
  lb: { weight: { min: 22, max: 550 }, pack: { max: 130 } },
} as const;

/** One size of a series' chart: the loads it carries, in whole or decimal kg. */
export interface FitRange {
  size: string;
  minKg: number;
  maxKg: number;
}

export interface FitQuery {
  weight: number;
  packWeight: number;
  unit: WeightUnit;
  terrain: FitTerrain;
  snow: FitSnow;
}

/** What asks for more float than the chart's size gives. */
export type FloatReason = 'powder' | 'backcountry';

export type FitAnswer =
  | {
      kind: 'size';
      size: string;
      /** Body and pack in kg, to one decimal: the figure the size was chosen by and the sentence names. */
      totalKg: number;
      /** The size the chart gives for the load alone. */
      chartSize: string;
      /** What asked for one size up (empty: the chart's size stands). */
      floatReasons: FloatReason[];
      /** Something asked for a size up but the chart's size is already the largest. */
      largestAlready: boolean;
      /** The load is lighter than the smallest size's range starts: the smallest size. */
      belowChart: boolean;
    }
  | { kind: 'no-ranges' }
  | { kind: 'too-heavy'; totalKg: number; largestSize: string; largestMaxKg: number };

/** A weight in kg, from the unit the shopper typed it in. */
export const toKg = (value: number, unit: WeightUnit): number => (unit === 'kg' ? value : value * KG_PER_LB);

/** A weight in kg shown in the shopper's unit, to one decimal. */
export const fromKg = (kg: number, unit: WeightUnit): number =>
  Math.round((unit === 'kg' ? kg : kg / KG_PER_LB) * 10) / 10;

/** The unit a locale weighs in: pounds in the United States, kilograms everywhere else. */
export const weightUnitFor = (locale: string): WeightUnit => (locale.toLowerCase() === 'en-us' ? 'lb' : 'kg');

export function recommendSize(ranges: readonly FitRange[], query: FitQuery): FitAnswer {
  if (ranges.length === 0) return { kind: 'no-ranges' };
  const chart = [...ranges].sort((a, b) => a.maxKg - b.maxKg);
  // Chosen by the figure the shopper is shown, so the sentence and the size always agree.
  const totalKg = Math.round((toKg(query.weight, query.unit) + toKg(query.packWeight, query.unit)) * 10) / 10;
  const largest = chart[chart.length - 1]!;
  if (totalKg > largest.maxKg)
    return { kind: 'too-heavy', totalKg, largestSize: largest.size, largestMaxKg: largest.maxKg };
  const index = chart.findIndex((range) => totalKg <= range.maxKg);
  const floatReasons: FloatReason[] = [];
  if (query.snow === 'powder') floatReasons.push('powder');
  if (query.terrain === 'backcountry') floatReasons.push('backcountry');
  const stepped = floatReasons.length > 0 ? Math.min(index + 1, chart.length - 1) : index;
  return {
    kind: 'size',
    size: chart[stepped]!.size,
    totalKg,
    chartSize: chart[index]!.size,
    floatReasons,
    largestAlready: floatReasons.length > 0 && stepped === index,
    belowChart: totalKg < chart[0]!.minKg,
  };
}

export type FitRangeProblem =
  | { kind: 'empty' }
  | { kind: 'duplicate-size'; size: string }
  | { kind: 'min-not-below-max'; size: string }
  | { kind: 'negative'; size: string }
  | { kind: 'gap'; size: string; previous: string; fromKg: number; toKg: number }
  | { kind: 'overlap'; size: string; previous: string; fromKg: number; toKg: number };

/**
 * Checks a chart as the back office saves it, in the order its sizes are listed (smallest first): each size's
 * range starts where the previous one ends, so every load up to the largest has exactly one size. A maker's chart
 * that overlaps (25 in: 68–113 kg, 30 in: 90–136 kg) is entered with the boundary where the larger size takes
 * over (25 in: 68–90, 30 in: 90–136).
 */
export function fitRangeProblems(ranges: readonly FitRange[]): FitRangeProblem[] {
  if (ranges.length === 0) return [{ kind: 'empty' }];
  const problems: FitRangeProblem[] = [];
  const seen = new Set<string>();
  ranges.forEach((range, index) => {
    if (seen.has(range.size)) problems.push({ kind: 'duplicate-size', size: range.size });
    seen.add(range.size);
    if (range.minKg < 0) problems.push({ kind: 'negative', size: range.size });
    if (range.minKg >= range.maxKg) problems.push({ kind: 'min-not-below-max', size: range.size });
    const previous = ranges[index - 1];
    if (!previous) return;
    if (range.minKg > previous.maxKg)
      problems.push({
        kind: 'gap',
        size: range.size,
        previous: previous.size,
        fromKg: previous.maxKg,
        toKg: range.minKg,
      });
    if (range.minKg < previous.maxKg)
      problems.push({
        kind: 'overlap',
        size: range.size,
        previous: previous.size,
        fromKg: range.minKg,
        toKg: previous.maxKg,
      });
  });
  return problems;
}

/** A problem as the back office says it (staff work in English). */
export function fitRangeProblemSentence(problem: FitRangeProblem): string {
  switch (problem.kind) {
    case 'empty':
      return 'Give at least one size a load range.';
    case 'duplicate-size':
      return `${problem.size} is listed twice.`;
    case 'negative':
      return `${problem.size} starts below 0 kg.`;
    case 'min-not-below-max':
      return `${problem.size}: the lowest load must be below the highest.`;
    case 'gap':
      return `No size carries ${problem.fromKg}–${problem.toKg} kg: ${problem.size} must start where ${problem.previous} ends (${problem.fromKg} kg).`;
    case 'overlap':
      return `${problem.previous} and ${problem.size} both carry ${problem.fromKg}–${problem.toKg} kg: ${problem.size} must start where ${problem.previous} ends (${problem.toKg} kg).`;
  }
}
