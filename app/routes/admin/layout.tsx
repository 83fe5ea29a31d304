import {
  Form,
  isRouteErrorResponse,
  NavLink,
  useOutlet,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { can, type Permission, ROLE_LABELS } from '#core/staff-permissions.ts';
import { CsrfField } from '../../components/backoffice/csrf-field.tsx';
import { STAFF_LAYOUT_ID, type StaffLayoutData, useStaff } from '../../components/backoffice/staff-data.ts';
import { requireStaff } from '../../lib/backoffice/staff-context.server.ts';
import adminStyles from '../../styles/admin.css?url';
import type { Route } from './+types/layout';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }];

/** The back office's sections; a member sees those their role may open (the server checks each page again). */
const SECTIONS: { href: string; label: string; permission: Permission }[] = [
  { href: '/admin', label: 'Dashboard', permission: 'dashboard:view' },
  { href: '/admin/orders', label: 'Orders', permission: 'orders:read' },
  { href: '/admin/customers', label: 'Customers', permission: 'customers:read' },
  { href: '/admin/pro', label: 'Pro accounts', permission: 'pro:read' },
  { href: '/admin/products', label: 'Products', permission: 'catalogue:read' },
  { href: '/admin/shipping', label: 'Shipping', permission: 'catalogue:read' },
  { href: '/admin/discount-codes', label: 'Discount codes', permission: 'catalogue:read' },
  { href: '/admin/content', label: 'Content', permission: 'content:read' },
  { href: '/admin/reviews', label: 'Reviews', permission: 'reviews:moderate' },
  { href: '/admin/staff', label: 'Staff', permission: 'staff:manage' },
  { href: '/admin/audit', label: 'Audit log', permission: 'audit:read' },
];

export async function loader(args: Route.LoaderArgs): Promise<StaffLayoutData> {
  const { staff, csrfToken } = await requireStaff(args, 'dashboard:view');
  return {
    staff,
    csrfToken,
    nav: SECTIONS.filter((section) => can(staff.role, section.permission)).map(({ href, label }) => ({
      href,
      label,
    })),
  };
}

export function meta() {
  return [{ title: 'Back office | Ridgeline' }];
}

function Shell({ children }: { children: React.ReactNode }) {
  const { staff, nav } = useStaff();
  return (
    <div className="admin">
      <a className="admin-skip" href="#admin-main">
        Skip to content
      </a>
      <header className="admin-header">
        <a className="admin-brand" href="/admin">
          Ridgeline <span>back office</span>
        </a>
        <nav aria-label="Back office" className="admin-nav">
          <ul>
            {nav.map((item) => (
              <li key={item.href}>
                <NavLink to={item.href} end={item.href === '/admin'} prefetch="intent">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-who">
          <a href="/admin/me">
            {staff.name} <span className="admin-role">{ROLE_LABELS[staff.role]}</span>
          </a>
          <Form method="post" action="/admin/logout">
            <CsrfField />
            <button type="submit" className="admin-button admin-button--quiet">
              Sign out
            </button>
          </Form>
        </div>
      </header>
      <main id="admin-main" className="admin-main">
        {children}
      </main>
    </div>
  );
}

export default function AdminLayout() {
  const outlet = useOutlet();
  const { staff } = useStaff();
  return (
    <Shell>
      {outlet ?? (
        <section>
          <h1>Welcome, {staff.name}</h1>
          <p>Choose a section above.</p>
        </section>
      )}
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === 'string'
      ? error.data.message
      : status === 404
        ? 'There is nothing here.'
        : 'Something went wrong. The error is logged; try again.';
  const body = (
    <section className="admin-error">
      <h1>{status === 403 ? 'Not allowed' : status === 404 ? 'Not found' : 'Error'}</h1>
      <p>{message}</p>
      <p>
        <a href="/admin">Back office home</a>
      </p>
    </section>
  );
  // A page of the back office failed but the layout did not: keep the navigation around the message.
  return useRouteLoaderData<StaffLayoutData>(STAFF_LAYOUT_ID) ? <Shell>{body}</Shell> : <main>{body}</main>;
}
