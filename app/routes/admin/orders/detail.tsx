import type { ComponentProps } from 'react';
import { data, Form, Link, useActionData } from 'react-router';
import { z } from 'zod';
import { formatCurrency } from '#core/currency-format.ts';
import { orderFilterQuery } from '#core/order-filter.ts';
import { parseOrderFilter } from '#core/order-filter-schema.ts';
import { CURRENCIES } from '#core/regions.ts';
import { can } from '#core/staff-permissions.ts';
import { formatStoreTime } from '#core/store-time.ts';
import { KNOWN_CARRIERS, trackingUrl } from '#core/tracking.ts';
import { CsrfField } from '../../../components/backoffice/csrf-field.tsx';
import { FieldError, FormMessage } from '../../../components/backoffice/form-message.tsx';
import { StandingBadges } from '../../../components/backoffice/order-standing.tsx';
import { TableScroll } from '../../../components/backoffice/table-scroll.tsx';
import { attemptStaff, parseStaffForm, refuse } from '../../../lib/backoffice/form.server.ts';
import { recordIdOf } from '../../../lib/backoffice/record-id.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import orderStyles from '../../../styles/admin-order.css?url';
import ordersStyles from '../../../styles/admin-orders.css?url';
import type { Route } from './+types/detail';

/**
 * One order in the back office (issues 19, 40): what was bought at which price, addresses, payment and
 * fulfilment status, the customer, shipments, refunds, returns, tags and the timeline, with a form for each change
 * the order allows now. Every form carries the order's version: one read before someone else's change is refused
 * and changes nothing. The address carries the list's filter it was opened from (`?queue=to-ship&…`): the page
 * links back to that list and to the previous and next order in it, so a queue is worked through in order.
 */

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: orderStyles },
  { rel: 'stylesheet', href: ordersStyles },
];

export function meta({ params }: Route.MetaArgs) {
  return [{ title: `Order ${params.orderId} | Ridgeline back office` }];
}

const orderIdOf = (value: string | undefined) => recordIdOf(value, 'There is no such order.');

export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'orders:read');
  const orderId = orderIdOf(args.params.orderId);
  let order: Awaited<ReturnType<typeof services.commerce.orderAdmin.detail>>;
  try {
    order = await services.commerce.orderAdmin.detail(orderId);
  } catch (error) {
    if (services.errorCode(error) === 'not-found')
      throw data({ message: `There is no order ${orderId}.` }, { status: 404 });
    throw error;
  }
  // The list this order was opened from; an address without one (or a tampered one) means the whole list.
  const listFilter = parseOrderFilter(new URL(args.request.url).searchParams);
  const filter = listFilter.success ? { ...listFilter.data, after: undefined, ids: [] } : null;
  const listQuery = filter ? orderFilterQuery(filter) : '';
  const neighbours = filter
    ? await services.commerce.orderQueries.neighbours(filter, orderId)
    : { previous: null, next: null };
  const zone = services.config.STORE_TIME_ZONE;
  return {
    canWrite: can(staff.role, 'orders:write'),
    zone,
    list: {
      query: listQuery,
      queue: filter?.queue === 'to-ship',
      previous: neighbours.previous,
      next: neighbours.next,
    },
    order: {
      ...order,
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
      shipments: order.shipments.map((shipment) => ({
        ...shipment,
        shippedAt: shipment.shippedAt.toISOString(),
        deliveredAt: shipment.deliveredAt?.toISOString() ?? null,
        trackingUrl: trackingUrl(shipment.carrier, shipment.trackingNumber),
      })),
      paidAt: order.paidAt?.toISOString() ?? null,
      refunds: order.refunds.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
      returns: order.returns.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
      timeline: order.timeline.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
    },
  };
}

const version = z.coerce.number({ error: 'Reload the order.' }).int().min(0);
const reason = z.string().trim().min(1, 'Give a reason.').max(500, 'Keep the reason under 500 characters.');
/** An amount as typed: blank is 0, a comma may stand for the decimal point. */
const amount = (what: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().replace(',', '.') || '0' : value),
    z.coerce
      .number({ error: `Enter the ${what} as a number, like 12.50.` })
      .min(0, `The ${what} cannot be below 0.`)
      .max(10_000_000, `Enter a smaller ${what}.`),
  );
const orderForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('mark-paid'), version }),
  z.object({ intent: z.literal('mark-delivered'), version }),
  z.looseObject({
    intent: z.literal('ship'),
    version,
    carrier: z.enum(KNOWN_CARRIERS as [string, ...string[]], { error: 'Choose the carrier from the list.' }),
    trackingNumber: z
      .string()
      .trim()
      .min(1, 'Enter the tracking number.')
      .max(100)
      .regex(/^[A-Za-z0-9 ._/-]+$/, 'Letters, digits, spaces and . _ / - only.'),
  }),
  z.object({
    intent: z.literal('cancel'),
    version,
    cancelReason: reason,
    confirm: z.literal('yes', { error: 'Tick the box to confirm the cancellation.' }),
  }),
  z.looseObject({
    intent: z.literal('refund'),
    version,
    amount: amount('other amount').default(0),
    refundShipping: amount('shipping to refund').default(0),
    refundReason: reason,
  }),
  z.looseObject({
    intent: z.literal('return'),
    version,
    returnReason: reason,
    returnRefund: z.literal('yes').optional(),
    returnShipping: amount('shipping to refund').default(0),
  }),
  z.object({
    intent: z.literal('note'),
    version,
    note: z.string().trim().min(1, 'Write the note.').max(2000, 'Keep the note under 2,000 characters.'),
  }),
  z.object({
    intent: z.literal('tags'),
    version,
    tags: z.string().max(1000, 'Too many tags.'),
  }),
]);

/**
 * A form's per-line quantities: fields `{prefix}-{orderItemId}`, blank meaning 0, and `{prefix}-restock-{id}`
 * ticked to put the units back in stock.
 */
const quantity = z.coerce.number().int().min(0).max(100_000);
function lineQuantities(fields: Record<string, unknown>, prefix: string) {
  const lines: { orderItemId: number; quantity: number; restock: boolean }[] = [];
  const errors: Record<string, string> = {};
  const pattern = new RegExp(`^${prefix}-(\\d{1,10})$`);
  for (const [name, value] of Object.entries(fields)) {
    const match = pattern.exec(name);
    if (!match) continue;
    const parsed = quantity.safeParse(value === '' ? 0 : value);
    if (!parsed.success) errors[name] = 'Enter a whole number, 0 or more.';
    else
      lines.push({
        orderItemId: Number(match[1]),
        quantity: parsed.data,
        restock: fields[`${prefix}-restock-${match[1]}`] === 'yes',
      });
  }
  return { lines, errors };
}

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'orders:write');
  const orderId = orderIdOf(args.params.orderId);
  const parsed = await parseStaffForm(args.request, csrfToken, orderForm);
  if (!parsed.ok) return parsed.answer;
  const form = parsed.data;
  const admin = services.commerce.orderAdmin;
  const done = await attemptStaff(services, async () => {
    switch (form.intent) {
      case 'mark-paid':
        await admin.markPaid(actor, orderId, form.version);
        return 'Marked paid.';
      case 'mark-delivered':
        await admin.markDelivered(actor, orderId, form.version);
        return 'Marked delivered.';
      case 'cancel':
        await admin.cancel(actor, orderId, form.version, { reason: form.cancelReason });
        return 'Order cancelled; the stock is back and the shopper has been e-mailed.';
      case 'refund': {
        const { lines, errors } = lineQuantities(form, 'refund-qty');
        if (Object.keys(errors).length) return { errors };
        const done = await admin.refund(actor, orderId, form.version, {
          lines,
          shipping: form.refundShipping,
          amount: form.amount,
          reason: form.refundReason,
        });
        const order = await admin.detail(orderId);
        const refunded = order.refunds.find((entry) => entry.id === done.refundId)!;
        return `Refund of ${money(refunded.amount, order.currencyCode)} recorded${
          lines.some((line) => line.restock && line.quantity > 0) ? '; the items are back in stock' : ''
        }; the shopper has been e-mailed.`;
      }
      case 'return': {
        const { lines, errors } = lineQuantities(form, 'return-qty');
        if (Object.keys(errors).length) return { errors };
        const done = await admin.recordReturn(actor, orderId, form.version, {
          lines,
          reason: form.returnReason,
          refund: form.returnRefund === 'yes',
          shipping: form.returnShipping,
        });
        const order = await admin.detail(orderId);
        const refund = order.refunds.find((entry) => entry.id === done.refundId);
        return `Return recorded${refund ? ` and ${money(refund.amount, order.currencyCode)} refunded` : ''}; the shopper has been e-mailed.`;
      }
      case 'note':
        await admin.addNote(actor, orderId, form.version, { note: form.note });
        return 'Note added.';
      case 'tags': {
        const tags = form.tags
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean);
        await admin.setTags(actor, orderId, form.version, { tags });
        return tags.length ? `Tags saved: ${tags.join(', ')}.` : 'Tags removed.';
      }
      case 'ship': {
        const { lines, errors } = lineQuantities(form, 'qty');
        if (Object.keys(errors).length) return { errors };
        const shipped = await admin.addShipment(actor, orderId, form.version, {
          carrier: form.carrier,
          trackingNumber: form.trackingNumber,
          lines: lines.map(({ orderItemId, quantity }) => ({ orderItemId, quantity })),
        });
        return `Shipment added (${shipped.status}); the shopper has been e-mailed the tracking link.`;
      }
    }
  });
  if (!done.ok) return done.answer;
  if (typeof done.value !== 'string') return refuse(400, 'Check the quantities.', done.value.errors);
  return { ok: true as const, message: done.value };
}

