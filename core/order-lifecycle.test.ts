import { describe, expect, it } from 'vitest';
import {
  allowedIntents,
  cancel,
  leftToShip,
  markDelivered,
  markPaid,
  type OrderFacts,
  refund,
  remainingToRefund,
  ship,
  stageOf,
  statusName,
} from './order-lifecycle.ts';

const order = (overrides: Partial<OrderFacts> = {}): OrderFacts => ({
  id: 1042,
  statusId: 11,
  total: 100,
  refunded: 0,
  paid: true,
  payOnDelivery: false,
  delivered: false,
  lines: [
    { id: 1, name: 'Timberline', quantity: 2, shipped: 0 },
    { id: 2, name: 'Trail pole', quantity: 1, shipped: 0 },
  ],
  ...overrides,
});

const unpaid = () => order({ statusId: 7, paid: false });
const partlyShipped = () =>
  order({
    statusId: 3,
    lines: [
      { id: 1, name: 'Timberline', quantity: 2, shipped: 2 },
      { id: 2, name: 'Trail pole', quantity: 1, shipped: 0 },
    ],
  });
const allShipped = (statusId = 2) =>
  order({
    statusId,
    lines: [
      { id: 1, name: 'Timberline', quantity: 2, shipped: 2 },
      { id: 2, name: 'Trail pole', quantity: 1, shipped: 1 },
    ],
  });

const refusedWith = (message: RegExp | string, code = 'order-state') =>
  expect.objectContaining({
    ok: false,
    code,
    message: typeof message === 'string' ? expect.stringContaining(message) : expect.stringMatching(message),
  });

