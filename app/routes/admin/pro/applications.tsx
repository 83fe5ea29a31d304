import { Form, Link, useActionData } from 'react-router';
import { z } from 'zod';
import { can } from '#core/staff-permissions.ts';
import { CsrfField } from '../../../components/backoffice/csrf-field.tsx';
import { FieldError, FormMessage } from '../../../components/backoffice/form-message.tsx';
import { attemptStaff, parseStaffForm } from '../../../lib/backoffice/form.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import customerStyles from '../../../styles/admin-customers.css?url';
import type { Route } from './+types/applications';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: customerStyles }];

export function meta() {
  return [{ title: 'Pro accounts | Ridgeline back office' }];
}

/** The pro queue and the current pro accounts (issue 19, SPEC §3, §4, §6). */
export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'pro:read');
  const [queue, accounts] = await Promise.all([
    services.commerce.proAccounts.queue(),
    services.commerce.proAccounts.accounts(),
  ]);
  return { queue, accounts, canWrite: can(staff.role, 'pro:write') };
}

const id = z.coerce.number().int().positive().max(2_147_483_647);
const spendLimit = z.coerce
  .number({ error: 'Enter an amount.' })
  .positive('The spend limit must be more than 0.')
  .max(1_000_000, 'The spend limit must be at most 1,000,000.');
/** A yyyy-mm-dd date, the last second of that day (UTC); empty means no expiry. */
const expiresAt = z
  .string()
  .trim()
  .refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), 'Enter a date.')
  .transform((value) => (value === '' ? null : new Date(`${value}T23:59:59Z`)))
  .refine((value) => value === null || !Number.isNaN(value.getTime()), 'Enter a real date.');
const employee = z
  .string()
  .optional()
  .transform((value) => value === 'on');

const proForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('approve'), id, spendLimit, expiresAt, employee }),
  z.object({ intent: z.literal('terms'), id, spendLimit, expiresAt, employee }),
  z.object({
    intent: z.literal('reject'),
    id,
    reason: z.string().trim().min(1, 'Give the applicant a reason.').max(1000, 'At most 1000 characters.'),
  }),
]);

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'pro:write');
  const parsed = await parseStaffForm(args.request, csrfToken, proForm);
  if (!parsed.ok) return parsed.answer;
  const form = parsed.data;
  const pro = services.commerce.proAccounts;
  if (form.intent === 'reject') {
    const done = await attemptStaff(services, () => pro.reject(actor, form.id, form.reason));
    return done.ok
      ? { ok: true as const, message: 'Application rejected; the applicant was mailed the reason.' }
      : done.answer;
  }
  const terms = { spendLimit: form.spendLimit, expiresAt: form.expiresAt, employee: form.employee };
  if (form.intent === 'approve') {
    const done = await attemptStaff(services, () => pro.approve(actor, form.id, terms));
    return done.ok
      ? {
          ok: true as const,
          message: `Approved (${done.value.region}); the applicant was mailed and sees pro prices now.`,
        }
      : done.answer;
  }
  const done = await attemptStaff(services, () => pro.updateTerms(actor, form.id, terms));
  return done.ok ? { ok: true as const, message: 'Pro terms saved.' } : done.answer;
}

const LABELS: Record<string, string> = {
  organization: 'Organisation',
  profession: 'Profession',
  certification: 'Certification',
  website: 'Website',
  locale: 'Language',
};

