import { describe, expect, it } from 'vitest';
import { describeRule, ruleProblems, ruleTarget } from './discount-rule-edit.ts';

describe('ruleProblems', () => {
  it('accepts a percentage, an amount off and a fixed price with their targets', () => {
    expect(ruleProblems({ type: 'all', method: 'percent', amount: 40, targetId: null })).toEqual({});
    expect(ruleProblems({ type: 'all', method: 'percent', amount: 12.5, targetId: null })).toEqual({});
    expect(ruleProblems({ type: 'category', method: 'fixed', amount: 5, targetId: 36 })).toEqual({});
    expect(ruleProblems({ type: 'product', method: 'price', amount: 99.95, targetId: 104 })).toEqual({});
  });

  it('asks for the target of a category or product rule', () => {
    expect(ruleProblems({ type: 'category', method: 'percent', amount: 10, targetId: null })).toEqual({
      targetId: "Give the category's id.",
    });
    expect(ruleProblems({ type: 'product', method: 'percent', amount: 10, targetId: -3 }).targetId).toMatch(
      /product's id/,
    );
    expect(
      ruleProblems({ type: 'product', method: 'percent', amount: 10, targetId: 1.5 }).targetId,
    ).toBeDefined();
  });

  it('refuses a percentage outside (0, 100] or finer than cents, and a bad amount', () => {
    for (const amount of [0, -5, 101, Number.NaN])
      expect(ruleProblems({ type: 'all', method: 'percent', amount, targetId: null }).amount).toBe(
        'A percentage is above 0 and at most 100.',
      );
    expect(ruleProblems({ type: 'all', method: 'percent', amount: 10.005, targetId: null }).amount).toBe(
      'A percentage has at most 2 decimals.',
    );
    expect(ruleProblems({ type: 'all', method: 'fixed', amount: 0, targetId: null }).amount).toBe(
      'An amount must be above 0.',
    );
    expect(ruleProblems({ type: 'all', method: 'price', amount: 1.234, targetId: null }).amount).toBe(
      'An amount has at most 2 decimals.',
    );
  });
});

describe('ruleTarget and describeRule', () => {
  it('names the target of a stored rule', () => {
    expect(ruleTarget({ type: 'all' })).toBe('all');
    expect(ruleTarget({ type: 'category', category_id: 36 })).toBe('category:36');
    expect(ruleTarget({ type: 'product', product_id: '104' })).toBe('product:104');
  });

  it('reads a rule as a sentence', () => {
    expect(describeRule({ type: 'all', method: 'percent', amount: '40' })).toBe('40 % off everything');
    expect(describeRule({ type: 'category', method: 'fixed', amount: 5, category_id: 36 })).toBe(
      '5.00 off category 36',
    );
    expect(
      describeRule({ type: 'category', method: 'percent', amount: 30, category_id: 36 }, (id) =>
        id === 36 ? 'accessories/apparel' : undefined,
      ),
    ).toBe('30 % off category accessories/apparel');
    expect(describeRule({ type: 'product', method: 'price', amount: '99', product_id: 104 })).toBe(
      'Price 99.00 for product 104',
    );
  });
});