describe('order lifecycle (issue 19)', () => {
  it('names statuses, unknown ones by id', () => {
    expect(statusName(7)).toBe('Awaiting Payment');
    expect(statusName(14)).toBe('Partially Refunded');
    expect(statusName(99)).toBe('Status 99');
  });

  it('marks an order awaiting payment paid, and only that', () => {
    expect(markPaid(unpaid())).toEqual({ ok: true, statusId: 11, status: 'Awaiting Fulfillment' });
    expect(markPaid(order())).toEqual(refusedWith('Order 1042 is already paid (Awaiting Fulfillment).'));
    expect(markPaid(order({ statusId: 5, paid: false }))).toEqual(
      refusedWith('Order 1042 is cancelled: it cannot be marked paid.'),
    );
    expect(markPaid(order({ statusId: 99 }))).toEqual(refusedWith(/status Status 99, which the back office/));
  });

  it('ships part of an order, then the rest', () => {
    expect(ship(order(), [{ orderItemId: 1, quantity: 1 }])).toEqual({
      ok: true,
      statusId: 3,
      status: 'Partially Shipped',
    });
    expect(ship(partlyShipped(), [{ orderItemId: 2, quantity: 1 }])).toEqual({
      ok: true,
      statusId: 2,
      status: 'Shipped',
    });
    // Lines may be named twice (the quantities add up) and with 0 for "not this one".
    expect(
      ship(order(), [
        { orderItemId: 1, quantity: 1 },
        { orderItemId: 1, quantity: 1 },
        { orderItemId: 2, quantity: 1 },
      ]),
    ).toMatchObject({ ok: true, statusId: 2 });
    expect(
      ship(order(), [
        { orderItemId: 1, quantity: 0 },
        { orderItemId: 2, quantity: 1 },
      ]),
    ).toMatchObject({ ok: true, statusId: 3 });
  });

  it('refuses a shipment that makes no sense', () => {
    const one = [{ orderItemId: 1, quantity: 1 }];
    expect(ship(unpaid(), one)).toEqual(
      refusedWith('Order 1042 is awaiting payment: mark it paid before shipping it.'),
    );
    expect(ship(order({ statusId: 5 }), one)).toEqual(
      refusedWith('Order 1042 is cancelled: it cannot be shipped.'),
    );
    expect(ship(order({ statusId: 4, refunded: 100 }), one)).toEqual(
      refusedWith('Order 1042 is refunded in full: it cannot be shipped.'),
    );
    expect(ship(allShipped(), one)).toEqual(refusedWith('has shipped in full: nothing is left to ship'));
    expect(ship(allShipped(10), one)).toEqual(refusedWith('has shipped in full'));
    expect(ship(order(), [{ orderItemId: 77, quantity: 1 }])).toEqual(
      refusedWith('Order 1042 has no line 77.', 'not-found'),
    );
    expect(ship(order(), [])).toEqual(refusedWith('Choose at least one line', 'invalid'));
    expect(ship(order(), [{ orderItemId: 1, quantity: 0 }])).toEqual(
      refusedWith('Choose at least one line', 'invalid'),
    );
    expect(ship(order(), [{ orderItemId: 1, quantity: 1.5 }])).toEqual(
      refusedWith('whole number', 'invalid'),
    );
    expect(ship(order(), [{ orderItemId: 1, quantity: -1 }])).toEqual(refusedWith('whole number', 'invalid'));
    expect(ship(order(), [{ orderItemId: 1, quantity: 3 }])).toEqual(
      refusedWith('Only 2 of Timberline (line 1) are left to ship, not 3.', 'invalid'),
    );
    const oneLeft = order({ lines: [{ id: 1, name: 'Timberline', quantity: 2, shipped: 1 }], statusId: 3 });
    expect(ship(oneLeft, [{ orderItemId: 1, quantity: 2 }])).toEqual(
      refusedWith('Only 1 of Timberline (line 1) is left to ship, not 2.', 'invalid'),
    );
    expect(ship(partlyShipped(), [{ orderItemId: 1, quantity: 1 }])).toEqual(
      refusedWith('Timberline (line 1) has shipped already.', 'invalid'),
    );
  });

  it('marks a fully shipped order delivered, and nothing else', () => {
    expect(markDelivered(allShipped())).toEqual({ ok: true, statusId: 10, status: 'Completed' });
    expect(markDelivered(allShipped(10))).toEqual(refusedWith('already marked delivered'));
    expect(markDelivered(order())).toEqual(refusedWith('is not shipped yet: ship all of it'));
    expect(markDelivered(unpaid())).toEqual(refusedWith('is not shipped yet'));
    expect(markDelivered(partlyShipped())).toEqual(refusedWith('is only partially shipped'));
    expect(markDelivered(order({ statusId: 5 }))).toEqual(
      refusedWith('is cancelled: it cannot be marked delivered'),
    );
  });

  it('cancels before anything shipped, once', () => {
    expect(cancel(unpaid())).toEqual({ ok: true, statusId: 5, status: 'Cancelled' });
    expect(cancel(order())).toMatchObject({ ok: true, statusId: 5 });
    expect(cancel(order({ statusId: 5 }))).toEqual(refusedWith('Order 1042 is already cancelled.'));
    expect(cancel(partlyShipped())).toEqual(
      refusedWith('has shipped: it cannot be cancelled; record a refund'),
    );
    expect(cancel(allShipped())).toEqual(refusedWith('has shipped'));
    expect(cancel(allShipped(10))).toEqual(refusedWith('has been delivered'));
    expect(cancel(order({ statusId: 4, refunded: 100 }))).toEqual(refusedWith('is refunded in full'));
  });

  it('refunds after payment, at most what is left', () => {
    expect(refund(order(), 40)).toEqual({ ok: true, statusId: 14, status: 'Partially Refunded' });
    expect(refund(order({ refunded: 40, statusId: 14 }), 60)).toEqual({
      ok: true,
      statusId: 4,
      status: 'Refunded',
    });
    expect(refund(order({ statusId: 5 }), 40)).toMatchObject({ ok: true, statusId: 5 });
    expect(refund(order({ statusId: 5 }), 100)).toMatchObject({ ok: true, statusId: 4 });
    expect(refund(order({ refunded: 40, statusId: 14 }), 60.01)).toEqual(
      refusedWith('At most 60.00 of order 1042 is left to refund, not 60.01.', 'invalid'),
    );
    expect(refund(unpaid(), 10)).toEqual(refusedWith('has not been paid: there is nothing to refund'));
    expect(refund(order({ statusId: 5, paid: false }), 10)).toEqual(refusedWith('has not been paid'));
    expect(refund(order({ statusId: 4, refunded: 100 }), 1)).toEqual(refusedWith('already refunded in full'));
    expect(refund(order({ statusId: 99 }), 1)).toEqual(refusedWith('cannot be refunded'));
    for (const amount of [0, -5, Number.NaN, 10.005])
      expect(refund(order(), amount), String(amount)).toEqual(refusedWith('positive amount', 'invalid'));
    expect(remainingToRefund({ total: 10, refunded: 12 })).toBe(0);
  });

  it('reads a partially refunded order’s fulfilment from its lines, and keeps saying it is partially refunded', () => {
    const refunded = (lines: OrderFacts['lines'], delivered = false) =>
      order({ statusId: 14, refunded: 10, lines, delivered });
    expect(stageOf(refunded(order().lines))).toBe('awaiting-fulfillment');
    expect(stageOf(refunded(partlyShipped().lines))).toBe('partially-shipped');
    expect(stageOf(refunded(allShipped().lines))).toBe('shipped');
    expect(stageOf(refunded(allShipped().lines, true))).toBe('completed');
    expect(ship(refunded(order().lines), [{ orderItemId: 2, quantity: 1 }])).toMatchObject({
      ok: true,
      statusId: 14,
    });
    expect(markDelivered(refunded(allShipped().lines))).toMatchObject({ ok: true, statusId: 14 });
    expect(cancel(refunded(order().lines))).toMatchObject({ ok: true, statusId: 5 });
  });

  it('takes cash on delivery as received only when recorded after shipping in full; no refund before', () => {
    const cod = (facts: Partial<OrderFacts> = {}) => ({ ...facts, payOnDelivery: true, paid: false });
    // Placed: awaiting fulfilment, not paid: it ships and can be cancelled, but gives nothing back.
    expect(allowedIntents(order(cod()))).toEqual(['ship', 'cancel']);
    expect(markPaid(order(cod()))).toEqual(refusedWith('ship all of it before recording the cash received'));
    expect(markPaid(partlyShipped())).toEqual(refusedWith('already paid'));
    expect(markPaid({ ...partlyShipped(), ...cod() })).toEqual(refusedWith('cash on delivery'));
    expect(refund(order(cod()), 10)).toEqual(refusedWith('has not been paid: there is nothing to refund'));
    expect(allowedIntents({ ...partlyShipped(), ...cod() })).toEqual(['ship', 'return']);
    // Shipped or delivered: the cash is recorded and the status stays.
    expect(allowedIntents({ ...allShipped(), ...cod() })).toEqual(['mark-paid', 'mark-delivered', 'return']);
    expect(markPaid({ ...allShipped(), ...cod() })).toEqual({ ok: true, statusId: 2, status: 'Shipped' });
    expect(markPaid({ ...allShipped(10), ...cod() })).toEqual({
      ok: true,
      statusId: 10,
      status: 'Completed',
    });
    expect(allowedIntents({ ...allShipped(10), ...cod() })).toEqual(['mark-paid', 'return']);
    // Received: then it is paid like any other order, once.
    const received = { ...allShipped(10), payOnDelivery: true, paid: true };
    expect(markPaid(received)).toEqual(refusedWith('Order 1042 is already paid (Completed).'));
    expect(allowedIntents(received)).toEqual(['refund', 'return']);
    // Cancelled unpaid: nothing to record or refund.
    expect(markPaid(order(cod({ statusId: 5 })))).toEqual(refusedWith('is cancelled'));
    expect(allowedIntents(order(cod({ statusId: 5 })))).toEqual([]);
  });

  it('offers only the changes that make sense', () => {
    expect(allowedIntents(unpaid())).toEqual(['mark-paid', 'cancel']);
    expect(allowedIntents(order())).toEqual(['ship', 'cancel', 'refund']);
    expect(allowedIntents(partlyShipped())).toEqual(['ship', 'refund', 'return']);
    expect(allowedIntents(allShipped())).toEqual(['mark-delivered', 'refund', 'return']);
    expect(allowedIntents(allShipped(10))).toEqual(['refund', 'return']);
    // Everything came back: nothing is left out with the customer to return.
    expect(
      allowedIntents({
        ...allShipped(10),
        lines: allShipped(10).lines.map((line) => ({ ...line, returned: line.quantity })),
      }),
    ).toEqual(['refund']);
    // Unpaid (a bank transfer never received) and shipped: nothing may come back through the back office.
    expect(allowedIntents({ ...allShipped(), paid: false })).not.toContain('return');
    expect(allowedIntents(order({ statusId: 5, paid: false }))).toEqual([]);
    expect(allowedIntents(order({ statusId: 5 }))).toEqual(['refund']);
    expect(allowedIntents(order({ statusId: 4, refunded: 100 }))).toEqual([]);
    expect(allowedIntents(order({ statusId: 99 }))).toEqual([]);
    expect(stageOf(order({ statusId: 99 }))).toBe('unknown');
  });
});

