import type { DiscountRuleRecord } from './schema-customers.ts';

/**
 * Applies a customer group's discount rules to a price (not in core/: core decides *which* group's rules
 * apply, this decides what a rule does). The most specific rule wins: product, then category, then all.
 * Methods: percent off, fixed amount off, or a fixed price. Prices are in the region's currency, rounded to
 * cents, never below zero.
 */
export function discountedPrice(
  price: number,
  productId: number,
  categoryIds: readonly number[],
  rules: readonly DiscountRuleRecord[],
): number {
  const rule =
    rules.find((entry) => entry.type === 'product' && Number(entry.product_id) === productId) ??
    rules.find((entry) => entry.type === 'category' && categoryIds.includes(Number(entry.category_id))) ??
    rules.find((entry) => entry.type === 'all');
  if (!rule) return price;
  const amount = Number(rule.amount);
  if (!Number.isFinite(amount)) return price;
  // In whole cents, so 30 % off 179.95 is 125.97 (half a cent rounds up), not 125.96 from float drift.
  const cents = Math.round(price * 100);
  let result = cents;
  if (rule.method === 'percent') result = Math.round((cents * (100 - amount)) / 100);
  else if (rule.method === 'fixed') result = cents - Math.round(amount * 100);
  else if (rule.method === 'price') result = Math.round(amount * 100);
  return Math.max(0, result) / 100;
}

export interface PriceSet {
  retail: number;
  /** The price the shopper pays: sale price (when set) with the group's rule applied. */
  calculated: number;
  sale: number | null;
}

export function priceSet(
  retail: number,
  sale: number | null,
  productId: number,
  categoryIds: readonly number[],
  rules: readonly DiscountRuleRecord[],
): PriceSet {
  const base = sale ?? retail;
  return { retail, sale, calculated: discountedPrice(base, productId, categoryIds, rules) };
}

/** Sum of money values without floating drift. */
export function sumMoney(values: Iterable<number>): number {
  let cents = 0;
  for (const value of values) cents += Math.round(value * 100);
  return cents / 100;
}
