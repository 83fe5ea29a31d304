import { Form, useActionData } from 'react-router';
import { z } from 'zod';
import { ROLE_LABELS, STAFF_ROLES } from '#core/staff-permissions.ts';
import { formatStoreTime } from '#core/store-time.ts';
import { CsrfField } from '../../../components/backoffice/csrf-field.tsx';
import { FieldError, FormMessage } from '../../../components/backoffice/form-message.tsx';
import { attemptStaff, parseStaffForm } from '../../../lib/backoffice/form.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import type { Route } from './+types/list';

export function meta() {
  return [{ title: 'Staff | Ridgeline back office' }];
}

export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'staff:manage');
  const members = await services.backoffice.staff.list();
  return {
    me: staff.id,
    invitationHours: services.backoffice.invitations.hours,
    zone: services.config.STORE_TIME_ZONE,
    members: members.map((member) => ({
      ...member,
      lastSignInAt: member.lastSignInAt?.toISOString() ?? null,
      createdAt: member.createdAt.toISOString(),
    })),
  };
}

const role = z.enum(STAFF_ROLES, { error: 'Choose a role.' });
const createForm = z.object({
  intent: z.literal('create'),
  email: z.string().trim().email('Enter a valid email.').max(200),
  name: z.string().trim().min(1, 'Enter a name.').max(120),
  role,
});
const changeForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('role'), id: z.coerce.number().int().positive(), role }),
  z.object({
    intent: z.enum(['disable', 'enable', 'invite', 'reset-totp']),
    id: z.coerce.number().int().positive(),
  }),
]);
const staffForm = z.union([createForm, changeForm]);

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'staff:manage');
  const parsed = await parseStaffForm(args.request, csrfToken, staffForm);
  if (!parsed.ok) return parsed.answer;
  const form = parsed.data;
  const { staff: accounts, invitations } = services.backoffice;
  if (form.intent === 'create' || form.intent === 'invite') {
    const invited = await attemptStaff(services, () =>
      form.intent === 'create' ? invitations.invite(actor, form) : invitations.reinvite(actor, form.id),
    );
    if (!invited.ok) return invited.answer;
    const { staff: member, mailed } = invited.value;
    return {
      ok: true as const,
      message: mailed
        ? `${form.intent === 'create' ? `Created ${member.email}. ` : ''}An invitation is on its way to ${member.email}: the link lets them choose a password within ${invitations.hours} hours.`
        : `${form.intent === 'create' ? `Created ${member.email}, but the` : 'The'} invitation mail could not be sent. Check the mail settings, then use “Send a new invitation”.`,
    };
  }
  const change = form.intent === 'role' ? { kind: 'role' as const, role: form.role } : { kind: form.intent };
  const done = await attemptStaff(services, () => accounts.update(actor, form.id, change));
  if (!done.ok) return done.answer;
  return { ok: true as const, message: 'Saved.' };
}

export default function StaffPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  return (
    <section>
      <h1>Staff</h1>
      <FormMessage answer={answer} />
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Staff accounts</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Second factor</th>
              <th scope="col">Last sign-in ({loaderData.zone})</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.members.map((member) => (
              <tr key={member.id} className={member.disabled ? 'admin-row--muted' : undefined}>
                <td>
                  {member.name}
                  {member.disabled ? <span className="admin-badge">Disabled</span> : null}
                  {member.mustChangePassword && !member.disabled ? (
                    <span className="admin-badge">Invited</span>
                  ) : null}
                </td>
                <td>{member.email}</td>
                <td>
                  {member.id === loaderData.me ? (
                    ROLE_LABELS[member.role]
                  ) : (
                    <Form method="post" className="admin-inline-form">
                      <CsrfField />
                      <input type="hidden" name="intent" value="role" />
                      <input type="hidden" name="id" value={member.id} />
                      <label className="visually-hidden" htmlFor={`role-${member.id}`}>
                        Role of {member.name}
                      </label>
                      <select id={`role-${member.id}`} name="role" defaultValue={member.role}>
                        {STAFF_ROLES.map((option) => (
                          <option key={option} value={option}>
                            {ROLE_LABELS[option]}
                          </option>
                        ))}
                      </select>
                      <button type="submit" className="admin-button admin-button--small">
                        Change
                      </button>
                    </Form>
                  )}
                </td>
                <td>{member.totpEnrolled ? 'Enrolled' : 'None'}</td>
                <td>{formatStoreTime(member.lastSignInAt, loaderData.zone)}</td>
                <td>
                  {member.id === loaderData.me ? (
                    <a href="/admin/me">Your account</a>
                  ) : (
                    <div className="admin-actions">
                      {(
                        [
                          [member.disabled ? 'enable' : 'disable', member.disabled ? 'Enable' : 'Disable'],
                          ['invite', 'Send a new invitation'],
                          ...(member.totpEnrolled ? [['reset-totp', 'Remove second factor']] : []),
                        ] as [string, string][]
                      ).map(([intent, label]) => (
                        <Form method="post" key={intent} className="admin-inline-form">
                          <CsrfField />
                          <input type="hidden" name="intent" value={intent} />
                          <input type="hidden" name="id" value={member.id} />
                          <button
                            type="submit"
                            className="admin-button admin-button--small admin-button--quiet"
                            aria-label={`${label}: ${member.name}`}
                          >
                            {label}
                          </button>
                        </Form>
                      ))}
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>Add a staff member</h2>
      <Form method="post" className="admin-form admin-form--narrow" noValidate>
        <CsrfField />
        <input type="hidden" name="intent" value="create" />
        <label htmlFor="new-name">Name</label>
        <input id="new-name" name="name" required maxLength={120} aria-describedby="name-error" />
        <FieldError answer={answer} name="name" />
        <label htmlFor="new-email">Email</label>
        <input id="new-email" name="email" type="email" required aria-describedby="email-error" />
        <FieldError answer={answer} name="email" />
        <label htmlFor="new-role">Role</label>
        <select id="new-role" name="role" defaultValue="operations">
          {STAFF_ROLES.map((option) => (
            <option key={option} value={option}>
              {ROLE_LABELS[option]}
            </option>
          ))}
        </select>
        <p className="admin-muted">
          Owners manage staff and must use a second factor; operations run orders and customers; the pro team
          runs customers and pro accounts; merchandisers the catalogue; editors the content.
        </p>
        <p className="admin-muted">
          They are mailed a link to choose their password; it works once, within {loaderData.invitationHours}{' '}
          hours.
        </p>
        <button type="submit" className="admin-button">
          Create account and send invitation
        </button>
      </Form>
    </section>
  );
}
