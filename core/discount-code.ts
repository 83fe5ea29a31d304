import { formatMoneyIn, MAX_PRICE_DROP_SHARE } from './money-guard.ts';

/**
 * Discount codes (issue 41): what a code a shopper types takes off a cart, or why it does not. Pure: the engine
 * reads the code, its uses and the priced cart, and asks here, in the cart (to show the saving) and again inside
 * checkout's transaction (to charge it). Amounts are in the cart's currency and computed in whole cents.
 *
 * A code takes a percentage or an amount off its lines, or the shipping off; an amount is set per currency, so
 * one code can serve several regions. Group rules and sale prices are already in a line's price: a code works on
 * what the shopper would pay without it.
 */

export const DISCOUNT_KINDS = ['percent', 'amount', 'free_shipping'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const DISCOUNT_SCOPES = ['cart', 'categories', 'products'] as const;
export type DiscountScope = (typeof DISCOUNT_SCOPES)[number];

/** Why a code takes nothing off: each reason has its sentence in every locale (display text `discount …`). */
export const DISCOUNT_REFUSALS = [
  'unknown-code',
  'expired',
  'not-yet-valid',
  'wrong-region',
  'minimum-not-reached',
  'used-up',
  'not-for-pro',
  'nothing-applies',
] as const;
export type DiscountRefusal = (typeof DISCOUNT_REFUSALS)[number];

/** The display-text key of a refusal's sentence. */
export const discountRefusalText = (reason: DiscountRefusal): string =>
  `discount ${reason.replace(/-/g, ' ')}`;

/** The longest code, and the letters a code is made of (what a shopper can type on any keyboard). */
export const MAX_CODE_LENGTH = 32;
const CODE_SHAPE = /^[A-Z0-9][A-Z0-9_-]*$/;

/** A typed code as the store keeps it: trimmed and upper-cased (codes are case-insensitive), or null if no code. */
export function normalizeCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  return code.length > 0 && code.length <= MAX_CODE_LENGTH && CODE_SHAPE.test(code) ? code : null;
}

export interface DiscountCodeRule {
  code: string;
  kind: DiscountKind;
  /** Percent off (0–100], for `percent`. */
  percent: number | null;
  /** Amount off per currency code (`{ EUR: 10 }`), for `amount`. */
  amounts: Readonly<Record<string, number>>;
  scope: DiscountScope;
  categoryIds: readonly number[];
  productIds: readonly number[];
  /** Commerce regions the code is valid in; empty: every region. */
  regionIds: readonly string[];
  /** Minimum cart subtotal per currency code; a currency not named has no minimum. */
  minimums: Readonly<Record<string, number>>;
  startsAt: Date | null;
  /** Exclusive: the code stops working at this instant. */
  endsAt: Date | null;
  active: boolean;
  /** Orders the code may be used on in all; null: no limit. */
  usageLimit: number | null;
  /** Orders one customer (or one e-mail address, for a guest) may use it on; null: no limit. */
  perCustomerLimit: number | null;
  /** Whether lines already on sale are discounted too. */
  combinesWithSale: boolean;
  /** Whether pro accounts may use it (on top of their pro pricing). Off by default: decision 0038. */
  appliesToPro: boolean;
}

export interface DiscountCartLine {
  id: string;
  productId: number;
  /** The product's category and its ancestors. */
  categoryIds: readonly number[];
  quantity: number;
  /** What one unit costs the shopper without the code (sale and group rules applied). */
  unitPrice: number;
  onSale: boolean;
}

export interface DiscountCart {
  regionId: string;
  currency: string;
  isPro: boolean;
  lines: readonly DiscountCartLine[];
  /** The shipping the cart would pay without the code; null when not known yet (no method chosen). */
  shipping: number | null;
}

export interface DiscountUses {
  /** Orders the code was used on so far. */
  total: number;
  /** Orders this customer or e-mail address used it on; null when the shopper is not known yet (a guest). */
  byShopper: number | null;
}

export interface DiscountSaving {
  ok: true;
  code: string;
  /** The saving on each line that gets one (in the cart's currency). */
  lines: { id: string; saving: number }[];
  shippingSaving: number;
  /** Lines' savings and the shipping saving together. */
  total: number;
  freeShipping: boolean;
}

export type DiscountEvaluation = DiscountSaving | { ok: false; code: string; reason: DiscountRefusal };

const cents = (value: number) => Math.round(value * 100);

/** Whether a line is one the code is for (its scope, and sale lines only when the code combines with sales). */
function eligible(rule: DiscountCodeRule, line: DiscountCartLine): boolean {
  if (line.onSale && !rule.combinesWithSale) return false;
  if (rule.scope === 'products') return rule.productIds.includes(line.productId);
  if (rule.scope === 'categories') return line.categoryIds.some((id) => rule.categoryIds.includes(id));
  return true;
}

/**
 * Shares `total` cents out over `weights` in proportion, by largest remainder, so the parts add up to the total
 * exactly (an amount off spread over lines never gains or loses a cent).
 */
export function shareOut(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left--;
  }
  return parts;
}

