import { data, Form, Link, useActionData } from 'react-router';
import { z } from 'zod';
import { can } from '#core/staff-permissions.ts';
import { formatStoreTime } from '#core/store-time.ts';
import { CsrfField } from '../../../components/backoffice/csrf-field.tsx';
import { FieldError, FormMessage } from '../../../components/backoffice/form-message.tsx';
import { customerIdOf } from '../../../lib/backoffice/customer-id.server.ts';
import { attemptStaff, parseStaffForm, refuse } from '../../../lib/backoffice/form.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import customerStyles from '../../../styles/admin-customers.css?url';
import type { Route } from './+types/detail';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: customerStyles }];

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.customer.email ?? 'Customer';
  return [{ title: `${name} | Ridgeline back office` }];
}

export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'customers:read');
  const id = customerIdOf(args.params);
  const detail = await attemptStaff(services, () => services.commerce.customerAdmin.detail(id));
  if (!detail.ok) throw data({ message: 'No such customer.' }, { status: 404 });
  return {
    ...detail.value,
    canWrite: can(staff.role, 'customers:write'),
    canPrivacy: can(staff.role, 'customers:privacy'),
    canOrders: can(staff.role, 'orders:read'),
    zone: services.config.STORE_TIME_ZONE,
  };
}

const customerForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('group'), groupId: z.coerce.number().int().positive('Choose a group.') }),
  z.object({ intent: z.enum(['send-reset', 'disable', 'enable']) }),
  z.object({
    intent: z.literal('erase'),
    confirmEmail: z.string().trim().min(1, 'Type the customer’s email to confirm.').max(254),
  }),
]);

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken, staff } = await requireStaff(args, 'customers:write');
  // Erasing needs customers:privacy as well: refused before the form is read, so the answer is 403 whatever it holds.
  if (
    !can(staff.role, 'customers:privacy') &&
    (await args.request.clone().formData()).get('intent') === 'erase'
  )
    throw data({ message: 'Your role does not allow this (customers:privacy).' }, { status: 403 });
  const id = customerIdOf(args.params);
  const parsed = await parseStaffForm(args.request, csrfToken, customerForm);
  if (!parsed.ok) return parsed.answer;
  const form = parsed.data;
  const admin = services.commerce.customerAdmin;
  if (form.intent === 'erase') {
    const current = await attemptStaff(services, () => admin.detail(id));
    if (!current.ok) return current.answer;
    if (form.confirmEmail.toLowerCase() !== current.value.customer.email.toLowerCase())
      return refuse(400, 'The email typed does not match: nothing was erased.', {
        confirmEmail: 'Type the customer’s email exactly.',
      });
    const erased = await attemptStaff(services, () => admin.erase(actor, id));
    if (!erased.ok) return erased.answer;
    const { ordersAnonymised } = erased.value;
    // Mail already written is outside the database: the operator is told where it still is.
    const mail = services.config.SMTP_URL
      ? 'Mail already sent to them is in their mailbox and your mail provider’s logs, outside the store.'
      : 'Mail written for them in DATA_DIR/outbox (the development mail folder: SMTP_URL is not set) still holds their address: delete those files by hand.';
    return {
      ok: true as const,
      message: `The customer was erased: their account, addresses, sessions, carts, sign-in counters, newsletter subscriptions, bookings and sign-ups are gone; ${ordersAnonymised} order${ordersAnonymised === 1 ? '' : 's'} stay for the books without name, email, phone or street. ${mail}`,
    };
  }
  const run = (): Promise<unknown> => {
    if (form.intent === 'group') return admin.changeGroup(actor, id, form.groupId);
    if (form.intent === 'send-reset') return admin.sendPasswordReset(actor, id);
    return form.intent === 'disable' ? admin.disable(actor, id) : admin.enable(actor, id);
  };
  const done = await attemptStaff(services, run);
  if (!done.ok) return done.answer;
  const messages = {
    group: 'Group changed.',
    'send-reset': 'A password-reset link was mailed to the customer.',
    disable: 'The account is disabled and its sessions have ended.',
    enable: 'The account is enabled.',
  };
  return { ok: true as const, message: messages[form.intent] };
}

