import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { countryByIso } from '#core/countries.ts';
import { DISPLAY_TEXT_DEFAULTS } from '#core/display-text-defaults.ts';
import { defaultLanguageOf, formatLocale, parseServedLocale } from '#core/locale.ts';
import * as lifecycle from '#core/order-lifecycle.ts';
import {
  planRefund,
  planReturn,
  type RefundFacts,
  type RefundLineFacts,
  type RefundPlan,
} from '#core/order-refund.ts';
import { standingOf } from '#core/order-standing.ts';
import { KNOWN_CARRIERS, knownCarrier } from '#core/tracking.ts';
import type { Actor } from '../audit/audit.ts';
import { recordAudit } from '../audit/audit.ts';
import { staff } from '../backoffice/schema.ts';
import type { Database } from '../db/database.ts';
import type { EventBus } from '../events/domain-events.ts';
import type { PaymentProvider } from '../payment/payment.ts';
import { CommerceError, notFound } from './errors.ts';
import { PAYMENT_PENDING_STATUS } from './order-payment.ts';
import { products } from './schema-catalogue.ts';
import { customerGroups, customers } from './schema-customers.ts';
import { orderEvents, orderItems, orderReturns, orders, refunds, shipments } from './schema-sales.ts';
import type { Stock } from './stock.ts';

/**
 * The back office's use cases on one order (issue 19): read it whole, mark it paid, ship it (in parts), mark it
 * delivered, cancel it (stock back), record a refund. Each change is one transaction that locks the order row
 * (SELECT … FOR UPDATE), refuses a form read at another version ('stale', 409), asks core/order-lifecycle whether
 * the change makes sense, then writes the change, bumps `version`, appends to the order's timeline
 * (`order_events`) and records an audit entry. A refusal throws before anything is written, so it changes
 * nothing. The shopper's e-mails follow from the events announced after the commit ('order-shipped',
 * 'order-cancelled'); commerce never calls mail.
 *
 * Lock order: the order, then (cancel) its variants by id, as checkout locks variants.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type OrderRow = typeof orders.$inferSelect;

const MAX_TEXT = 500;
const text = (max: number) => z.string().trim().min(1).max(max);

export const shipmentInputSchema = z.strictObject({
  // Only the list's carriers, spelled as the list spells them: a typed name broke the tracking link (issue 40).
  carrier: text(100)
    .refine((name) => knownCarrier(name) !== null, `choose one of ${KNOWN_CARRIERS.join(', ')}`)
    .transform((name) => knownCarrier(name)!),
  trackingNumber: text(100).regex(/^[A-Za-z0-9 ._/-]+$/, 'letters, digits, spaces and . _ / - only'),
  lines: z
    .array(
      z.strictObject({
        orderItemId: z.number().int().positive().max(2_147_483_647),
        quantity: z.number().int().min(0).max(100_000),
      }),
    )
    .min(1)
    .max(500),
});
export type ShipmentInput = z.infer<typeof shipmentInputSchema>;

export const cancelInputSchema = z.strictObject({ reason: text(MAX_TEXT) });
const lineSchema = z.strictObject({
  orderItemId: z.number().int().positive().max(2_147_483_647),
  quantity: z.number().int().min(0).max(100_000),
  restock: z.boolean().default(false),
});
const money = z.number().min(0).max(10_000_000);

/** A refund: an amount, lines (at the prices charged) and shipping, any mix; `amount` is beyond the lines. */
export const refundInputSchema = z.strictObject({
  amount: money.default(0),
  lines: z.array(lineSchema).max(500).default([]),
  shipping: money.default(0),
  reason: text(MAX_TEXT),
});
export type RefundInput = z.input<typeof refundInputSchema>;

/** A return of shipped goods, optionally refunded in the same step (with shipping). */
export const returnInputSchema = z.strictObject({
  lines: z.array(lineSchema).min(1).max(500),
  reason: text(MAX_TEXT),
  refund: z.boolean().default(false),
  shipping: money.default(0),
});
export type ReturnInput = z.input<typeof returnInputSchema>;

export const noteInputSchema = z.strictObject({ note: text(2000) });
export const tagsInputSchema = z.strictObject({
  tags: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(40)
        .regex(/^[\p{L}\p{N} _-]+$/u, 'letters, digits, spaces, _ and - only'),
    )
    .max(20),
});

