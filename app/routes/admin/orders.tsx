import { data, Form, Link } from 'react-router';
import {
  ORDER_STATUSES,
  type OrderFilter,
  orderFilterQuery,
  PAYMENT_METHOD_IDS,
} from '#core/order-filter.ts';
import { parseOrderFilter } from '#core/order-filter-schema.ts';
import { COMMERCE_REGIONS } from '#core/regions.ts';
import { FilterErrors, KeysetPager } from '../../components/admin/list-parts.tsx';
import { formatMoney, REGION_LABELS } from '../../components/admin/money.ts';
import { requireStaff } from '../../lib/backoffice/staff-context.server.ts';
import dashboardStyles from '../../styles/admin-dashboard.css?url';
import type { Route } from './+types/orders';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: dashboardStyles }];

export function meta() {
  return [{ title: 'Orders | Ridgeline back office' }];
}

const PAYMENT_LABELS: Record<string, string> = {
  bank_transfer: 'Bank transfer',
  pay_on_account: 'Pay on account',
  cash_on_delivery: 'Cash on delivery',
};

type FilterValues = Partial<Record<'q' | 'paymentMethod' | 'region' | 'from' | 'to', string>> & {
  status: string[];
};

export async function loader(args: Route.LoaderArgs) {
  const { services } = await requireStaff(args, 'orders:read');
  const params = new URL(args.request.url).searchParams;
  const parsed = parseOrderFilter(params);
  if (!parsed.success) {
    // Bad input: say which field, show the form as typed, list nothing.
    const values: FilterValues = {
      q: params.get('q') ?? '',
      paymentMethod: params.get('paymentMethod') ?? '',
      region: params.get('region') ?? '',
      from: params.get('from') ?? '',
      to: params.get('to') ?? '',
      status: params.getAll('status'),
    };
    const errors = parsed.error.issues.map(
      (issue) => `${String(issue.path[0] ?? 'filter')}: ${issue.message}`,
    );
    return data({ values, errors, orders: [], next: null, first: null, exportQuery: null }, { status: 400 });
  }
  const filter: OrderFilter = parsed.data;
  const page = await services.commerce.orderQueries.list(filter);
  const values: FilterValues = {
    q: filter.q ?? '',
    paymentMethod: filter.paymentMethod ?? '',
    region: filter.region ?? '',
    from: filter.from ?? '',
    to: filter.to ?? '',
    status: filter.status.map(String),
  };
  return {
    values,
    errors: [] as string[],
    orders: page.orders.map((order) => ({
      id: order.id,
      date: order.createdAt.toISOString().slice(0, 16).replace('T', ' '),
      customer: `${order.firstName} ${order.lastName}`.trim(),
      guest: order.customerId === null,
      email: order.email,
      region: REGION_LABELS[order.regionId] ?? order.regionId,
      total: formatMoney(order.total, order.currencyCode),
      currency: order.currencyCode,
      status: order.status,
      payment: PAYMENT_LABELS[order.paymentMethod] ?? (order.paymentMethod || '—'),
    })),
    next: page.next
      ? `?${orderFilterQuery(filter, { after: page.next, limit: params.get('limit') ? filter.limit : undefined })}`
      : null,
    first: filter.after ? `?${orderFilterQuery(filter)}` : null,
    exportQuery: orderFilterQuery(filter),
  };
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { values, errors, orders, next, first, exportQuery } = loaderData;
  const status = values.status.join(',');
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">Orders</h1>
      <Form method="get" className="admin-filters" role="search" aria-label="Find orders">
        <div>
          <label htmlFor="orders-q">Order number, email or name</label>
          <input id="orders-q" name="q" type="search" defaultValue={values.q} maxLength={200} />
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
          <label htmlFor="orders-from">Placed from</label>
          <input id="orders-from" name="from" type="date" defaultValue={values.from} />
        </div>
        <div>
          <label htmlFor="orders-to">Placed until</label>
          <input id="orders-to" name="to" type="date" defaultValue={values.to} />
        </div>
        <button type="submit" className="admin-button">
          Find orders
        </button>
        <Link to="/admin/orders">Clear</Link>
      </Form>

      <FilterErrors errors={errors} />

      {exportQuery !== null ? (
        <p>
          <a href={`/admin/orders.csv${exportQuery ? `?${exportQuery}` : ''}`} download>
            Export CSV
          </a>{' '}
          <span className="admin-muted">(every order that matches, not only this page)</span>
        </p>
      ) : null}

      {orders.length === 0 && !errors.length ? <p>No orders match.</p> : null}
      {orders.length ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Orders, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed (UTC)</th>
                <th scope="col">Customer</th>
                <th scope="col">Email</th>
                <th scope="col">Region</th>
                <th scope="col" className="num">
                  Total
                </th>
                <th scope="col">Status</th>
                <th scope="col">Payment</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row">
                    <Link to={`/admin/orders/${order.id}`}>#{order.id}</Link>
                  </th>
                  <td>{order.date}</td>
                  <td>
                    {order.customer || '—'}
                    {order.guest ? <span className="admin-muted"> (guest)</span> : null}
                  </td>
                  <td>{order.email}</td>
                  <td>{order.region}</td>
                  <td className="num">
                    {order.total} <span className="admin-muted">{order.currency}</span>
                  </td>
                  <td>{order.status}</td>
                  <td>{order.payment}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <KeysetPager label="Pages of orders" first={first} firstLabel="Newest orders" next={next} />
    </section>
  );
}
