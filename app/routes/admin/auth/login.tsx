import { Form, redirect, useActionData, useNavigation } from 'react-router';
import { z } from 'zod';
import { FieldError, FormMessage } from '../../../components/backoffice/form-message.tsx';
import { attemptStaff, parseStaffForm, refuse } from '../../../lib/backoffice/form.server.ts';
import { staffSession } from '../../../lib/backoffice/staff-context.server.ts';
import { requestFactsContext, servicesContext } from '../../../lib/router/load-context.ts';
import adminStyles from '../../../styles/admin.css?url';
import type { Route } from './+types/login';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }];

export function meta() {
  return [{ title: 'Sign in | Ridgeline back office' }];
}

/** Only a back-office path may be the page to return to: no other host, no protocol-relative trick. */
function safeNext(value: string | null): string {
  return value && /^\/admin(\/[^/\\]|$|\?)/.test(value) && !value.includes('//') ? value : '/admin';
}

export async function loader(args: Route.LoaderArgs) {
  const services = args.context.get(servicesContext);
  const session = await staffSession(args);
  const next = safeNext(new URL(args.request.url).searchParams.get('next'));
  if (session?.step === 'done') throw redirect(next);
  if (session?.step === 'enrol-totp') {
    const enrolment = await services.backoffice.staff.newTotpSecret(session.staff);
    return { step: session.step, next, email: session.staff.email, csrfToken: session.csrfToken, enrolment };
  }
  return session
    ? { step: session.step, next, email: session.staff.email, csrfToken: session.csrfToken, enrolment: null }
    : { step: 'password' as const, next, email: null, csrfToken: '', enrolment: null };
}

const passwordForm = z.object({
  email: z.string().trim().email('Enter the email of your staff account.').max(200),
  password: z.string().min(1, 'Enter your password.').max(200),
});
const codeForm = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your app.'),
});
const newPasswordForm = z
  .object({
    password: z.string().min(12, 'Use at least 12 characters.').max(200),
    confirm: z.string(),
  })
  .refine((form) => form.password === form.confirm, {
    message: 'The two passwords differ.',
    path: ['confirm'],
  });
const enrolForm = z.object({
  secret: z.string().regex(/^[A-Z2-7]{16,64}$/, 'The setup key is not valid. Reload the page.'),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your app.'),
});

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const services = context.get(servicesContext);
  const next = safeNext(new URL(request.url).searchParams.get('next'));
  const here = `/admin/login${next === '/admin' ? '' : `?next=${encodeURIComponent(next)}`}`;
  const session = await staffSession(args);
  const secure = services.sessions.isHttps(request);

  if (!session) {
    // No staff session yet: the password form (same-origin posts only, server/http/middleware/same-origin.ts).
    const form = Object.fromEntries(await request.formData());
    const parsed = passwordForm.safeParse(form);
    if (!parsed.success) return refuse(400, 'Enter your email and password.');
    const signedIn = await attemptStaff(services, () =>
      services.backoffice.staff.signIn({
        ...parsed.data,
        ip: context.get(requestFactsContext).clientIp,
        secure,
      }),
    );
    if (!signedIn.ok) return signedIn.answer;
    throw redirect(signedIn.value.step === 'done' ? next : here, {
      headers: { 'Set-Cookie': signedIn.value.setCookie },
    });
  }

  const step = session.step;
  const { staff } = services.backoffice;
  if (step === 'totp') {
    const parsed = await parseStaffForm(request, session.csrfToken, codeForm);
    if (!parsed.ok) return parsed.answer;
    const done = await attemptStaff(services, () =>
      staff.verifyCode(session, parsed.data.code, { ip: context.get(requestFactsContext).clientIp }),
    );
    if (!done.ok) return done.answer;
  } else if (step === 'change-password') {
    const parsed = await parseStaffForm(request, session.csrfToken, newPasswordForm);
    if (!parsed.ok) return parsed.answer;
    const done = await attemptStaff(services, () => staff.changePassword(session, parsed.data));
    if (!done.ok) return done.answer;
  } else if (step === 'enrol-totp') {
    const parsed = await parseStaffForm(request, session.csrfToken, enrolForm);
    if (!parsed.ok) return parsed.answer;
    const done = await attemptStaff(services, () =>
      staff.enrolTotp(session, parsed.data.secret, parsed.data.code),
    );
    if (!done.ok) return done.answer;
  } else {
    throw redirect(next);
  }
  throw redirect(here);
}

const TITLES = {
  password: 'Sign in to the back office',
  totp: 'Enter your code',
  'change-password': 'Choose your password',
  'enrol-totp': 'Set up your second factor',
  done: 'Signed in',
} as const;

export default function AdminLogin({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { step, email, csrfToken, enrolment } = loaderData;
  const describedBy = (name: string) =>
    answer && !answer.ok && answer.fieldErrors[name] ? `${name}-error` : undefined;
  return (
    <main className="admin-login" id="admin-main">
      <div className="admin-login__card">
        <p className="admin-brand">
          Ridgeline <span>back office</span>
        </p>
        <h1>{TITLES[step]}</h1>
        {email ? <p className="admin-muted">Signed in as {email}.</p> : null}
        <FormMessage answer={answer} />
        <Form method="post" className="admin-form" noValidate>
          {csrfToken ? <input type="hidden" name="csrf" value={csrfToken} /> : null}
          {step === 'password' ? (
            <>
              <label htmlFor="email">Email</label>
              <input id="email" name="email" type="email" autoComplete="username" required />
              <label htmlFor="password">Password</label>
              <input id="password" name="password" type="password" autoComplete="current-password" required />
            </>
          ) : null}
          {step === 'totp' ? (
            <>
              <label htmlFor="code">6-digit code from your authenticator app</label>
              <input
                id="code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="\d{6}"
                maxLength={6}
                required
                aria-describedby={describedBy('code')}
              />
              <FieldError answer={answer} name="code" />
            </>
          ) : null}
          {step === 'change-password' ? (
            <>
              <p>You signed in with a one-time password. Choose your own (at least 12 characters).</p>
              <label htmlFor="password">New password</label>
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
              <label htmlFor="confirm">New password again</label>
              <input
                id="confirm"
                name="confirm"
                type="password"
                autoComplete="new-password"
                required
                aria-describedby={describedBy('confirm')}
              />
              <FieldError answer={answer} name="confirm" />
            </>
          ) : null}
          {step === 'enrol-totp' && enrolment ? (
            <>
              <p>
                Owners sign in with a second factor. Add this account to an authenticator app (1Password,
                Google Authenticator, Aegis…) with the setup key below, then enter the code it shows.
              </p>
              <p className="admin-secret">
                <span className="admin-muted">Setup key</span>
                <code data-testid="totp-secret">{enrolment.secret}</code>
              </p>
              <p>
                <a href={enrolment.uri}>Open in an authenticator app on this device</a>
              </p>
              <input type="hidden" name="secret" value={enrolment.secret} />
              <label htmlFor="code">6-digit code</label>
              <input
                id="code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                required
                aria-describedby={describedBy('code')}
              />
              <FieldError answer={answer} name="code" />
            </>
          ) : null}
          <button type="submit" className="admin-button" disabled={busy}>
            {step === 'password' ? 'Sign in' : 'Continue'}
          </button>
        </Form>
        {step !== 'password' ? (
          <Form method="post" action="/admin/logout">
            <input type="hidden" name="csrf" value={csrfToken} />
            <button type="submit" className="admin-button admin-button--quiet">
              Sign out
            </button>
          </Form>
        ) : null}
      </div>
    </main>
  );
}
