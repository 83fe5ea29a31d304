import { useId } from 'react';

/**
 * Orders and revenue per day as a server-rendered SVG (no charting library): revenue as bars, orders as a line
 * on their own scale. The SVG is an image with a title and a description; the figures are in a table below it
 * for screen readers and anyone who wants the numbers.
 */

export interface DailyChartPoint {
  day: string;
  orders: number;
  revenue: number;
}

export interface DailyChartProps {
  /** e.g. "United States (USD)". */
  label: string;
  points: DailyChartPoint[];
  formatMoney: (value: number) => string;
}

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 16, right: 44, bottom: 28, left: 72 };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

function shortDay(day: string): string {
  return `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;
}

export function DailyChart({ label, points, formatMoney }: DailyChartProps) {
  const id = useId();
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const maxRevenue = niceCeiling(Math.max(0, ...points.map((point) => point.revenue)));
  const maxOrders = niceCeiling(Math.max(0, ...points.map((point) => point.orders)));
  const step = plotWidth / Math.max(points.length, 1);
  const barWidth = Math.max(1, step * 0.7);
  const y = (value: number, max: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const line = points
    .map(
      (point, index) =>
        `${(PAD.left + step * index + step / 2).toFixed(1)},${y(point.orders, maxOrders).toFixed(1)}`,
    )
    .join(' ');
  const totalOrders = points.reduce((sum, point) => sum + point.orders, 0);
  const totalRevenue = points.reduce((sum, point) => sum + point.revenue, 0);
  const busiest = points.reduce<DailyChartPoint | null>(
    (best, point) => (!best || point.revenue > best.revenue ? point : best),
    null,
  );
  const first = points[0]?.day;
  const last = points.at(-1)?.day;
  const description =
    first && last
      ? `${totalOrders} orders and ${formatMoney(totalRevenue)} revenue from ${shortDay(first)} to ${shortDay(last)}` +
        (busiest && busiest.revenue > 0
          ? `; the best day was ${shortDay(busiest.day)} with ${busiest.orders} orders and ${formatMoney(busiest.revenue)}.`
          : '.')
      : 'No days to show.';
  // A tick at the first day of each month.
  const ticks = points
    .map((point, index) => ({ point, index }))
    .filter(({ point, index }) => index === 0 || point.day.endsWith('-01'));

  return (
    <figure className="admin-chart">
      <figcaption>
        <strong>{label}</strong> <span className="admin-muted">{description}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="admin-chart-svg"
      >
        <title id={`${id}-title`}>{`Orders and revenue per day, ${label}`}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <g>
          {[0, 0.5, 1].map((fraction) => (
            <g key={fraction}>
              <line
                x1={PAD.left}
                x2={WIDTH - PAD.right}
                y1={y(maxRevenue * fraction, maxRevenue)}
                y2={y(maxRevenue * fraction, maxRevenue)}
                className="admin-chart-grid"
              />
              <text
                x={PAD.left - 6}
                y={y(maxRevenue * fraction, maxRevenue) + 4}
                textAnchor="end"
                className="admin-chart-label"
              >
                {formatMoney(maxRevenue * fraction)}
              </text>
              <text
                x={WIDTH - PAD.right + 6}
                y={y(maxOrders * fraction, maxOrders) + 4}
                className="admin-chart-label admin-chart-label--orders"
              >
                {Math.round(maxOrders * fraction)}
              </text>
            </g>
          ))}
          {points.map((point, index) => (
            <rect
              key={point.day}
              x={PAD.left + step * index + (step - barWidth) / 2}
              y={y(point.revenue, maxRevenue)}
              width={barWidth}
              height={Math.max(0, PAD.top + plotHeight - y(point.revenue, maxRevenue))}
              className="admin-chart-bar"
            />
          ))}
          <polyline points={line} className="admin-chart-line" fill="none" />
          {ticks.map(({ point, index }) => (
            <text key={point.day} x={PAD.left + step * index} y={HEIGHT - 8} className="admin-chart-label">
              {shortDay(point.day)}
            </text>
          ))}
        </g>
      </svg>
      <p className="admin-chart-legend admin-muted" aria-hidden="true">
        <span className="admin-chart-key admin-chart-key--bar" /> Revenue (left scale){' '}
        <span className="admin-chart-key admin-chart-key--line" /> Orders (right scale)
      </p>
      <details>
        <summary>Figures per day, {label}</summary>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Orders and revenue per day, {label}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="num">
                  Orders
                </th>
                <th scope="col" className="num">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.day}>
                  <th scope="row">{point.day}</th>
                  <td className="num">{point.orders}</td>
                  <td className="num">{formatMoney(point.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
