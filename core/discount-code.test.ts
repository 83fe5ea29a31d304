import { describe, expect, it } from 'vitest';
import {
  DISCOUNT_REFUSALS,
  type DiscountCart,
  type DiscountCodeRule,
  discountRefusalText,
  evaluateDiscountCode,
  guardDiscountCode,
  normalizeCode,
  shareOut,
  shopperKey,
} from './discount-code.ts';
import { DISPLAY_TEXT_DEFAULTS } from './display-text-defaults.ts';
import { ERROR_CODES, type ErrorCode } from './error-codes.ts';

const now = new Date('2026-12-07T12:00:00Z');

const rule = (over: Partial<DiscountCodeRule> = {}): DiscountCodeRule => ({
  code: 'WINTER10',
  kind: 'percent',
  percent: 10,
  amounts: {},
  scope: 'cart',
  categoryIds: [],
  productIds: [],
  regionIds: [],
  minimums: {},
  startsAt: null,
  endsAt: null,
  active: true,
  usageLimit: null,
  perCustomerLimit: null,
  combinesWithSale: true,
  appliesToPro: false,
  ...over,
});

const cart = (over: Partial<DiscountCart> = {}): DiscountCart => ({
  regionId: 'eu_region_1',
  currency: 'EUR',
  isPro: false,
  shipping: 9.95,
  lines: [
    { id: 'a', productId: 1, categoryIds: [10, 1], quantity: 2, unitPrice: 199.95, onSale: false },
    { id: 'b', productId: 2, categoryIds: [20, 2], quantity: 1, unitPrice: 34.99, onSale: true },
  ],
  ...over,
});

const fresh = { total: 0, byShopper: 0 };

describe('normalizeCode', () => {
  it('upper-cases and trims, so codes are case-insensitive', () => {
    expect(normalizeCode('  winter10 ')).toBe('WINTER10');
    expect(normalizeCode('Spring-26_A')).toBe('SPRING-26_A');
  });
  it('refuses an empty, too long or oddly shaped code', () => {
    expect(normalizeCode('   ')).toBeNull();
    expect(normalizeCode('A'.repeat(33))).toBeNull();
    expect(normalizeCode("x' or 1=1")).toBeNull();
    expect(normalizeCode('-LEADING')).toBeNull();
  });
});

