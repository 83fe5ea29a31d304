import { Form, Link, redirect, useNavigation } from 'react-router';
import { z } from 'zod';
import { afterSignIn } from '../lib/account/auth.server.ts';
import { type ActionErrors, parseForm } from '../lib/account/forms.ts';
import { attempt, refusal } from '../lib/forms/refusal.server.ts';
import { useText } from '../lib/locale/use-text.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { rootText } from '../lib/seo/page-meta.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/account-confirm';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];
export const handle = { name: 'account-confirm' } satisfies RouteHandle;

const confirmSchema = z.object({ token: z.string().min(16).max(200) });

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = await storefrontContext(request, context);
  const token = new URL(request.url).searchParams.get('token');
  const valid = token ? await ctx.services.commerce.customers.signUpPending(token) : false;
  return { token: token ?? null, valid, segment: ctx.locale.segment };
}

/**
 * The sign-up mail's link (issue 17 #8): the page asks for one click (a POST, so a mail scanner that opens the
 * link creates nothing); the click creates the account once and signs it in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = await storefrontContext(request, context);
  const parsed = parseForm(confirmSchema, await request.formData());
  if (!parsed.ok) return refusal<ActionErrors>('signup-expired', {});
  const confirmed = await attempt(ctx, () =>
    ctx.services.commerce.accounts.confirmSignUp(ctx.caller, parsed.data.token),
  );
  if (!confirmed.ok) return refusal<ActionErrors>(confirmed.code, {});
  const next = confirmed.value.pro
    ? `/${ctx.locale.segment}/pro/signup?sent=1`
    : afterSignIn(ctx, confirmed.value.returnTo);
  throw redirect(next, { status: 303, headers: { 'Set-Cookie': confirmed.value.setCookie } });
}

export function meta({ matches }: Route.MetaArgs) {
  const t = rootText(matches);
  return [
    { title: `${t('confirm account', 'Finish creating your account')} | Ridgeline Snowshoe Co.` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AccountConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const t = useText();
  const navigation = useNavigation();
  const { token, valid, segment } = loaderData;
  return (
    <div className="container account-auth account-auth--single">
      <section className="auth-card" aria-labelledby="confirm-heading">
        <h1 id="confirm-heading">{t('confirm account')}</h1>
        {token && valid && !actionData?.formError ? (
          <Form method="post" className="stack-form" noValidate>
            <p>{t('confirm account copy')}</p>
            <input type="hidden" name="token" value={token} />
            <button
              type="submit"
              className="button button--block"
              disabled={navigation.state === 'submitting'}
            >
              {t('confirm account')}
            </button>
          </Form>
        ) : (
          <p className="form-error" role="alert">
            {t('error signup expired')}
          </p>
        )}
        <p className="auth-card__aside">
          <Link to={`/${segment}/account/create`}>{t('create account')}</Link>
          {' · '}
          <Link to={`/${segment}/account/login`}>{t('sign in')}</Link>
        </p>
      </section>
    </div>
  );
}
