/**
 * The free-shipping promise's wording (issue 40): content keeps the words with an `{amount}` placeholder, the
 * amount comes from the shipping settings (core/shipping-cost.ts `freeShippingThreshold`), so the top bar, the
 * cart and the back office can never name two different minimums.
 */
import { type CurrencyFormatSettings, formatCurrency } from './currency-format.ts';

export const AMOUNT_PLACEHOLDER = '{amount}';

/** Whether a text is a promise that needs an amount to be shown. */
export function needsAmount(text: string): boolean {
  return text.includes(AMOUNT_PLACEHOLDER);
}

/** A threshold as a promise names it: C$149 rather than C$149.00, but $99.50 keeps its cents. */
export function promiseAmount(amount: number, format: CurrencyFormatSettings): string {
  return formatCurrency(amount, Number.isInteger(amount) ? { ...format, decimal_places: 0 } : format);
}

/**
 * The text with its amount filled in; a text without the placeholder as it is. Null when the text needs an
 * amount and there is none (no free shipping for this shopper): a promise without its figure is not shown.
 */
export function withAmount(text: string, amount: string | null): string | null {
  if (!needsAmount(text)) return text;
  return amount === null ? null : text.split(AMOUNT_PLACEHOLDER).join(amount);
}
