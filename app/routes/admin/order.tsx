import { data, Form, useActionData } from 'react-router';
import { z } from 'zod';
import { formatCurrency } from '#core/currency-format.ts';
import { CURRENCIES } from '#core/regions.ts';
import { can } from '#core/staff-permissions.ts';
import { KNOWN_CARRIERS, trackingUrl } from '#core/tracking.ts';
import { CsrfField } from '../../components/admin/csrf-field.tsx';
import { FieldError, FormMessage } from '../../components/admin/form-message.tsx';
import { recordIdOf } from '../../lib/admin/record-id.server.ts';
import { attemptStaff, parseStaffForm, refuse } from '../../lib/backoffice/form.server.ts';
import { requireStaff } from '../../lib/backoffice/staff-context.server.ts';
import orderStyles from '../../styles/admin-order.css?url';
import type { Route } from './+types/order';

/**
 * One order in the back office (issue 19): what was bought at which price, addresses, payment and shipping, the
 * customer, shipments, refunds and the timeline, with a form for each change the order allows now. Every form
 * carries the order's version: one read before someone else's change is refused and changes nothing.
 */

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: orderStyles }];

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
  return {
    canWrite: can(staff.role, 'orders:write'),
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
      refunds: order.refunds.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
      timeline: order.timeline.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
    },
  };
}

const version = z.coerce.number({ error: 'Reload the order.' }).int().min(0);
const reason = z.string().trim().min(1, 'Give a reason.').max(500, 'Keep the reason under 500 characters.');
const orderForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('mark-paid'), version }),
  z.object({ intent: z.literal('mark-delivered'), version }),
  z.looseObject({
    intent: z.literal('ship'),
    version,
    carrier: z.string().trim().min(1, 'Enter the carrier.').max(100),
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
  z.object({
    intent: z.literal('refund'),
    version,
    amount: z.coerce
      .number({ error: 'Enter an amount.' })
      .positive('Enter an amount above 0.')
      .max(10_000_000, 'Enter a smaller amount.'),
    refundReason: reason,
  }),
]);

/** The shipment form's per-line quantities: fields `qty-{orderItemId}`, blank meaning 0. */
const quantity = z.coerce.number().int().min(0).max(100_000);
function shipmentLines(fields: Record<string, unknown>) {
  const lines: { orderItemId: number; quantity: number }[] = [];
  const errors: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    const match = /^qty-(\d{1,10})$/.exec(name);
    if (!match) continue;
    const parsed = quantity.safeParse(value === '' ? 0 : value);
    if (!parsed.success) errors[name] = 'Enter a whole number, 0 or more.';
    else lines.push({ orderItemId: Number(match[1]), quantity: parsed.data });
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
      case 'refund':
        await admin.refund(actor, orderId, form.version, { amount: form.amount, reason: form.refundReason });
        return `Refund of ${form.amount.toFixed(2)} recorded.`;
      case 'ship': {
        const { lines, errors } = shipmentLines(form);
        if (Object.keys(errors).length) return { errors };
        const shipped = await admin.addShipment(actor, orderId, form.version, {
          carrier: form.carrier,
          trackingNumber: form.trackingNumber,
          lines,
        });
        return `Shipment added (${shipped.status}); the shopper has been e-mailed the tracking link.`;
      }
    }
  });
  if (!done.ok) return done.answer;
  if (typeof done.value !== 'string') return refuse(400, 'Check the quantities to ship.', done.value.errors);
  return { ok: true as const, message: done.value };
}

const dateTime = (value: string | null) =>
  value
    ? new Date(value).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })
    : '—';

