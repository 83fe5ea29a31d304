import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { FormAlert } from '../components/account/form-field.tsx';
import { IdentityFields } from '../components/account/identity-fields.tsx';
import { afterSignIn } from '../lib/account/auth.server.ts';
import { type ActionErrors, parseForm } from '../lib/account/forms.ts';
import { createAccountSchema } from '../lib/account/schemas.ts';
import { useBotSubmit } from '../lib/account/use-bot-form.ts';
import type { RouteHandle } from '../lib/layout.ts';
import { rootText } from '../lib/page-meta.ts';
import { attempt, refusal } from '../lib/refusal.server.ts';
import { storefrontContext } from '../lib/storefront-context.server.ts';
import { useText } from '../lib/use-text.ts';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/account-create';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];
export const handle = { name: 'account-create' } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = await storefrontContext(request, context);
  const returnTo = new URL(request.url).searchParams.get('returnTo');
  if (ctx.session?.customer) throw redirect(afterSignIn(ctx, returnTo));
  const sent = new URL(request.url).searchParams.get('sent') === '1';
  return { returnTo: returnTo ?? '', segment: ctx.locale.segment, sent };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = await storefrontContext(request, context);
  const form = await request.formData();
  const values = {
    email: String(form.get('email') ?? ''),
    first_name: String(form.get('first_name') ?? ''),
    last_name: String(form.get('last_name') ?? ''),
  };
  const parsed = parseForm(createAccountSchema, form);
  if (!parsed.ok) return data<ActionErrors>({ errors: parsed.errors, values }, { status: 400 });
  const check = await ctx.services.botProtection.verify(parsed.data.token, 'signup');
  if (!check.ok)
    return data<ActionErrors>({ errors: {}, formError: 'error bot check', values }, { status: 403 });
  const { returnTo, ...input } = parsed.data;
  const started = await attempt(ctx, () =>
    ctx.services.commerce.accounts.signUp(ctx.caller, ctx.locale.commerceRegion, input, {
      locale: ctx.locale.segment,
      returnTo: returnTo || null,
    }),
  );
  if (!started.ok) return refusal(started.code, values);
  // The same answer for a new and a known address (issue 17 #8): the mail tells which it was.
  throw redirect(`/${ctx.locale.segment}/account/create?sent=1`, 303);
}

export function meta({ matches }: Route.MetaArgs) {
  const t = rootText(matches);
  return [{ title: `${t('create account', 'Create account')} | Ridgeline Snowshoe Co.` }];
}

export default function AccountCreate({ loaderData, actionData }: Route.ComponentProps) {
  const t = useText();
  const navigation = useNavigation();
  const onSubmit = useBotSubmit('signup');
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  return (
    <div className="container account-auth account-auth--single">
      <section className="auth-card" aria-labelledby="create-heading">
        <h1 id="create-heading">{t('create account')}</h1>
        {loaderData.sent ? (
          <div role="status" className="form-success">
            <p>
              <strong>{t('signup check email')}</strong>
            </p>
            <p>{t('signup check email copy')}</p>
          </div>
        ) : (
          <p>{t('create account copy')}</p>
        )}
        <Form method="post" className="stack-form" onSubmit={onSubmit} noValidate>
          <FormAlert message={actionData?.formError} />
          <input type="hidden" name="returnTo" value={loaderData.returnTo} />
          <IdentityFields errors={errors} values={values} withPassword />
          <button type="submit" className="button button--block" disabled={navigation.state === 'submitting'}>
            {t('create account')}
          </button>
        </Form>
        <p className="auth-card__aside">
          {t('have an account')} <Link to={`/${loaderData.segment}/account/login`}>{t('sign in')}</Link>
        </p>
      </section>
    </div>
  );
}
