/**
 * An order's lifecycle in the back office (issue 19): which change each state allows, and the state it leads to.
 * Pure: the engine (server/commerce/order-admin.ts) reads the facts under a row lock, asks here, and writes the
 * answer. A change that makes no sense is refused with a message an operator can act on.
 *
 * States are the BigCommerce status ids the store already uses (§3): Awaiting Payment 7 → Awaiting Fulfillment 11
 * (paid) → Partially Shipped 3 / Shipped 2 → Completed 10 (delivered); Cancelled 5 before anything shipped;
 * Refunded 4 (all of the total given back) and Partially Refunded 14 once money was given back.
 *
 * Cash on delivery starts at Awaiting Fulfillment without money received: the parcel ships first and the cash is
 * recorded ('mark paid', status unchanged) once it is shipped in full. Until then nothing can be refunded and a
 * cancellation gives nothing back.
 */

export const ORDER_STATUS = {
  awaitingPayment: { id: 7, name: 'Awaiting Payment' },
  awaitingFulfillment: { id: 11, name: 'Awaiting Fulfillment' },
  partiallyShipped: { id: 3, name: 'Partially Shipped' },
  shipped: { id: 2, name: 'Shipped' },
  completed: { id: 10, name: 'Completed' },
  cancelled: { id: 5, name: 'Cancelled' },
  refunded: { id: 4, name: 'Refunded' },
  partiallyRefunded: { id: 14, name: 'Partially Refunded' },
} as const;

export type OrderStatusKey = keyof typeof ORDER_STATUS;
export type OrderStatusId = (typeof ORDER_STATUS)[OrderStatusKey]['id'];

const BY_ID = new Map<number, { key: OrderStatusKey; id: OrderStatusId; name: string }>(
  (Object.entries(ORDER_STATUS) as [OrderStatusKey, (typeof ORDER_STATUS)[OrderStatusKey]][]).map(
    ([key, status]) => [status.id, { key, id: status.id, name: status.name }],
  ),
);

/** The status name of an id ("Status 99" for one the lifecycle does not know). */
export function statusName(statusId: number): string {
  return BY_ID.get(statusId)?.name ?? `Status ${statusId}`;
}

/** What the back office can do to an order. */
export const ORDER_INTENTS = ['mark-paid', 'ship', 'mark-delivered', 'cancel', 'refund', 'return'] as const;
export type OrderIntent = (typeof ORDER_INTENTS)[number];

export interface OrderLineFacts {
  id: number;
  name: string;
  quantity: number;
  /** Already in a shipment. */
  shipped: number;
  /** Taken off the order before it shipped, by a refund that put it back in stock (issue 40): never to ship. */
  removed?: number;
  /** Came back in a return. */
  returned?: number;
}

/** What of a line is still to ship: ordered, less what shipped and what was taken off the order. */
export const leftToShip = (line: OrderLineFacts): number =>
  Math.max(line.quantity - (line.removed ?? 0) - line.shipped, 0);

/** What the engine knows of an order at the moment of the change (read under the order's row lock). */
export interface OrderFacts {
  id: number;
  statusId: number;
  total: number;
  /** Sum of the refunds recorded so far. */
  refunded: number;
  /**
   * The payment was received (marked paid, or taken at checkout); false for an order cancelled unpaid and for
   * cash on delivery until the cash is recorded.
   */
  paid: boolean;
  /** Paid on delivery (cash on delivery): shipped before the money comes, which is marked paid afterwards. */
  payOnDelivery: boolean;
  /** Every shipment was marked delivered (read for a partially refunded order, whose status does not say). */
  delivered: boolean;
  lines: readonly OrderLineFacts[];
}

/** Where the order stands, whatever its status id says about refunds. */
export type OrderStage =
  | 'awaiting-payment'
  | 'awaiting-fulfillment'
  | 'partially-shipped'
  | 'shipped'
  | 'completed'
  | 'cancelled'
  | 'refunded'
  | 'unknown';

export interface NextStatus {
  ok: true;
  statusId: OrderStatusId;
  status: string;
}

export interface Refusal {
  ok: false;
  /** 'order-state': the order's state does not allow it (409); 'not-found': another order's line (404);
   * 'invalid': the input itself is wrong (400). */
  code: 'order-state' | 'not-found' | 'invalid';
  message: string;
}

export type Verdict = NextStatus | Refusal;

const next = (key: OrderStatusKey): NextStatus => ({
  ok: true,
  statusId: ORDER_STATUS[key].id,
  status: ORDER_STATUS[key].name,
});
const refuse = (code: Refusal['code'], message: string): Refusal => ({ ok: false, code, message });

