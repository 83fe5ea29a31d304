import { data, Form, Link, redirect, useActionData } from 'react-router';
import { z } from 'zod';
import {
  ORDER_SORT_LABELS,
  ORDER_SORTS,
  ORDER_STATUSES,
  type OrderFilter,
  orderFilterQuery,
  PAYMENT_METHOD_IDS,
  sortOf,
} from '#core/order-filter.ts';
import { parseOrderFilter } from '#core/order-filter-schema.ts';
import {
  FULFILLMENT_STATUS_LABELS,
  FULFILLMENT_STATUSES,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
} from '#core/order-standing.ts';
import { COMMERCE_REGIONS } from '#core/regions.ts';
import { can } from '#core/staff-permissions.ts';
import { formatStoreTime } from '#core/store-time.ts';
import { CsrfField } from '../../../components/backoffice/csrf-field.tsx';
import { FormMessage } from '../../../components/backoffice/form-message.tsx';
import { FilterErrors, KeysetPager } from '../../../components/backoffice/list-parts.tsx';
import { formatMoney, REGION_LABELS } from '../../../components/backoffice/money.ts';
import { StandingBadges } from '../../../components/backoffice/order-standing.tsx';
import { TableScroll } from '../../../components/backoffice/table-scroll.tsx';
import { parseStaffForm } from '../../../lib/backoffice/form.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import dashboardStyles from '../../../styles/admin-dashboard.css?url';
import ordersStyles from '../../../styles/admin-orders.css?url';
import type { Route } from './+types/list';

/**
 * The orders list and the shipping queue (issues 19, 40): filters in the address (status, payment and fulfilment
 * status, method, region, dates, tag), sorted newest, oldest or oldest paid first (the queue's default), keyset
 * pages. A selection of orders can be marked paid, printed as packing slips or invoices, or exported with their
 * lines; each order's link carries the list's filter, so the order page can go back to it and on to the next.
 */

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: dashboardStyles },
  { rel: 'stylesheet', href: ordersStyles },
];

export function meta() {
  return [{ title: 'Orders | Ridgeline back office' }];
}

const PAYMENT_LABELS: Record<string, string> = {
  bank_transfer: 'Bank transfer',
  pay_on_account: 'Pay on account',
  cash_on_delivery: 'Cash on delivery',
};

type FilterValues = Partial<
  Record<
    'q' | 'paymentMethod' | 'region' | 'from' | 'to' | 'tag' | 'sort' | 'payment' | 'fulfillment',
    string
  >
> & { status: string[]; queue: boolean };

export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'orders:read');
  const zone = services.config.STORE_TIME_ZONE;
  const params = new URL(args.request.url).searchParams;
  const parsed = parseOrderFilter(params);
  const canWrite = can(staff.role, 'orders:write');
  if (!parsed.success) {
    // Bad input: say which field, show the form as typed, list nothing.
    const values: FilterValues = {
      q: params.get('q') ?? '',
      paymentMethod: params.get('paymentMethod') ?? '',
      region: params.get('region') ?? '',
      from: params.get('from') ?? '',
      to: params.get('to') ?? '',
      tag: params.get('tag') ?? '',
      sort: params.get('sort') ?? '',
      payment: params.get('payment') ?? '',
      fulfillment: params.get('fulfillment') ?? '',
      status: params.getAll('status'),
      queue: params.get('queue') === 'to-ship',
    };
    const errors = parsed.error.issues.map(
      (issue) => `${String(issue.path[0] ?? 'filter')}: ${issue.message}`,
    );
    return data(
      {
        values,
        errors,
        orders: [],
        next: null,
        first: null,
        listQuery: null,
        sort: 'newest',
        zone,
        canWrite,
      },
      { status: 400 },
    );
  }
  const filter: OrderFilter = parsed.data;
  const page = await services.commerce.orderQueries.list(filter);
  const values: FilterValues = {
    q: filter.q ?? '',
    paymentMethod: filter.paymentMethod ?? '',
    region: filter.region ?? '',
    from: filter.from ?? '',
    to: filter.to ?? '',
    tag: filter.tag ?? '',
    sort: filter.sort ?? '',
    payment: filter.payment.join(','),
    fulfillment: filter.fulfillment.join(','),
    status: filter.status.map(String),
    queue: filter.queue === 'to-ship',
  };
  return {
    values,
    errors: [] as string[],
    zone,
    canWrite,
    sort: sortOf(filter),
    orders: page.orders.map((order) => ({
      id: order.id,
      placedAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      customer: `${order.firstName} ${order.lastName}`.trim(),
      guest: order.customerId === null,
      email: order.email,
      region: REGION_LABELS[order.regionId] ?? order.regionId,
      total: formatMoney(order.total, order.currencyCode),
      currency: order.currencyCode,
      status: order.status,
      paymentStatus: order.paymentStatus,
      fulfillmentStatus: order.fulfillmentStatus,
      tags: order.tags,
      payment: PAYMENT_LABELS[order.paymentMethod] ?? (order.paymentMethod || '—'),
    })),
    next: page.next
      ? `?${orderFilterQuery(filter, { after: page.next, limit: params.get('limit') ? filter.limit : undefined })}`
      : null,
    first: filter.after ? `?${orderFilterQuery(filter)}` : null,
    /** The list's filter without its page: what the export, the order links and the bulk actions carry. */
    listQuery: orderFilterQuery({ ...filter, ids: [] }),
  };
}

