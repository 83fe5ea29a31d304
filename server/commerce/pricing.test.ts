import { describe, expect, it } from 'vitest';
import { discountedPrice, priceSet, sumMoney } from './pricing.ts';

describe('discountedPrice', () => {
  const rules = [
    { type: 'all' as const, method: 'percent' as const, amount: '40' },
    { type: 'category' as const, method: 'percent' as const, amount: '30', category_id: 36 },
    { type: 'product' as const, method: 'fixed' as const, amount: '5', product_id: 7 },
  ];

  it('applies the most specific rule: product, then category, then all', () => {
    expect(discountedPrice(100, 7, [36, 30], rules)).toBe(95);
    expect(discountedPrice(100, 8, [36, 30], rules)).toBe(70);
    expect(discountedPrice(100, 8, [21, 20], rules)).toBe(60);
  });

  it('rounds half a cent up and never goes below zero; a fixed price replaces the price', () => {
    expect(discountedPrice(179.95, 1, [36], rules)).toBe(125.97);
    expect(discountedPrice(3, 7, [], rules)).toBe(0);
    expect(discountedPrice(80, 1, [], [{ type: 'all', method: 'price', amount: '49.5' }])).toBe(49.5);
  });

  it('leaves the price alone without a rule or with an unreadable amount', () => {
    expect(discountedPrice(19.95, 1, [], [])).toBe(19.95);
    expect(discountedPrice(19.95, 1, [], [{ type: 'all', method: 'percent', amount: 'ten' }])).toBe(19.95);
  });

  it('starts from the sale price when there is one', () => {
    expect(priceSet(100, 80, 1, [], [{ type: 'all', method: 'percent', amount: '10' }])).toEqual({
      retail: 100,
      sale: 80,
      calculated: 72,
    });
  });

  it('sums money without float drift', () => {
    expect(sumMoney([0.1, 0.2, 34.95, 59.95])).toBe(95.2);
  });
});
