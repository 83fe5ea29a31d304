import { formatCurrency } from '#core/currency-format.ts';
import { CURRENCIES } from '#core/regions.ts';

/** A back-office amount in its own currency (the store's currency formats, §3). */
export function formatMoney(value: number, currencyCode: string): string {
  const format = CURRENCIES.find((currency) => currency.code === currencyCode);
  return format ? formatCurrency(value, format) : `${value.toFixed(2)} ${currencyCode}`;
}

export const REGION_LABELS: Record<string, string> = {
  us: 'United States',
  ca: 'Canada',
  eu_region_1: 'Europe',
};
