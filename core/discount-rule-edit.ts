import { amountProblem } from './product-price.ts';

/**
 * Editing a customer group's discount rules (SPEC §3 customerDiscount, §6; issue 20): what a rule may be, and the
 * key that names its target. A group holds at most one rule per target (everything, one category, one product),
 * because the storefront applies the first rule it finds for the most specific target (commerce/pricing.ts).
 */

export const RULE_TYPES = ['all', 'category', 'product'] as const;
export const RULE_METHODS = ['percent', 'fixed', 'price'] as const;
export type RuleType = (typeof RULE_TYPES)[number];
export type RuleMethod = (typeof RULE_METHODS)[number];

export interface RuleInput {
  type: RuleType;
  method: RuleMethod;
  amount: number;
  /** The category's or product's id; null for 'all'. */
  targetId: number | null;
}

export type RuleField = 'type' | 'method' | 'amount' | 'targetId';

/** Every problem of a rule by field (empty when none): a target for category and product rules, a sane amount. */
export function ruleProblems(rule: RuleInput): Partial<Record<RuleField, string>> {
  const problems: Partial<Record<RuleField, string>> = {};
  if (
    rule.type !== 'all' &&
    (rule.targetId === null || !Number.isInteger(rule.targetId) || rule.targetId <= 0)
  )
    problems.targetId = `Give the ${rule.type}'s id.`;
  if (rule.method === 'percent') {
    if (!(rule.amount > 0 && rule.amount <= 100))
      problems.amount = 'A percentage is above 0 and at most 100.';
    else if (Math.abs(rule.amount * 100 - Math.round(rule.amount * 100)) > 1e-6)
      problems.amount = 'A percentage has at most 2 decimals.';
  } else {
    const problem = amountProblem(rule.amount);
    if (problem) problems.amount = problem.replace('A price', 'An amount');
  }
  return problems;
}

/** The target a rule covers, as one key: 'all', 'category:36', 'product:104'. */
export function ruleTarget(rule: { type: string; category_id?: unknown; product_id?: unknown }): string {
  if (rule.type === 'category') return `category:${Number(rule.category_id)}`;
  if (rule.type === 'product') return `product:${Number(rule.product_id)}`;
  return 'all';
}

/**
 * A rule as a person reads it: "40 % off everything", "5.00 off product 104", "Price 99.00 for category
 * snowshoes/mens" (`categoryName` names a category by its id, when known).
 */
export function describeRule(
  rule: {
    type: string;
    method: string;
    amount: string | number;
    category_id?: unknown;
    product_id?: unknown;
  },
  categoryName: (id: number) => string | undefined = () => undefined,
): string {
  const amount = Number(rule.amount);
  const category = Number(rule.category_id);
  const what =
    rule.type === 'category'
      ? `category ${categoryName(category) ?? category}`
      : rule.type === 'product'
        ? `product ${Number(rule.product_id)}`
        : 'everything';
  if (rule.method === 'percent') return `${amount} % off ${what}`;
  if (rule.method === 'fixed') return `${amount.toFixed(2)} off ${what}`;
  return `Price ${amount.toFixed(2)} for ${what}`;
}
