import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BRAND_SPEND_LIMIT,
  isEmployeeFlag,
  loggedOutCustomerState,
  proStatusFrom,
  proSummaryOf,
} from './customer-state.ts';
import { CURRENCIES } from './regions.ts';

describe('§4 logout clears all customer and pro state', () => {
  it('returns an empty customer with the default spend limit', () => {
    expect(loggedOutCustomerState()).toEqual({
      customer: null,
      isPro: false,
      customerGroup: null,
      customerDiscount: [],
      proCurrentSpend: 0,
      proExpirationDate: null,
      isEmployee: false,
      brandSpendLimit: 3000,
    });
  });

  it('returns a fresh object each time so a reset cannot share state', () => {
    expect(loggedOutCustomerState()).not.toBe(loggedOutCustomerState());
    expect(loggedOutCustomerState().customerDiscount).not.toBe(loggedOutCustomerState().customerDiscount);
  });
});

describe('§3 §7 pro status response', () => {
  it('reads order_total, expiration_date, employee_group and spend_limit', () => {
    expect(
      proStatusFrom({
        order_total: '1250.5',
        expiration_date: '2026-12-31',
        employee_group: true,
        spend_limit: 5000,
      }),
    ).toEqual({
      proCurrentSpend: 1250.5,
      proExpirationDate: '2026-12-31',
      isEmployee: true,
      brandSpendLimit: 5000,
    });
  });

  it('defaults order_total to 0 and the spend limit to 3000 (§9)', () => {
    expect(proStatusFrom({})).toEqual({
      proCurrentSpend: 0,
      proExpirationDate: null,
      isEmployee: false,
      brandSpendLimit: DEFAULT_BRAND_SPEND_LIMIT,
    });
    expect(proStatusFrom(null).brandSpendLimit).toBe(3000);
    expect(proStatusFrom({ order_total: 'n/a', spend_limit: '' })).toMatchObject({
      proCurrentSpend: 0,
      brandSpendLimit: 3000,
    });
  });
});

describe('§6 employee flag from the pro status', () => {
  it.each([true, 1, 'true', 'TRUE', '1', 'yes', ' y '])('%j is an employee', (value) => {
    expect(isEmployeeFlag(value)).toBe(true);
  });

  it.each([false, 0, 'false', '0', '', 'no', null, undefined, {}])('%j is not an employee', (value) => {
    expect(isEmployeeFlag(value)).toBe(false);
  });
});

describe('§3 pro status on the pro page', () => {
  const euro = CURRENCIES.find((currency) => currency.code === 'EUR')!;
  const status = {
    order_total: 1234.5,
    spend_limit: 3000,
    expiration_date: '2027-01-31',
    employee_group: true,
  };

  it('formats spend, limit and what remains in the given currency', () => {
    expect(proSummaryOf(status, euro)).toEqual({
      spend: '1.234,50 €',
      limit: '3.000,00 €',
      remaining: '1.765,50 €',
      progress: 1234.5 / 3000,
      expires: '2027-01-31',
      employee: true,
    });
  });

  it('never shows a negative remainder or progress past the limit', () => {
    const usd = CURRENCIES.find((currency) => currency.code === 'USD')!;
    expect(proSummaryOf({ ...status, order_total: 3500 }, usd)).toMatchObject({
      remaining: '$0.00',
      progress: 1,
    });
    expect(proSummaryOf({ ...status, order_total: 0, spend_limit: 0 }, usd).progress).toBe(1);
  });
});
