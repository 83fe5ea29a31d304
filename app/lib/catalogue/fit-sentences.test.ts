import { describe, expect, it } from 'vitest';
import { DISPLAY_TEXT_DEFAULTS } from '#core/display-text-defaults.ts';
import { recommendSize } from '#core/fit-finder.ts';
import { fitResult } from './fit-query.ts';
import { fitErrors, fitSentences, type Translate } from './fit-sentences.ts';

const t: Translate = (key, values) => {
  const template = (DISPLAY_TEXT_DEFAULTS as Record<string, string>)[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => String(values?.[name] ?? match));
};
const CHART = [
  { size: '22 in', minKg: 45, maxKg: 80 },
  { size: '25 in', minKg: 80, maxKg: 113 },
  { size: '30 in', minKg: 113, maxKg: 159 },
];
const say = (weight: number, pack: number, rest: object = {}, locale = 'en-us', chart = CHART) => {
  const query = {
    weight,
    packWeight: pack,
    unit: 'kg',
    terrain: 'flat-rolling',
    snow: 'packed',
    ...rest,
  } as const;
  return fitSentences(fitResult(recommendSize(chart, query), query), locale, t);
};

describe('fitSentences', () => {
  it('says the load, the chart’s size and why powder takes one size up', () => {
    expect(say(95, 10, { snow: 'powder' })).toEqual([
      'Total load 105 kg: the chart gives 25 in.',
      'Powder asks for more float, so one size up.',
    ]);
    expect(say(60, 0, { terrain: 'backcountry', snow: 'powder' })).toEqual([
      'Total load 60 kg: the chart gives 22 in.',
      'Powder and backcountry ask for more float, so one size up.',
    ]);
    expect(say(60, 0, { terrain: 'backcountry' })[1]).toBe(
      'Backcountry asks for more float, so one size up.',
    );
  });

  it('says when the largest size already stands, and when the load is below the chart', () => {
    expect(say(150, 0, { snow: 'powder' })[1]).toBe(
      'More float would help, but 30 in is already the largest size.',
    );
    expect(say(30, 0)).toEqual([
      'Total load 30 kg: the chart gives 22 in.',
      'That is lighter than the chart starts, so the smallest size.',
    ]);
  });

  it('writes numbers the locale’s way and pounds as typed', () => {
    expect(say(95.5, 10, {}, 'de-de')[0]).toBe('Total load 105,5 kg: the chart gives 25 in.');
    expect(say(209.5, 22, { unit: 'lb' })[0]).toBe('Total load 231.5 lb: the chart gives 25 in.');
  });

  it('says there is no chart, and what the largest size carries when the load is more', () => {
    expect(say(80, 0, {}, 'en-us', [])).toEqual([DISPLAY_TEXT_DEFAULTS['fit no ranges']]);
    expect(say(150, 20, { unit: 'lb' })).toEqual(['Total load 170 lb: the chart gives 22 in.']);
    expect(say(160, 10)).toEqual([
      'Total load 170 kg is more than the largest size carries (30 in: up to 159 kg).',
    ]);
    expect(say(380, 20, { unit: 'lb' })).toEqual([
      'Total load 400 lb is more than the largest size carries (30 in: up to 350.5 lb).',
    ]);
  });
});

describe('fitErrors', () => {
  it('names the limits of the chosen unit', () => {
    expect(fitErrors({ weight: 'fit error weight', pack: 'fit error pack' }, 'lb', t)).toEqual({
      weight: 'Enter your weight between 22 and 550 lb.',
      pack: 'Enter a pack weight between 0 and 130 lb.',
    });
    expect(fitErrors({}, 'kg', t)).toEqual({});
  });
});