describe('evaluateDiscountCode', () => {
  it('names an unknown code', () => {
    expect(evaluateDiscountCode('NOPE', null, cart(), fresh, now)).toEqual({
      ok: false,
      code: 'NOPE',
      reason: 'unknown-code',
    });
  });

  it('takes a percentage off every line, in whole cents', () => {
    const result = evaluateDiscountCode('WINTER10', rule(), cart(), fresh, now);
    expect(result).toEqual({
      ok: true,
      code: 'WINTER10',
      lines: [
        { id: 'a', saving: 39.99 },
        { id: 'b', saving: 3.5 },
      ],
      shippingSaving: 0,
      total: 43.49,
      freeShipping: false,
    });
  });

  it('caps a percentage at 100 and treats a missing one as 0 (nothing applies)', () => {
    const all = evaluateDiscountCode('X', rule({ percent: 150 }), cart(), fresh, now);
    expect(all.ok && all.total).toBe(434.89);
    const none = evaluateDiscountCode('X', rule({ percent: null }), cart(), fresh, now);
    expect(none.ok && none.lines).toEqual([]);
    const negative = evaluateDiscountCode('X', rule({ percent: -5 }), cart(), fresh, now);
    expect(negative.ok && negative.total).toBe(0);
  });

  it('spreads an amount over the lines it applies to, adding up to the amount exactly', () => {
    const result = evaluateDiscountCode(
      'TEN',
      rule({ kind: 'amount', amounts: { EUR: 10 } }),
      cart(),
      fresh,
      now,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.total).toBe(10);
    expect(result.lines.reduce((sum, line) => Math.round(sum * 100 + line.saving * 100) / 100, 0)).toBe(10);
  });

  it('never takes more than the lines cost', () => {
    const result = evaluateDiscountCode(
      'BIG',
      rule({ kind: 'amount', amounts: { EUR: 1000 } }),
      cart(),
      fresh,
      now,
    );
    expect(result.ok && result.total).toBe(434.89);
  });

  it('refuses an amount code with no amount in the cart currency as not for this region', () => {
    const result = evaluateDiscountCode(
      'USD5',
      rule({ kind: 'amount', amounts: { USD: 5 } }),
      cart(),
      fresh,
      now,
    );
    expect(result).toMatchObject({ ok: false, reason: 'wrong-region' });
  });

  it('takes the shipping off a free-shipping code, and nothing when the shipping is not known yet', () => {
    const result = evaluateDiscountCode('SHIP', rule({ kind: 'free_shipping' }), cart(), fresh, now);
    expect(result).toMatchObject({
      ok: true,
      shippingSaving: 9.95,
      total: 9.95,
      freeShipping: true,
      lines: [],
    });
    const unknown = evaluateDiscountCode(
      'SHIP',
      rule({ kind: 'free_shipping' }),
      cart({ shipping: null }),
      fresh,
      now,
    );
    expect(unknown).toMatchObject({ ok: true, shippingSaving: 0, total: 0 });
  });

  it('applies to the named products or categories only', () => {
    const products = evaluateDiscountCode(
      'P',
      rule({ scope: 'products', productIds: [2] }),
      cart(),
      fresh,
      now,
    );
    expect(products.ok && products.lines.map((line) => line.id)).toEqual(['b']);
    const parent = evaluateDiscountCode(
      'C',
      rule({ scope: 'categories', categoryIds: [1] }),
      cart(),
      fresh,
      now,
    );
    expect(parent.ok && parent.lines.map((line) => line.id)).toEqual(['a']);
    const none = evaluateDiscountCode(
      'C',
      rule({ scope: 'categories', categoryIds: [99] }),
      cart(),
      fresh,
      now,
    );
    expect(none).toMatchObject({ ok: false, reason: 'nothing-applies' });
  });

  it('leaves sale lines alone unless the code combines with sales', () => {
    const result = evaluateDiscountCode('W', rule({ combinesWithSale: false }), cart(), fresh, now);
    expect(result.ok && result.lines.map((line) => line.id)).toEqual(['a']);
    const onlySale = evaluateDiscountCode(
      'W',
      rule({ combinesWithSale: false, scope: 'products', productIds: [2] }),
      cart(),
      fresh,
      now,
    );
    expect(onlySale).toMatchObject({ ok: false, reason: 'nothing-applies' });
  });

  it('refuses an empty or free cart as nothing to apply to', () => {
    expect(evaluateDiscountCode('W', rule(), cart({ lines: [] }), fresh, now)).toMatchObject({
      reason: 'nothing-applies',
    });
    const free = cart({
      lines: [{ id: 'z', productId: 3, categoryIds: [], quantity: 1, unitPrice: 0, onSale: false }],
    });
    expect(evaluateDiscountCode('W', rule(), free, fresh, now)).toMatchObject({ reason: 'nothing-applies' });
  });

  it('keeps its dates: from the start (inclusive) to the end (exclusive)', () => {
    const window = { startsAt: new Date('2026-12-01T00:00:00Z'), endsAt: new Date('2026-12-07T12:00:00Z') };
    expect(evaluateDiscountCode('W', rule(window), cart(), fresh, now)).toMatchObject({ reason: 'expired' });
    expect(evaluateDiscountCode('W', rule(window), cart(), fresh, new Date('2026-12-01T00:00:00Z')).ok).toBe(
      true,
    );
    expect(
      evaluateDiscountCode('W', rule(window), cart(), fresh, new Date('2026-11-30T23:59:59Z')),
    ).toMatchObject({ reason: 'not-yet-valid' });
  });

  it('treats a deactivated code as expired', () => {
    expect(evaluateDiscountCode('W', rule({ active: false }), cart(), fresh, now)).toMatchObject({
      reason: 'expired',
    });
  });

  it('is valid only in its regions', () => {
    expect(evaluateDiscountCode('NA', rule({ regionIds: ['us', 'ca'] }), cart(), fresh, now)).toMatchObject({
      reason: 'wrong-region',
    });
    expect(evaluateDiscountCode('EU', rule({ regionIds: ['eu_region_1'] }), cart(), fresh, now).ok).toBe(
      true,
    );
  });

  it('does not apply to pro accounts unless it says so', () => {
    expect(evaluateDiscountCode('W', rule(), cart({ isPro: true }), fresh, now)).toMatchObject({
      reason: 'not-for-pro',
    });
    expect(
      evaluateDiscountCode('W', rule({ appliesToPro: true }), cart({ isPro: true }), fresh, now).ok,
    ).toBe(true);
  });

  it('is used up at its total limit and at the shopper limit; an unknown shopper is checked later', () => {
    expect(
      evaluateDiscountCode('W', rule({ usageLimit: 100 }), cart(), { total: 100, byShopper: 0 }, now),
    ).toMatchObject({
      reason: 'used-up',
    });
    expect(
      evaluateDiscountCode('W', rule({ usageLimit: 100 }), cart(), { total: 99, byShopper: 0 }, now).ok,
    ).toBe(true);
    expect(
      evaluateDiscountCode('W', rule({ perCustomerLimit: 1 }), cart(), { total: 5, byShopper: 1 }, now),
    ).toMatchObject({ reason: 'used-up' });
    expect(
      evaluateDiscountCode('W', rule({ perCustomerLimit: 1 }), cart(), { total: 5, byShopper: null }, now).ok,
    ).toBe(true);
  });

  it('needs the minimum subtotal in the cart currency; another currency has none', () => {
    expect(evaluateDiscountCode('W', rule({ minimums: { EUR: 500 } }), cart(), fresh, now)).toMatchObject({
      reason: 'minimum-not-reached',
    });
    expect(evaluateDiscountCode('W', rule({ minimums: { EUR: 434.89 } }), cart(), fresh, now).ok).toBe(true);
    expect(evaluateDiscountCode('W', rule({ minimums: { USD: 5000 } }), cart(), fresh, now).ok).toBe(true);
  });
});

