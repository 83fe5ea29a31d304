import { describe, expect, it } from 'vitest';
import { planRefund, planReturn, type RefundFacts, type RefundLineFacts } from './order-refund.ts';

const line = (overrides: Partial<RefundLineFacts> & Pick<RefundLineFacts, 'id'>): RefundLineFacts => ({
  name: `Line ${overrides.id}`,
  quantity: 3,
  shipped: 0,
  price: 10,
  refunded: 0,
  returned: 0,
  ...overrides,
});

/** Three Timberlines at 33.33, not shipped; three trail poles at 0.10, shipped; shipping 5.90. */
const order = (overrides: Partial<RefundFacts> = {}): RefundFacts => ({
  id: 1042,
  shippingCost: 5.9,
  shippingRefunded: 0,
  lines: [
    line({ id: 1, name: 'Timberline', quantity: 3, shipped: 0, price: 33.33 }),
    line({ id: 2, name: 'Trail pole', quantity: 3, shipped: 3, price: 0.1 }),
  ],
  ...overrides,
});

const withLine = (overrides: Partial<RefundLineFacts>) =>
  order({ lines: [line({ id: 1, name: 'Timberline', price: 33.33, ...overrides })] });

const refused = (message: string, code = 'invalid') => ({ ok: false, code, message });

const nothing = { lines: [], shipping: 0, other: 0 };