const money = (value: number, currencyCode: string) => {
  const format = CURRENCIES.find((entry) => entry.code === currencyCode);
  return format ? formatCurrency(value, format) : `${value.toFixed(2)} ${currencyCode}`;
};

const EVENT_LABELS: Record<string, string> = {
  placed: 'Placed',
  paid: 'Marked paid',
  shipped: 'Shipment added',
  delivered: 'Marked delivered',
  cancelled: 'Cancelled',
  refunded: 'Refund recorded',
  returned: 'Return recorded',
  note: 'Note',
  tagged: 'Tags changed',
  // The confirmation mail is sent after the checkout's answer; one not yet sent is retried every minute.
  'confirmation-pending': 'Confirmation mail not sent yet',
  'confirmation-sent': 'Confirmation mailed',
};

type LoaderOrder = Route.ComponentProps['loaderData']['order'];
type Address = LoaderOrder['shippingAddress'];

function AddressBlock({ title, address }: { title: string; address: Address }) {
  return (
    <div className="admin-card">
      <h3>{title}</h3>
      <address>
        {address.first_name} {address.last_name}
        <br />
        {address.company ? (
          <>
            {address.company}
            <br />
          </>
        ) : null}
        {address.street_1}
        <br />
        {address.street_2 ? (
          <>
            {address.street_2}
            <br />
          </>
        ) : null}
        {address.zip} {address.city}
        {address.state ? `, ${address.state}` : ''}
        <br />
        {address.country_iso2}
        {address.phone ? (
          <>
            <br />
            {address.phone}
          </>
        ) : null}
      </address>
    </div>
  );
}

function timelineDetail(entry: LoaderOrder['timeline'][number], money: (value: number) => string): string {
  const detail = entry.detail as Record<string, unknown>;
  switch (entry.type) {
    case 'placed':
      return `Total ${money(Number(detail.total ?? 0))}${detail.paymentMethod ? `, ${String(detail.paymentMethod).replace(/_/g, ' ')}` : ''}`;
    case 'shipped':
      return `${String(detail.carrier ?? '')} ${String(detail.trackingNumber ?? '')}`.trim();
    case 'cancelled':
      return `Reason: ${String(detail.reason ?? '')}`;
    case 'refunded':
      return `${money(Number(detail.amount ?? 0))}: ${String(detail.reason ?? '')}`;
    case 'returned': {
      const items = Array.isArray(detail.items)
        ? (detail.items as { quantity: number; restock: boolean }[])
        : [];
      const count = items.reduce((sum, item) => sum + item.quantity, 0);
      const refunded = detail.amount ? `, ${money(Number(detail.amount))} refunded` : '';
      return `${count} ${count === 1 ? 'item' : 'items'} back${refunded}: ${String(detail.reason ?? '')}`;
    }
    case 'note':
      return String(detail.note ?? '');
    case 'tagged':
      return Array.isArray(detail.tags) && detail.tags.length ? (detail.tags as string[]).join(', ') : 'none';
    default:
      return detail.toStatus ? `Now ${String(detail.toStatus)}` : '';
  }
}

