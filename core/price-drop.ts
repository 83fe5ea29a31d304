import { type GroupRule, type StoredPrice, variantPrice } from './variant-price.ts';

/**
 * When a listed product's price drop or return to stock is mailed (issue 45, decision 0054). The customer watches
 * one size, or any size of the product, in the commerce region they opted in from; the price is the one they would
 * pay there now (the size's own price or the product's, its sale while the sale's window is open, their group's
 * rules on top), compared in the currency's smallest unit with what it was when they opted in or were last mailed.
 */

/** One size as stored: the product's price in the region, the size's own (null: none) and whether it is in stock. */
export interface WatchedSize {
  product: StoredPrice;
  own: StoredPrice | null;
  inStock: boolean;
}

/** What the customer would pay now and whether it can be bought; null when no size is priced in the region. */
export interface WatchedState {
  price: number;
  currency: string;
  inStock: boolean;
}

/** The baseline kept on the list's row: the price when opted in or last mailed, and the last stock seen. */
export interface AlertBaseline {
  price: number;
  currency: string;
  inStock: boolean;
  /** When the last mail went (null: never). */
  mailedAt: Date | null;
}

export type AlertVerdict =
  /** Mail the drop: `from` is the baseline, `to` the price now. */
  | { mail: 'price-drop'; from: number; to: number }
  | { mail: 'back-in-stock' }
  /** Nothing to mail; `held` when there was, but the last mail is more recent than the interval allows. */
  | { mail: null; held: boolean };

/** A money amount in the currency's smallest unit (cents), so 99.995 and 99.99 after group rules compare honestly. */
export const minorUnits = (amount: number, fractionDigits = 2) => Math.round(amount * 10 ** fractionDigits);

/**
 * The state of what the customer watches at `now`: the size's price and stock, or for any size the lowest price
 * of its sizes (in stock ones first, as that is what they could buy) and whether any is in stock.
 */
export function watchedState(
  sizes: readonly WatchedSize[],
  currency: string,
  now: Date,
  rule?: GroupRule,
): WatchedState | null {
  const priced = sizes.map((size) => ({
    pays: variantPrice(size.product, size.own, now, rule).calculated,
    inStock: size.inStock,
  }));
  if (priced.length === 0) return null;
  const inStock = priced.filter((size) => size.inStock);
  const pool = inStock.length > 0 ? inStock : priced;
  const price = Math.min(...pool.map((size) => size.pays));
  return { price, currency, inStock: inStock.length > 0 };
}

/**
 * Whether to mail: a price below the baseline in the same currency (a region that changed currency is no drop), or
 * a size that was sold out and is back; at most one mail per `intervalMs` (held back otherwise, not forgotten). A
 * drop that comes with the return is mailed as the drop (it names the price; the size can be bought).
 */
export function alertVerdict(
  baseline: AlertBaseline,
  state: WatchedState | null,
  now: Date,
  intervalMs: number,
  fractionDigits = 2,
): AlertVerdict {
  if (!state) return { mail: null, held: false };
  const dropped =
    state.currency === baseline.currency &&
    minorUnits(state.price, fractionDigits) < minorUnits(baseline.price, fractionDigits);
  const returned = state.inStock && !baseline.inStock;
  if (!dropped && !returned) return { mail: null, held: false };
  if (baseline.mailedAt && now.getTime() - baseline.mailedAt.getTime() < intervalMs)
    return { mail: null, held: true };
  return dropped ? { mail: 'price-drop', from: baseline.price, to: state.price } : { mail: 'back-in-stock' };
}
