import { describe, expect, it } from 'vitest';
import type { OrderLineFacts } from './order-lifecycle.ts';
import {
  FULFILLMENT_STATUS_LABELS,
  FULFILLMENT_STATUSES,
  fulfillmentStatusOf,
  type OrderStanding,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type PaymentStatus,
  paymentStatusOf,
  placedStanding,
  readyToShip,
  standingOf,
} from './order-standing.ts';

const money = (facts: { statusId?: number; total?: number; refunded?: number; paid?: boolean } = {}) => ({
  statusId: 11,
  total: 100,
  refunded: 0,
  paid: true,
  ...facts,
});

const line = (quantity: number, shipped: number, removed?: number, id = 1): OrderLineFacts => ({
  id,
  name: `Line ${id}`,
  quantity,
  shipped,
  ...(removed === undefined ? {} : { removed }),
});

const parcels = (lines: OrderLineFacts[], facts: { statusId?: number; delivered?: boolean } = {}) => ({
  statusId: 11,
  delivered: false,
  lines,
  ...facts,
});

describe('the payment status of an order (issue 40)', () => {
  it('waits for the money of an unpaid order, and voids it once cancelled', () => {
    expect(paymentStatusOf(money({ statusId: 7, paid: false }))).toBe('awaiting');
    expect(paymentStatusOf(money({ statusId: 11, paid: false }))).toBe('awaiting');
    expect(paymentStatusOf(money({ statusId: 5, paid: false }))).toBe('voided');
  });

  it('says paid while nothing was given back, whatever the status id', () => {
    expect(paymentStatusOf(money())).toBe('paid');
    expect(paymentStatusOf(money({ statusId: 5 }))).toBe('paid');
    expect(paymentStatusOf(money({ statusId: 2, total: 0 }))).toBe('paid');
  });

  it('tells a partial refund from a refund in full, in whole cents', () => {
    expect(paymentStatusOf(money({ refunded: 0.01 }))).toBe('partially_refunded');
    expect(paymentStatusOf(money({ refunded: 99.99 }))).toBe('partially_refunded');
    expect(paymentStatusOf(money({ refunded: 100 }))).toBe('refunded');
    expect(paymentStatusOf(money({ refunded: 120 }))).toBe('refunded');
    expect(paymentStatusOf(money({ total: 10.1, refunded: 10.1 }))).toBe('refunded');
    // Sums of refunds drift in floating point: 0.1 + 0.2 is 0.30000000000000004, 10.1 - 0.0000001 rounds to 10.10.
    expect(paymentStatusOf(money({ total: 0.3, refunded: 0.1 + 0.2 }))).toBe('refunded');
    expect(paymentStatusOf(money({ total: 10.1, refunded: 10.0999999 }))).toBe('refunded');
    expect(paymentStatusOf(money({ total: 10.1, refunded: 10.09 }))).toBe('partially_refunded');
  });
});

describe('the fulfilment status of an order (issue 40)', () => {
  it('is cancelled with the order, whatever its lines say', () => {
    expect(fulfillmentStatusOf(parcels([line(2, 0)], { statusId: 5 }))).toBe('cancelled');
    expect(fulfillmentStatusOf(parcels([line(2, 2)], { statusId: 5, delivered: true }))).toBe('cancelled');
  });

  it('follows what shipped: nothing, part, all, delivered', () => {
    expect(fulfillmentStatusOf(parcels([line(2, 0), line(1, 0, undefined, 2)]))).toBe('unfulfilled');
    expect(fulfillmentStatusOf(parcels([line(2, 2), line(1, 0, undefined, 2)]))).toBe('partially_fulfilled');
    expect(fulfillmentStatusOf(parcels([line(2, 1)], { delivered: true }))).toBe('partially_fulfilled');
    expect(fulfillmentStatusOf(parcels([line(2, 2), line(1, 1, undefined, 2)]))).toBe('fulfilled');
    expect(fulfillmentStatusOf(parcels([line(2, 2), line(1, 1, undefined, 2)], { delivered: true }))).toBe(
      'delivered',
    );
    // A shipped count beyond the quantity counts as the quantity.
    expect(fulfillmentStatusOf(parcels([line(1, 3), line(1, 0, undefined, 2)]))).toBe('partially_fulfilled');
  });

  it('leaves out units taken off the order before shipping', () => {
    // Every unit taken off before anything shipped: nothing will ever ship.
    expect(fulfillmentStatusOf(parcels([line(2, 0, 2)]))).toBe('cancelled');
    expect(fulfillmentStatusOf(parcels([line(2, 0, 2), line(1, 0, 1, 2)]))).toBe('cancelled');
    expect(fulfillmentStatusOf(parcels([]))).toBe('cancelled');
    // Part taken off, the rest still to ship, shipped in part, or shipped.
    expect(fulfillmentStatusOf(parcels([line(3, 0, 1)]))).toBe('unfulfilled');
    expect(fulfillmentStatusOf(parcels([line(3, 1, 1)]))).toBe('partially_fulfilled');
    expect(fulfillmentStatusOf(parcels([line(3, 2, 1)]))).toBe('fulfilled');
    expect(fulfillmentStatusOf(parcels([line(3, 2, 1)], { delivered: true }))).toBe('delivered');
    // One line taken off in full, the other shipped: the order has shipped.
    expect(fulfillmentStatusOf(parcels([line(2, 0, 2), line(1, 1, 0, 2)]))).toBe('fulfilled');
  });
});

