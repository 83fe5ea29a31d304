import { ordersCsvResponse } from '../../../lib/backoffice/orders-csv.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import type { Route } from './+types/export';

/**
 * GET /admin/orders.csv: the orders list's filter as CSV, streamed page by page (resource route: no UI).
 * Same permission as the list; a bad filter is a 400 with the reason and no rows.
 */
export async function loader(args: Route.LoaderArgs) {
  const { services } = await requireStaff(args, 'orders:read');
  return ordersCsvResponse(args.request, {
    name: 'ridgeline-orders',
    stream: (filter) => services.commerce.orderQueries.exportCsv(filter),
  });
}
