import { z } from 'zod';
import { requireStaff } from '../../lib/backoffice/staff-context.server.ts';
import type { Route } from './+types/products-import-progress';

/**
 * GET /admin/products/import/progress?id=…: how far the signed-in merchandiser's running import is (resource
 * route: JSON), polled by the import page for its progress bar. Another staff member's import is not found.
 */
export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'catalogue:write');
  const headers = { 'Cache-Control': 'private, no-store' };
  const id = z.uuid().safeParse(new URL(args.request.url).searchParams.get('id'));
  if (!id.success) return Response.json({ message: 'id must be an import id' }, { status: 400, headers });
  const progress = services.commerce.catalogueCsv.progress(staff.id, id.data);
  if (!progress) return Response.json({ message: 'No such import (yet)' }, { status: 404, headers });
  return Response.json(progress, { headers });
}
