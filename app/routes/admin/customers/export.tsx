import { z } from 'zod';
import { customerIdOf } from '../../../lib/backoffice/customer-id.server.ts';
import { parseStaffForm } from '../../../lib/backoffice/form.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import type { Route } from './+types/export';

/**
 * An export is audit-logged, a change to the log: a GET (a prefetch, a crawler, a link followed twice) must not
 * make one. The customer page's button posts here with the form token; a GET is told where that button is.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, 'customers:privacy');
  const id = customerIdOf(args.params);
  return new Response(
    `Personal data is exported with the “Export personal data” button on the customer’s page: /admin/customers/${id}\n`,
    {
      status: 405,
      headers: {
        Allow: 'POST',
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'private, no-store',
      },
    },
  );
}

/** A customer's personal data as a JSON download (GDPR access request); each export is audit-logged. */
export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'customers:privacy');
  const id = customerIdOf(args.params);
  const parsed = await parseStaffForm(args.request, csrfToken, z.object({}));
  if (!parsed.ok) return parsed.answer;
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