const EVENT_LABELS: Record<string, string> = {
  placed: 'Placed',
  paid: 'Marked paid',
  shipped: 'Shipment added',
  delivered: 'Marked delivered',
  cancelled: 'Cancelled',
  refunded: 'Refund recorded',
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
    default:
      return detail.toStatus ? `Now ${String(detail.toStatus)}` : '';
  }
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order, canWrite } = loaderData;
  const answer = useActionData<typeof action>();
  const format = CURRENCIES.find((entry) => entry.code === order.currencyCode);
  const money = (value: number) =>
    format ? formatCurrency(value, format) : `${value.toFixed(2)} ${order.currencyCode}`;
  const allowed = new Set(canWrite ? order.allowed : []);
  const toShip = order.lines.filter((line) => line.leftToShip > 0);
  return (
    <section className="admin-order">
      <p>
        <a href="/admin/orders">← All orders</a>
      </p>
      <h1>
        Order {order.id} <span className="admin-badge">{order.status}</span>
      </h1>
      <FormMessage answer={answer} />

      <dl className="admin-cards">
        <div className="admin-card">
          <dt>Placed (UTC)</dt>
          <dd>{dateTime(order.createdAt)}</dd>
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
            {order.paid ? '' : ' (not received)'}
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
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Items of order {order.id}, at the prices charged</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">SKU</th>
              <th scope="col">Price</th>
              <th scope="col">Quantity</th>
              <th scope="col">Shipped</th>
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
                <td>{line.shipped}</td>
                <td>{money(line.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={5}>
                Subtotal
              </th>
              <td>{money(order.subtotal)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={5}>
                Shipping
              </th>
              <td>{money(order.shippingCost)}</td>
            </tr>
            {order.taxTotal ? (
              <tr>
                <th scope="row" colSpan={5}>
                  Tax
                </th>
                <td>{money(order.taxTotal)}</td>
              </tr>
            ) : null}
            <tr>
              <th scope="row" colSpan={5}>
                Total
              </th>
              <td>
                <strong>{money(order.total)}</strong>
              </td>
            </tr>
            {order.refunded ? (
              <tr>
                <th scope="row" colSpan={5}>
                  Refunded
                </th>
                <td>{money(order.refunded)}</td>
              </tr>
            ) : null}
          </tfoot>
        </table>
      </div>

      <h2>Addresses</h2>
      <div className="admin-cards">
        <AddressBlock title="Shipping address" address={order.shippingAddress} />
        <AddressBlock title="Billing address" address={order.billingAddress} />
      </div>

      <h2>Shipments</h2>
      {order.shipments.length === 0 ? (
        <p className="admin-muted">Nothing shipped yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" data-testid="shipments">
            <caption className="visually-hidden">Shipments of order {order.id}</caption>
            <thead>
              <tr>
                <th scope="col">Carrier</th>
                <th scope="col">Tracking number</th>
                <th scope="col">Items</th>
                <th scope="col">Shipped (UTC)</th>
                <th scope="col">Delivered (UTC)</th>
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
                  <td>{dateTime(shipment.shippedAt)}</td>
                  <td>{dateTime(shipment.deliveredAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {order.refunds.length ? (
        <>
          <h2>Refunds</h2>
          <ul>
            {order.refunds.map((entry) => (
              <li key={entry.id}>
                {money(entry.amount)} on {dateTime(entry.createdAt)}: {entry.reason}
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
          <input
            id="ship-carrier"
            name="carrier"
            list="ship-carriers"
            required
            maxLength={100}
            aria-describedby="carrier-error"
          />
          <datalist id="ship-carriers">
            {KNOWN_CARRIERS.map((carrier) => (
              <option key={carrier} value={carrier} />
            ))}
          </datalist>
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
          className="admin-form admin-form--narrow"
          aria-labelledby="refund-title"
          key={`refund-title-${order.version}`}
          noValidate
        >
          <h3 id="refund-title">Record a refund</h3>
          <CsrfField />
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="version" value={order.version} />
          <label htmlFor="refund-amount">
            Amount ({order.currencyCode}), at most {money(order.leftToRefund)}
          </label>
          <input
            id="refund-amount"
            name="amount"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            max={order.leftToRefund}
            required
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

      <h2>Timeline</h2>
      <ol className="admin-timeline" data-testid="timeline">
        {order.timeline.map((entry) => (
          <li key={`${entry.type}-${entry.id}`}>
            <time dateTime={entry.at}>{dateTime(entry.at)}</time>{' '}
            <strong>{EVENT_LABELS[entry.type] ?? entry.type}</strong>
            {entry.staff ? ` by ${entry.staff.name ?? entry.staff.email ?? `staff ${entry.staff.id}`}` : ''}
            {timelineDetail(entry, money) ? ` — ${timelineDetail(entry, money)}` : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}
