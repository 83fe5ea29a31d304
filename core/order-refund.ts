import { leftToShip, type OrderLineFacts, type Refusal } from './order-lifecycle.ts';

/**
 * Refunds by line and returns (issue 40; Shopify's refund and return, Saleor's refund of lines): what a request
 * may give back and take back, worked out before anything is written. Pure: the engine
 * (server/commerce/order-admin.ts) reads the facts under the order's row lock, asks here, then asks the lifecycle
 * whether a refund of the resulting amount is allowed at all (paid, not more than is left).
 *
 * A line refunded "back to stock" before it shipped comes off the order: it is never shipped and its units are on
 * sale again. Goods that did ship come back only through a return, which says per line whether they go back to
 * stock (a damaged pair does not) and may refund them in the same step.
 */

export interface RefundLineFacts extends OrderLineFacts {
  price: number;
  /** Units of the line refunded so far (by line refunds and returns). */
  refunded: number;
  /** Units of the line that came back in returns so far. */
  returned: number;
}

export interface RefundFacts {
  id: number;
  /** Shipping charged, and the part of it already given back. */
  shippingCost: number;
  shippingRefunded: number;
  lines: readonly RefundLineFacts[];
}

export interface RefundLineRequest {
  orderItemId: number;
  quantity: number;
  /** Not shipped yet: take the units off the order and put them back in stock. */
  restock: boolean;
}

export interface RefundRequest {
  lines: readonly RefundLineRequest[];
  /** Shipping given back. */
  shipping: number;
  /** An amount beyond the lines and shipping (a goodwill refund, a price adjustment). */
  other: number;
}

export interface PlannedRefundLine {
  orderItemId: number;
  quantity: number;
  amount: number;
  /** Units taken off the order and back to stock (0 when the line had shipped). */
  removed: number;
}

export interface RefundPlan {
  ok: true;
  amount: number;
  shipping: number;
  lines: PlannedRefundLine[];
}

export interface ReturnLineRequest {
  orderItemId: number;
  quantity: number;
  /** Back on sale (false: damaged, kept out of stock). */
  restock: boolean;
}

export interface ReturnRequest {
  lines: readonly ReturnLineRequest[];
  /** Refund the returned units (at the prices charged) in the same step, plus `shipping`. */
  refund: boolean;
  shipping: number;
}

export interface ReturnPlan {
  ok: true;
  items: { orderItemId: number; quantity: number; restock: boolean }[];
  refund: RefundPlan | null;
}

const cents = (value: number) => Math.round(value * 100);
const refuse = (code: Refusal['code'], message: string): Refusal => ({ ok: false, code, message });
const units = (count: number) => (count === 1 ? '1 unit' : `${count} units`);

function moneyProblem(value: number, what: string): string | null {
  if (!Number.isFinite(value) || value < 0) return `The ${what} must be 0 or more.`;
  if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) return `The ${what} has at most two decimals.`;
  return null;
}

/** The requested lines merged by id (a line named twice adds up), each checked to be the order's. */
function mergedLines<T extends { orderItemId: number; quantity: number; restock: boolean }>(
  facts: Pick<RefundFacts, 'id' | 'lines'>,
  lines: readonly T[],
): Refusal | { line: RefundLineFacts; quantity: number; restock: boolean }[] {
  const merged = new Map<number, { quantity: number; restock: boolean }>();
  for (const entry of lines) {
    if (!Number.isInteger(entry.quantity) || entry.quantity < 0)
      return refuse(
        'invalid',
        `The quantity of line ${entry.orderItemId} must be a whole number, 0 or more.`,
      );
    const known = merged.get(entry.orderItemId);
    merged.set(entry.orderItemId, {
      quantity: (known?.quantity ?? 0) + entry.quantity,
      restock: (known?.restock ?? false) || entry.restock,
    });
  }
  const chosen: { line: RefundLineFacts; quantity: number; restock: boolean }[] = [];
  for (const [id, entry] of merged) {
    const line = facts.lines.find((candidate) => candidate.id === id);
    if (!line) return refuse('not-found', `Order ${facts.id} has no line ${id}.`);
    if (entry.quantity > 0) chosen.push({ line, ...entry });
  }
  return chosen;
}

