import { data, type RouterContextProvider, redirect } from 'react-router';
import { can, type Permission, type StaffRole } from '#core/staff-permissions.ts';
import type { Actor, StaffSession } from '#server/backoffice/index.ts';
import type { Services } from '#server/services.ts';
import { requestFactsContext, servicesContext } from '../router/load-context.ts';
import { oncePerRequest } from '../router/once-per-request.ts';

export interface StaffContext {
  services: Services;
  staff: { id: number; email: string; name: string; role: StaffRole };
  actor: Actor;
  csrfToken: string;
  session: StaffSession;
  clientIp: string;
}

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

const staffSessionOnce = oncePerRequest<Promise<StaffSession | null>>();

/** The staff session a request names, read once for all of the request's loaders. */
export function staffSession({ request, context }: Args): Promise<StaffSession | null> {
  return staffSessionOnce(request, context, () => {
    const services = context.get(servicesContext);
    return services.backoffice.sessions.fromRequest(request, services.sessions.isHttps(request));
  });
}

/** Where a signed-out request goes, coming back to the page it asked for. */
export function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const next = url.pathname.replace(/\.data$/, '') + url.search;
  return redirect(
    next === '/admin' || next === '/admin/'
      ? '/admin/login'
      : `/admin/login?next=${encodeURIComponent(next)}`,
  );
}

/**
 * The gate of every back-office loader and action: a signed-in staff member who finished signing in (second
 * factor, owed password, enrolment) and whose role has `permission`. Otherwise a redirect to sign-in, or a 403
 * that says which permission is missing and carries no back-office data.
 */
export async function requireStaff(args: Args, permission: Permission): Promise<StaffContext> {
  const services = args.context.get(servicesContext);
  const session = await staffSession(args);
  if (!session) throw loginRedirect(args.request);
  if (session.step !== 'done') throw redirect('/admin/login');
  const member = session.staff;
  if (!can(member.role, permission))
    throw data({ message: `Your role does not allow this (${permission}).` }, { status: 403 });
  return {
    services,
    staff: { id: member.id, email: member.email, name: member.name, role: member.role },
    actor: { staffId: member.id, email: member.email },
    csrfToken: session.csrfToken,
    session,
    clientIp: args.context.get(requestFactsContext).clientIp,
  };
}