const cents = (value: number) => Math.round(value * 100);
export const remainingToRefund = (facts: Pick<OrderFacts, 'total' | 'refunded'>): number =>
  Math.max(cents(facts.total) - cents(facts.refunded), 0) / 100;

function shippedSoFar(lines: readonly OrderLineFacts[]): 'none' | 'part' | 'all' {
  const shipped = lines.reduce((sum, line) => sum + Math.min(line.shipped, line.quantity), 0);
  const ordered = lines.reduce((sum, line) => sum + line.quantity - (line.removed ?? 0), 0);
  if (shipped === 0) return 'none';
  return shipped >= ordered ? 'all' : 'part';
}

/** The fulfilment stage of an order that is paid and neither cancelled nor fully refunded, from its lines. */
function fulfilmentStage(facts: OrderFacts): OrderStage {
  const shipped = shippedSoFar(facts.lines);
  if (shipped === 'none') return 'awaiting-fulfillment';
  if (shipped === 'part') return 'partially-shipped';
  return facts.delivered ? 'completed' : 'shipped';
}

export function stageOf(facts: OrderFacts): OrderStage {
  switch (BY_ID.get(facts.statusId)?.key) {
    case 'awaitingPayment':
      return 'awaiting-payment';
    case 'awaitingFulfillment':
      return 'awaiting-fulfillment';
    case 'partiallyShipped':
      return 'partially-shipped';
    case 'shipped':
      return 'shipped';
    case 'completed':
      return 'completed';
    case 'cancelled':
      return 'cancelled';
    case 'refunded':
      return 'refunded';
    case 'partiallyRefunded':
      return fulfilmentStage(facts);
    default:
      return 'unknown';
  }
}

/** The status after a fulfilment step: a partially refunded order keeps saying so. */
function afterFulfilment(facts: OrderFacts, key: OrderStatusKey): NextStatus {
  return facts.refunded > 0 ? next('partiallyRefunded') : next(key);
}

function stateRefusal(facts: OrderFacts, stage: 'cancelled' | 'refunded' | 'unknown', what: string): Refusal {
  const order = `Order ${facts.id}`;
  if (stage === 'cancelled') return refuse('order-state', `${order} is cancelled: it cannot be ${what}.`);
  if (stage === 'refunded')
    return refuse('order-state', `${order} is refunded in full: it cannot be ${what}.`);
  return refuse(
    'order-state',
    `${order} has the status ${statusName(facts.statusId)}, which the back office does not change: it cannot be ${what}.`,
  );
}

/**
 * Mark a bank transfer or cash on delivery as received: a bank transfer awaiting payment (it may then ship), or
 * cash on delivery once shipped in full and not yet received (the status stays as it is).
 */
export function markPaid(facts: OrderFacts): Verdict {
  const stage = stageOf(facts);
  if (facts.payOnDelivery && !facts.paid) {
    if (stage === 'shipped') return next('shipped');
    if (stage === 'completed') return next('completed');
    if (stage === 'awaiting-fulfillment' || stage === 'partially-shipped')
      return refuse(
        'order-state',
        `Order ${facts.id} is paid in cash on delivery: ship all of it before recording the cash received.`,
      );
  }
  if (stage === 'awaiting-payment') return next('awaitingFulfillment');
  if (stage === 'cancelled' || stage === 'unknown') return stateRefusal(facts, stage, 'marked paid');
  return refuse('order-state', `Order ${facts.id} is already paid (${statusName(facts.statusId)}).`);
}

export interface ShipmentLine {
  orderItemId: number;
  quantity: number;
}

/**
 * Ship some or all of what is not shipped yet: from Awaiting Fulfillment or Partially Shipped. Each line must be
 * the order's and its quantity at most what is left of it.
 */
