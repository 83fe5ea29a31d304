/** Stock states of the back office (issue 20): in stock, low (a variant at or below its threshold), out. */

export const STOCK_STATES = ['in', 'low', 'out'] as const;
export type StockState = (typeof STOCK_STATES)[number];

/** A variant without its own threshold is low at this many units or fewer. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/** The stock state of a product from its variants: out when none has stock, low when one is at its threshold. */
export function stockStateOf(
  tracking: 'none' | 'product' | 'variant',
  variants: readonly { level: number; threshold: number }[],
): StockState {
  if (tracking === 'none') return 'in';
  const total = variants.reduce((sum, variant) => sum + variant.level, 0);
  if (total <= 0) return 'out';
  return variants.some((variant) => variant.level <= variant.threshold) ? 'low' : 'in';
}
