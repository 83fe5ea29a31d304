/**
 * Which price a variant costs a shopper (issue 41, decision 0042). A product has a price per commerce region; a
 * variant may have its own (a size that costs more), which replaces the product's price for that variant as a
 * whole: its retail price and its sale with the sale's start and end. A variant without one costs the product's.
 * The sale counts while its start has come and its end has not; the shopper's group rules apply on top, to the
 * sale price when one is in force, else to the retail price.
 */

/** A price as stored: retail, an optional sale price and the sale's window (null: open on that side). */
export interface StoredPrice {
  retail: number;
  sale: number | null;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
}

/** What a variant costs a shopper: retail, the sale in force (or null) and what they pay after group rules. */
export interface ShopperPrice {
  retail: number;
  sale: number | null;
  calculated: number;
  /** True when the variant's own price decided, not the product's. */
  own: boolean;
}

/** The shopper's group rules for one product, applied to a price (identity when the group has none). */
export type GroupRule = (price: number) => number;

const noRule: GroupRule = (price) => price;

/** The sale price in force at `now`: set, its start (if any) at or before now, its end (if any) after now. */
export function saleInForce(price: StoredPrice, now: Date): number | null {
  if (price.sale === null) return null;
  if (price.saleStartsAt && price.saleStartsAt.getTime() > now.getTime()) return null;
  if (price.saleEndsAt && price.saleEndsAt.getTime() <= now.getTime()) return null;
  return price.sale;
}

/** The price of one variant for a shopper at `now`: its own price when it has one, else the product's. */
export function variantPrice(
  product: StoredPrice,
  own: StoredPrice | null,
  now: Date,
  groupRule: GroupRule = noRule,
): ShopperPrice {
  const source = own ?? product;
  const sale = saleInForce(source, now);
  return { retail: source.retail, sale, calculated: groupRule(sale ?? source.retail), own: own !== null };
}

/**
 * The lowest and highest of a product's variant prices (what tiles and search show, and the product page's "from"
 * price), and whether they differ at all. Ties on what the shopper pays go to the lower retail price, so a sale
 * reads as a sale. Null when there are no prices.
 */
export function priceSpan(
  prices: readonly ShopperPrice[],
): { lowest: ShopperPrice; highest: ShopperPrice; varies: boolean } | null {
  const [first, ...rest] = prices;
  if (!first) return null;
  let lowest = first;
  let highest = first;
  let varies = false;
  for (const price of rest) {
    if (price.calculated !== first.calculated || price.retail !== first.retail) varies = true;
    if (
      price.calculated < lowest.calculated ||
      (price.calculated === lowest.calculated && price.retail < lowest.retail)
    )
      lowest = price;
    if (price.calculated > highest.calculated) highest = price;
  }
  return { lowest, highest, varies };
}
