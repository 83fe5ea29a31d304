import { Form, Link } from 'react-router';
import { z } from 'zod';
import { AWAITING_PAYMENT_STATUS_IDS, orderFilterQuery } from '#core/order-filter.ts';
import { can } from '#core/staff-permissions.ts';
import { addDays, daysBetween, storeDay } from '#core/store-time.ts';
import { DailyChart } from '../../../components/backoffice/daily-chart.tsx';
import { FilterErrors } from '../../../components/backoffice/list-parts.tsx';
import { formatMoney, REGION_LABELS } from '../../../components/backoffice/money.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import dashboardStyles from '../../../styles/admin-dashboard.css?url';
import type { Route } from './+types/dashboard';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: dashboardStyles }];

export function meta() {
  return [{ title: 'Dashboard | Ridgeline back office' }];
}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);
const rangeSchema = z.object({ from: day, to: day });

/** The ranges offered as one click, each ending today: today alone, then the last 7, 30 and 90 days. */
const PRESETS = [
  { label: 'Today', days: 1 },
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
  { label: '90 days', days: 90 },
] as const;
const DEFAULT_DAYS = 30;
/** A chart of more days than this is unreadable and its query long: a year and a day (a leap year's). */
const MAX_DAYS = 366;

/**
 * The days the sales panel shows, from the URL: store days (STORE_TIME_ZONE), the last 30 unless asked; a range
 * that runs backwards, lies in the future or spans more than a year falls back to the default and says why.
 */
function rangeOf(url: URL, today: string) {
  const asked = rangeSchema.parse(Object.fromEntries(url.searchParams));
  const to = asked.to ?? today;
  const from = asked.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  const errors: string[] = [];
  if (to > today) errors.push('The range cannot end after today.');
  else if (from > to) errors.push('The “from” day comes after the “to” day.');
  else if (daysBetween(from, to).length > MAX_DAYS) errors.push(`A range can span at most ${MAX_DAYS} days.`);
  return errors.length
    ? { from: addDays(today, -(DEFAULT_DAYS - 1)), to: today, errors }
    : { from, to, errors };
}

/** Each panel is read only when the member's role may see it; the others are never queried. */
export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'dashboard:view');
  const { reports } = services.commerce;
  const zone = services.config.STORE_TIME_ZONE;
  const today = storeDay(new Date(), zone);
  const range = rangeOf(new URL(args.request.url), today);
  const orders = can(staff.role, 'orders:read');
  const pro = can(staff.role, 'pro:read');
  const stock = can(staff.role, 'catalogue:read');
  const [daily, todays, waiting, applications, lowStock] = await Promise.all([
    orders ? reports.daily({ from: range.from, to: range.to, zone }) : null,
    orders ? reports.daily({ from: today, to: today, zone }) : null,
    orders ? reports.waiting() : null,
    pro ? reports.proApplications() : null,
    stock ? reports.lowStock({ limit: 25 }) : null,
  ]);
  return {
    name: staff.name,
    zone,
    today,
    range,
    presets: PRESETS.map((preset) => ({
      label: preset.label,
      from: addDays(today, -(preset.days - 1)),
      to: today,
    })),
    daily,
    todays: todays?.series.map((series) => ({
      regionId: series.regionId,
      currencyCode: series.currencyCode,
      orders: series.totalOrders,
      revenue: series.totalRevenue,
    })),
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
  const { name, zone, today, range, presets, daily, todays, waiting, applications, lowStock } = loaderData;
  const span = range.from === range.to ? range.from : `${range.from} to ${range.to}`;
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
                <h2>To ship</h2>
                <span className="admin-figure">{waiting.awaitingShipment}</span>
                <Link to={`/admin/orders?${orderFilterQuery({ queue: 'to-ship' })}`}>Orders to ship</Link>
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

      {todays ? (
        <section aria-labelledby="today-title">
          <h2 id="today-title">Today, {today}</h2>
          {todays.length === 0 ? (
            <p>No orders yet today.</p>
          ) : (
            <div className="admin-cards">
              {todays.map((series) => (
                <div className="admin-card" key={`${series.regionId}-${series.currencyCode}`}>
                  <h3>{REGION_LABELS[series.regionId] ?? series.regionId}</h3>
                  <span className="admin-figure">{formatMoney(series.revenue, series.currencyCode)}</span>
                  <span>
                    {series.orders} order{series.orders === 1 ? '' : 's'}
                  </span>
                </div>
              ))}
            </div>
          )}
        </section>
      ) : null}

      {daily ? (
        <section aria-labelledby="sales-title">
          <h2 id="sales-title">Orders and revenue, {span}</h2>
          <nav aria-label="Periods" className="admin-periods">
            {presets.map((preset) => {
              const current = preset.from === range.from && preset.to === range.to;
              return (
                <Link
                  key={preset.label}
                  to={`?from=${preset.from}&to=${preset.to}`}
                  aria-current={current ? 'page' : undefined}
                >
                  {preset.label}
                </Link>
              );
            })}
          </nav>
          {/* Keyed by the range shown, so a preset or a refused range puts its days back in the inputs. */}
          <Form
            method="get"
            className="admin-filters"
            aria-label="Date range"
            key={`${range.from}/${range.to}`}
          >
            <div>
              <label htmlFor="range-from">From</label>
              <input id="range-from" name="from" type="date" defaultValue={range.from} max={today} />
            </div>
            <div>
              <label htmlFor="range-to">To</label>
              <input id="range-to" name="to" type="date" defaultValue={range.to} max={today} />
            </div>
            <button type="submit" className="admin-button">
              Show
            </button>
          </Form>
          <FilterErrors errors={range.errors} />
          <p className="admin-muted">
            Per day in {zone}, by region and currency; cancelled and refunded orders left out.
          </p>
          {daily.series.length === 0 ? <p>No orders from {span}.</p> : null}
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
                      <td>
                        <Link to={`/admin/products/${variant.productId}/stock`}>{variant.productName}</Link>
                      </td>
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
