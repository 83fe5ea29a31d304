/**
 * Currency formatting (SPEC §3 currency format, §5, §9).
 */
import type { CurrencyFormat } from './regions.ts';

export type CurrencyFormatSettings = Omit<CurrencyFormat, 'code'>;

/** §9 currency default: symbol $, 2 decimals, thousands separator, decimal point. */
export const DEFAULT_CURRENCY_FORMAT: CurrencyFormatSettings = {
  token: '$',
  decimal_token: '.',
  thousands_token: ',',
  decimal_places: 2,
  token_location: 'left',
};

const SETTINGS = ['token', 'decimal_token', 'thousands_token', 'decimal_places', 'token_location'] as const;

/** Half away from zero on the decimal value, so 1.005 rounds to 1.01 as a shopper would expect. */
function toFixedDecimal(value: number, places: number): string {
  const rounded = Math.round(Number(`${value}e${places}`));
  return Number(`${rounded}e-${places}`).toFixed(places);
}

/**
 * Formats a price. Returns '' for an empty value and the raw value (as text) when a setting is missing (§5).
 * "Missing" means absent (null or undefined): 0 decimal places (yen) and an empty thousands token are settings.
 * Right-placed tokens are set apart by a space, as they read in the currencies that place them right (€, kr).
 */
export function formatCurrency(
  value: number | string | null | undefined,
  format: Partial<CurrencyFormatSettings> | null | undefined,
): string {
  if (value === null || value === undefined || value === '') return '';
  if (!format || SETTINGS.some((key) => format[key] === null || format[key] === undefined))
    return String(value);
  const { token, decimal_token, thousands_token, decimal_places, token_location } =
    format as CurrencyFormatSettings;

  const amount = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(amount)) return String(value);

  const places = Math.max(0, Math.trunc(decimal_places));
  const [whole = '0', fraction] = toFixedDecimal(Math.abs(amount), places).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousands_token);
  const number = fraction === undefined ? grouped : `${grouped}${decimal_token}${fraction}`;
  const isNegative = amount < 0 && /[1-9]/.test(number);
  const sign = isNegative ? '-' : '';
  return token_location === 'right' ? `${sign}${number} ${token}` : `${sign}${token}${number}`;
}
