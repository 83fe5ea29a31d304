import { describe, expect, it } from 'vitest';
import { needsAmount, promiseAmount, withAmount } from './free-shipping-promise.ts';

const cad = {
  token: 'C$',
  decimal_token: '.',
  thousands_token: ',',
  decimal_places: 2,
  token_location: 'left',
} as const;
const eur = {
  token: '€',
  decimal_token: ',',
  thousands_token: '.',
  decimal_places: 2,
  token_location: 'right',
} as const;

describe('the free-shipping promise (issue 40)', () => {
  it('names a whole threshold without cents, in the shopper’s currency', () => {
    expect(promiseAmount(149, cad)).toBe('C$149');
    expect(promiseAmount(1200, eur)).toBe('1.200 €');
  });

  it('keeps the cents of a threshold that has them', () => {
    expect(promiseAmount(99.5, cad)).toBe('C$99.50');
  });

  it('fills every placeholder of the wording', () => {
    expect(needsAmount('Free shipping over {amount}')).toBe(true);
    expect(withAmount('Over {amount} ({amount})', 'C$149')).toBe('Over C$149 (C$149)');
  });

  it('hides a promise without its amount, and leaves other texts alone', () => {
    expect(withAmount('Free shipping over {amount}', null)).toBeNull();
    expect(withAmount('Pro pricing applies.', null)).toBe('Pro pricing applies.');
  });
});