export default function ProPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const { queue, accounts, canWrite } = loaderData;
  return (
    <section>
      <h1>Pro accounts</h1>
      <FormMessage answer={answer} />

      <h2>Applications waiting ({queue.length})</h2>
      {queue.length === 0 ? <p>No applications are waiting.</p> : null}
      {queue.map((item) => (
        <article key={item.id} className="admin-pro-card" aria-labelledby={`applicant-${item.id}`}>
          <h3 id={`applicant-${item.id}`}>
            <Link to={`/admin/customers/${item.id}`}>{item.name || item.email}</Link>
          </h3>
          <dl className="admin-facts">
            <dt>Email</dt>
            <dd>{item.email}</dd>
            <dt>Applied (UTC)</dt>
            <dd>{item.appliedAt ? item.appliedAt.replace('T', ' ').slice(0, 16) : '—'}</dd>
            <dt>Country</dt>
            <dd>
              {item.country ?? 'No address'}
              {item.placement ? ` → ${item.placement.proRegion}` : ' (no pro storefront)'}
            </dd>
            {Object.entries(item.application)
              .filter(([key]) => key !== 'applied_at')
              .map(([key, value]) => (
                <div key={key} style={{ display: 'contents' }}>
                  <dt>{LABELS[key] ?? key}</dt>
                  <dd>{String(value)}</dd>
                </div>
              ))}
          </dl>
          {canWrite ? (
            <div className="admin-actions">
              <Form method="post" className="admin-inline-form" aria-label={`Approve ${item.email}`}>
                <CsrfField />
                <input type="hidden" name="intent" value="approve" />
                <input type="hidden" name="id" value={item.id} />
                <label htmlFor={`limit-${item.id}`}>Spend limit</label>
                <input
                  id={`limit-${item.id}`}
                  name="spendLimit"
                  type="number"
                  min="1"
                  step="0.01"
                  defaultValue="3000"
                  required
                />
                <label htmlFor={`expires-${item.id}`}>Expires</label>
                <input id={`expires-${item.id}`} name="expiresAt" type="date" />
                <label htmlFor={`employee-${item.id}`}>
                  <input id={`employee-${item.id}`} name="employee" type="checkbox" /> Employee
                </label>
                <button type="submit" className="admin-button admin-button--small">
                  Approve
                </button>
              </Form>
              <Form method="post" className="admin-inline-form" aria-label={`Reject ${item.email}`}>
                <CsrfField />
                <input type="hidden" name="intent" value="reject" />
                <input type="hidden" name="id" value={item.id} />
                <label htmlFor={`reason-${item.id}`}>Reason</label>
                <input
                  id={`reason-${item.id}`}
                  name="reason"
                  required
                  maxLength={1000}
                  aria-describedby="reason-error"
                />
                <button type="submit" className="admin-button admin-button--small admin-button--quiet">
                  Reject
                </button>
              </Form>
            </div>
          ) : null}
        </article>
      ))}
      <FieldError answer={answer} name="reason" />
      <FieldError answer={answer} name="spendLimit" />
      <FieldError answer={answer} name="expiresAt" />

      <h2>Current pro accounts ({accounts.length})</h2>
      {accounts.length === 0 ? (
        <p>No pro accounts yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Pro accounts with spend against the limit</caption>
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col">Region</th>
                <th scope="col">Spend this period</th>
                <th scope="col">Terms</th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((account) => (
                <tr key={account.id} className={account.disabled ? 'admin-row--muted' : undefined}>
                  <td>
                    <Link to={`/admin/customers/${account.id}`}>{account.name || account.email}</Link>
                    <br />
                    {account.email}
                  </td>
                  <td>
                    {account.region}
                    <br />
                    {account.group ?? '—'}
                  </td>
                  <td>
                    {account.status ? (
                      <>
                        {account.status.order_total.toFixed(2)} of {account.status.spend_limit.toFixed(2)}
                        <br />
                        <meter
                          className="admin-meter"
                          min={0}
                          max={account.status.spend_limit}
                          value={account.status.order_total}
                          aria-label={`Spend of ${account.email}`}
                        />
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>
                    {canWrite ? (
                      <Form
                        method="post"
                        className="admin-inline-form"
                        aria-label={`Terms of ${account.email}`}
                      >
                        <CsrfField />
                        <input type="hidden" name="intent" value="terms" />
                        <input type="hidden" name="id" value={account.id} />
                        <label htmlFor={`terms-limit-${account.id}`}>Spend limit</label>
                        <input
                          id={`terms-limit-${account.id}`}
                          name="spendLimit"
                          type="number"
                          min="1"
                          step="0.01"
                          defaultValue={account.status?.spend_limit ?? 3000}
                          required
                        />
                        <label htmlFor={`terms-expires-${account.id}`}>Expires</label>
                        <input
                          id={`terms-expires-${account.id}`}
                          name="expiresAt"
                          type="date"
                          defaultValue={account.expiresAt ?? ''}
                        />
                        <label htmlFor={`terms-employee-${account.id}`}>
                          <input
                            id={`terms-employee-${account.id}`}
                            name="employee"
                            type="checkbox"
                            defaultChecked={account.status?.employee_group ?? account.employee}
                          />{' '}
                          Employee
                        </label>
                        <button type="submit" className="admin-button admin-button--small">
                          Save
                        </button>
                      </Form>
                    ) : (
                      `Limit ${account.status?.spend_limit ?? '—'}, expires ${account.expiresAt ?? 'never'}${account.employee ? ', employee' : ''}`
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
