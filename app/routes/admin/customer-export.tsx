import { customerIdOf } from '../../lib/admin/customer-id.server.ts';
import { requireStaff } from '../../lib/backoffice/staff-context.server.ts';
import type { Route } from './+types/customer-export';

/** A customer's personal data as a JSON download (GDPR access request); each export is audit-logged. */
export async function loader(args: Route.LoaderArgs) {
  const { services, actor } = await requireStaff(args, 'customers:privacy');
  const id = customerIdOf(args.params);
  let exported: unknown;
  try {
    exported = await services.commerce.customerAdmin.exportData(actor, id);
  } catch (error) {
    if (services.errorCode(error) === 'not-found')
      return Response.json({ message: 'No such customer.' }, { status: 404 });
    throw error;
  }
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="customer-${id}-personal-data.json"`,
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    },
  });
}
