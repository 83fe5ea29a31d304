import { describe, expect, it } from 'vitest';
import { discountRulesFor } from './discount-rules.ts';

const proGroup = { id: 5, discount_rules: [{ type: 'all', method: 'percent', amount: '30' }] };
const defaultGroup = { id: 1, discount_rules: [{ type: 'all', method: 'percent', amount: '0' }] };

describe("§6 discount rules: the customer's group only when the pro region is exactly 'pro'", () => {
  it("gives a 'pro' customer its own group's rules", () => {
    expect(discountRulesFor('pro', proGroup, defaultGroup)).toBe(proGroup.discount_rules);
  });

  it("gives everyone else the region's default group rules", () => {
    for (const region of ['pro_ca', 'pro_eu_region_1', 'us', null, undefined]) {
      expect(discountRulesFor(region, proGroup, defaultGroup)).toBe(defaultGroup.discount_rules);
    }
  });

  it('gives no rules when the applicable group or its rules are missing', () => {
    expect(discountRulesFor('pro', null, defaultGroup)).toEqual([]);
    expect(discountRulesFor('us', proGroup, { id: 1 })).toEqual([]);
    expect(discountRulesFor('us', proGroup, { id: 1, discount_rules: null })).toEqual([]);
  });
});
