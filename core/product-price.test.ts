import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  MAX_PRICE,
  parseAmount,
  parseUtcDateTime,
  priceChangeProblems,
  regionPriceField,
  utcDateTimeValue,
  variantPriceField,
} from './product-price.ts';
import { priceFormSchema, priceFormSchemaIn } from './product-price-form.ts';

describe('amountProblem', () => {
  it('takes a positive amount in cents up to the maximum', () => {
    for (const value of [0.01, 1, 129.95, 0.1 + 0.2, MAX_PRICE]) expect(amountProblem(value)).toBeNull();
  });

  it('refuses zero, negatives, fractions of a cent, too large and not-a-number', () => {
    expect(amountProblem(0)).toBe('A price must be above 0.');
    expect(amountProblem(-1)).toBe('A price must be above 0.');
    expect(amountProblem(1.234)).toBe('A price has at most 2 decimals.');
    expect(amountProblem(MAX_PRICE + 1)).toMatch(/at most/);
    expect(amountProblem(Number.NaN)).toMatch(/Enter an amount/);
  });
});

describe('parseAmount', () => {
  it('reads digits with a point and up to 2 decimals', () => {
    expect(parseAmount(' 129.95 ')).toEqual({ ok: true, value: 129.95 });
    expect(parseAmount('80')).toEqual({ ok: true, value: 80 });
    expect(parseAmount('0.5')).toEqual({ ok: true, value: 0.5 });
  });

  it('names a region’s field where several regions share a form', () => {
    expect(regionPriceField('eu_region_1', 'saleEndsAt')).toBe('eu_region_1-saleEndsAt');
    expect(variantPriceField(12, 'ca', 'retail')).toBe('v12-ca-retail');
  });

  it('reads a comma as the decimal separator', () => {
    expect(parseAmount('189,95')).toEqual({ ok: true, value: 189.95 });
    expect(parseAmount('12,5')).toEqual({ ok: true, value: 12.5 });
  });

  it('says what to type instead of a bad amount', () => {
    expect(parseAmount('')).toEqual({ ok: false, message: 'Enter an amount, like 129.95.' });
    expect(parseAmount('-1')).toEqual({ ok: false, message: 'A price must be above 0.' });
    expect(parseAmount('0')).toEqual({ ok: false, message: 'A price must be above 0.' });
    expect(parseAmount('1,189.95')).toEqual({
      ok: false,
      message: 'Leave out the thousands separator: write 1189.95.',
    });
    expect(parseAmount('1.189,95')).toEqual({
      ok: false,
      message: 'Leave out the thousands separator: write 1189.95.',
    });
    expect(parseAmount('1.999')).toEqual({
      ok: false,
      message: 'A price has at most 2 decimals (leave out any thousands separator).',
    });
    expect(parseAmount('1,999')).toMatchObject({ ok: false, message: expect.stringContaining('2 decimals') });
    expect(parseAmount('$12')).toEqual({ ok: false, message: 'Enter digits and a point only, like 129.95.' });
    expect(parseAmount('1e3')).toMatchObject({ ok: false });
  });
});

describe('priceChangeProblems', () => {
  const now = new Date('2026-11-26T08:00:00Z');
  const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  const change = (overrides: Partial<Parameters<typeof priceChangeProblems>[0]> = {}) => ({
    retail: 100,
    sale: null,
    saleStartsAt: null,
    saleEndsAt: null,
    ...overrides,
  });

  it('accepts a retail price alone, a sale below it and a schedule ending in the future', () => {
    expect(priceChangeProblems(change(), now)).toEqual({});
    expect(priceChangeProblems(change({ sale: 99.99 }), now)).toEqual({});
    expect(
      priceChangeProblems(change({ sale: 80, saleStartsAt: later(-60), saleEndsAt: later(60) }), now),
    ).toEqual({});
    expect(priceChangeProblems(change({ sale: 80, saleStartsAt: later(60) }), now)).toEqual({});
  });

  it('refuses a sale at or above retail, and bad amounts by field', () => {
    expect(priceChangeProblems(change({ sale: 100 }), now)).toEqual({
      sale: 'The sale price must be below the retail price.',
    });
    expect(priceChangeProblems(change({ sale: 120 }), now).sale).toMatch(/below the retail/);
    expect(priceChangeProblems(change({ retail: 0, sale: 0.001 }), now)).toEqual({
      retail: 'A price must be above 0.',
      sale: 'A price has at most 2 decimals.',
    });
    // With no valid retail price there is nothing to compare a sale with.
    expect(priceChangeProblems(change({ retail: -1, sale: 5 }), now)).toEqual({
      retail: 'A price must be above 0.',
    });
  });

  it('refuses a schedule without a sale price, an end before its start and an end already past', () => {
    expect(priceChangeProblems(change({ saleEndsAt: later(60) }), now)).toEqual({
      sale: 'A sale start or end needs a sale price.',
    });
    expect(priceChangeProblems(change({ saleStartsAt: later(60) }), now).sale).toMatch(/needs a sale/);
    expect(
      priceChangeProblems(change({ sale: 80, saleStartsAt: later(60), saleEndsAt: later(60) }), now),
    ).toEqual({ saleEndsAt: 'The sale must end after it starts.' });
    expect(
      priceChangeProblems(change({ sale: 80, saleStartsAt: later(60), saleEndsAt: later(30) }), now),
    ).toEqual({ saleEndsAt: 'The sale must end after it starts.' });
    expect(priceChangeProblems(change({ sale: 80, saleEndsAt: now }), now)).toEqual({
      saleEndsAt: 'This end time has already passed.',
    });
  });
});

