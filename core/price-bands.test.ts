import { describe, expect, it } from 'vitest';
import { priceBandText } from './price-bands.ts';

const dollars = {
  token: '$',
  decimal_token: '.',
  thousands_token: ',',
  decimal_places: 2,
  token_location: 'left',
};
const euros = {
  token: '€',
  decimal_token: ',',
  thousands_token: '.',
  decimal_places: 2,
  token_location: 'right',
};

describe('price band labels', () => {
  it('puts a left token before the number', () => {
    expect(priceBandText({ min: 0, max: 100 }, dollars as never)).toEqual({
      key: 'price under',
      values: { price: '$100.00' },
    });
  });

  it('puts a right token after the number with the region separators', () => {
    expect(priceBandText({ min: 100, max: 200 }, euros as never)).toEqual({
      key: 'price between',
      values: { min: '100,00 €', max: '200,00 €' },
    });
    expect(priceBandText({ min: 300, max: Number.POSITIVE_INFINITY }, euros as never)).toEqual({
      key: 'price and up',
      values: { price: '300,00 €' },
    });
  });
});