const bulkForm = z.object({
  intent: z.enum(['slip', 'invoice', 'export', 'mark-paid'], { error: 'Choose what to do with the orders.' }),
});

/**
 * What to do with the ticked orders. Printing and exporting read only, so they lead on to a GET address (a
 * printable page, the CSV) that names the orders; marking paid changes each order at the version it has now, and
 * names each refusal. The selection is posted, not put in a GET form, so the form's anti-forgery token never
 * travels in an address.
 */
export async function action(args: Route.ActionArgs) {
  const { services, staff, actor, csrfToken } = await requireStaff(args, 'orders:read');
  const parsed = await parseStaffForm(args.request, csrfToken, bulkForm);
  if (!parsed.ok) return parsed.answer;
  const ids = [...new Set(parsed.form.getAll('id').map(Number))].filter(
    (id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647,
  );
  const refusal = (message: string, status = 400) =>
    data({ ok: false as const, message, fieldErrors: {} }, { status });
  if (ids.length === 0) return refusal('Tick the orders first.');
  if (ids.length > 200) return refusal('Choose at most 200 orders at once.');
  const chosen = ids.map((id) => `id=${id}`).join('&');
  const intent = parsed.data.intent;
  if (intent === 'slip' || intent === 'invoice')
    return redirect(`/admin/orders/documents?kind=${intent}&${chosen}`);
  if (intent === 'export') return redirect(`/admin/orders-lines.csv?${chosen}`);
  if (!can(staff.role, 'orders:write')) return refusal('Your role cannot change orders.', 403);
  const admin = services.commerce.orderAdmin;
  const done: number[] = [];
  const refused: string[] = [];
  for (const id of ids) {
    try {
      const order = await admin.detail(id);
      await admin.markPaid(actor, id, order.version);
      done.push(id);
    } catch (error) {
      if (services.errorCode(error) === null) throw error;
      refused.push((error as Error).message);
    }
  }
  const marked = done.length === 1 ? 'Marked 1 order paid.' : `Marked ${done.length} orders paid.`;
  return {
    ok: refused.length === 0,
    message: refused.length ? `${marked} Not changed: ${refused.join(' ')}` : marked,
    fieldErrors: {},
  };
}

const choice = (value: string | undefined, options: readonly string[]) =>
  value && options.includes(value) ? value : '';

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { values, errors, orders, next, first, listQuery, sort, zone, canWrite } = loaderData;
  const answer = useActionData<typeof action>();
  const status = values.status.join(',');
  const withList = (path: string) => (listQuery ? `${path}?${listQuery}` : path);
  return (
    <section aria-labelledby="orders-title" className="admin-orders">
      <h1 id="orders-title">{values.queue ? 'Orders to ship' : 'Orders'}</h1>
      <nav className="admin-tabs" aria-label="Order lists">
        <ul>
          <li>
            <Link to="/admin/orders" aria-current={values.queue ? undefined : 'page'}>
              All orders
            </Link>
          </li>
          <li>
            <Link to="/admin/orders?queue=to-ship" aria-current={values.queue ? 'page' : undefined}>
              To ship
            </Link>
          </li>
        </ul>
      </nav>
      {values.queue ? (
        <p className="admin-muted">
          Paid orders (and cash on delivery) with something left to ship, whatever was refunded since.
        </p>
      ) : null}
      <Form method="get" className="admin-filters" role="search" aria-label="Find orders">
        {values.queue ? <input type="hidden" name="queue" value="to-ship" /> : null}
        <div>
          <label htmlFor="orders-q">Order number, email or name</label>
          <input id="orders-q" name="q" type="search" defaultValue={values.q} maxLength={200} />
        </div>
        <div>
          <label htmlFor="orders-payment-status">Payment</label>
          <select
            id="orders-payment-status"
            name="payment"
            defaultValue={choice(values.payment, PAYMENT_STATUSES)}
          >
            <option value="">Any payment</option>
            {PAYMENT_STATUSES.map((id) => (
              <option key={id} value={id}>
                {PAYMENT_STATUS_LABELS[id]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-fulfillment">Fulfilment</label>
          <select
            id="orders-fulfillment"
            name="fulfillment"
            defaultValue={choice(values.fulfillment, FULFILLMENT_STATUSES)}
          >
            <option value="">Any fulfilment</option>
            {FULFILLMENT_STATUSES.map((id) => (
              <option key={id} value={id}>
                {FULFILLMENT_STATUS_LABELS[id]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-status">Status</label>
          <select id="orders-status" name="status" defaultValue={status}>
            <option value="">Any status</option>
            {values.status.length > 1 ? (
              <option value={status}>
                {values.status
                  .map((id) => ORDER_STATUSES.find((entry) => String(entry.id) === id)?.name ?? id)
                  .join(' or ')}
              </option>
            ) : null}
            {ORDER_STATUSES.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-payment">Payment method</label>
          <select id="orders-payment" name="paymentMethod" defaultValue={values.paymentMethod}>
            <option value="">Any method</option>
            {PAYMENT_METHOD_IDS.map((id) => (
              <option key={id} value={id}>
                {PAYMENT_LABELS[id]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-region">Region</label>
          <select id="orders-region" name="region" defaultValue={values.region}>
            <option value="">Any region</option>
            {COMMERCE_REGIONS.map((id) => (
              <option key={id} value={id}>
                {REGION_LABELS[id]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-tag">Tag</label>
          <input id="orders-tag" name="tag" defaultValue={values.tag} maxLength={40} />
        </div>
        <div>
          <label htmlFor="orders-from">Placed from</label>
          <input id="orders-from" name="from" type="date" defaultValue={values.from} />
        </div>
        <div>
          <label htmlFor="orders-to">Placed until</label>
          <input id="orders-to" name="to" type="date" defaultValue={values.to} />
        </div>
        <div>
          <label htmlFor="orders-sort">Sort</label>
          <select id="orders-sort" name="sort" defaultValue={choice(values.sort, ORDER_SORTS) || sort}>
            {ORDER_SORTS.map((id) => (
              <option key={id} value={id}>
                {ORDER_SORT_LABELS[id]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="admin-button">
          Find orders
        </button>
        <Link to={values.queue ? '/admin/orders?queue=to-ship' : '/admin/orders'}>Clear</Link>
      </Form>

      <FilterErrors errors={errors} />
      <FormMessage answer={answer} />

      {listQuery !== null ? (
        <p>
          <a href={withList('/admin/orders.csv')} download>
            Export CSV
          </a>{' '}
          ·{' '}
          <a href={withList('/admin/orders-lines.csv')} download>
            Export lines with addresses
          </a>{' '}
          <span className="admin-muted">(every order that matches, not only this page)</span>
        </p>
      ) : null}

      {orders.length === 0 && !errors.length ? <p>No orders match.</p> : null}
      {orders.length ? (
        <Form method="post" id="orders-selection" aria-label="Selected orders">
          <CsrfField />
          <fieldset className="admin-bulk">
            <legend>With the ticked orders</legend>
            <button type="submit" name="intent" value="slip" className="admin-button">
              Print packing slips
            </button>
            <button type="submit" name="intent" value="invoice" className="admin-button admin-button--quiet">
              Print invoices
            </button>
            <button type="submit" name="intent" value="export" className="admin-button admin-button--quiet">
              Export lines
            </button>
            {canWrite ? (
              <button
                type="submit"
                name="intent"
                value="mark-paid"
                className="admin-button admin-button--quiet"
              >
                Mark paid
              </button>
            ) : null}
          </fieldset>
          <TableScroll label="Orders table">
            <table className="admin-table">
              <caption className="visually-hidden">
                Orders, {ORDER_SORT_LABELS[sort as keyof typeof ORDER_SORT_LABELS].toLowerCase()}
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Select</span>
                  </th>
                  <th scope="col">Order</th>
                  <th scope="col">{sort === 'paid-oldest' ? 'Paid' : 'Placed'}</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Region</th>
                  <th scope="col" className="num">
                    Total
                  </th>
                  <th scope="col">Payment</th>
                  <th scope="col">Fulfilment</th>
                  <th scope="col">Method</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((order) => (
                  <tr key={order.id}>
                    <td>
                      <input
                        type="checkbox"
                        name="id"
                        value={order.id}
                        id={`select-${order.id}`}
                        aria-label={`Select order ${order.id}`}
                      />
                    </td>
                    <th scope="row">
                      <Link to={withList(`/admin/orders/${order.id}`)}>#{order.id}</Link>
                      {order.tags.map((tag) => (
                        <span key={tag} className="admin-badge admin-badge--tag">
                          {tag}
                        </span>
                      ))}
                    </th>
                    <td>
                      {formatStoreTime(
                        sort === 'paid-oldest' ? (order.paidAt ?? order.placedAt) : order.placedAt,
                        zone,
                      )}
                    </td>
                    <td className="admin-orders__customer">
                      {order.customer || '—'}
                      {order.guest ? <span className="admin-muted"> (guest)</span> : null}
                      <br />
                      <span className="admin-muted">{order.email}</span>
                    </td>
                    <td>{order.region}</td>
                    <td className="num">
                      {order.total} <span className="admin-muted">{order.currency}</span>
                    </td>
                    <StandingBadges
                      payment={order.paymentStatus}
                      fulfillment={order.fulfillmentStatus}
                      as="cells"
                    />
                    <td>{order.payment}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </Form>
      ) : null}
      <KeysetPager
        label="Pages of orders"
        first={first}
        firstLabel={sort === 'newest' ? 'Newest orders' : 'First orders'}
        next={next}
      />
      <p className="admin-muted">Times are the store's ({zone}).</p>
    </section>
  );
}
