import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { FormAlert, FormField } from '../components/account/form-field.tsx';
import { afterSignIn } from '../lib/account/auth.server.ts';
import { type ActionErrors, parseForm } from '../lib/account/forms.ts';
import { loginSchema } from '../lib/account/schemas.ts';
import { useBotSubmit } from '../lib/account/use-bot-form.ts';
import { attempt, refusal } from '../lib/forms/refusal.server.ts';
import { useText } from '../lib/locale/use-text.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { rootText } from '../lib/seo/page-meta.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/account-login';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];
export const handle = { name: 'account-login' } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = await storefrontContext(request, context);
  const returnTo = new URL(request.url).searchParams.get('returnTo');
  if (ctx.session?.customer) throw redirect(afterSignIn(ctx, returnTo));
  const reset = new URL(request.url).searchParams.get('reset') === '1';
  return { returnTo: returnTo ?? '', segment: ctx.locale.segment, reset };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = await storefrontContext(request, context);
  const form = await request.formData();
  const parsed = parseForm(loginSchema, form);
  const values = { email: String(form.get('email') ?? '') };
  if (!parsed.ok) return data<ActionErrors>({ errors: parsed.errors, values }, { status: 400 });
  const { email, password, returnTo, token } = parsed.data;
  const check = await ctx.services.botProtection.verify(token, 'login');
  if (!check.ok)
    return data<ActionErrors>({ errors: {}, formError: 'error bot check', values }, { status: 403 });
  const signedIn = await attempt(ctx, () =>
    ctx.services.commerce.accounts.logIn(ctx.caller, email, password),
  );
  if (!signedIn.ok) return refusal(signedIn.code, values);
  throw redirect(afterSignIn(ctx, returnTo), {
    status: 303,
    headers: { 'Set-Cookie': signedIn.value.setCookie },
  });
}

export function meta({ matches }: Route.MetaArgs) {
  const t = rootText(matches);
  return [
    { title: `${t('sign in', 'Sign in')} | Ridgeline Snowshoe Co.` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AccountLogin({ loaderData, actionData }: Route.ComponentProps) {
  const t = useText();
  const navigation = useNavigation();
  const onSubmit = useBotSubmit('login');
  const errors = actionData?.errors ?? {};
  const { segment, returnTo } = loaderData;
  const createHref = `/${segment}/account/create${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`;
  return (
    <div className="container account-auth">
      <section className="auth-card" aria-labelledby="login-heading">
        <h1 id="login-heading">{t('sign in')}</h1>
        {loaderData.reset ? <p className="form-success">{t('password changed')}</p> : null}
        <Form method="post" className="stack-form" onSubmit={onSubmit} noValidate>
          <FormAlert message={actionData?.formError} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <FormField
            name="email"
            type="email"
            label={t('email')}
            autoComplete="email"
            error={errors.email}
            defaultValue={actionData?.values?.email}
          />
          <FormField
            name="password"
            type="password"
            label={t('password')}
            autoComplete="current-password"
            error={errors.password}
          />
          <p className="auth-card__aside">
            <Link to={`/${segment}/account/reset`}>{t('forgot password')}</Link>
          </p>
          <button type="submit" className="button button--block" disabled={navigation.state === 'submitting'}>
            {t('sign in')}
          </button>
        </Form>
      </section>
      <section className="auth-card auth-card--quiet" aria-labelledby="new-heading">
        <h2 id="new-heading">{t('new customer')}</h2>
        <p>{t('new customer copy')}</p>
        <Link to={createHref} className="button button--ghost button--block">
          {t('create account')}
        </Link>
        <p className="auth-card__aside">
          <Link to={`/${segment}/order-status`}>{t('check order status')}</Link>
        </p>
      </section>
    </div>
  );
}
