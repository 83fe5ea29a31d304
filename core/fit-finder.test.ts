import { describe, expect, it } from 'vitest';
import {
  type FitQuery,
  type FitRange,
  fitRangeProblemSentence,
  fitRangeProblems,
  fromKg,
  KG_PER_LB,
  recommendSize,
  toKg,
  weightUnitFor,
} from './fit-finder.ts';

// A maker-style chart: 22 in to 80 kg, 25 in to 113 kg, 30 in to 159 kg.
const CHART: FitRange[] = [
  { size: '22 in', minKg: 45, maxKg: 80 },
  { size: '25 in', minKg: 80, maxKg: 113 },
  { size: '30 in', minKg: 113, maxKg: 159 },
];

const calm = { terrain: 'flat-rolling', snow: 'packed' } as const;
const kg = (weight: number, packWeight = 0, rest: Partial<FitQuery> = {}): FitQuery => ({
  weight,
  packWeight,
  unit: 'kg',
  ...calm,
  ...rest,
});
const lb = (weight: number, packWeight = 0, rest: Partial<FitQuery> = {}): FitQuery => ({
  ...kg(weight, packWeight, rest),
  unit: 'lb',
});
const sizeOf = (query: FitQuery, chart = CHART) => {
  const answer = recommendSize(chart, query);
  return answer.kind === 'size' ? answer.size : answer.kind;
};

describe('recommendSize: the chart alone (packed snow, flat and rolling)', () => {
  it.each([
    [45, '22 in'],
    [79.9, '22 in'],
    [80, '22 in'],
    [80.1, '25 in'],
    [113, '25 in'],
    [113.1, '30 in'],
    [159, '30 in'],
  ])('%s kg in kg carries on %s (a boundary belongs to the smaller size)', (load, size) => {
    expect(sizeOf(kg(load))).toBe(size);
  });

  it.each([
    // 176 lb = 79.8 kg, 176.4 lb = 80.0 kg, 176.6 lb = 80.1 kg
    [176, '22 in'],
    [176.4, '22 in'],
    [176.6, '25 in'],
    // 249.1 lb = 113.0 kg, 249.3 lb = 113.1 kg
    [249.1, '25 in'],
    [249.3, '30 in'],
    // 350.5 lb = 159.0 kg
    [350.5, '30 in'],
  ])('%s lb carries on %s', (load, size) => {
    expect(sizeOf(lb(load))).toBe(size);
  });

  it('adds the pack to the body, in the same unit', () => {
    expect(recommendSize(CHART, kg(70, 10))).toMatchObject({ size: '22 in', totalKg: 80 });
    expect(recommendSize(CHART, kg(70, 10.1))).toMatchObject({ size: '25 in', totalKg: 80.1 });
    // 154 lb + 22 lb = 176 lb = 79.8 kg
    expect(recommendSize(CHART, lb(154, 22))).toMatchObject({ size: '22 in', totalKg: 79.8 });
    expect(recommendSize(CHART, lb(154, 23))).toMatchObject({ size: '25 in', totalKg: 80.3 });
  });

  it('gives the smallest size to a load lighter than the chart starts, and says so', () => {
    expect(recommendSize(CHART, kg(30))).toMatchObject({ kind: 'size', size: '22 in', belowChart: true });
    expect(recommendSize(CHART, kg(45))).toMatchObject({ belowChart: false });
    expect(recommendSize(CHART, lb(99))).toMatchObject({ belowChart: true }); // 44.9 kg
    expect(recommendSize(CHART, lb(99.3))).toMatchObject({ belowChart: false }); // 45.0 kg
  });

  it('reads a chart listed in any order', () => {
    expect(sizeOf(kg(100), [...CHART].reverse())).toBe('25 in');
  });
});

describe('recommendSize: terrain and snow', () => {
  it('takes one size up for powder, naming the reason (95 kg with a 10 kg pack: 25 in → 30 in)', () => {
    expect(recommendSize(CHART, kg(95, 10, { snow: 'powder' }))).toEqual({
      kind: 'size',
      size: '30 in',
      totalKg: 105,
      chartSize: '25 in',
      floatReasons: ['powder'],
      largestAlready: false,
      belowChart: false,
    });
  });

  it('takes one size up for backcountry terrain on any snow', () => {
    expect(recommendSize(CHART, kg(60, 0, { terrain: 'backcountry', snow: 'mixed' }))).toMatchObject({
      size: '25 in',
      chartSize: '22 in',
      floatReasons: ['backcountry'],
    });
  });

  it('takes only one size up when powder and backcountry both ask', () => {
    expect(recommendSize(CHART, kg(60, 0, { terrain: 'backcountry', snow: 'powder' }))).toMatchObject({
      size: '25 in',
      floatReasons: ['powder', 'backcountry'],
    });
  });

  it.each([
    ['mountain', 'packed'],
    ['mountain', 'mixed'],
    ['flat-rolling', 'mixed'],
  ] as const)('keeps the chart size on %s terrain with %s snow', (terrain, snow) => {
    expect(recommendSize(CHART, kg(100, 0, { terrain, snow }))).toMatchObject({
      size: '25 in',
      floatReasons: [],
      largestAlready: false,
    });
  });

  it('stays at the largest size when it already is, and says so', () => {
    expect(recommendSize(CHART, kg(150, 0, { snow: 'powder' }))).toMatchObject({
      size: '30 in',
      chartSize: '30 in',
      largestAlready: true,
    });
  });

  it('steps up at the boundary in pounds as in kilograms', () => {
    expect(sizeOf(lb(176.4, 0, { snow: 'powder' }))).toBe('25 in');
    expect(sizeOf(lb(176.6, 0, { snow: 'powder' }))).toBe('30 in');
  });
});