describe('a refund by line (issue 40)', () => {
  it('refuses a quantity that is not a whole number of 0 or more', () => {
    for (const quantity of [1.5, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(
        planRefund(order(), { ...nothing, lines: [{ orderItemId: 1, quantity, restock: false }] }),
      ).toEqual(refused('The quantity of line 1 must be a whole number, 0 or more.'));
  });

  it('refuses another order’s line, even with nothing of it chosen', () => {
    for (const quantity of [1, 0])
      expect(
        planRefund(order(), { ...nothing, lines: [{ orderItemId: 77, quantity, restock: false }] }),
      ).toEqual(refused('Order 1042 has no line 77.', 'not-found'));
  });

  it('refuses shipping and other amounts below 0, not finite, or with more than two decimals', () => {
    for (const shipping of [-1, -0.01, Number.NaN, Number.POSITIVE_INFINITY])
      expect(planRefund(order(), { ...nothing, shipping }), String(shipping)).toEqual(
        refused('The shipping refund must be 0 or more.'),
      );
    expect(planRefund(order(), { ...nothing, shipping: 1.005 })).toEqual(
      refused('The shipping refund has at most two decimals.'),
    );
    for (const other of [-5, Number.NaN])
      expect(planRefund(order(), { ...nothing, other }), String(other)).toEqual(
        refused('The other amount must be 0 or more.'),
      );
    expect(planRefund(order(), { ...nothing, other: 2.345 })).toEqual(
      refused('The other amount has at most two decimals.'),
    );
  });

  it('refuses more shipping than is left to refund', () => {
    expect(planRefund(order({ shippingRefunded: 2 }), { ...nothing, shipping: 4 })).toEqual(
      refused('At most 3.90 of the shipping is left to refund, not 4.00.'),
    );
    expect(planRefund(order(), { ...nothing, shipping: 5.91 })).toEqual(
      refused('At most 5.90 of the shipping is left to refund, not 5.91.'),
    );
    // More given back than charged (a past correction) leaves nothing, not a negative amount.
    expect(
      planRefund(order({ shippingCost: 5, shippingRefunded: 6 }), { ...nothing, shipping: 0.01 }),
    ).toEqual(refused('At most 0.00 of the shipping is left to refund, not 0.01.'));
    expect(planRefund(order({ shippingRefunded: 2 }), { ...nothing, shipping: 3.9 })).toMatchObject({
      ok: true,
      amount: 3.9,
      shipping: 3.9,
    });
  });

  it('refuses units of a line refunded before', () => {
    const ask = (quantity: number) => ({ ...nothing, lines: [{ orderItemId: 1, quantity, restock: false }] });
    expect(planRefund(withLine({ refunded: 3 }), ask(1))).toEqual(
      refused('Timberline (line 1) is refunded already.'),
    );
    expect(planRefund(withLine({ refunded: 4 }), ask(1))).toEqual(
      refused('Timberline (line 1) is refunded already.'),
    );
    expect(planRefund(withLine({ refunded: 1 }), ask(3))).toEqual(
      refused('Only 2 units of Timberline (line 1) can still be refunded, not 3.'),
    );
    expect(planRefund(withLine({ refunded: 2 }), ask(2))).toEqual(
      refused('Only 1 unit of Timberline (line 1) can still be refunded, not 2.'),
    );
    expect(planRefund(withLine({ refunded: 2 }), ask(1))).toMatchObject({ ok: true, amount: 33.33 });
  });

  it('puts back in stock only units that have not shipped', () => {
    const restock = (quantity: number, id = 1) => ({
      ...nothing,
      lines: [{ orderItemId: id, quantity, restock: true }],
    });
    expect(planRefund(order(), restock(1, 2))).toEqual(
      refused('Trail pole (line 2) has shipped: record a return to put it back in stock.'),
    );
    expect(planRefund(withLine({ shipped: 1 }), restock(3))).toEqual(
      refused(
        'Only 2 units of Timberline (line 1) have not shipped: put those back in stock, and record a return for the rest.',
      ),
    );
    // One taken off before, one shipped: one is left that has not shipped.
    expect(planRefund(withLine({ shipped: 1, removed: 1, refunded: 1 }), restock(2))).toEqual(
      refused(
        'Only 1 unit of Timberline (line 1) has not shipped: put those back in stock, and record a return for the rest.',
      ),
    );
    expect(planRefund(withLine({ shipped: 1, removed: 1, refunded: 1 }), restock(1))).toEqual({
      ok: true,
      amount: 33.33,
      shipping: 0,
      lines: [{ orderItemId: 1, quantity: 1, amount: 33.33, removed: 1 }],
    });
    // Without putting back in stock, shipped units are refunded like any other.
    expect(
      planRefund(order(), { ...nothing, lines: [{ orderItemId: 2, quantity: 3, restock: false }] }),
    ).toEqual({
      ok: true,
      amount: 0.3,
      shipping: 0,
      lines: [{ orderItemId: 2, quantity: 3, amount: 0.3, removed: 0 }],
    });
  });

  it('refuses a refund of nothing', () => {
    const message = refused('Choose lines, shipping or an amount to refund.');
    expect(planRefund(order(), nothing)).toEqual(message);
    expect(
      planRefund(order(), { ...nothing, lines: [{ orderItemId: 1, quantity: 0, restock: true }] }),
    ).toEqual(message);
  });

  it('works line amounts out in whole cents, and the total from them', () => {
    expect(
      planRefund(order(), { lines: [{ orderItemId: 1, quantity: 3, restock: true }], shipping: 0, other: 0 }),
    ).toEqual({
      ok: true,
      amount: 99.99,
      shipping: 0,
      lines: [{ orderItemId: 1, quantity: 3, amount: 99.99, removed: 3 }],
    });
    // 0.1 × 3 is 0.30000000000000004 in floating point; 0.1 + 0.2 likewise.
    const plan = planRefund(order(), {
      lines: [{ orderItemId: 2, quantity: 3, restock: false }],
      shipping: 0.1 + 0.2,
      other: 0.1,
    });
    expect(plan).toEqual({
      ok: true,
      amount: 0.7,
      shipping: 0.3,
      lines: [{ orderItemId: 2, quantity: 3, amount: 0.3, removed: 0 }],
    });
    expect(
      planRefund(order(), {
        lines: [
          { orderItemId: 1, quantity: 1, restock: false },
          { orderItemId: 2, quantity: 1, restock: false },
        ],
        shipping: 5.9,
        other: 10.01,
      }),
    ).toMatchObject({ ok: true, amount: 49.34, shipping: 5.9 });
  });

  it('adds up a line named twice, and leaves out lines chosen with 0', () => {
    expect(
      planRefund(order(), {
        lines: [
          { orderItemId: 1, quantity: 1, restock: false },
          { orderItemId: 2, quantity: 0, restock: false },
          { orderItemId: 1, quantity: 2, restock: false },
        ],
        shipping: 0,
        other: 0,
      }),
    ).toEqual({
      ok: true,
      amount: 99.99,
      shipping: 0,
      lines: [{ orderItemId: 1, quantity: 3, amount: 99.99, removed: 0 }],
    });
    // The sum is held to what is left: 2 + 2 of 3.
    expect(
      planRefund(order(), {
        lines: [
          { orderItemId: 1, quantity: 2, restock: false },
          { orderItemId: 1, quantity: 2, restock: false },
        ],
        shipping: 0,
        other: 0,
      }),
    ).toEqual(refused('Only 3 units of Timberline (line 1) can still be refunded, not 4.'));
  });

  it('refunds shipping alone, or an amount alone', () => {
    expect(planRefund(order(), { ...nothing, shipping: 5.9 })).toEqual({
      ok: true,
      amount: 5.9,
      shipping: 5.9,
      lines: [],
    });
    expect(planRefund(order(), { ...nothing, other: 12.5 })).toEqual({
      ok: true,
      amount: 12.5,
      shipping: 0,
      lines: [],
    });
  });
});

describe('a return (issue 40)', () => {
  const back = (orderItemId: number, quantity: number, restock = true) => ({
    orderItemId,
    quantity,
    restock,
  });

  it('refuses a return of nothing, a bad quantity and another order’s line', () => {
    const message = refused('Choose at least one line and a quantity that came back.');
    expect(planReturn(order(), { lines: [], refund: false, shipping: 0 })).toEqual(message);
    expect(planReturn(order(), { lines: [back(2, 0)], refund: true, shipping: 0 })).toEqual(message);
    expect(planReturn(order(), { lines: [back(2, -1)], refund: false, shipping: 0 })).toEqual(
      refused('The quantity of line 2 must be a whole number, 0 or more.'),
    );
    expect(planReturn(order(), { lines: [back(9, 1)], refund: false, shipping: 0 })).toEqual(
      refused('Order 1042 has no line 9.', 'not-found'),
    );
  });

  it('takes back at most what is out with the customer: shipped, less returned', () => {
    expect(planReturn(order(), { lines: [back(1, 1)], refund: false, shipping: 0 })).toEqual(
      refused('Nothing of Timberline (line 1) is out with the customer to come back.'),
    );
    expect(
      planReturn(withLine({ shipped: 3, returned: 3 }), { lines: [back(1, 1)], refund: false, shipping: 0 }),
    ).toEqual(refused('Nothing of Timberline (line 1) is out with the customer to come back.'));
    expect(
      planReturn(withLine({ shipped: 3, returned: 1 }), { lines: [back(1, 3)], refund: false, shipping: 0 }),
    ).toEqual(refused('Only 2 units of Timberline (line 1) were shipped and not returned yet, not 3.'));
    expect(planReturn(withLine({ shipped: 1 }), { lines: [back(1, 2)], refund: false, shipping: 0 })).toEqual(
      refused('Only 1 unit of Timberline (line 1) was shipped and not returned yet, not 2.'),
    );
    // A line named twice adds up before the check.
    expect(planReturn(order(), { lines: [back(2, 2), back(2, 2)], refund: false, shipping: 0 })).toEqual(
      refused('Only 3 units of Trail pole (line 2) were shipped and not returned yet, not 4.'),
    );
  });

  it('records a return without a refund, each line back in stock or not', () => {
    const facts = order({
      lines: [
        line({ id: 1, name: 'Timberline', shipped: 3, price: 33.33 }),
        line({ id: 2, name: 'Trail pole', shipped: 3, price: 0.1 }),
      ],
    });
    expect(
      planReturn(facts, { lines: [back(1, 2, true), back(2, 1, false)], refund: false, shipping: 0 }),
    ).toEqual({
      ok: true,
      items: [
        { orderItemId: 1, quantity: 2, restock: true },
        { orderItemId: 2, quantity: 1, restock: false },
      ],
      refund: null,
    });
  });

  it('refuses shipping given back without refunding the return', () => {
    expect(planReturn(order(), { lines: [back(2, 1)], refund: false, shipping: 5.9 })).toEqual(
      refused('Tick "Refund the returned items" to refund shipping with this return.'),
    );
  });

  it('refunds the returned units at the prices charged, with shipping', () => {
    expect(planReturn(order(), { lines: [back(2, 3, false)], refund: true, shipping: 0 })).toEqual({
      ok: true,
      items: [{ orderItemId: 2, quantity: 3, restock: false }],
      refund: {
        ok: true,
        amount: 0.3,
        shipping: 0,
        lines: [{ orderItemId: 2, quantity: 3, amount: 0.3, removed: 0 }],
      },
    });
    expect(planReturn(order(), { lines: [back(2, 2)], refund: true, shipping: 5.9 })).toEqual({
      ok: true,
      items: [{ orderItemId: 2, quantity: 2, restock: true }],
      refund: {
        ok: true,
        amount: 6.1,
        shipping: 5.9,
        lines: [{ orderItemId: 2, quantity: 2, amount: 0.2, removed: 0 }],
      },
    });
  });

  it('does not refund twice what was refunded before the return', () => {
    const refundedOne = withLine({ shipped: 3, refunded: 1 });
    expect(planReturn(refundedOne, { lines: [back(1, 3)], refund: true, shipping: 0 })).toEqual({
      ok: true,
      items: [{ orderItemId: 1, quantity: 3, restock: true }],
      refund: {
        ok: true,
        amount: 66.66,
        shipping: 0,
        lines: [{ orderItemId: 1, quantity: 2, amount: 66.66, removed: 0 }],
      },
    });
    expect(planReturn(refundedOne, { lines: [back(1, 1)], refund: true, shipping: 0 })).toMatchObject({
      refund: { amount: 33.33, lines: [{ quantity: 1 }] },
    });
    const refundedAll = withLine({ shipped: 3, refunded: 3 });
    expect(planReturn(refundedAll, { lines: [back(1, 2)], refund: true, shipping: 0 })).toEqual(
      refused('These items are refunded already: record the return without a refund.'),
    );
    // Shipping may still be given back with items refunded already.
    expect(planReturn(refundedAll, { lines: [back(1, 2)], refund: true, shipping: 5.9 })).toEqual({
      ok: true,
      items: [{ orderItemId: 1, quantity: 2, restock: true }],
      refund: { ok: true, amount: 5.9, shipping: 5.9, lines: [] },
    });
    expect(planReturn(refundedAll, { lines: [back(1, 2)], refund: false, shipping: 0 })).toMatchObject({
      ok: true,
      refund: null,
    });
  });

  it('passes on the refund’s refusal', () => {
    expect(
      planReturn(order({ shippingRefunded: 5.9 }), { lines: [back(2, 1)], refund: true, shipping: 1 }),
    ).toEqual(refused('At most 0.00 of the shipping is left to refund, not 1.00.'));
    expect(planReturn(order(), { lines: [back(2, 1)], refund: true, shipping: 1.234 })).toEqual(
      refused('The shipping refund has at most two decimals.'),
    );
  });
});
