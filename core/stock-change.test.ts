import { describe, expect, it } from 'vitest';
import {
  isBackInStock,
  MAX_LOW_STOCK_THRESHOLD,
  MAX_STOCK_LEVEL,
  stockLevelAfter,
  thresholdRefusal,
} from './stock-change.ts';

describe('stockLevelAfter', () => {
  it('sets the level on a count or an import', () => {
    expect(stockLevelAfter(3, { set: 12 }, 'count')).toEqual({ ok: true, after: 12 });
    expect(stockLevelAfter(3, { set: 0 }, 'import')).toEqual({ ok: true, after: 0 });
    expect(stockLevelAfter(0, { set: MAX_STOCK_LEVEL }, 'count')).toEqual({
      ok: true,
      after: MAX_STOCK_LEVEL,
    });
  });

  it('refuses a count below 0, above the maximum or not whole', () => {
    for (const level of [-1, MAX_STOCK_LEVEL + 1, 2.5, Number.NaN])
      expect(stockLevelAfter(3, { set: level }, 'count')).toMatchObject({ ok: false });
  });

  it('adds a delivery or a return and takes damage away', () => {
    expect(stockLevelAfter(3, { adjust: 4 }, 'delivery')).toEqual({ ok: true, after: 7 });
    expect(stockLevelAfter(0, { adjust: 1 }, 'return')).toEqual({ ok: true, after: 1 });
    expect(stockLevelAfter(3, { adjust: -3 }, 'damage')).toEqual({ ok: true, after: 0 });
  });

  it('refuses an adjustment that would leave less than 0, with the level in the message', () => {
    const verdict = stockLevelAfter(2, { adjust: -5 }, 'damage');
    expect(verdict).toEqual({
      ok: false,
      message: 'Only 2 units in stock: taking away 5 units would leave -3.',
    });
  });

  it('refuses an adjustment of 0, a fraction, or one above the maximum', () => {
    expect(stockLevelAfter(2, { adjust: 0 }, 'delivery')).toMatchObject({ ok: false });
    expect(stockLevelAfter(2, { adjust: 1.5 }, 'delivery')).toMatchObject({ ok: false });
    expect(stockLevelAfter(MAX_STOCK_LEVEL, { adjust: 1 }, 'delivery')).toMatchObject({ ok: false });
  });

  it('ties the sign to the reason: damage removes, delivery and return add', () => {
    expect(stockLevelAfter(5, { adjust: 2 }, 'damage')).toMatchObject({ ok: false, message: /negative/ });
    expect(stockLevelAfter(5, { adjust: -2 }, 'delivery')).toMatchObject({ ok: false, message: /positive/ });
    expect(stockLevelAfter(5, { adjust: -2 }, 'return')).toMatchObject({ ok: false, message: /positive/ });
  });

  it('refuses an unknown reason and a reason that does not fit the kind of change', () => {
    expect(stockLevelAfter(5, { set: 2 }, 'theft')).toMatchObject({ ok: false, message: /Unknown reason/ });
    expect(stockLevelAfter(5, { set: 2 }, 'delivery')).toMatchObject({ ok: false });
    expect(stockLevelAfter(5, { adjust: 2 }, 'count')).toMatchObject({ ok: false });
  });
});

describe('thresholdRefusal', () => {
  it('accepts the default (null) and whole numbers 0..max', () => {
    expect(thresholdRefusal(null)).toBeNull();
    expect(thresholdRefusal(0)).toBeNull();
    expect(thresholdRefusal(MAX_LOW_STOCK_THRESHOLD)).toBeNull();
  });

  it('refuses a negative, fractional or too large threshold', () => {
    for (const value of [-1, 1.5, MAX_LOW_STOCK_THRESHOLD + 1])
      expect(thresholdRefusal(value)).toMatch(/whole number/);
  });
});

describe('isBackInStock', () => {
  it('is true only from sold out to at least one unit', () => {
    expect(isBackInStock(0, 5)).toBe(true);
    expect(isBackInStock(0, 0)).toBe(false);
    expect(isBackInStock(2, 5)).toBe(false);
    expect(isBackInStock(5, 0)).toBe(false);
  });
});
