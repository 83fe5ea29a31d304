import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCY_FORMAT, formatCurrency } from './currency-format.ts';
import { CURRENCIES } from './regions.ts';

const eur = {
  token: '€',
  decimal_token: ',',
  thousands_token: '.',
  decimal_places: 2,
  token_location: 'right',
} as const;

describe('§3 §9 currency formatting', () => {
  it('uses the §9 default: $, 2 decimals, thousands separator, decimal point', () => {
    expect(DEFAULT_CURRENCY_FORMAT).toEqual({
      token: '$',
      decimal_token: '.',
      thousands_token: ',',
      decimal_places: 2,
      token_location: 'left',
    });
    expect(formatCurrency(1234567.5, DEFAULT_CURRENCY_FORMAT)).toBe('$1,234,567.50');
  });

  it('applies the decimal and thousands tokens and places the token right', () => {
    expect(formatCurrency(1234.5, eur)).toBe('1.234,50 €');
  });

  it('honours the decimal places, including none', () => {
    const yen = CURRENCIES.find((c) => c.code === 'JPY');
    expect(formatCurrency(24900.4, yen)).toBe('¥24,900');
    expect(formatCurrency(3, { ...DEFAULT_CURRENCY_FORMAT, decimal_places: 3 })).toBe('$3.000');
  });

  it('rounds half away from zero on the decimal value', () => {
    expect(formatCurrency(1.005, DEFAULT_CURRENCY_FORMAT)).toBe('$1.01');
    expect(formatCurrency(-2.345, DEFAULT_CURRENCY_FORMAT)).toBe('-$2.35');
  });

  it('reads numeric strings and formats negatives with a leading sign', () => {
    expect(formatCurrency('249.9', DEFAULT_CURRENCY_FORMAT)).toBe('$249.90');
    expect(formatCurrency(-1000, eur)).toBe('-1.000,00 €');
    expect(formatCurrency(-0.001, DEFAULT_CURRENCY_FORMAT)).toBe('$0.00');
  });

  it('accepts an empty thousands token as a setting', () => {
    expect(formatCurrency(1234, { ...DEFAULT_CURRENCY_FORMAT, thousands_token: '' })).toBe('$1234.00');
  });
});

describe('§5 currency formatting bad inputs', () => {
  it('returns an empty string for an empty value', () => {
    expect(formatCurrency('', DEFAULT_CURRENCY_FORMAT)).toBe('');
    expect(formatCurrency(null, DEFAULT_CURRENCY_FORMAT)).toBe('');
    expect(formatCurrency(undefined, DEFAULT_CURRENCY_FORMAT)).toBe('');
  });

  it.each(['token', 'decimal_token', 'thousands_token', 'decimal_places', 'token_location'] as const)(
    'returns the raw value when %s is missing',
    (key) => {
      const format = { ...DEFAULT_CURRENCY_FORMAT, [key]: undefined };
      expect(formatCurrency(1234.5, format)).toBe('1234.5');
      expect(formatCurrency('99', { ...DEFAULT_CURRENCY_FORMAT, [key]: null })).toBe('99');
    },
  );

  it('returns the raw value without a format or for text that is not a number', () => {
    expect(formatCurrency(10, null)).toBe('10');
    expect(formatCurrency('free', DEFAULT_CURRENCY_FORMAT)).toBe('free');
  });
});
