import { ordersCsvResponse } from '../../../lib/backoffice/orders-csv.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import type { Route } from './+types/lines-export';

/**
 * GET /admin/orders-lines.csv: the orders the list's filter (or a selection, `id=…`) holds, one row per line with
 * its shipping address (issue 40: what a warehouse picks and packs from). Same permission as the list.
 */
export async function loader(args: Route.LoaderArgs) {
  const { services } = await requireStaff(args, 'orders:read');
  return ordersCsvResponse(args.request, {
    name: 'ridgeline-order-lines',
    stream: (filter) => services.commerce.orderQueries.exportLinesCsv(filter),
  });
}
