import { redirect } from 'react-router';
import { z } from 'zod';
import { parseStaffForm } from '../../../lib/backoffice/form.server.ts';
import { staffSession } from '../../../lib/backoffice/staff-context.server.ts';
import { servicesContext } from '../../../lib/router/load-context.ts';
import type { Route } from './+types/logout';

export function loader() {
  return redirect('/admin');
}

/** Signing out ends the session row, not only the cookie: a copied cookie stops working too. */
export async function action(args: Route.ActionArgs) {
  const services = args.context.get(servicesContext);
  const session = await staffSession(args);
  if (!session) throw redirect('/admin/login');
  const parsed = await parseStaffForm(args.request, session.csrfToken, z.object({}));
  if (!parsed.ok) return parsed.answer;
  await services.backoffice.sessions.end(session.id);
  const { clearStaffCookie } = services.backoffice;
  throw redirect('/admin/login', {
    headers: { 'Set-Cookie': clearStaffCookie(services.sessions.isHttps(args.request)) },
  });
}
