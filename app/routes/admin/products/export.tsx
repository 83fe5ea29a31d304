import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import type { Route } from './+types/export';

/**
 * GET /admin/products.csv: every variant of the catalogue in the catalogue CSV format (README.md, "Catalogue
 * CSV"), streamed page by page (resource route: no UI). Whoever may read the catalogue may export it.
 */
export async function loader(args: Route.LoaderArgs) {
  const { services } = await requireStaff(args, 'catalogue:read');
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(services.commerce.catalogueCsv.exportCsv(), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="ridgeline-catalogue-${stamp}.csv"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