/** The first reason a code cannot be used now, before its lines are looked at; null when it may be. */
export function refusalOf(
  rule: DiscountCodeRule,
  cart: Pick<DiscountCart, 'regionId' | 'currency' | 'isPro'>,
  uses: DiscountUses,
  now: Date,
): DiscountRefusal | null {
  if (!rule.active || (rule.endsAt && now.getTime() >= rule.endsAt.getTime())) return 'expired';
  if (rule.startsAt && now.getTime() < rule.startsAt.getTime()) return 'not-yet-valid';
  if (rule.regionIds.length > 0 && !rule.regionIds.includes(cart.regionId)) return 'wrong-region';
  // An amount code without an amount in this currency has nothing to take off here.
  if (rule.kind === 'amount' && !(cart.currency in rule.amounts)) return 'wrong-region';
  if (cart.isPro && !rule.appliesToPro) return 'not-for-pro';
  if (rule.usageLimit !== null && uses.total >= rule.usageLimit) return 'used-up';
  if (rule.perCustomerLimit !== null && uses.byShopper !== null && uses.byShopper >= rule.perCustomerLimit)
    return 'used-up';
  return null;
}

/** What a code takes off a cart, or why it takes nothing. `rule` null: no such code. */
export function evaluateDiscountCode(
  code: string,
  rule: DiscountCodeRule | null,
  cart: DiscountCart,
  uses: DiscountUses,
  now: Date,
): DiscountEvaluation {
  if (!rule) return { ok: false, code, reason: 'unknown-code' };
  const refused = refusalOf(rule, cart, uses, now);
  if (refused) return { ok: false, code: rule.code, reason: refused };
  const subtotal = cart.lines.reduce((sum, line) => sum + cents(line.unitPrice) * line.quantity, 0);
  const minimum = rule.minimums[cart.currency];
  if (minimum !== undefined && subtotal < cents(minimum))
    return { ok: false, code: rule.code, reason: 'minimum-not-reached' };
  const lines = cart.lines.filter((line) => eligible(rule, line));
  const bases = lines.map((line) => cents(line.unitPrice) * line.quantity);
  const base = bases.reduce((a, b) => a + b, 0);
  if (lines.length === 0 || base <= 0) return { ok: false, code: rule.code, reason: 'nothing-applies' };

  let savings: number[];
  let shippingSaving = 0;
  if (rule.kind === 'percent') {
    const percent = Math.min(100, Math.max(0, rule.percent ?? 0));
    savings = bases.map((value) => Math.round((value * percent) / 100));
  } else if (rule.kind === 'amount') {
    savings = shareOut(Math.min(base, cents(rule.amounts[cart.currency]!)), bases);
  } else {
    savings = bases.map(() => 0);
    shippingSaving = cart.shipping === null ? 0 : Math.max(0, cents(cart.shipping));
  }
  const linesOut = lines
    .map((line, index) => ({ id: line.id, saving: savings[index]! / 100 }))
    .filter((line) => line.saving > 0);
  const total = savings.reduce((a, b) => a + b, 0) + shippingSaving;
  return {
    ok: true,
    code: rule.code,
    lines: linesOut,
    shippingSaving: shippingSaving / 100,
    total: total / 100,
    freeShipping: rule.kind === 'free_shipping',
  };
}

/** The shopper's key for per-customer limits: the customer, or the e-mail address a guest orders with. */
export function shopperKey(customerId: number | null, email: string | null): string | null {
  if (customerId !== null) return `customer:${customerId}`;
  const address = email?.trim().toLowerCase();
  return address ? `email:${address}` : null;
}

export type CodeGuardVerdict = { verdict: 'ok' } | { verdict: 'confirm'; message: string };

/**
 * The money guard for a code (decision 0034's rule, applied to a code): a code that can make an order's goods
 * cost 0 or less, or take off more than the guard's share, is saved only when the person confirms it. Unlike a
 * price, a free order is not refused outright: a "100 % off" code for a prize draw is legitimate, and it is
 * limited by its uses.
 */
export function guardDiscountCode(
  rule: Pick<DiscountCodeRule, 'kind' | 'percent' | 'amounts' | 'minimums' | 'scope'>,
): CodeGuardVerdict {
  if (rule.kind === 'percent') {
    const percent = rule.percent ?? 0;
    if (percent >= 100)
      return {
        verdict: 'confirm',
        message: `This code makes the ${rule.scope === 'cart' ? 'whole order' : 'items it applies to'} free: ${percent} % off.`,
      };
    if (percent / 100 > MAX_PRICE_DROP_SHARE)
      return { verdict: 'confirm', message: `This code takes more than half off: ${percent} % off.` };
    return { verdict: 'ok' };
  }
  if (rule.kind === 'amount') {
    const free = Object.entries(rule.amounts)
      .filter(([currency, amount]) => amount >= (rule.minimums[currency] ?? 0))
      .sort(([a], [b]) => a.localeCompare(b));
    if (free.length === 0) return { verdict: 'ok' };
    const named = free
      .map(([currency, amount]) => {
        const minimum = rule.minimums[currency] ?? 0;
        return `${formatMoneyIn(amount, currency)} off with a minimum of ${formatMoneyIn(minimum, currency)}`;
      })
      .join('; ');
    return {
      verdict: 'confirm',
      message: `An order can cost 0 or less with this code (${named}): the amount is not below the minimum subtotal.`,
    };
  }
  return { verdict: 'ok' };
}
