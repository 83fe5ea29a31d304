import type { OrderFacts } from './order-lifecycle.ts';

/**
 * Where an order's money and its parcels stand, apart (issue 40; Shopify's financial and fulfilment status,
 * Saleor's payment and fulfilment). The status id (core/order-lifecycle.ts) stays the platform's one status, which
 * the storefront and the API speak; these two are what the back office works from. A partial refund changes the
 * payment status only, so a paid order with lines left to ship stays in the shipping queue.
 *
 * The rule is written once more in SQL, in the migration that filled the columns for existing orders
 * (drizzle/0023_order_standing.sql); tests/integration/order-standing.test.ts holds the two to the same answers.
 */

export const PAYMENT_STATUSES = ['awaiting', 'paid', 'partially_refunded', 'refunded', 'voided'] as const;
export const FULFILLMENT_STATUSES = [
  'unfulfilled',
  'partially_fulfilled',
  'fulfilled',
  'delivered',
  'cancelled',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  awaiting: 'Awaiting payment',
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  voided: 'Voided',
};

export const FULFILLMENT_STATUS_LABELS: Record<FulfillmentStatus, string> = {
  unfulfilled: 'Unfulfilled',
  partially_fulfilled: 'Partially shipped',
  fulfilled: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

const CANCELLED = 5;
const AWAITING_PAYMENT = 7;

export interface OrderStanding {
  payment: PaymentStatus;
  fulfillment: FulfillmentStatus;
}

type StandingFacts = Pick<OrderFacts, 'statusId' | 'total' | 'refunded' | 'paid' | 'delivered' | 'lines'>;

const cents = (value: number) => Math.round(value * 100);

export function paymentStatusOf(facts: Pick<StandingFacts, 'statusId' | 'total' | 'refunded' | 'paid'>) {
  if (!facts.paid) return facts.statusId === CANCELLED ? 'voided' : 'awaiting';
  const refunded = cents(facts.refunded);
  if (refunded > 0 && refunded >= cents(facts.total)) return 'refunded';
  return refunded > 0 ? 'partially_refunded' : 'paid';
}

export function fulfillmentStatusOf(
  facts: Pick<StandingFacts, 'statusId' | 'delivered' | 'lines'>,
): FulfillmentStatus {
  if (facts.statusId === CANCELLED) return 'cancelled';
  const ordered = facts.lines.reduce((sum, line) => sum + line.quantity - (line.removed ?? 0), 0);
  const sent = facts.lines.reduce((sum, line) => sum + Math.min(line.shipped, line.quantity), 0);
  // Every line taken off before anything shipped: nothing will ever ship.
  if (sent === 0) return ordered > 0 ? 'unfulfilled' : 'cancelled';
  if (sent < ordered) return 'partially_fulfilled';
  return facts.delivered ? 'delivered' : 'fulfilled';
}

export function standingOf(facts: StandingFacts): OrderStanding {
  return { payment: paymentStatusOf(facts), fulfillment: fulfillmentStatusOf(facts) };
}

/**
 * Whether the order belongs in the shipping queue: something left to ship, and paid — whatever was refunded
 * since — or paid in cash on delivery, which ships before the money comes.
 */
export function readyToShip(standing: OrderStanding, paymentMethod: string): boolean {
  const open = standing.fulfillment === 'unfulfilled' || standing.fulfillment === 'partially_fulfilled';
  const paid =
    standing.payment === 'paid' ||
    standing.payment === 'partially_refunded' ||
    (standing.payment === 'awaiting' && paymentMethod === 'cash_on_delivery');
  return open && paid;
}

/**
 * A new order's standing: nothing shipped; paid at checkout unless it waits for a transfer (Awaiting Payment) or
 * for the cash a carrier collects on delivery.
 */
export function placedStanding(statusId: number, paymentMethod: string): OrderStanding {
  const paid =
    statusId !== AWAITING_PAYMENT && statusId !== CANCELLED && paymentMethod !== 'cash_on_delivery';
  return {
    payment: paid ? 'paid' : statusId === CANCELLED ? 'voided' : 'awaiting',
    fulfillment: statusId === CANCELLED ? 'cancelled' : 'unfulfilled',
  };
}
