import { Link } from 'react-router';
import {
  AWAITING_PAYMENT_STATUS_IDS,
  AWAITING_SHIPMENT_STATUS_IDS,
  orderFilterQuery,
} from '#core/order-filter.ts';
import { can } from '#core/staff-permissions.ts';
import { DailyChart } from '../../components/admin/daily-chart.tsx';
import { formatMoney, REGION_LABELS } from '../../components/admin/money.ts';
import { requireStaff } from '../../lib/backoffice/staff-context.server.ts';
import dashboardStyles from '../../styles/admin-dashboard.css?url';
import type { Route } from './+types/dashboard';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: dashboardStyles }];

export function meta() {
  return [{ title: 'Dashboard | Ridgeline back office' }];
}

/** Each panel is read only when the member's role may see it; the others are never queried. */
export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'dashboard:view');
  const { reports } = services.commerce;
  const orders = can(staff.role, 'orders:read');
  const pro = can(staff.role, 'pro:read');
  const stock = can(staff.role, 'catalogue:read');
  const [daily, waiting, applications, lowStock] = await Promise.all([
    orders ? reports.daily({ days: 90 }) : null,
    orders ? reports.waiting() : null,
    pro ? reports.proApplications() : null,
    stock ? reports.lowStock({ limit: 25 }) : null,
  ]);
  return {
    name: staff.name,
    daily,
    waiting,
    applications: applications
      ? {
          count: applications.count,
          oldest: applications.oldest.map((entry) => ({
            ...entry,
            appliedAt: entry.appliedAt.toISOString(),
          })),
        }
      : null,
    lowStock,
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { name, daily, waiting, applications, lowStock } = loaderData;
  const nothing = !daily && !waiting && !applications && !lowStock;
  return (
    <section className="admin-dashboard" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Welcome, {name}</h1>
      <p className="admin-muted">The store at a glance: what waits for you, what sold, what runs low.</p>
      {nothing ? <p>Your role has no dashboard panels; use the menu above.</p> : null}

      {waiting || applications ? (
        <div className="admin-cards">
          {waiting ? (
            <>
              <div className="admin-card">
                <h2>Awaiting payment</h2>
                <span className="admin-figure">{waiting.awaitingPayment}</span>
                <Link to={`/admin/orders?${orderFilterQuery({ status: [...AWAITING_PAYMENT_STATUS_IDS] })}`}>
                  Orders awaiting payment
                </Link>
              </div>
              <div className="admin-card">
                <h2>Awaiting shipment</h2>
                <span className="admin-figure">{waiting.awaitingShipment}</span>
                <Link to={`/admin/orders?${orderFilterQuery({ status: [...AWAITING_SHIPMENT_STATUS_IDS] })}`}>
                  Orders awaiting shipment
                </Link>
              </div>
            </>
          ) : null}
          {applications ? (
            <div className="admin-card">
              <h2>Pro applications waiting</h2>
              <span className="admin-figure">{applications.count}</span>
              <Link to="/admin/pro">Review pro applications</Link>
            </div>
          ) : null}
        </div>
      ) : null}

      {daily ? (
        <section aria-labelledby="sales-title">
          <h2 id="sales-title">Orders and revenue, last 90 days</h2>
          <p className="admin-muted">
            Per day (UTC), by region and currency; cancelled and refunded orders left out.
          </p>
          {daily.series.length === 0 ? <p>No orders in the last 90 days.</p> : null}
          {daily.series.map((series) => (
            <DailyChart
              key={`${series.regionId}-${series.currencyCode}`}
              label={`${REGION_LABELS[series.regionId] ?? series.regionId} (${series.currencyCode})`}
              points={series.points}
              formatMoney={(value) => formatMoney(value, series.currencyCode)}
            />
          ))}
        </section>
      ) : null}

      {lowStock ? (
        <section aria-labelledby="stock-title">
          <h2 id="stock-title">Low stock</h2>
          {lowStock.length === 0 ? (
            <p>No variant is at 5 or fewer.</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption className="visually-hidden">Variants with 5 or fewer in stock, lowest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">SKU</th>
                    <th scope="col" className="num">
                      In stock
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lowStock.map((variant) => (
                    <tr key={variant.variantId}>
                      <td>{variant.productName}</td>
                      <td>{variant.sku}</td>
                      <td className="num">{variant.level}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}
    </section>
  );
}