describe('recommendSize: no answer', () => {
  it('says a product without ranges has none, whatever the load', () => {
    expect(recommendSize([], kg(80))).toEqual({ kind: 'no-ranges' });
  });

  it('refuses a load heavier than the largest size carries, in both units', () => {
    expect(recommendSize(CHART, kg(149, 10.1))).toEqual({
      kind: 'too-heavy',
      totalKg: 159.1,
      largestSize: '30 in',
      largestMaxKg: 159,
    });
    expect(sizeOf(lb(350.5))).toBe('30 in');
    expect(sizeOf(lb(350.8))).toBe('too-heavy'); // 159.1 kg
  });
});

describe('units', () => {
  it('converts with the exact pound and shows one decimal', () => {
    expect(toKg(100, 'lb')).toBeCloseTo(45.359237, 9);
    expect(toKg(80, 'kg')).toBe(80);
    expect(fromKg(80, 'lb')).toBe(176.4);
    expect(fromKg(80, 'kg')).toBe(80);
    expect(KG_PER_LB).toBe(0.45359237);
  });

  it('weighs in pounds in the United States and in kilograms elsewhere', () => {
    expect(weightUnitFor('en-us')).toBe('lb');
    expect(weightUnitFor('en-US')).toBe('lb');
    expect(weightUnitFor('en-ca')).toBe('kg');
    expect(weightUnitFor('de-de')).toBe('kg');
  });
});

describe('fitRangeProblems', () => {
  it('accepts a chart whose sizes follow on without gap or overlap', () => {
    expect(fitRangeProblems(CHART)).toEqual([]);
  });

  it('asks for at least one size', () => {
    expect(fitRangeProblems([])).toEqual([{ kind: 'empty' }]);
  });

  it('finds a gap and an overlap between neighbours, with the loads concerned', () => {
    expect(
      fitRangeProblems([
        { size: '22 in', minKg: 45, maxKg: 80 },
        { size: '25 in', minKg: 82, maxKg: 113 },
        { size: '30 in', minKg: 110, maxKg: 159 },
      ]),
    ).toEqual([
      { kind: 'gap', size: '25 in', previous: '22 in', fromKg: 80, toKg: 82 },
      { kind: 'overlap', size: '30 in', previous: '25 in', fromKg: 110, toKg: 113 },
    ]);
  });

  it('finds a size listed twice, a range below zero and a range that ends before it starts', () => {
    expect(
      fitRangeProblems([
        { size: '22 in', minKg: -5, maxKg: 80 },
        { size: '22 in', minKg: 80, maxKg: 80 },
      ]),
    ).toEqual([
      { kind: 'negative', size: '22 in' },
      { kind: 'duplicate-size', size: '22 in' },
      { kind: 'min-not-below-max', size: '22 in' },
    ]);
  });

  it('says each problem as a sentence staff can act on', () => {
    expect(fitRangeProblemSentence({ kind: 'empty' })).toBe('Give at least one size a load range.');
    expect(fitRangeProblemSentence({ kind: 'duplicate-size', size: '25 in' })).toBe('25 in is listed twice.');
    expect(fitRangeProblemSentence({ kind: 'negative', size: '22 in' })).toBe('22 in starts below 0 kg.');
    expect(fitRangeProblemSentence({ kind: 'min-not-below-max', size: '30 in' })).toBe(
      '30 in: the lowest load must be below the highest.',
    );
    expect(
      fitRangeProblemSentence({ kind: 'gap', size: '25 in', previous: '22 in', fromKg: 80, toKg: 82 }),
    ).toBe('No size carries 80–82 kg: 25 in must start where 22 in ends (80 kg).');
    expect(
      fitRangeProblemSentence({ kind: 'overlap', size: '30 in', previous: '25 in', fromKg: 110, toKg: 113 }),
    ).toBe('25 in and 30 in both carry 110–113 kg: 30 in must start where 25 in ends (113 kg).');
  });
});