describe('shareOut', () => {
  it('gives the remainder to the largest fractions, then the first lines', () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(10, [0, 0])).toEqual([0, 0]);
    expect(shareOut(7, [3, 1])).toEqual([5, 2]);
  });
});

describe('shopperKey', () => {
  it('is the customer, or the lower-cased e-mail address of a guest', () => {
    expect(shopperKey(7, 'a@b.c')).toBe('customer:7');
    expect(shopperKey(null, ' Ann@Example.COM ')).toBe('email:ann@example.com');
    expect(shopperKey(null, '  ')).toBeNull();
    expect(shopperKey(null, null)).toBeNull();
  });
});

describe('discountRefusalText', () => {
  it('is a display-text key per reason', () => {
    expect(discountRefusalText('minimum-not-reached')).toBe('discount minimum not reached');
  });
});

describe('guardDiscountCode', () => {
  const base = { amounts: {}, minimums: {}, scope: 'cart' as const, percent: null };
  it('passes an everyday code', () => {
    expect(guardDiscountCode({ ...base, kind: 'percent', percent: 10 })).toEqual({ verdict: 'ok' });
    expect(guardDiscountCode({ ...base, kind: 'free_shipping' })).toEqual({ verdict: 'ok' });
    expect(
      guardDiscountCode({ ...base, kind: 'amount', amounts: { EUR: 10 }, minimums: { EUR: 50 } }),
    ).toEqual({ verdict: 'ok' });
  });
  it('asks for a confirmation when an order could cost nothing', () => {
    expect(guardDiscountCode({ ...base, kind: 'percent', percent: 100 })).toMatchObject({
      verdict: 'confirm',
      message: expect.stringContaining('whole order'),
    });
    expect(guardDiscountCode({ ...base, kind: 'percent', percent: 100, scope: 'products' })).toMatchObject({
      message: expect.stringContaining('items it applies to'),
    });
    expect(guardDiscountCode({ ...base, kind: 'percent' })).toEqual({ verdict: 'ok' });
    const amount = guardDiscountCode({
      ...base,
      kind: 'amount',
      amounts: { USD: 50, EUR: 20 },
      minimums: { USD: 50, EUR: 100 },
    });
    expect(amount).toMatchObject({
      verdict: 'confirm',
      message: expect.stringContaining('$50.00 off with a minimum of $50.00'),
    });
    expect(guardDiscountCode({ ...base, kind: 'amount', amounts: { EUR: 5, CAD: 5 } })).toMatchObject({
      verdict: 'confirm',
    });
  });
  it('asks for a confirmation for more than half off', () => {
    expect(guardDiscountCode({ ...base, kind: 'percent', percent: 60 })).toMatchObject({
      verdict: 'confirm',
      message: 'This code takes more than half off: 60 % off.',
    });
  });
});

describe('refusals at the edge', () => {
  it('have an error code each, whose sentence exists in English', () => {
    for (const reason of DISCOUNT_REFUSALS) {
      const code = `discount-${reason}` as ErrorCode;
      expect(ERROR_CODES[code]?.text).toBe(discountRefusalText(reason));
      expect(DISPLAY_TEXT_DEFAULTS).toHaveProperty([discountRefusalText(reason)]);
    }
  });
});