export function ship(facts: OrderFacts, lines: readonly ShipmentLine[]): Verdict {
  const stage = stageOf(facts);
  if (stage === 'awaiting-payment')
    return refuse('order-state', `Order ${facts.id} is awaiting payment: mark it paid before shipping it.`);
  if (stage === 'shipped' || stage === 'completed')
    return refuse('order-state', `Order ${facts.id} has shipped in full: nothing is left to ship.`);
  if (stage !== 'awaiting-fulfillment' && stage !== 'partially-shipped')
    return stateRefusal(facts, stage, 'shipped');
  const wanted = new Map<number, number>();
  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity < 0)
      return refuse('invalid', `The quantity to ship of line ${line.orderItemId} must be a whole number.`);
    wanted.set(line.orderItemId, (wanted.get(line.orderItemId) ?? 0) + line.quantity);
  }
  for (const id of wanted.keys())
    if (!facts.lines.some((line) => line.id === id))
      return refuse('not-found', `Order ${facts.id} has no line ${id}.`);
  const chosen = [...wanted].filter(([, quantity]) => quantity > 0);
  if (chosen.length === 0) return refuse('invalid', 'Choose at least one line and a quantity to ship.');
  for (const [id, quantity] of chosen) {
    const line = facts.lines.find((entry) => entry.id === id)!;
    const left = leftToShip(line);
    if (quantity > left)
      return refuse(
        'invalid',
        left === 0
          ? `${line.name} (line ${id}) has shipped already.`
          : `Only ${left} of ${line.name} (line ${id}) ${left === 1 ? 'is' : 'are'} left to ship, not ${quantity}.`,
      );
  }
  const after = facts.lines.map((line) => ({ ...line, shipped: line.shipped + (wanted.get(line.id) ?? 0) }));
  return afterFulfilment(facts, shippedSoFar(after) === 'all' ? 'shipped' : 'partiallyShipped');
}

/** Mark delivered: only an order shipped in full. */
export function markDelivered(facts: OrderFacts): Verdict {
  const stage = stageOf(facts);
  if (stage === 'shipped') return afterFulfilment(facts, 'completed');
  if (stage === 'completed') return refuse('order-state', `Order ${facts.id} is already marked delivered.`);
  if (stage === 'awaiting-payment' || stage === 'awaiting-fulfillment' || stage === 'partially-shipped')
    return refuse(
      'order-state',
      `Order ${facts.id} is ${stage === 'partially-shipped' ? 'only partially shipped' : 'not shipped yet'}: ship all of it before marking it delivered.`,
    );
  return stateRefusal(facts, stage, 'marked delivered');
}

/** Cancel before anything shipped, once. */
export function cancel(facts: OrderFacts): Verdict {
  const stage = stageOf(facts);
  if (stage === 'cancelled') return refuse('order-state', `Order ${facts.id} is already cancelled.`);
  if (stage === 'awaiting-payment' || stage === 'awaiting-fulfillment') return next('cancelled');
  if (stage === 'partially-shipped' || stage === 'shipped' || stage === 'completed')
    return refuse(
      'order-state',
      `Order ${facts.id} has ${stage === 'completed' ? 'been delivered' : 'shipped'}: it cannot be cancelled; record a refund instead.`,
    );
  return stateRefusal(facts, stage, 'cancelled');
}

/** Record money given back: after payment, at most what is left unrefunded. */
export function refund(facts: OrderFacts, amount: number): Verdict {
  const stage = stageOf(facts);
  if (stage === 'refunded') return refuse('order-state', `Order ${facts.id} is already refunded in full.`);
  if (stage === 'unknown') return stateRefusal(facts, stage, 'refunded');
  if (!facts.paid)
    return refuse('order-state', `Order ${facts.id} has not been paid: there is nothing to refund.`);
  if (!Number.isFinite(amount) || amount <= 0 || cents(amount) !== Math.round(amount * 1000) / 10)
    return refuse('invalid', 'The refund must be a positive amount with at most two decimals.');
  const left = remainingToRefund(facts);
  if (cents(amount) > cents(left))
    return refuse(
      'invalid',
      `At most ${left.toFixed(2)} of order ${facts.id} is left to refund, not ${amount.toFixed(2)}.`,
    );
  if (cents(amount) === cents(left)) return next('refunded');
  return stage === 'cancelled' ? next('cancelled') : next('partiallyRefunded');
}

/** The changes that make sense now (the order page offers a form for each, and only those). */
export function allowedIntents(facts: OrderFacts): OrderIntent[] {
  const stage = stageOf(facts);
  const intents: OrderIntent[] = [];
  if (markPaid(facts).ok) intents.push('mark-paid');
  if (
    (stage === 'awaiting-fulfillment' || stage === 'partially-shipped') &&
    facts.lines.some((line) => leftToShip(line) > 0)
  )
    intents.push('ship');
  if (markDelivered(facts).ok) intents.push('mark-delivered');
  if (cancel(facts).ok) intents.push('cancel');
  if (facts.paid && stage !== 'refunded' && stage !== 'unknown' && remainingToRefund(facts) > 0)
    intents.push('refund');
  // Goods come back once they are out with the customer, refunded or not (a refund may have come first).
  if (
    (facts.paid || facts.payOnDelivery) &&
    stage !== 'cancelled' &&
    stage !== 'unknown' &&
    facts.lines.some((line) => Math.min(line.shipped, line.quantity) - (line.returned ?? 0) > 0)
  )
    intents.push('return');
  return intents;
}
