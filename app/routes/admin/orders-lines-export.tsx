import { parseOrderFilter } from '#core/order-filter-schema.ts';
import { requireStaff } from '../../lib/backoffice/staff-context.server.ts';
import type { Route } from './+types/orders-lines-export';

/**
 * GET /admin/orders-lines.csv: the orders the list's filter (or a selection, `id=…`) holds, one row per line with
 * its shipping address (issue 40: what a warehouse picks and packs from). Same permission as the list; a bad
 * filter is a 400 with the reason and no rows.
 */
export async function loader(args: Route.LoaderArgs) {
  const { services } = await requireStaff(args, 'orders:read');
  const parsed = parseOrderFilter(new URL(args.request.url).searchParams);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map(
      (issue) => `${String(issue.path[0] ?? 'filter')}: ${issue.message}`,
    );
    return new Response(`The filter could not be used:\n${reasons.join('\n')}\n`, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
    });
  }
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(services.commerce.orderQueries.exportLinesCsv(parsed.data), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="ridgeline-order-lines-${stamp}.csv"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
