import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { countryByIso } from '#core/countries.ts';
import { DISPLAY_TEXT_DEFAULTS } from '#core/display-text-defaults.ts';
import { defaultLanguageOf, formatLocale, parseServedLocale } from '#core/locale.ts';
import * as lifecycle from '#core/order-lifecycle.ts';
import type { Actor } from '../backoffice/audit.ts';
import { recordAudit } from '../backoffice/audit.ts';
import { staff } from '../backoffice/schema.ts';
import type { Database } from '../db/database.ts';
import type { EventBus } from '../events/domain-events.ts';
import { createOfflinePayment } from '../payment/payment.ts';
import { CommerceError, notFound } from './errors.ts';
import { products } from './schema-catalogue.ts';
import { customerGroups, customers } from './schema-customers.ts';
import { orderEvents, orderItems, orders, refunds, shipments } from './schema-sales.ts';
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
  carrier: text(100),
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
export const refundInputSchema = z.strictObject({
  amount: z.number().positive().max(10_000_000),
  reason: text(MAX_TEXT),
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

const payment = createOfflinePayment();
const texts = DISPLAY_TEXT_DEFAULTS as Record<string, string>;

export function createOrderAdmin(db: Database, events: EventBus, stock: Stock) {
  /** Everything the lifecycle needs, read inside the transaction after the order's row lock. */
  async function factsOf(executor: Database | Tx, row: OrderRow) {
    const [lines, shipmentRows, refundRows, eventRows] = await Promise.all([
      executor.select().from(orderItems).where(eq(orderItems.orderId, row.id)).orderBy(asc(orderItems.id)),
      executor.select().from(shipments).where(eq(shipments.orderId, row.id)).orderBy(asc(shipments.id)),
      executor.select().from(refunds).where(eq(refunds.orderId, row.id)).orderBy(asc(refunds.id)),
      executor
        .select({ type: orderEvents.type, detail: orderEvents.detail })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, row.id)),
    ]);
    const shipped = new Map<number, number>();
    for (const shipment of shipmentRows)
      for (const item of shipment.items)
        shipped.set(item.order_item_id, (shipped.get(item.order_item_id) ?? 0) + item.quantity);
    const refunded =
      Math.round(refundRows.reduce((sum, entry) => sum + Math.round(entry.amount * 100), 0)) / 100;
    const cancelledPaid = eventRows.some(
      (entry) => entry.type === 'cancelled' && entry.detail.wasPaid === true,
    );
    // Cash on delivery leaves checkout at Awaiting Fulfillment with nothing received: it is paid once staff
    // record the cash ('paid' in the timeline). Every other method is paid once past Awaiting Payment.
    const payOnDelivery = row.paymentMethod === 'cash_on_delivery';
    const received = payOnDelivery
      ? eventRows.some((entry) => entry.type === 'paid')
      : row.statusId !== lifecycle.ORDER_STATUS.awaitingPayment.id;
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
      lines: lines.map((line) => ({
        id: line.id,
        name: line.name,
        quantity: line.quantity,
        shipped: shipped.get(line.id) ?? 0,
      })),
    };
    return { facts, lines, shipmentRows, refundRows };
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
    decide: (facts: lifecycle.OrderFacts, row: OrderRow, tx: Tx) => Promise<Change> | Change,
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
      const { facts } = await factsOf(tx, row);
      const decided = await decide(facts, row, tx);
      if (!decided.verdict.ok) throw refusal(decided.verdict);
      const written = decided.write ? await decided.write(tx) : {};
      const now = new Date();
      const version = row.version + 1;
      await tx
        .update(orders)
        .set({ status: decided.verdict.status, statusId: decided.verdict.statusId, version, updatedAt: now })
        .where(eq(orders.id, orderId));
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
      await recordAudit(tx, actor, {
        action: `order.${decided.event}`,
        entity: 'order',
        entityId: orderId,
        before: { status: row.status, statusId: row.statusId, version: row.version },
        after: {
          status: decided.verdict.status,
          statusId: decided.verdict.statusId,
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

  const api = {
    /** The order page: lines as charged, addresses, payment and shipping, customer, shipments, refunds, timeline. */
    async detail(orderId: number) {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!row) throw notFound(`No order ${orderId}`);
      const { facts, lines, shipmentRows, refundRows } = await factsOf(db, row);
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
      const shippedById = new Map(facts.lines.map((line) => [line.id, line.shipped]));
      return {
        id: row.id,
        status: row.status,
        statusId: row.statusId,
        version: row.version,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        regionId: row.regionId,
        currencyCode: row.currencyCode,
        email: row.email,
        subtotal: row.subtotal,
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
        lines: lines.map((line) => {
          const shipped = shippedById.get(line.id) ?? 0;
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
            leftToShip: Math.max(line.quantity - shipped, 0),
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
            quantity: item.quantity,
            name: lineById.get(item.order_item_id)?.name ?? `Line ${item.order_item_id}`,
            sku: lineById.get(item.order_item_id)?.sku ?? '',
          })),
        })),
        refunds: refundRows.map((entry) => ({
          id: entry.id,
          amount: entry.amount,
          reason: entry.reason,
          createdAt: entry.createdAt,
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
          const productIds = [...new Set(lines.map((line) => line.productId))];
          if (productIds.length === 0) return { restocked: [] };
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
          for (const line of lines) {
            if (line.variantId === null || !tracked.has(line.productId)) continue;
            const known = restocked.find((entry) => entry.variantId === line.variantId);
            if (known) known.quantity += line.quantity;
            else restocked.push({ variantId: line.variantId, quantity: line.quantity });
          }
          // The one stock path: the variants' history shows the return, and a variant that was sold out mails
          // its back-in-stock subscribers once the cancellation has committed. The order's entry is the audit.
          const returned = await stock.within(
            tx,
            restocked.map(({ variantId, quantity }) => ({
              variantId,
              adjust: quantity,
              reason: 'return' as const,
              note: `Order ${orderId} cancelled`,
            })),
            actor,
            { audit: false },
          );
          announce = returned.announce;
          return { restocked };
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

    /** Money given back (recorded; the payment provider moves it). */
    async refund(
      actor: Actor,
      orderId: number,
      expectedVersion: number,
      input: { amount: number; reason: string },
    ) {
      const { amount, reason } = parse(refundInputSchema, input);
      const done = await change(actor, orderId, expectedVersion, (facts) => ({
        verdict: lifecycle.refund(facts, amount),
        event: 'refunded',
        detail: { amount, reason },
        async write(tx) {
          const [inserted] = await tx
            .insert(refunds)
            .values({ orderId, amount, reason, staffId: actor.staffId })
            .returning({ id: refunds.id });
          return { refundId: inserted!.id };
        },
      }));
      return {
        orderId,
        version: done.version,
        status: done.status,
        refundId: done.written.refundId as number,
      };
    },
  };
  return api;
}

export type OrderAdmin = ReturnType<typeof createOrderAdmin>;