export default function CustomerPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const { customer, group, groupChoices, addresses, orders, sessions, pro, zone } = loaderData;
  const dateTime = (value: string | null) => formatStoreTime(value, zone);
  const erased = customer.erased_at !== null;
  const name = `${customer.first_name} ${customer.last_name}`.trim() || `Customer ${customer.id}`;
  return (
    <section>
      <p>
        <Link to="/admin/customers">All customers</Link>
      </p>
      <h1>
        {name}
        {customer.isPro ? <span className="admin-badge">Pro</span> : null}
        {erased ? (
          <span className="admin-badge">Erased</span>
        ) : customer.disabled_at ? (
          <span className="admin-badge">Disabled</span>
        ) : null}
      </h1>
      <FormMessage answer={answer} />

      <h2>Profile</h2>
      <dl className="admin-facts">
        <dt>Email</dt>
        <dd>{customer.email}</dd>
        <dt>Phone</dt>
        <dd>{customer.phone || '—'}</dd>
        <dt>Company</dt>
        <dd>{customer.company || '—'}</dd>
        <dt>Customer since ({zone})</dt>
        <dd>{dateTime(customer.date_created)}</dd>
        <dt>Group</dt>
        <dd>{group ? `${group.name} (${group.region})` : '—'}</dd>
        <dt>Pro</dt>
        <dd>
          {customer.isPro
            ? `Approved${pro.status ? `: spend ${pro.status.order_total} of ${pro.status.spend_limit}` : ''}`
            : typeof pro.application?.region === 'string'
              ? pro.application.region
              : 'No application'}{' '}
          {pro.application ? <Link to="/admin/pro">Pro accounts</Link> : null}
        </dd>
      </dl>

      {loaderData.canWrite && !erased ? (
        <>
          <h2>Group</h2>
          <Form method="post" className="admin-inline-form">
            <CsrfField />
            <input type="hidden" name="intent" value="group" />
            <label htmlFor="customer-group">Customer group</label>
            <select
              id="customer-group"
              name="groupId"
              defaultValue={customer.groupId ?? ''}
              aria-describedby="groupId-error"
            >
              {groupChoices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name} ({choice.region})
                </option>
              ))}
            </select>
            <button type="submit" className="admin-button admin-button--small">
              Change group
            </button>
            <FieldError answer={answer} name="groupId" />
          </Form>

          <h2>Account</h2>
          <div className="admin-actions">
            {customer.disabled_at ? null : (
              <Form method="post" className="admin-inline-form">
                <CsrfField />
                <input type="hidden" name="intent" value="send-reset" />
                <button type="submit" className="admin-button admin-button--small">
                  Send password-reset email
                </button>
              </Form>
            )}
            <Form method="post" className="admin-inline-form">
              <CsrfField />
              <input type="hidden" name="intent" value={customer.disabled_at ? 'enable' : 'disable'} />
              <button type="submit" className="admin-button admin-button--small admin-button--quiet">
                {customer.disabled_at ? 'Enable account' : 'Disable account'}
              </button>
            </Form>
          </div>
        </>
      ) : null}

      <h2>Addresses</h2>
      {addresses.length === 0 ? (
        <p>No addresses.</p>
      ) : (
        <ul>
          {addresses.map((address) => (
            <li key={address.id}>
              {address.first_name} {address.last_name}, {address.address1}
              {address.address2 ? `, ${address.address2}` : ''}, {address.city} {address.postal_code}
              {address.state_or_province ? `, ${address.state_or_province}` : ''}, {address.country}
              {address.phone ? ` · ${address.phone}` : ''}
              {address.is_default ? <span className="admin-badge">Default</span> : null}
            </li>
          ))}
        </ul>
      )}

      <h2>Orders</h2>
      {orders.length === 0 ? (
        <p>No orders.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Orders of this customer, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed ({zone})</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td>
                    {loaderData.canOrders ? (
                      <Link to={`/admin/orders/${order.id}`}>{order.id}</Link>
                    ) : (
                      order.id
                    )}
                  </td>
                  <td>{dateTime(order.createdAt)}</td>
                  <td>{order.status}</td>
                  <td className="num">
                    {order.total.toFixed(2)} {order.currency}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>Sessions</h2>
      {sessions.length === 0 ? (
        <p>No active sessions.</p>
      ) : (
        <>
          <p>
            {sessions.length} active session{sessions.length === 1 ? '' : 's'}.
          </p>
          <ul>
            {sessions.map((session) => (
              <li key={`${session.createdAt}-${session.expiresAt}`}>
                Started {dateTime(session.createdAt)}, expires {dateTime(session.expiresAt)} ({zone})
              </li>
            ))}
          </ul>
        </>
      )}

      {loaderData.canPrivacy ? (
        <>
          <h2>Personal data</h2>
          {/* A document post: the answer is a file the browser saves, and the page stays as it is. */}
          <Form method="post" action={`/admin/customers/${customer.id}/export`} reloadDocument>
            <CsrfField />
            <button type="submit" className="admin-button admin-button--quiet">
              Export personal data (JSON)
            </button>
          </Form>
          {erased ? null : (
            <Form method="post" className="admin-form admin-form--narrow" noValidate>
              <CsrfField />
              <input type="hidden" name="intent" value="erase" />
              <p className="admin-muted">
                Erasing removes the name, email, addresses, sessions, newsletter subscriptions, demo-day
                bookings and pending sign-ups for good; orders stay for the books with the personal fields
                blanked.
              </p>
              <label htmlFor="confirm-email">Type the customer’s email to confirm</label>
              <input
                id="confirm-email"
                name="confirmEmail"
                type="email"
                autoComplete="off"
                required
                aria-describedby="confirmEmail-error"
              />
              <FieldError answer={answer} name="confirmEmail" />
              <button type="submit" className="admin-button admin-button--danger">
                Erase customer
              </button>
            </Form>
          )}
        </>
      ) : null}
    </section>
  );
}