/**
 * A quantity per order line (`{prefix}-{id}`, read by lineQuantities) with, where the units can go back on the
 * shelf, a ticked `{prefix}-restock-{id}` box: the refund's and the return's lines.
 */
function LineQuantities({
  prefix,
  legend,
  lines,
  answer,
}: {
  prefix: string;
  legend: string;
  lines: { id: number; label: string; max: number; restock: string | null }[];
  answer: ComponentProps<typeof FieldError>['answer'];
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {lines.map((line) => (
        <div key={line.id}>
          <label htmlFor={`${prefix}-${line.id}`}>{line.label}</label>
          <input
            id={`${prefix}-${line.id}`}
            name={`${prefix}-${line.id}`}
            type="number"
            inputMode="numeric"
            min={0}
            max={line.max}
            defaultValue={0}
            aria-describedby={`${prefix}-${line.id}-error`}
          />
          {line.restock ? (
            <span>
              <input
                id={`${prefix}-restock-${line.id}`}
                name={`${prefix}-restock-${line.id}`}
                type="checkbox"
                value="yes"
                defaultChecked
              />
              <label htmlFor={`${prefix}-restock-${line.id}`}>{line.restock}</label>
            </span>
          ) : null}
          <FieldError answer={answer} name={`${prefix}-${line.id}`} />
        </div>
      ))}
    </fieldset>
  );
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order, canWrite, zone, list } = loaderData;
  const answer = useActionData<typeof action>();
  const format = CURRENCIES.find((entry) => entry.code === order.currencyCode);
  const money = (value: number) =>
    format ? formatCurrency(value, format) : `${value.toFixed(2)} ${order.currencyCode}`;
  const at = (value: string | null) => formatStoreTime(value, zone);
  const allowed = new Set(canWrite ? order.allowed : []);
  const toShip = order.lines.filter((line) => line.leftToShip > 0);
  const refundable = order.lines.filter((line) => line.quantity - line.refundedUnits > 0);
  const returnable = order.lines.filter((line) => line.returnable > 0);
  const withList = (path: string) => (list.query ? `${path}?${list.query}` : path);
  const listName = list.queue ? 'orders to ship' : 'orders';
  return (
    <section className="admin-order">
      <nav className="admin-order-nav" aria-label="Orders">
        <Link to={withList('/admin/orders')}>← {list.queue ? 'Orders to ship' : 'All orders'}</Link>
        <ul>
          <li>
            {list.previous ? (
              <Link to={withList(`/admin/orders/${list.previous}`)} rel="prev">
                ← Previous order
              </Link>
            ) : (
              <span className="admin-muted">First of the {listName}</span>
            )}
          </li>
          <li>
            {list.next ? (
              <Link to={withList(`/admin/orders/${list.next}`)} rel="next">
                Next order →
              </Link>
            ) : (
              <span className="admin-muted">Last of the {listName}</span>
            )}
          </li>
        </ul>
      </nav>
      <h1 className="admin-order-title">
        Order {order.id}{' '}
        <StandingBadges payment={order.paymentStatus} fulfillment={order.fulfillmentStatus} />
        <span className="admin-badge">{order.status}</span>
        {order.tags.map((tag) => (
          <span key={tag} className="admin-badge admin-badge--tag">
            {tag}
          </span>
        ))}
      </h1>
      <p>
        <a href={`/admin/orders/documents?kind=slip&id=${order.id}`}>Packing slip</a> ·{' '}
        <a href={`/admin/orders/documents?kind=invoice&id=${order.id}`}>Invoice</a>
      </p>
      <FormMessage answer={answer} />

      <dl className="admin-cards">
        <div className="admin-card">
          <dt>Placed</dt>
          <dd>{at(order.createdAt)}</dd>
        </div>
        <div className="admin-card">
          <dt>Customer</dt>
          <dd>
            {order.customer ? (
              <>
                {order.customer.firstName} {order.customer.lastName}
                {order.customer.group ? ` (${order.customer.group})` : ''}
                <br />
              </>
            ) : (
              'Guest, '
            )}
            {order.email}
          </dd>
        </div>
        <div className="admin-card">
          <dt>Payment</dt>
          <dd>
            {order.paymentMethod.label}
            {order.paid ? (order.paidAt ? `, paid ${at(order.paidAt)}` : '') : ' (not received)'}
          </dd>
        </div>
        <div className="admin-card">
          <dt>Shipping method</dt>
          <dd>{order.shippingMethod || '—'}</dd>
        </div>
        <div className="admin-card">
          <dt>Region</dt>
          <dd>
            {order.regionId} · {order.currencyCode}
          </dd>
        </div>
      </dl>

      <h2>Items</h2>
      <TableScroll label="Items">
        <table className="admin-table">
          <caption className="visually-hidden">Items of order {order.id}, at the prices charged</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">SKU</th>
              <th scope="col">Price</th>
              <th scope="col">Quantity</th>
              <th scope="col">Shipped</th>
              <th scope="col">Refunded</th>
              <th scope="col">Returned</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id}>
                <td>{line.name}</td>
                <td>{line.sku}</td>
                <td>{money(line.price)}</td>
                <td>{line.quantity}</td>
                <td>
                  {line.shipped}
                  {line.removed ? <span className="admin-muted"> ({line.removed} taken off)</span> : null}
                </td>
                <td>{line.refundedUnits}</td>
                <td>{line.returned}</td>
                <td>{money(line.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={7}>
                Subtotal
              </th>
              <td>{money(order.subtotal)}</td>
            </tr>
            {order.discount && order.discount.amount > 0 ? (
              <tr>
                <th scope="row" colSpan={7}>
                  Discount code {order.discount.code}
                </th>
                <td>−{money(order.discount.amount)}</td>
              </tr>
            ) : null}
            <tr>
              <th scope="row" colSpan={7}>
                Shipping
                {order.discount && order.discount.shipping > 0
                  ? ` (${order.discount.code} took ${money(order.discount.shipping)} off)`
                  : null}
              </th>
              <td>{money(order.shippingCost)}</td>
            </tr>
            {order.taxTotal ? (
              <tr>
                <th scope="row" colSpan={7}>
                  Tax
                </th>
                <td>{money(order.taxTotal)}</td>
              </tr>
            ) : null}
            <tr>
              <th scope="row" colSpan={7}>
                Total
              </th>
              <td>
                <strong>{money(order.total)}</strong>
              </td>
            </tr>
            {order.refunded ? (
              <tr>
                <th scope="row" colSpan={7}>
                  Refunded
                </th>
                <td>{money(order.refunded)}</td>
              </tr>
            ) : null}
          </tfoot>
        </table>
      </TableScroll>

      <h2>Addresses</h2>
      <div className="admin-cards">
        <AddressBlock title="Shipping address" address={order.shippingAddress} />
        <AddressBlock title="Billing address" address={order.billingAddress} />
      </div>

      <h2>Shipments</h2>
      {order.shipments.length === 0 ? (
        <p className="admin-muted">Nothing shipped yet.</p>
      ) : (
        <TableScroll label="Shipments">
          <table className="admin-table" data-testid="shipments">
            <caption className="visually-hidden">Shipments of order {order.id}</caption>
            <thead>
              <tr>
                <th scope="col">Carrier</th>
                <th scope="col">Tracking number</th>
                <th scope="col">Items</th>
                <th scope="col">Shipped</th>
                <th scope="col">Delivered</th>
              </tr>
            </thead>
            <tbody>
              {order.shipments.map((shipment) => (
                <tr key={shipment.id}>
                  <td>{shipment.carrier}</td>
                  <td>
                    {shipment.trackingUrl ? (
                      <a href={shipment.trackingUrl} rel="noopener noreferrer" target="_blank">
                        {shipment.trackingNumber}
                      </a>
                    ) : (
                      shipment.trackingNumber
                    )}
                  </td>
                  <td>{shipment.items.map((item) => `${item.quantity} × ${item.name}`).join(', ')}</td>
                  <td>{at(shipment.shippedAt)}</td>
                  <td>{at(shipment.deliveredAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      {order.refunds.length ? (
        <>
          <h2>Refunds</h2>
          <ul>
            {order.refunds.map((entry) => (
              <li key={entry.id}>
                {money(entry.amount)} on {at(entry.createdAt)}: {entry.reason}
                {entry.lines.length || entry.shipping ? (
                  <span className="admin-muted">
                    {' '}
                    (
                    {[
                      ...entry.lines.map(
                        (line) =>
                          `${line.quantity} × ${line.name} ${money(line.amount)}${line.removed ? ', back in stock' : ''}`,
                      ),
                      ...(entry.shipping ? [`shipping ${money(entry.shipping)}`] : []),
                    ].join('; ')}
                    )
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {order.returns.length ? (
        <>
          <h2>Returns</h2>
          <ul>
            {order.returns.map((entry) => (
              <li key={entry.id}>
                {at(entry.createdAt)}: {entry.reason} —{' '}
                {entry.items
                  .map(
                    (item) =>
                      `${item.quantity} × ${item.name}${item.restock ? ' (back in stock)' : ' (not restocked)'}`,
                  )
                  .join(', ')}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {/* Each form is keyed by the version: after a change it starts afresh from the order as it is now. */}
      {allowed.size ? <h2>Change the order</h2> : null}

      {allowed.has('mark-paid') ? (
        <Form
          method="post"
          className="admin-form admin-form--narrow"
          aria-labelledby="mark-paid-title"
          key={`mark-paid-title-${order.version}`}
        >
          <h3 id="mark-paid-title">Payment received</h3>
          <CsrfField />
          <input type="hidden" name="intent" value="mark-paid" />
          <input type="hidden" name="version" value={order.version} />
          <p className="admin-muted">
            Mark the {order.paymentMethod.label.toLowerCase()} of {money(order.total)} as received.
          </p>
          <button type="submit" className="admin-button">
            Mark paid
          </button>
        </Form>
      ) : null}

      {allowed.has('ship') ? (
        <Form
          method="post"
          className="admin-form"
          aria-labelledby="ship-title"
          key={`ship-title-${order.version}`}
          noValidate
        >
          <h3 id="ship-title">Add a shipment</h3>
          <CsrfField />
          <input type="hidden" name="intent" value="ship" />
          <input type="hidden" name="version" value={order.version} />
          <label htmlFor="ship-carrier">Carrier</label>
          <select id="ship-carrier" name="carrier" required defaultValue="" aria-describedby="carrier-error">
            <option value="" disabled>
              Choose the carrier
            </option>
            {KNOWN_CARRIERS.map((carrier) => (
              <option key={carrier} value={carrier}>
                {carrier}
              </option>
            ))}
          </select>
          <FieldError answer={answer} name="carrier" />
          <label htmlFor="ship-tracking">Tracking number</label>
          <input
            id="ship-tracking"
            name="trackingNumber"
            required
            maxLength={100}
            aria-describedby="trackingNumber-error"
          />
          <FieldError answer={answer} name="trackingNumber" />
          <fieldset>
            <legend>Quantities in this parcel</legend>
            {toShip.map((line) => (
              <div key={line.id}>
                <label htmlFor={`qty-${line.id}`}>
                  {line.name} ({line.sku}), {line.leftToShip} left to ship
                </label>
                <input
                  id={`qty-${line.id}`}
                  name={`qty-${line.id}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={line.leftToShip}
                  defaultValue={line.leftToShip}
                  aria-describedby={`qty-${line.id}-error`}
                />
                <FieldError answer={answer} name={`qty-${line.id}`} />
              </div>
            ))}
          </fieldset>
          <button type="submit" className="admin-button">
            Add shipment
          </button>
        </Form>
      ) : null}

      {allowed.has('mark-delivered') ? (
        <Form
          method="post"
          className="admin-form admin-form--narrow"
          aria-labelledby="delivered-title"
          key={`delivered-title-${order.version}`}
        >
          <h3 id="delivered-title">Delivery</h3>
          <CsrfField />
          <input type="hidden" name="intent" value="mark-delivered" />
          <input type="hidden" name="version" value={order.version} />
          <button type="submit" className="admin-button">
            Mark delivered
          </button>
        </Form>
      ) : null}

      {allowed.has('refund') ? (
        <Form
          method="post"
          className="admin-form"
          aria-labelledby="refund-title"
          key={`refund-title-${order.version}`}
          noValidate
        >
          <h3 id="refund-title">Record a refund</h3>
          <CsrfField />
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="version" value={order.version} />
          <p className="admin-muted">
            At most {money(order.leftToRefund)} is left to refund. Lines are refunded at the prices charged;
            items not shipped yet can go back in stock and off the order. Shipped items come back with a
            return.
          </p>
          {refundable.length ? (
            <LineQuantities
              prefix="refund-qty"
              legend="Items to refund"
              answer={answer}
              lines={refundable.map((line) => ({
                id: line.id,
                label: `${line.name} (${line.sku}), ${money(line.price)} each, ${line.quantity - line.refundedUnits} refundable`,
                max: line.quantity - line.refundedUnits,
                restock:
                  line.leftToShip > 0
                    ? `Not shipped: back in stock and off the order (${line.leftToShip} not shipped)`
                    : null,
              }))}
            />
          ) : null}
          {order.shippingLeftToRefund > 0 ? (
            <>
              <label htmlFor="refund-shipping">
                Shipping to refund ({order.currencyCode}), at most {money(order.shippingLeftToRefund)}
              </label>
              <input
                id="refund-shipping"
                name="refundShipping"
                inputMode="decimal"
                defaultValue=""
                aria-describedby="refundShipping-error"
              />
              <FieldError answer={answer} name="refundShipping" />
            </>
          ) : null}
          <label htmlFor="refund-amount">Other amount ({order.currencyCode})</label>
          <input
            id="refund-amount"
            name="amount"
            inputMode="decimal"
            defaultValue=""
            aria-describedby="amount-error"
          />
          <FieldError answer={answer} name="amount" />
          <label htmlFor="refund-reason">Reason</label>
          <input
            id="refund-reason"
            name="refundReason"
            required
            maxLength={500}
            aria-describedby="refundReason-error"
          />
          <FieldError answer={answer} name="refundReason" />
          <button type="submit" className="admin-button">
            Record refund
          </button>
        </Form>
      ) : null}

      {allowed.has('return') ? (
        <Form
          method="post"
          className="admin-form"
          aria-labelledby="return-title"
          key={`return-title-${order.version}`}
          noValidate
        >
          <h3 id="return-title">Record a return</h3>
          <CsrfField />
          <input type="hidden" name="intent" value="return" />
          <input type="hidden" name="version" value={order.version} />
          <LineQuantities
            prefix="return-qty"
            legend="Items that came back"
            answer={answer}
            lines={returnable.map((line) => ({
              id: line.id,
              label: `${line.name} (${line.sku}), ${line.returnable} shipped and not returned`,
              max: line.returnable,
              restock: 'Back in stock (untick if damaged)',
            }))}
          />
          <label htmlFor="return-reason">Reason</label>
          <input
            id="return-reason"
            name="returnReason"
            required
            maxLength={500}
            aria-describedby="returnReason-error"
          />
          <FieldError answer={answer} name="returnReason" />
          {order.paid && order.leftToRefund > 0 ? (
            <>
              <div>
                <input id="return-refund" name="returnRefund" type="checkbox" value="yes" defaultChecked />
                <label htmlFor="return-refund">Refund the returned items at the prices charged</label>
              </div>
              {order.shippingLeftToRefund > 0 ? (
                <>
                  <label htmlFor="return-shipping">
                    Shipping to refund with them ({order.currencyCode}), at most{' '}
                    {money(order.shippingLeftToRefund)}
                  </label>
                  <input
                    id="return-shipping"
                    name="returnShipping"
                    inputMode="decimal"
                    defaultValue=""
                    aria-describedby="returnShipping-error"
                  />
                </>
              ) : null}
              <FieldError answer={answer} name="returnShipping" />
            </>
          ) : null}
          <button type="submit" className="admin-button">
            Record return
          </button>
        </Form>
      ) : null}

      {allowed.has('cancel') ? (
        <Form
          method="post"
          className="admin-form admin-form--narrow"
          aria-labelledby="cancel-title"
          key={`cancel-title-${order.version}`}
          noValidate
        >
          <h3 id="cancel-title">Cancel the order</h3>
          <CsrfField />
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="version" value={order.version} />
          <p className="admin-muted">
            The stock goes back on sale and the shopper is e-mailed. This cannot be undone.
          </p>
          <label htmlFor="cancel-reason">Reason (sent to the shopper)</label>
          <input
            id="cancel-reason"
            name="cancelReason"
            required
            maxLength={500}
            aria-describedby="cancelReason-error"
          />
          <FieldError answer={answer} name="cancelReason" />
          <div>
            <input
              id="cancel-confirm"
              name="confirm"
              type="checkbox"
              value="yes"
              aria-describedby="confirm-error"
            />
            <label htmlFor="cancel-confirm">Yes, cancel order {order.id}</label>
          </div>
          <FieldError answer={answer} name="confirm" />
          <button type="submit" className="admin-button admin-button--danger">
            Cancel order
          </button>
        </Form>
      ) : null}

      {canWrite ? (
        <div className="admin-cards">
          <Form
            method="post"
            className="admin-form admin-form--narrow"
            aria-labelledby="tags-title"
            key={`tags-title-${order.version}`}
          >
            <h3 id="tags-title">Tags</h3>
            <CsrfField />
            <input type="hidden" name="intent" value="tags" />
            <input type="hidden" name="version" value={order.version} />
            <label htmlFor="order-tags">Tags, separated by commas</label>
            <input
              id="order-tags"
              name="tags"
              defaultValue={order.tags.join(', ')}
              maxLength={1000}
              aria-describedby="tags-error"
            />
            <FieldError answer={answer} name="tags" />
            <button type="submit" className="admin-button admin-button--quiet">
              Save tags
            </button>
          </Form>
          <Form
            method="post"
            className="admin-form admin-form--narrow"
            aria-labelledby="note-title"
            key={`note-title-${order.version}`}
          >
            <h3 id="note-title">Staff note</h3>
            <CsrfField />
            <input type="hidden" name="intent" value="note" />
            <input type="hidden" name="version" value={order.version} />
            <label htmlFor="order-note">Note (staff only, not sent to the shopper)</label>
            <textarea id="order-note" name="note" rows={3} maxLength={2000} aria-describedby="note-error" />
            <FieldError answer={answer} name="note" />
            <button type="submit" className="admin-button admin-button--quiet">
              Add note
            </button>
          </Form>
        </div>
      ) : null}

      <h2>Timeline</h2>
      <p className="admin-muted">Times are the store's ({zone}).</p>
      <ol className="admin-timeline" data-testid="timeline">
        {order.timeline.map((entry) => (
          <li key={`${entry.type}-${entry.id}`}>
            <time dateTime={entry.at}>{at(entry.at)}</time>{' '}
            <strong>{EVENT_LABELS[entry.type] ?? entry.type}</strong>
            {entry.staff ? ` by ${entry.staff.name ?? entry.staff.email ?? `staff ${entry.staff.id}`}` : ''}
            {timelineDetail(entry, money) ? ` — ${timelineDetail(entry, money)}` : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}