const versionSchema = z.number().int().min(0).max(2_147_483_647);

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.');
  throw new CommerceError('invalid', 'Bad Request', `${field ? `${field}: ` : ''}${issue.message}`);
}

/**
 * The locale of the shopper's mails for an order placed before orders kept theirs (migration 0019): the default
 * language of the shipping country.
 */
export function mailLocaleOf(countryIso2: string | undefined): string {
  const country = (countryIso2 ?? '').toLowerCase();
  if (!countryByIso(country)) return 'en-us';
  const segment = formatLocale({ language: defaultLanguageOf(country), country });
  return parseServedLocale(segment) ? segment : 'en-us';
}

const texts = DISPLAY_TEXT_DEFAULTS as Record<string, string>;

/** `payment`: the store's provider (server/services.ts), which names an order's method on its page. */
export function createOrderAdmin(db: Database, events: EventBus, stock: Stock, payment: PaymentProvider) {
  /** Everything the lifecycle needs, read inside the transaction after the order's row lock. */
  async function factsOf(executor: Database | Tx, row: OrderRow) {
    const [lines, shipmentRows, refundRows, eventRows, returnRows] = await Promise.all([
      executor.select().from(orderItems).where(eq(orderItems.orderId, row.id)).orderBy(asc(orderItems.id)),
      executor.select().from(shipments).where(eq(shipments.orderId, row.id)).orderBy(asc(shipments.id)),
      executor.select().from(refunds).where(eq(refunds.orderId, row.id)).orderBy(asc(refunds.id)),
      executor
        .select({ type: orderEvents.type, detail: orderEvents.detail })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, row.id)),
      executor
        .select()
        .from(orderReturns)
        .where(eq(orderReturns.orderId, row.id))
        .orderBy(asc(orderReturns.id)),
    ]);
    const add = (map: Map<number, number>, id: number, quantity: number) =>
      map.set(id, (map.get(id) ?? 0) + quantity);
    const shipped = new Map<number, number>();
    for (const shipment of shipmentRows)
      for (const item of shipment.items) add(shipped, item.order_item_id, item.quantity);
    const refundedUnits = new Map<number, number>();
    const removed = new Map<number, number>();
    for (const entry of refundRows)
      for (const line of entry.lines) {
        add(refundedUnits, line.order_item_id, line.quantity);
        add(removed, line.order_item_id, line.removed ?? 0);
      }
    const returned = new Map<number, number>();
    for (const entry of returnRows)
      for (const item of entry.items) add(returned, item.order_item_id, item.quantity);
    const refunded =
      Math.round(refundRows.reduce((sum, entry) => sum + Math.round(entry.amount * 100), 0)) / 100;
    const cancelledPaid = eventRows.some(
      (entry) => entry.type === 'cancelled' && entry.detail.wasPaid === true,
    );
    // Cash on delivery leaves checkout at Awaiting Fulfillment with nothing received: it is paid once staff
    // record the cash ('paid' in the timeline). Every other method is paid once past Awaiting Payment, and past
    // Pending (its provider has not answered yet, order-payment.ts).
    const payOnDelivery = row.paymentMethod === 'cash_on_delivery';
    const received = payOnDelivery
      ? eventRows.some((entry) => entry.type === 'paid')
      : row.statusId !== lifecycle.ORDER_STATUS.awaitingPayment.id &&
        row.statusId !== PAYMENT_PENDING_STATUS.statusId;
    const lineFacts: RefundLineFacts[] = lines.map((line) => ({
      id: line.id,
      name: line.name,
      quantity: line.quantity,
      shipped: shipped.get(line.id) ?? 0,
      removed: removed.get(line.id) ?? 0,
      // What a unit was paid: a discount code's share of the line (issue 41) is not given back with it.
      price:
        line.discount > 0
          ? Math.round(((line.price * line.quantity - line.discount) * 100) / line.quantity) / 100
          : line.price,
      refunded: refundedUnits.get(line.id) ?? 0,
      returned: returned.get(line.id) ?? 0,
    }));
    const facts: lifecycle.OrderFacts = {
      id: row.id,
      statusId: row.statusId,
      total: row.total,
      refunded,
      paid: row.statusId === lifecycle.ORDER_STATUS.cancelled.id ? cancelledPaid : received,
      payOnDelivery,
      delivered:
        row.statusId === 10 ||
        (shipmentRows.length > 0 && shipmentRows.every((shipment) => shipment.deliveredAt !== null)),
      lines: lineFacts,
    };
    const refundFacts: RefundFacts = {
      id: row.id,
      shippingCost: row.shippingCost,
      shippingRefunded:
        refundRows.reduce((sum, entry) => sum + Math.round(entry.shippingAmount * 100), 0) / 100,
      lines: lineFacts,
    };
    return { facts, refundFacts, lines, shipmentRows, refundRows, returnRows };
  }

  function refusal(verdict: lifecycle.Refusal): CommerceError {
    if (verdict.code === 'not-found') return notFound(verdict.message);
    if (verdict.code === 'invalid') return new CommerceError('invalid', 'Bad Request', verdict.message);
    return new CommerceError('order-state', 'Conflict', verdict.message);
  }

  interface Change {
    /** The lifecycle's answer; a refusal throws before anything is written. */
    verdict: lifecycle.Verdict;
    /** Writes the change itself (inside the transaction, after the status check). */
    write?: (tx: Tx) => Promise<Record<string, unknown>>;
    event: string;
    detail: Record<string, unknown>;
  }

  /**
   * The shape every change shares: lock, version check, lifecycle check, write, bump, timeline, audit. Answers the
   * order's new version and what `write` returned.
   */
  async function change(
    actor: Actor,
    orderId: number,
    expectedVersion: number,
    decide: (
      facts: lifecycle.OrderFacts,
      row: OrderRow,
      tx: Tx,
      refundFacts: RefundFacts,
    ) => Promise<Change> | Change,
  ) {
    parse(versionSchema, expectedVersion);
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!row) throw notFound(`No order ${orderId}`);
      if (row.version !== expectedVersion)
        throw new CommerceError(
          'stale',
          'Conflict',
          `Order ${orderId} was changed by someone else in the meantime (now ${row.status}). Reload the order and try again.`,
        );
      const { facts, refundFacts } = await factsOf(tx, row);
      const decided = await decide(facts, row, tx, refundFacts);
      if (!decided.verdict.ok) throw refusal(decided.verdict);
      const written = decided.write ? await decided.write(tx) : {};
      const now = new Date();
      const version = row.version + 1;
      const detail = {
        ...decided.detail,
        ...written,
        fromStatus: row.status,
        toStatus: decided.verdict.status,
        by: actor.email,
      };
      await tx
        .insert(orderEvents)
        .values({ orderId, type: decided.event, detail, staffId: actor.staffId, createdAt: now });
      // The standing is read back from the facts as they are now (shipments, refunds, the 'paid' event just
      // written), so it can never disagree with them.
      const after = await factsOf(tx, { ...row, statusId: decided.verdict.statusId });
      const standing = standingOf(after.facts);
      const paidNow = standing.payment !== 'awaiting' && standing.payment !== 'voided';
      await tx
        .update(orders)
        .set({
          status: decided.verdict.status,
          statusId: decided.verdict.statusId,
          paymentStatus: standing.payment,
          fulfillmentStatus: standing.fulfillment,
          paidAt: row.paidAt ?? (paidNow ? now : null),
          version,
          updatedAt: now,
        })
        .where(eq(orders.id, orderId));
      await recordAudit(tx, actor, {
        action: `order.${decided.event}`,
        entity: 'order',
        entityId: orderId,
        before: {
          status: row.status,
          statusId: row.statusId,
          payment: row.paymentStatus,
          fulfillment: row.fulfillmentStatus,
          version: row.version,
        },
        after: {
          status: decided.verdict.status,
          statusId: decided.verdict.statusId,
          payment: standing.payment,
          fulfillment: standing.fulfillment,
          version,
          ...decided.detail,
          ...written,
        },
      });
      return {
        orderId,
        version,
        status: decided.verdict.status,
        statusId: decided.verdict.statusId,
        written,
        row,
      };
    });
  }

  /**
   * Units back on sale through the one stock path: the variants' history shows a return, and a variant that was
   * sold out mails its back-in-stock subscribers once the transaction has committed (`announce`). Lines of
   * products whose stock is not tracked, or without a variant, are skipped. The order's entry is the audit.
   */
  async function restock(
    tx: Tx,
    actor: Actor,
    units: { line: typeof orderItems.$inferSelect; quantity: number }[],
    note: string,
  ) {
    const productIds = [...new Set(units.map(({ line }) => line.productId))];
    if (productIds.length === 0) return { restocked: [], announce: async () => {} };
    const tracked = new Set(
      (
        await tx
          .select({ id: products.id, tracking: products.inventoryTracking })
          .from(products)
          .where(inArray(products.id, productIds))
      )
        .filter((entry) => entry.tracking !== 'none')
        .map((entry) => entry.id),
    );
    const restocked: { variantId: number; quantity: number }[] = [];
    for (const { line, quantity } of units) {
      if (line.variantId === null || !tracked.has(line.productId) || quantity <= 0) continue;
      const known = restocked.find((entry) => entry.variantId === line.variantId);
      if (known) known.quantity += quantity;
      else restocked.push({ variantId: line.variantId, quantity });
    }
    const returned = await stock.within(
      tx,
      restocked.map(({ variantId, quantity }) => ({
        variantId,
        adjust: quantity,
        reason: 'return' as const,
        note,
      })),
      actor,
      { audit: false },
    );
    return { restocked, announce: returned.announce };
  }

  /** Writes a planned refund and puts its taken-off units back in stock. */
  async function writeRefund(
    tx: Tx,
    actor: Actor,
    orderId: number,
    plan: RefundPlan,
    other: { reason: string; returnId?: number },
  ) {
    const [inserted] = await tx
      .insert(refunds)
      .values({
        orderId,
        amount: plan.amount,
        reason: other.reason,
        staffId: actor.staffId,
        shippingAmount: plan.shipping,
        returnId: other.returnId ?? null,
        lines: plan.lines.map((line) => ({
          order_item_id: line.orderItemId,
          quantity: line.quantity,
          amount: line.amount,
          removed: line.removed,
        })),
      })
      .returning({ id: refunds.id });
    const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const back = await restock(
      tx,
      actor,
      plan.lines
        .filter((line) => line.removed > 0)
        .map((line) => ({
          line: lines.find((entry) => entry.id === line.orderItemId)!,
          quantity: line.removed,
        })),
      `Order ${orderId}: refunded before shipping`,
    );
    return { refundId: inserted!.id, restocked: back.restocked, announce: back.announce };
  }

  const localeOf = (row: OrderRow) => row.locale ?? mailLocaleOf(row.shippingAddress.country_iso2);

  const api = {
    /** The order page: lines as charged, addresses, payment and shipping, customer, shipments, refunds, timeline. */
    async detail(orderId: number) {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!row) throw notFound(`No order ${orderId}`);
      const { facts, refundFacts, lines, shipmentRows, refundRows, returnRows } = await factsOf(db, row);
      const [customer] = row.customerId
        ? await db
            .select({
              id: customers.id,
              email: customers.email,
              firstName: customers.firstName,
              lastName: customers.lastName,
              group: customerGroups.name,
            })
            .from(customers)
            .leftJoin(customerGroups, eq(customerGroups.id, customers.groupId))
            .where(eq(customers.id, row.customerId))
        : [];
      const timelineRows = await db
        .select({
          id: orderEvents.id,
          type: orderEvents.type,
          detail: orderEvents.detail,
          createdAt: orderEvents.createdAt,
          staffId: orderEvents.staffId,
          staffName: staff.name,
          staffEmail: staff.email,
        })
        .from(orderEvents)
        .leftJoin(staff, eq(staff.id, orderEvents.staffId))
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.id));
      const method = payment.byId(row.paymentMethod);
      const lineById = new Map(lines.map((line) => [line.id, line]));
      const factsById = new Map(refundFacts.lines.map((line) => [line.id, line]));
      const itemName = (id: number) => lineById.get(id)?.name ?? `Line ${id}`;
      return {
        id: row.id,
        status: row.status,
        statusId: row.statusId,
        paymentStatus: row.paymentStatus,
        fulfillmentStatus: row.fulfillmentStatus,
        paidAt: row.paidAt,
        tags: row.tags,
        locale: localeOf(row),
        version: row.version,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        regionId: row.regionId,
        currencyCode: row.currencyCode,
        email: row.email,
        subtotal: row.subtotal,
        /** The discount code the order used (issue 41), what it took off the goods and off the shipping. */
        discount: row.discountCode
          ? { code: row.discountCode, amount: row.discountAmount, shipping: row.shippingDiscount }
          : null,
        shippingCost: row.shippingCost,
        taxTotal: row.taxTotal,
        total: row.total,
        refunded: facts.refunded,
        leftToRefund: lifecycle.remainingToRefund(facts),
        paid: facts.paid,
        paymentMethod: {
          id: row.paymentMethod,
          label: method ? (texts[method.labelKey] ?? method.id) : row.paymentMethod || 'Not recorded',
        },
        shippingMethod: row.shippingMethod,
        billingAddress: row.billingAddress,
        shippingAddress: row.shippingAddress,
        customer: customer ?? null,
        shippingLeftToRefund:
          Math.max(Math.round(row.shippingCost * 100) - Math.round(refundFacts.shippingRefunded * 100), 0) /
          100,
        lines: lines.map((line) => {
          const known = factsById.get(line.id)!;
          const shipped = known.shipped;
          return {
            id: line.id,
            productId: line.productId,
            variantId: line.variantId,
            name: line.name,
            sku: line.sku,
            quantity: line.quantity,
            price: line.price,
            lineTotal: Math.round(line.price * line.quantity * 100) / 100,
            shipped,
            leftToShip: lifecycle.leftToShip(known),
            removed: known.removed ?? 0,
            refundedUnits: known.refunded,
            returned: known.returned,
            /** Shipped and not come back: what a return may take back. */
            returnable: Math.max(Math.min(shipped, line.quantity) - known.returned, 0),
          };
        }),
        shipments: shipmentRows.map((shipment) => ({
          id: shipment.id,
          carrier: shipment.carrier,
          trackingNumber: shipment.trackingNumber,
          shippedAt: shipment.shippedAt,
          deliveredAt: shipment.deliveredAt,
          items: shipment.items.map((item) => ({
            orderItemId: item.order_item_id,
            productId: lineById.get(item.order_item_id)?.productId ?? null,
            quantity: item.quantity,
            name: itemName(item.order_item_id),
            sku: lineById.get(item.order_item_id)?.sku ?? '',
          })),
        })),
        refunds: refundRows.map((entry) => ({
          id: entry.id,
          amount: entry.amount,
          shipping: entry.shippingAmount,
          reason: entry.reason,
          returnId: entry.returnId,
          createdAt: entry.createdAt,
          lines: entry.lines.map((line) => ({
            orderItemId: line.order_item_id,
            name: itemName(line.order_item_id),
            quantity: line.quantity,
            amount: line.amount,
            removed: line.removed ?? 0,
          })),
        })),
        returns: returnRows.map((entry) => ({
          id: entry.id,
          reason: entry.reason,
          createdAt: entry.createdAt,
          items: entry.items.map((item) => ({
            orderItemId: item.order_item_id,
            name: itemName(item.order_item_id),
            quantity: item.quantity,
            restock: item.restock,
          })),
        })),
        /** Oldest first: the placement, then every recorded change. */
        timeline: [
          {
            id: 0,
            type: 'placed',
            at: row.createdAt,
            detail: { paymentMethod: row.paymentMethod, total: row.total } as Record<string, unknown>,
            staff: null as { id: number; name: string | null; email: string | null } | null,
          },
          ...timelineRows.map((entry) => ({
            id: entry.id,
            type: entry.type,
            at: entry.createdAt,
            detail: entry.detail,
            staff:
              entry.staffId === null
                ? null
                : { id: entry.staffId, name: entry.staffName, email: entry.staffEmail },
          })),
        ],
        allowed: lifecycle.allowedIntents(facts),
      };
    },

    /** A bank transfer received (the order may ship), or the cash of a delivered cash-on-delivery order. */
    async markPaid(actor: Actor, orderId: number, expectedVersion: number) {
      const done = await change(actor, orderId, expectedVersion, (facts) => ({
        verdict: lifecycle.markPaid(facts),
        event: 'paid',
        detail: {},
      }));
      return { orderId, version: done.version, status: done.status };
    },

    /** A parcel left with some or all of what is not shipped yet; the shopper gets the tracking e-mail. */
    async addShipment(actor: Actor, orderId: number, expectedVersion: number, input: ShipmentInput) {
      const shipment = parse(shipmentInputSchema, input);
      const done = await change(actor, orderId, expectedVersion, (facts) => ({
        verdict: lifecycle.ship(facts, shipment.lines),
        event: 'shipped',
        detail: { carrier: shipment.carrier, trackingNumber: shipment.trackingNumber },
        async write(tx) {
          // Quantities of one line named twice add up; lines with 0 are not in the parcel.
          const items = new Map<number, number>();
          for (const line of shipment.lines)
            if (line.quantity > 0)
              items.set(line.orderItemId, (items.get(line.orderItemId) ?? 0) + line.quantity);
          const [inserted] = await tx
            .insert(shipments)
            .values({
              orderId,
              carrier: shipment.carrier,
              trackingNumber: shipment.trackingNumber,
              shippedAt: new Date(),
              items: [...items].map(([id, quantity]) => ({ order_item_id: id, quantity })),
            })
            .returning({ id: shipments.id });
          return {
            shipmentId: inserted!.id,
            items: [...items].map(([id, quantity]) => ({ orderItemId: id, quantity })),
          };
        },
      }));
      const shipmentId = done.written.shipmentId as number;
      await events.emit('order-shipped', {
        orderId,
        shipmentId,
        locale: done.row.locale ?? mailLocaleOf(done.row.shippingAddress.country_iso2),
      });
      return { orderId, version: done.version, status: done.status, shipmentId };
    },

    /** The shopper has everything: every shipment is stamped delivered. */
    async markDelivered(actor: Actor, orderId: number, expectedVersion: number) {
      const done = await change(actor, orderId, expectedVersion, (facts) => ({
        verdict: lifecycle.markDelivered(facts),
        event: 'delivered',
        detail: {},
        async write(tx) {
          await tx
            .update(shipments)
            .set({ deliveredAt: new Date() })
            .where(and(eq(shipments.orderId, orderId), isNull(shipments.deliveredAt)));
          return {};
        },
      }));
      return { orderId, version: done.version, status: done.status };
    },

    /**
     * Cancelled before anything shipped: the stock goes back to the variants and products in the same
     * transaction (the reverse of checkout's decrement), and the order stops counting against a pro spend limit.
     */
    async cancel(actor: Actor, orderId: number, expectedVersion: number, input: { reason: string }) {
      const { reason } = parse(cancelInputSchema, input);
      let announce = async () => {};
      const done = await change(actor, orderId, expectedVersion, (facts) => ({
        verdict: lifecycle.cancel(facts),
        event: 'cancelled',
        detail: { reason, wasPaid: facts.paid },
        async write(tx) {
          const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
          const back = await restock(
            tx,
            actor,
            lines.map((line) => ({ line, quantity: line.quantity })),
            `Order ${orderId} cancelled`,
          );
          announce = back.announce;
          return { restocked: back.restocked };
        },
      }));
      await announce();
      await events.emit('order-cancelled', {
        orderId,
        reason,
        locale: done.row.locale ?? mailLocaleOf(done.row.shippingAddress.country_iso2),
      });
      return { orderId, version: done.version, status: done.status };
    },

    /**
     * Money given back (recorded; the payment provider moves it): an amount, lines at the prices charged and
     * shipping, in any mix. Lines not shipped yet may come off the order and back to stock. The shopper is mailed
     * what was refunded, in the order's language.
     */
    async refund(actor: Actor, orderId: number, expectedVersion: number, input: RefundInput) {
      const request = parse(refundInputSchema, input);
      let announce = async () => {};
      const done = await change(actor, orderId, expectedVersion, (facts, _row, _tx, refundFacts) => {
        const plan = planRefund(refundFacts, {
          lines: request.lines,
          shipping: request.shipping,
          other: request.amount,
        });
        if (!plan.ok) return { verdict: plan, event: 'refunded', detail: {} };
        return {
          verdict: lifecycle.refund(facts, plan.amount),
          event: 'refunded',
          detail: { amount: plan.amount, shipping: plan.shipping, lines: plan.lines, reason: request.reason },
          async write(tx) {
            const written = await writeRefund(tx, actor, orderId, plan, { reason: request.reason });
            announce = written.announce;
            return { refundId: written.refundId, restocked: written.restocked };
          },
        };
      });
      await announce();
      const refundId = done.written.refundId as number;
      await events.emit('order-refunded', { orderId, refundId, locale: localeOf(done.row) });
      return { orderId, version: done.version, status: done.status, refundId };
    },

    /**
     * Goods that came back: per line how many and whether they go back on sale, why, and optionally their refund
     * (at the prices charged, plus shipping) in the same step; the shopper is mailed in the order's language.
     */
    async recordReturn(actor: Actor, orderId: number, expectedVersion: number, input: ReturnInput) {
      const request = parse(returnInputSchema, input);
      let announce = async () => {};
      const done = await change(actor, orderId, expectedVersion, (facts, _row, _tx, refundFacts) => {
        const plan = planReturn(refundFacts, {
          lines: request.lines,
          refund: request.refund,
          shipping: request.shipping,
        });
        if (!plan.ok) return { verdict: plan, event: 'returned', detail: {} };
        // A return without money keeps the status; one with a refund moves it as any refund does.
        const verdict: lifecycle.Verdict = plan.refund
          ? lifecycle.refund(facts, plan.refund.amount)
          : facts.paid || facts.payOnDelivery
            ? {
                ok: true,
                statusId: facts.statusId as lifecycle.OrderStatusId,
                status: lifecycle.statusName(facts.statusId),
              }
            : {
                ok: false,
                code: 'order-state',
                message: `Order ${orderId} has not been paid: nothing can be returned.`,
              };
        return {
          verdict,
          event: 'returned',
          detail: {
            reason: request.reason,
            items: plan.items,
            ...(plan.refund ? { amount: plan.refund.amount, shipping: plan.refund.shipping } : {}),
          },
          async write(tx) {
            const [inserted] = await tx
              .insert(orderReturns)
              .values({
                orderId,
                reason: request.reason,
                staffId: actor.staffId,
                items: plan.items.map((item) => ({
                  order_item_id: item.orderItemId,
                  quantity: item.quantity,
                  restock: item.restock,
                })),
              })
              .returning({ id: orderReturns.id });
            const returnId = inserted!.id;
            const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
            const back = await restock(
              tx,
              actor,
              plan.items
                .filter((item) => item.restock)
                .map((item) => ({
                  line: lines.find((entry) => entry.id === item.orderItemId)!,
                  quantity: item.quantity,
                })),
              `Order ${orderId}: returned`,
            );
            announce = back.announce;
            const refund = plan.refund
              ? await writeRefund(tx, actor, orderId, plan.refund, { reason: request.reason, returnId })
              : null;
            return { returnId, restocked: back.restocked, refundId: refund?.refundId ?? null };
          },
        };
      });
      await announce();
      const returnId = done.written.returnId as number;
      const refundId = (done.written.refundId as number | null) ?? null;
      await events.emit('order-returned', { orderId, returnId, refundId, locale: localeOf(done.row) });
      return { orderId, version: done.version, status: done.status, returnId, refundId };
    },

    /** A staff note on the order's timeline (not shown to the shopper). */
    async addNote(actor: Actor, orderId: number, expectedVersion: number, input: { note: string }) {
      const { note } = parse(noteInputSchema, input);
      const done = await change(actor, orderId, expectedVersion, (facts) => ({
        verdict: {
          ok: true,
          statusId: facts.statusId as lifecycle.OrderStatusId,
          status: lifecycle.statusName(facts.statusId),
        },
        event: 'note',
        detail: { note },
      }));
      return { orderId, version: done.version };
    },

    /** The order's tags, replaced as a whole (the form sends them all). */
    async setTags(actor: Actor, orderId: number, expectedVersion: number, input: { tags: string[] }) {
      const { tags } = parse(tagsInputSchema, input);
      const unique = [...new Map(tags.map((tag) => [tag.toLowerCase(), tag])).values()];
      const done = await change(actor, orderId, expectedVersion, (facts, row) => ({
        verdict: {
          ok: true,
          statusId: facts.statusId as lifecycle.OrderStatusId,
          status: lifecycle.statusName(facts.statusId),
        },
        event: 'tagged',
        detail: { before: row.tags, tags: unique },
        async write(tx) {
          await tx.update(orders).set({ tags: unique }).where(eq(orders.id, orderId));
          return {};
        },
      }));
      return { orderId, version: done.version, tags: unique };
    },
  };
  return api;
}

export type OrderAdmin = ReturnType<typeof createOrderAdmin>;