describe('lines taken off the order before shipping (issue 40)', () => {
  const timberline = (shipped: number, removed?: number) => ({
    id: 1,
    name: 'Timberline',
    quantity: 3,
    shipped,
    ...(removed === undefined ? {} : { removed }),
  });

  it('counts what is left to ship: ordered, less shipped and taken off, never below 0', () => {
    expect(leftToShip(timberline(0))).toBe(3);
    expect(leftToShip(timberline(1))).toBe(2);
    expect(leftToShip(timberline(0, 1))).toBe(2);
    expect(leftToShip(timberline(1, 1))).toBe(1);
    expect(leftToShip(timberline(2, 1))).toBe(0);
    expect(leftToShip(timberline(0, 3))).toBe(0);
    expect(leftToShip(timberline(3, 1))).toBe(0);
  });

  it('ships at most what was neither shipped nor taken off', () => {
    expect(ship(order({ lines: [timberline(0, 1)] }), [{ orderItemId: 1, quantity: 3 }])).toEqual(
      refusedWith('Only 2 of Timberline (line 1) are left to ship, not 3.', 'invalid'),
    );
    expect(
      ship(order({ statusId: 3, lines: [timberline(1, 1)] }), [{ orderItemId: 1, quantity: 2 }]),
    ).toEqual(refusedWith('Only 1 of Timberline (line 1) is left to ship, not 2.', 'invalid'));
    expect(ship(order({ lines: [timberline(0, 3)] }), [{ orderItemId: 1, quantity: 1 }])).toEqual(
      refusedWith('Timberline (line 1) has shipped already.', 'invalid'),
    );
  });

  it('counts an order shipped in full once what was not taken off has shipped', () => {
    // 3 ordered, 1 taken off: shipping the other 2 ships the order in full.
    expect(ship(order({ lines: [timberline(0, 1)] }), [{ orderItemId: 1, quantity: 2 }])).toEqual({
      ok: true,
      statusId: 2,
      status: 'Shipped',
    });
    expect(ship(order({ lines: [timberline(0, 1)] }), [{ orderItemId: 1, quantity: 1 }])).toMatchObject({
      ok: true,
      statusId: 3,
    });
    // A line taken off in full, the other shipped: shipped in full, and a partially refunded order says so.
    const lines = [timberline(0, 3), { id: 2, name: 'Trail pole', quantity: 1, shipped: 0 }];
    expect(ship(order({ lines }), [{ orderItemId: 2, quantity: 1 }])).toMatchObject({
      ok: true,
      statusId: 2,
    });
    expect(
      ship(order({ statusId: 14, refunded: 20, lines }), [{ orderItemId: 2, quantity: 1 }]),
    ).toMatchObject({
      ok: true,
      statusId: 14,
    });
    expect(stageOf(order({ statusId: 14, refunded: 20, lines: [timberline(2, 1)] }))).toBe('shipped');
    expect(stageOf(order({ statusId: 14, refunded: 20, lines: [timberline(1, 1)] }))).toBe(
      'partially-shipped',
    );
  });

  it('does not offer to ship when every unit left was taken off', () => {
    const allTakenOff = order({
      statusId: 14,
      refunded: 40,
      lines: [timberline(0, 3), { id: 2, name: 'Trail pole', quantity: 1, shipped: 0, removed: 1 }],
    });
    expect(allowedIntents(allTakenOff)).not.toContain('ship');
    expect(allowedIntents(allTakenOff)).toEqual(['cancel', 'refund']);
    // An Awaiting Fulfillment status with every line taken off: nothing to ship either.
    expect(allowedIntents(order({ refunded: 0, lines: [timberline(0, 3)] }))).toEqual(['cancel', 'refund']);
    // Part taken off, part left: still offered.
    expect(allowedIntents(order({ statusId: 14, refunded: 20, lines: [timberline(0, 1)] }))).toContain(
      'ship',
    );
    expect(allowedIntents(order({ statusId: 3, lines: [timberline(1, 1)] }))).toContain('ship');
    expect(allowedIntents(order({ statusId: 3, lines: [timberline(2, 1)] }))).not.toContain('ship');
  });
});
