import { describe, expect, it } from 'vitest';
import { recommendSize } from '#core/fit-finder.ts';
import { fitResult, fitSearch, readFitRequest } from './fit-query.ts';

const read = (search: string, unit: 'kg' | 'lb' = 'kg') => readFitRequest(new URLSearchParams(search), unit);

describe('readFitRequest', () => {
  it('is not a question until the form is sent, and starts in the locale’s unit', () => {
    expect(read('', 'lb')).toEqual({
      values: { weight: '', pack: '', unit: 'lb', terrain: 'flat-rolling', snow: 'packed' },
      query: null,
      errors: {},
      submitted: false,
    });
  });

  it('reads a German shopper’s question, decimal comma included', () => {
    expect(read('weight=95,5&pack=10&unit=kg&terrain=backcountry&snow=powder').query).toEqual({
      weight: 95.5,
      packWeight: 10,
      unit: 'kg',
      terrain: 'backcountry',
      snow: 'powder',
    });
  });

  it('takes the unit the shopper switched to, and no pack as 0', () => {
    expect(read('weight=210&pack=&unit=lb').query).toMatchObject({ weight: 210, packWeight: 0, unit: 'lb' });
  });

  it('refuses a weight or a pack out of the unit’s limits, by field', () => {
    expect(read('weight=9&pack=61&unit=kg')).toMatchObject({
      query: null,
      errors: { weight: 'fit error weight', pack: 'fit error pack' },
    });
    expect(read('weight=300&unit=kg').errors).toEqual({ weight: 'fit error weight' });
    expect(read('weight=300&unit=lb').errors).toEqual({});
    expect(read('weight=abc').errors).toEqual({ weight: 'fit error weight' });
  });

  it('falls back on the defaults for an unknown terrain, snow or unit', () => {
    expect(read('weight=80&terrain=moon&snow=slush&unit=stone', 'lb').values).toMatchObject({
      terrain: 'flat-rolling',
      snow: 'packed',
      unit: 'lb',
    });
  });
});

describe('fitResult and fitSearch', () => {
  it('keeps the total in the shopper’s unit', () => {
    const query = { weight: 209.4, packWeight: 22, unit: 'lb', terrain: 'mountain', snow: 'mixed' } as const;
    const answer = recommendSize([{ size: '25 in', minKg: 60, maxKg: 120 }], query);
    expect(fitResult(answer, query)).toMatchObject({ kind: 'size', total: 231.4, unit: 'lb', totalKg: 105 });
  });

  it('writes the question back into a link', () => {
    expect(fitSearch({ weight: '95', pack: '10', unit: 'kg', terrain: 'mountain', snow: 'powder' })).toBe(
      'weight=95&pack=10&unit=kg&terrain=mountain&snow=powder',
    );
  });
});
