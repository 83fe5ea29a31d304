import { describe, expect, it } from 'vitest';
import {
  dropShare,
  formatMoneyIn,
  guardMoney,
  MAX_PRICE_DROP_SHARE,
  type PricedItem,
} from './money-guard.ts';

const item = (productId: number, name: string, before: number, after: number): PricedItem => ({
  productId,
  name,
  before,
  after,
});

describe('money guard (issue 40)', () => {
  it('lets a change through that moves nothing, raises prices or lowers them by half at most', () => {
    expect(guardMoney([], { currency: 'CAD' })).toEqual({
      verdict: 'ok',
      effect: { products: 0, lowest: null, largestDropShare: 0, free: 0, bigDrops: 0 },
    });
    const result = guardMoney(
      [item(1, 'Trail Gaiter', 40, 40), item(2, 'Summit', 200, 100), item(3, 'Poles', 50, 60)],
      { currency: 'CAD' },
    );
    expect(result).toEqual({
      verdict: 'ok',
      effect: {
        products: 2,
        lowest: { name: 'Poles', after: 60 },
        largestDropShare: 0.5,
        free: 0,
        bigDrops: 0,
      },
    });
    expect(MAX_PRICE_DROP_SHARE).toBe(0.5);
  });

  it('refuses a change that makes anything cost 0 or less, never asking to confirm it', () => {
    const region = guardMoney(
      [item(1, 'Trail Gaiter', 40, 0), item(2, 'Summit', 249.95, -750.05), item(3, 'Poles', 60, 30)],
      { currency: 'CAD' },
    );
    expect(region).toMatchObject({
      verdict: 'refuse',
      effect: { products: 3, lowest: { name: 'Summit', after: -750.05 }, free: 2, bigDrops: 0 },
      message: 'This would make 2 products free or less: the lowest becomes C$0.00. Use a smaller amount.',
    });
    expect(region.effect.largestDropShare).toBeGreaterThan(1);
    expect(
      guardMoney([item(1, 'Employee', 20, 0), item(2, 'Retail (US)', 40, 10)], {
        currency: 'USD',
        items: 'customer groups',
        remedy: 'Enter a higher price.',
      }),
    ).toMatchObject({
      verdict: 'refuse',
      effect: { free: 1, bigDrops: 1 },
      message: 'This would make Employee free or less: the lowest becomes $0.00. Enter a higher price.',
    });
  });

  it('asks to confirm a drop of more than the share, naming how many and the lowest price', () => {
    const many = guardMoney(
      [
        item(1, 'Summit', 249.95, 99.98),
        item(2, 'Trail Gaiter', 30, 12),
        item(3, 'Poles', 10, 9),
        item(4, 'Basket', 5, 5),
      ],
      { currency: 'CAD' },
    );
    expect(many).toMatchObject({
      verdict: 'confirm',
      effect: { products: 3, lowest: { name: 'Poles', after: 9 }, free: 0, bigDrops: 2 },
      message:
        'This lowers the price of 2 products by more than half; the lowest becomes C$12.00 (Trail Gaiter).',
    });
    expect(many.effect.largestDropShare).toBeCloseTo(0.6);
    expect(
      guardMoney([item(1, 'Summit', 100, 10), item(2, 'Basket', 100, 25)], { currency: 'EUR' }),
    ).toMatchObject({
      verdict: 'confirm',
      message: 'This lowers the price of 2 products by more than half; the lowest becomes 10,00 € (Summit).',
    });
    expect(guardMoney([item(1, 'Summit', 100, 70)], { currency: 'USD', maxDropShare: 0.25 })).toMatchObject({
      verdict: 'confirm',
      effect: { products: 1, bigDrops: 1 },
      message: 'This lowers the price of Summit by more than 25 %, to $70.00.',
    });
  });

  it('measures drops only from prices above 0, and formats unknown currencies plainly', () => {
    expect(dropShare(100, 40)).toBeCloseTo(0.6);
    expect(dropShare(100, 120)).toBe(0);
    expect(dropShare(0, -5)).toBe(0);
    expect(formatMoneyIn(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoneyIn(12, 'XYZ')).toBe('12.00 XYZ');
  });
});
