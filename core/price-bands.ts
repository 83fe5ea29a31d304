import { type CurrencyFormatSettings, formatCurrency } from './currency-format.ts';

/**
 * A price filter band's label (issue 18 #2): its bounds formatted like every other price on the page (the
 * region's currency, token placement, separators and decimals, §3), inside the page's own words for "under",
 * "from … to …" and "… and up" (display text keys `price under`, `price between`, `price and up`).
 */
export interface PriceBandText {
  key: 'price under' | 'price between' | 'price and up';
  values: Record<string, string>;
}

export function priceBandText(
  band: { min: number; max: number },
  format: CurrencyFormatSettings,
): PriceBandText {
  const price = (value: number) => formatCurrency(value, format);
  if (band.min <= 0) return { key: 'price under', values: { price: price(band.max) } };
  if (!Number.isFinite(band.max)) return { key: 'price and up', values: { price: price(band.min) } };
  return { key: 'price between', values: { min: price(band.min), max: price(band.max) } };
}
