import { data, Form, redirect, useActionData, useNavigation } from 'react-router';
import { z } from 'zod';
import { ROLE_LABELS } from '#core/staff-permissions.ts';
import { FieldError, FormMessage } from '../../../components/backoffice/form-message.tsx';
import { attemptStaff, refuse } from '../../../lib/backoffice/form.server.ts';
import { requestFactsContext, servicesContext } from '../../../lib/router/load-context.ts';
import adminStyles from '../../../styles/admin.css?url';
import type { Route } from './+types/invite';

/**
 * A staff invitation (issue 40): public, but only a genuine, unexpired, unused link opens the form. The link is
 * the proof, as a reset link is a shopper's; the form posts same-origin only (server/http/middleware/same-origin.ts).
 */

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }];

export function meta() {
  return [{ title: 'Your invitation | Ridgeline back office' }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { invitations } = context.get(servicesContext).backoffice;
  const invitee = await invitations.check(params.token);
  if (!invitee) return data({ invitee: null, hours: invitations.hours }, { status: 410 });
  return {
    invitee: { email: invitee.email, name: invitee.name, role: invitee.role },
    hours: invitations.hours,
  };
}

const passwordForm = z
  .object({
    password: z.string().min(12, 'Use at least 12 characters.').max(200, 'Use at most 200 characters.'),
    confirm: z.string(),
  })
  .refine((form) => form.password === form.confirm, {
    message: 'The two passwords differ.',
    path: ['confirm'],
  });

export async function action({ params, request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const parsed = passwordForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return refuse(400, 'Check the highlighted fields.', fieldErrors);
  }
  const accepted = await attemptStaff(services, () =>
    services.backoffice.invitations.accept(params.token, {
      password: parsed.data.password,
      ip: context.get(requestFactsContext).clientIp,
      secure: services.sessions.isHttps(request),
    }),
  );
  if (!accepted.ok) return accepted.answer;
  // A second factor still owed (a code, or an owner's enrolment) is asked for by the sign-in page.
  throw redirect(accepted.value.step === 'done' ? '/admin' : '/admin/login', {
    headers: { 'Set-Cookie': accepted.value.setCookie },
  });
}

export default function InvitePage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { invitee, hours } = loaderData;
  const describedBy = (name: string) =>
    answer && !answer.ok && answer.fieldErrors[name] ? `${name}-error` : undefined;
  return (
    <main className="admin-login" id="admin-main">
      <div className="admin-login__card">
        <p className="admin-brand">
          Ridgeline <span>back office</span>
        </p>
        {invitee ? (
          <>
            <h1>Choose your password</h1>
            <p>
              Welcome, {invitee.name}. You are invited as {ROLE_LABELS[invitee.role]} with the account{' '}
              <strong>{invitee.email}</strong>.
            </p>
            <FormMessage answer={answer} />
            <Form method="post" className="admin-form" noValidate>
              {/* Lets a password manager store the new password under the right account. */}
              <input type="hidden" name="username" autoComplete="username" value={invitee.email} />
              <label htmlFor="password">Password (at least 12 characters)</label>
              <input
                id="password"
                name="password"
                type="password"
                autoComplete="new-password"
                minLength={12}
                required
                aria-describedby={describedBy('password')}
              />
              <FieldError answer={answer} name="password" />
              <label htmlFor="confirm">Password again</label>
              <input
                id="confirm"
                name="confirm"
                type="password"
                autoComplete="new-password"
                required
                aria-describedby={describedBy('confirm')}
              />
              <FieldError answer={answer} name="confirm" />
              <button type="submit" className="admin-button" disabled={busy}>
                Set password and sign in
              </button>
            </Form>
          </>
        ) : (
          <>
            <h1>This invitation no longer works</h1>
            <p>
              The link has expired (links work for {hours} hours), was already used, or is incomplete. Ask an
              owner to send you a new invitation.
            </p>
            <p>
              <a href="/admin/login">Sign in</a> if you already chose your password.
            </p>
          </>
        )}
      </div>
    </main>
  );
}
