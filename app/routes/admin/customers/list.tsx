import { Form, Link } from 'react-router';
import { z } from 'zod';
import { formatStoreDate } from '#core/store-time.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import type { Route } from './+types/list';

export function meta() {
  return [{ title: 'Customers | Ridgeline back office' }];
}

const filterSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  group: z.coerce.number().int().positive().optional().catch(undefined),
  after: z.coerce.number().int().positive().optional().catch(undefined),
});

/** Customer search (issue 19): email prefix or name, one group, newest first, keyset pages. */
export async function loader(args: Route.LoaderArgs) {
  const { services } = await requireStaff(args, 'customers:read');
  const filter = filterSchema.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const [page, groups] = await Promise.all([
    services.commerce.customerAdmin.search({ q: filter.q, group: filter.group, after: filter.after }),
    services.commerce.groups.list(),
  ]);
  const nextParams = new URLSearchParams(
    Object.entries({ q: filter.q, group: filter.group, after: page.next ?? undefined })
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
  return {
    filter,
    groups: groups.map(({ id, name }) => ({ id, name })),
    customers: page.customers,
    next: page.next ? `?${nextParams}` : null,
    zone: services.config.STORE_TIME_ZONE,
  };
}

export default function CustomersPage({ loaderData }: Route.ComponentProps) {
  const { filter, groups, customers, next, zone } = loaderData;
  return (
    <section>
      <h1>Customers</h1>
      <Form method="get" className="admin-filters" role="search">
        <div>
          <label htmlFor="customer-q">Email or name</label>
          <input id="customer-q" name="q" type="search" defaultValue={filter.q ?? ''} />
        </div>
        <div>
          <label htmlFor="customer-group">Group</label>
          <select id="customer-group" name="group" defaultValue={filter.group ?? ''}>
            <option value="">Any group</option>
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="admin-button">
          Search
        </button>
      </Form>
      {customers.length === 0 ? (
        <p>No customers match.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Customers, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Group</th>
                <th scope="col">Since ({zone})</th>
              </tr>
            </thead>
            <tbody>
              {customers.map((customer) => (
                <tr key={customer.id} className={customer.disabled ? 'admin-row--muted' : undefined}>
                  <td>
                    <Link to={`/admin/customers/${customer.id}`}>
                      {customer.name || `Customer ${customer.id}`}
                    </Link>
                    {customer.is_pro ? <span className="admin-badge">Pro</span> : null}
                    {customer.erased ? (
                      <span className="admin-badge">Erased</span>
                    ) : customer.disabled ? (
                      <span className="admin-badge">Disabled</span>
                    ) : null}
                  </td>
                  <td>{customer.email}</td>
                  <td>{customer.group ?? '—'}</td>
                  <td>{formatStoreDate(customer.created_at, zone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next ? (
        <p>
          <Link to={next}>More customers</Link>
        </p>
      ) : null}
    </section>
  );
}
