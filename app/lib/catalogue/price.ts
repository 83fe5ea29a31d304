import { type CurrencyFormatSettings, formatCurrency } from '#core/currency-format.ts';

/** A shown price: what the shopper pays, and the struck-through retail price when it is lower (§4 sale). */
export interface PriceView {
  current: string;
  /** Retail price, shown struck through on sale; null otherwise. */
  compareAt: string | null;
  /** Machine value for JSON-LD and analytics. */
  amount: number;
  currency: string;
  /** The lowest of prices that differ by variant ("From C$179.95", decision 0042). */
  from?: true;
}

export interface CommercePrices {
  calculatedPrice?: { value?: number | null } | null;
  retailPrice?: { value?: number | null } | null;
  currency?: string | null;
  /** The product's variants cost different prices; its own are the lowest (decision 0042). */
  price_varies?: boolean;
}

/**
 * The price of a commerce product or variant in the region's currency, with the customer's group price already
 * in `calculatedPrice` (the engine applies the §6 rules). Pro customers never see the sale comparison (§6).
 */
export function priceView(
  prices: CommercePrices,
  format: CurrencyFormatSettings & { code: string },
  options: { isPro: boolean; showSale?: boolean },
): PriceView | null {
  const current = prices.calculatedPrice?.value;
  if (typeof current !== 'number') return null;
  const retail = prices.retailPrice?.value;
  const onSale =
    options.showSale !== false && !options.isPro && typeof retail === 'number' && current < retail;
  return {
    current: formatCurrency(current, format),
    compareAt: onSale ? formatCurrency(retail, format) : null,
    amount: current,
    currency: format.code,
    ...(prices.price_varies ? { from: true as const } : {}),
  };
}

/** §3 content prices per country: the text the editors wrote for a non-shopping country, or null. */
export function contentPriceFor(prices: unknown, country: string): string | null {
  if (!prices || typeof prices !== 'object') return null;
  const value = (prices as Record<string, unknown>)[country.toLowerCase()];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
