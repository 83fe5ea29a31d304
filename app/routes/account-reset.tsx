import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { z } from 'zod';
import { FormAlert, FormField } from '../components/account/form-field.tsx';
import { type ActionErrors, parseForm } from '../lib/account/forms.ts';
import { emailField, newPassword } from '../lib/account/schemas.ts';
import { attempt, refusal } from '../lib/forms/refusal.server.ts';
import { useText } from '../lib/locale/use-text.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { rootText } from '../lib/seo/page-meta.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/account-reset';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];
export const handle = { name: 'account-reset' } satisfies RouteHandle;

const resetSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('request'), email: emailField }),
  z.object({ intent: z.literal('reset'), token: z.string().min(10).max(200), password: newPassword }),
]);

type ResetResult = ActionErrors & { sent?: boolean };

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = await storefrontContext(request, context);
  const token = new URL(request.url).searchParams.get('token');
  const valid = token ? await ctx.services.commerce.customers.passwordResetValid(token) : false;
  return { token: token ?? null, valid, segment: ctx.locale.segment };
}

/**
 * Password reset by e-mail: a request always answers the same (no account probing) and mails a one-use link
 * that expires; the link's form sets the new password.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = await storefrontContext(request, context);
  const form = await request.formData();
  const parsed = parseForm(resetSchema, form);
  if (!parsed.ok) return data<ResetResult>({ errors: parsed.errors }, { status: 400 });
  const commerce = ctx.services.commerce;
  const input = parsed.data;
  if (input.intent === 'request') {
    await commerce.accounts.requestPasswordReset(ctx.caller, input.email, ctx.locale.segment);
    return data<ResetResult>({ errors: {}, sent: true });
  }
  const reset = await attempt(ctx, () => commerce.customers.resetPassword(input.token, input.password));
  if (!reset.ok) return refusal<ResetResult>(reset.code, {});
  throw redirect(`/${ctx.locale.segment}/account/login?reset=1`, 303);
}

export function meta({ matches }: Route.MetaArgs) {
  const t = rootText(matches);
  return [
    { title: `${t('reset password', 'Reset your password')} | Ridgeline Snowshoe Co.` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AccountReset({ loaderData, actionData }: Route.ComponentProps) {
  const t = useText();
  const navigation = useNavigation();
  const errors = actionData?.errors ?? {};
  const { token, valid, segment } = loaderData;
  return (
    <div className="container account-auth account-auth--single">
      <section className="auth-card" aria-labelledby="reset-heading">
        <h1 id="reset-heading">{t('reset password')}</h1>
        {token && (valid || actionData?.formError) ? (
          <Form method="post" className="stack-form" noValidate>
            <FormAlert message={actionData?.formError} />
            <input type="hidden" name="intent" value="reset" />
            <input type="hidden" name="token" value={token} />
            <FormField
              name="password"
              type="password"
              label={t('new password')}
              autoComplete="new-password"
              error={errors.password}
              hint={t('password hint')}
            />
            <button
              type="submit"
              className="button button--block"
              disabled={navigation.state === 'submitting'}
            >
              {t('set new password')}
            </button>
          </Form>
        ) : actionData?.sent ? (
          <p className="form-success" role="status">
            {t('reset sent')}
          </p>
        ) : (
          <>
            {token ? <p className="form-error">{t('error reset expired')}</p> : <p>{t('reset copy')}</p>}
            <Form method="post" className="stack-form" noValidate>
              <input type="hidden" name="intent" value="request" />
              <FormField
                name="email"
                type="email"
                label={t('email')}
                autoComplete="email"
                error={errors.email}
              />
              <button
                type="submit"
                className="button button--block"
                disabled={navigation.state === 'submitting'}
              >
                {t('send reset link')}
              </button>
            </Form>
          </>
        )}
        <p className="auth-card__aside">
          <Link to={`/${segment}/account/login`}>{t('back to sign in')}</Link>
        </p>
      </section>
    </div>
  );
}