/** A refund of lines, shipping and an amount beyond them: what it gives back, or why it cannot. */
export function planRefund(facts: RefundFacts, request: RefundRequest): RefundPlan | Refusal {
  const chosen = mergedLines(facts, request.lines);
  if (!Array.isArray(chosen)) return chosen;
  const shippingProblem = moneyProblem(request.shipping, 'shipping refund');
  if (shippingProblem) return refuse('invalid', shippingProblem);
  const otherProblem = moneyProblem(request.other, 'other amount');
  if (otherProblem) return refuse('invalid', otherProblem);
  const shippingLeft = Math.max(cents(facts.shippingCost) - cents(facts.shippingRefunded), 0);
  if (cents(request.shipping) > shippingLeft)
    return refuse(
      'invalid',
      `At most ${(shippingLeft / 100).toFixed(2)} of the shipping is left to refund, not ${request.shipping.toFixed(2)}.`,
    );
  const lines: PlannedRefundLine[] = [];
  for (const { line, quantity, restock } of chosen) {
    const refundable = Math.max(line.quantity - line.refunded, 0);
    if (quantity > refundable)
      return refuse(
        'invalid',
        refundable === 0
          ? `${line.name} (line ${line.id}) is refunded already.`
          : `Only ${units(refundable)} of ${line.name} (line ${line.id}) can still be refunded, not ${quantity}.`,
      );
    const notShipped = leftToShip(line);
    if (restock && quantity > notShipped)
      return refuse(
        'invalid',
        notShipped === 0
          ? `${line.name} (line ${line.id}) has shipped: record a return to put it back in stock.`
          : `Only ${units(notShipped)} of ${line.name} (line ${line.id}) ${notShipped === 1 ? 'has' : 'have'} not shipped: put those back in stock, and record a return for the rest.`,
      );
    lines.push({
      orderItemId: line.id,
      quantity,
      amount: cents(line.price * quantity) / 100,
      removed: restock ? quantity : 0,
    });
  }
  const total =
    lines.reduce((sum, line) => sum + cents(line.amount), 0) + cents(request.shipping) + cents(request.other);
  if (total === 0) return refuse('invalid', 'Choose lines, shipping or an amount to refund.');
  return { ok: true, amount: total / 100, shipping: cents(request.shipping) / 100, lines };
}

/** A return of shipped goods: which units come back, which go back to stock, and the refund that goes with it. */
export function planReturn(facts: RefundFacts, request: ReturnRequest): ReturnPlan | Refusal {
  const chosen = mergedLines(facts, request.lines);
  if (!Array.isArray(chosen)) return chosen;
  if (chosen.length === 0)
    return refuse('invalid', 'Choose at least one line and a quantity that came back.');
  for (const { line, quantity } of chosen) {
    const out = Math.max(Math.min(line.shipped, line.quantity) - line.returned, 0);
    if (quantity > out)
      return refuse(
        'invalid',
        out === 0
          ? `Nothing of ${line.name} (line ${line.id}) is out with the customer to come back.`
          : `Only ${units(out)} of ${line.name} (line ${line.id}) ${out === 1 ? 'was' : 'were'} shipped and not returned yet, not ${quantity}.`,
      );
  }
  const items = chosen.map(({ line, quantity, restock }) => ({ orderItemId: line.id, quantity, restock }));
  if (!request.refund) {
    if (cents(request.shipping) > 0)
      return refuse('invalid', 'Tick "Refund the returned items" to refund shipping with this return.');
    return { ok: true, items, refund: null };
  }
  // The returned units are refunded at the prices charged; what was refunded of a line already stays refunded.
  const refundLines = chosen
    .map(({ line, quantity }) => ({
      orderItemId: line.id,
      quantity: Math.min(quantity, Math.max(line.quantity - line.refunded, 0)),
      restock: false,
    }))
    .filter((line) => line.quantity > 0);
  if (refundLines.length === 0 && cents(request.shipping) === 0)
    return refuse('invalid', 'These items are refunded already: record the return without a refund.');
  const refund = planRefund(facts, { lines: refundLines, shipping: request.shipping, other: 0 });
  return refund.ok ? { ok: true, items, refund } : refund;
}