describe('an order’s standing', () => {
  it('puts the payment and the fulfilment side by side', () => {
    expect(
      standingOf({
        statusId: 14,
        total: 50,
        refunded: 20,
        paid: true,
        delivered: false,
        lines: [line(2, 1)],
      }),
    ).toEqual({ payment: 'partially_refunded', fulfillment: 'partially_fulfilled' });
    expect(
      standingOf({ statusId: 5, total: 50, refunded: 0, paid: false, delivered: false, lines: [line(2, 0)] }),
    ).toEqual({ payment: 'voided', fulfillment: 'cancelled' });
  });

  it('labels every status', () => {
    expect(Object.keys(PAYMENT_STATUS_LABELS).sort()).toEqual([...PAYMENT_STATUSES].sort());
    expect(Object.keys(FULFILLMENT_STATUS_LABELS).sort()).toEqual([...FULFILLMENT_STATUSES].sort());
    expect(FULFILLMENT_STATUS_LABELS.partially_fulfilled).toBe('Partially shipped');
  });
});

describe('the shipping queue', () => {
  const standing = (payment: PaymentStatus, fulfillment: OrderStanding['fulfillment']): OrderStanding => ({
    payment,
    fulfillment,
  });

  it('holds paid orders with something left to ship, whatever was refunded since', () => {
    for (const payment of ['paid', 'partially_refunded'] as const)
      for (const method of ['bank_transfer', 'pay_on_account', 'cash_on_delivery']) {
        expect(readyToShip(standing(payment, 'unfulfilled'), method), `${payment} ${method}`).toBe(true);
        expect(readyToShip(standing(payment, 'partially_fulfilled'), method), `${payment} ${method}`).toBe(
          true,
        );
      }
  });

  it('holds cash on delivery before the money comes, and no other unpaid order', () => {
    expect(readyToShip(standing('awaiting', 'unfulfilled'), 'cash_on_delivery')).toBe(true);
    expect(readyToShip(standing('awaiting', 'partially_fulfilled'), 'cash_on_delivery')).toBe(true);
    expect(readyToShip(standing('awaiting', 'unfulfilled'), 'bank_transfer')).toBe(false);
    expect(readyToShip(standing('awaiting', 'unfulfilled'), 'pay_on_account')).toBe(false);
    for (const payment of ['refunded', 'voided'] as const)
      for (const method of ['bank_transfer', 'cash_on_delivery'])
        expect(readyToShip(standing(payment, 'unfulfilled'), method), `${payment} ${method}`).toBe(false);
  });

  it('leaves out orders with nothing left to ship', () => {
    for (const payment of PAYMENT_STATUSES)
      for (const fulfillment of ['fulfilled', 'delivered', 'cancelled'] as const)
        for (const method of ['bank_transfer', 'cash_on_delivery'])
          expect(
            readyToShip(standing(payment, fulfillment), method),
            `${payment} ${fulfillment} ${method}`,
          ).toBe(false);
  });
});

describe('a new order’s standing', () => {
  it('is paid at checkout unless it waits for a transfer or for cash on delivery', () => {
    expect(placedStanding(7, 'bank_transfer')).toEqual({ payment: 'awaiting', fulfillment: 'unfulfilled' });
    expect(placedStanding(11, 'pay_on_account')).toEqual({ payment: 'paid', fulfillment: 'unfulfilled' });
    expect(placedStanding(11, 'bank_transfer')).toEqual({ payment: 'paid', fulfillment: 'unfulfilled' });
    expect(placedStanding(11, 'cash_on_delivery')).toEqual({
      payment: 'awaiting',
      fulfillment: 'unfulfilled',
    });
  });

  it('is voided and cancelled when placed cancelled', () => {
    expect(placedStanding(5, 'pay_on_account')).toEqual({ payment: 'voided', fulfillment: 'cancelled' });
    expect(placedStanding(5, 'cash_on_delivery')).toEqual({ payment: 'voided', fulfillment: 'cancelled' });
    expect(placedStanding(5, 'bank_transfer')).toEqual({ payment: 'voided', fulfillment: 'cancelled' });
  });

  it('agrees with the standing read from the facts', () => {
    for (const [statusId, method, paid] of [
      [7, 'bank_transfer', false],
      [11, 'pay_on_account', true],
      [11, 'cash_on_delivery', false],
      [5, 'bank_transfer', false],
    ] as const)
      expect(placedStanding(statusId, method), `${statusId} ${method}`).toEqual(
        standingOf({ statusId, total: 30, refunded: 0, paid, delivered: false, lines: [line(1, 0)] }),
      );
  });
});
