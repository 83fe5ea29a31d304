import { formatCurrency } from './currency-format.ts';
import { CURRENCIES } from './regions.ts';

/**
 * The money guard (issue 40): every change that sets what a shopper pays — a group's discount rule, a retail or
 * sale price, a CSV row — is measured against what it does before it is saved. A change that would make anything
 * in its scope cost 0 or less is refused outright (a typo of "1000 off" made a whole region free); one that drops
 * a price by more than MAX_PRICE_DROP_SHARE goes through only when the person confirms the effect, named in
 * figures. Pure: the use cases price the scope before and after and ask here.
 */

/** The largest share a price may drop by without an explicit confirmation (0.5: more than half needs one). */
export const MAX_PRICE_DROP_SHARE = 0.5;

/** The tick a bulk change (the catalogue import) asks for before it applies drops of more than the share. */
export const CONFIRM_DROPS_LABEL = 'Apply price drops of more than half';

/** One priced thing in a change's scope: what a shopper pays now and would pay after it, in one currency. */
export interface PricedItem {
  productId: number;
  name: string;
  before: number;
  after: number;
}

export interface MoneyEffect {
  /** Items whose price the change moves. */
  products: number;
  /** The cheapest moved item after the change; null when nothing moves. */
  lowest: { name: string; after: number } | null;
  /** The largest drop, as a share of the price before (0 when nothing drops). */
  largestDropShare: number;
  /** Moved items that would cost 0 or less. */
  free: number;
  /** Moved items that drop by more than the allowed share. */
  bigDrops: number;
}

export type MoneyVerdict =
  | { verdict: 'ok'; effect: MoneyEffect }
  | { verdict: 'confirm' | 'refuse'; effect: MoneyEffect; message: string };

export interface MoneyGuardOptions {
  /** ISO code of the currency the items are priced in (the message formats money in it). */
  currency: string;
  maxDropShare?: number;
  /** What the items are, in the plural: a rule moves products, a price edit moves what customer groups pay. */
  items?: string;
  /** The sentence that ends a refusal: what to do instead. */
  remedy?: string;
}

/** An amount as the store shows it in that currency; a currency the store does not format reads "12.00 XYZ". */
export function formatMoneyIn(value: number, currency: string): string {
  const format = CURRENCIES.find((entry) => entry.code === currency);
  return format ? formatCurrency(value, format) : `${value.toFixed(2)} ${currency}`;
}

/** The share of `before` a price loses going to `after` (0 for a rise or a price that was not above 0). */
export function dropShare(before: number, after: number): number {
  return before > 0 && after < before ? (before - after) / before : 0;
}

/** What a change does to the prices in its scope, and whether it may be saved as it is, with a confirmation, or not. */
export function guardMoney(items: readonly PricedItem[], options: MoneyGuardOptions): MoneyVerdict {
  const share = options.maxDropShare ?? MAX_PRICE_DROP_SHARE;
  const moved = items.filter((item) => item.after !== item.before);
  let lowest: PricedItem | null = null;
  let lowestBigDrop: PricedItem | null = null;
  let largestDropShare = 0;
  let free = 0;
  let bigDrops = 0;
  for (const item of moved) {
    if (!lowest || item.after < lowest.after) lowest = item;
    const drop = dropShare(item.before, item.after);
    largestDropShare = Math.max(largestDropShare, drop);
    if (item.after <= 0) free++;
    else if (drop > share) {
      bigDrops++;
      if (!lowestBigDrop || item.after < lowestBigDrop.after) lowestBigDrop = item;
    }
  }
  const effect: MoneyEffect = {
    products: moved.length,
    lowest: lowest && { name: lowest.name, after: lowest.after },
    largestDropShare,
    free,
    bigDrops,
  };
  // Counts here are 2 or more: a single item is named instead.
  const count = (n: number) => `${n} ${options.items ?? 'products'}`;
  if (lowest && free > 0) {
    // The cheapest moved item is one of the free ones; a price below 0 is shown as the 0 a shopper would pay.
    const who = free === 1 ? lowest.name : count(free);
    return {
      verdict: 'refuse',
      effect,
      message: `This would make ${who} free or less: the lowest becomes ${formatMoneyIn(0, options.currency)}. ${options.remedy ?? 'Use a smaller amount.'}`,
    };
  }
  if (!lowestBigDrop) return { verdict: 'ok', effect };
  const money = formatMoneyIn(lowestBigDrop.after, options.currency);
  const by = share === 0.5 ? 'more than half' : `more than ${Math.round(share * 100)} %`;
  return {
    verdict: 'confirm',
    effect,
    message:
      bigDrops === 1
        ? `This lowers the price of ${lowestBigDrop.name} by ${by}, to ${money}.`
        : `This lowers the price of ${count(bigDrops)} by ${by}; the lowest becomes ${money} (${lowestBigDrop.name}).`,
  };
}