describe('parseUtcDateTime and utcDateTimeValue', () => {
  it('reads a datetime-local value as UTC, with or without seconds', () => {
    expect(parseUtcDateTime('2026-12-01T09:30')?.toISOString()).toBe('2026-12-01T09:30:00.000Z');
    expect(parseUtcDateTime('2026-12-01T09:30:15')?.toISOString()).toBe('2026-12-01T09:30:15.000Z');
  });

  it('refuses what is not a real moment', () => {
    for (const text of ['2026-02-30T10:00', '2026-12-01T24:00', '2026-12-01 09:30', 'tomorrow', ''])
      expect(parseUtcDateTime(text)).toBeNull();
  });

  it('writes a moment back as the input shows it', () => {
    expect(utcDateTimeValue('2026-12-01T09:30:15.000Z')).toBe('2026-12-01T09:30:15');
    expect(utcDateTimeValue(null)).toBe('');
  });
});

describe('priceFormSchema', () => {
  it('reads blank sale and times as none', () => {
    const parsed = priceFormSchema.parse({
      retail: '129.95',
      sale: '',
      saleStartsAt: '',
      saleEndsAt: '',
    });
    expect(parsed).toEqual({ retail: 129.95, sale: null, saleStartsAt: null, saleEndsAt: null });
    expect(priceFormSchema.parse({ retail: '10' }).saleEndsAt).toBeNull();
  });

  it('reads a sale with its schedule', () => {
    expect(
      priceFormSchema.parse({
        retail: '100',
        sale: '79.50',
        saleStartsAt: '2026-12-01T09:00',
        saleEndsAt: '2026-12-02T09:00:30',
      }),
    ).toEqual({
      retail: 100,
      sale: 79.5,
      saleStartsAt: new Date('2026-12-01T09:00:00Z'),
      saleEndsAt: new Date('2026-12-02T09:00:30Z'),
    });
  });

  it('names the field of each bad value', () => {
    const result = priceFormSchema.safeParse({
      retail: '1,250.00',
      sale: '-3',
      saleStartsAt: 'soon',
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(
      (result.success ? [] : result.error.issues).map((issue) => [String(issue.path[0]), issue.message]),
    );
    expect(byField).toEqual({
      retail: 'Leave out the thousands separator: write 1250.00.',
      sale: 'A price must be above 0.',
      saleStartsAt: 'Enter a date and time, like 2026-12-01T09:00.',
    });
    expect(priceFormSchema.safeParse({}).success).toBe(false);
  });
});

describe('priceFormSchemaIn', () => {
  it("reads a sale's times on the store's clock", () => {
    const denver = priceFormSchemaIn('America/Denver').parse({
      retail: '100',
      sale: '80',
      saleStartsAt: '2026-12-01T00:00',
      saleEndsAt: '2026-07-01T00:00',
    });
    // Midnight in Denver: 07:00 UTC in winter (MST), 06:00 in summer (MDT).
    expect(denver.saleStartsAt?.toISOString()).toBe('2026-12-01T07:00:00.000Z');
    expect(denver.saleEndsAt?.toISOString()).toBe('2026-07-01T06:00:00.000Z');
    expect(
      priceFormSchemaIn('UTC').parse({ retail: '1', saleStartsAt: '2026-12-01T00:00' }).saleStartsAt,
    ).toEqual(new Date('2026-12-01T00:00:00Z'));
  });
});
