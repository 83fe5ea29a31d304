import { Form, useActionData } from 'react-router';
import { z } from 'zod';
import { ROLE_LABELS } from '#core/staff-permissions.ts';
import { CsrfField } from '../../../components/backoffice/csrf-field.tsx';
import { FieldError, FormMessage } from '../../../components/backoffice/form-message.tsx';
import { attemptStaff, parseStaffForm } from '../../../lib/backoffice/form.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import type { Route } from './+types/me';

export function meta() {
  return [{ title: 'Your account | Ridgeline back office' }];
}

export async function loader(args: Route.LoaderArgs) {
  const { services, session } = await requireStaff(args, 'dashboard:view');
  const enrolled = session.staff.totpSecret !== null;
  return {
    email: session.staff.email,
    role: session.staff.role,
    enrolled,
    enrolment: enrolled ? null : await services.backoffice.staff.newTotpSecret(session.staff),
  };
}

const meForm = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('password'),
    current: z.string().min(1, 'Enter your current password.').max(200),
    password: z.string().min(12, 'Use at least 12 characters.').max(200),
  }),
  z.object({
    intent: z.literal('enrol'),
    secret: z.string().regex(/^[A-Z2-7]{16,64}$/, 'The setup key is not valid. Reload the page.'),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code from your app.'),
  }),
]);

export async function action(args: Route.ActionArgs) {
  const { services, session, csrfToken } = await requireStaff(args, 'dashboard:view');
  const parsed = await parseStaffForm(args.request, csrfToken, meForm);
  if (!parsed.ok) return parsed.answer;
  const form = parsed.data;
  const { staff } = services.backoffice;
  const done = await attemptStaff(services, () =>
    form.intent === 'password'
      ? staff.changePassword(session, form)
      : staff.enrolTotp(session, form.secret, form.code),
  );
  if (!done.ok) return done.answer;
  return {
    ok: true as const,
    message:
      form.intent === 'password'
        ? 'Password changed. Your other sessions are signed out.'
        : 'Second factor set up: sign-ins now ask for a code.',
  };
}

export default function MePage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  return (
    <section>
      <h1>Your account</h1>
      <p>
        {loaderData.email} · {ROLE_LABELS[loaderData.role]}
      </p>
      <FormMessage answer={answer} />
      <h2>Change your password</h2>
      <Form method="post" className="admin-form admin-form--narrow" noValidate>
        <CsrfField />
        <input type="hidden" name="intent" value="password" />
        <label htmlFor="current">Current password</label>
        <input id="current" name="current" type="password" autoComplete="current-password" required />
        <FieldError answer={answer} name="current" />
        <label htmlFor="password">New password (at least 12 characters)</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={12}
          required
        />
        <FieldError answer={answer} name="password" />
        <button type="submit" className="admin-button">
          Change password
        </button>
      </Form>
      <h2>Second factor</h2>
      {loaderData.enrolled || !loaderData.enrolment ? (
        <p>Your sign-ins ask for a code from your authenticator app.</p>
      ) : (
        <Form method="post" className="admin-form admin-form--narrow" noValidate>
          <CsrfField />
          <input type="hidden" name="intent" value="enrol" />
          <p>
            Add this account to an authenticator app with the setup key, then enter the code it shows.
            Sign-ins will then ask for a code.
          </p>
          <p className="admin-secret">
            <span className="admin-muted">Setup key</span>
            <code>{loaderData.enrolment.secret}</code>
          </p>
          <input type="hidden" name="secret" value={loaderData.enrolment.secret} />
          <label htmlFor="code">6-digit code</label>
          <input
            id="code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
          />
          <FieldError answer={answer} name="code" />
          <button type="submit" className="admin-button">
            Turn on
          </button>
        </Form>
      )}
    </section>
  );
}
