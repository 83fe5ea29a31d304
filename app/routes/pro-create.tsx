import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { FormAlert } from '../components/account/form-field.tsx';
import { IdentityFields } from '../components/account/identity-fields.tsx';
import { ProFields } from '../components/pro/pro-fields.tsx';
import { type ActionErrors, formObject, parseForm } from '../lib/account/forms.ts';
import { proApplication, proCreateSchema } from '../lib/account/schemas.ts';
import { useBotSubmit } from '../lib/account/use-bot-form.ts';
import type { RouteHandle } from '../lib/layout.ts';
import { rootText } from '../lib/page-meta.ts';
import { attempt, refusal } from '../lib/refusal.server.ts';
import { storefrontContext } from '../lib/storefront-context.server.ts';
import { useText } from '../lib/use-text.ts';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/pro-create';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];
export const handle = { name: 'pro-create' } satisfies RouteHandle;

/** Pro account creation (§2 /pro/create): an account and its pro application in one step. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = await storefrontContext(request, context);
  if (ctx.session?.customer) throw redirect(`/${ctx.locale.segment}/pro/signup`);
  return { segment: ctx.locale.segment, sent: new URL(request.url).searchParams.get('sent') === '1' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = await storefrontContext(request, context);
  const form = await request.formData();
  const values = formObject(form);
  delete values.password;
  const parsed = parseForm(proCreateSchema, form);
  if (!parsed.ok) return data<ActionErrors>({ errors: parsed.errors, values }, { status: 400 });
  const check = await ctx.services.botProtection.verify(parsed.data.token, 'signup');
  if (!check.ok)
    return data<ActionErrors>({ errors: {}, formError: 'error bot check', values }, { status: 403 });
  const started = await attempt(ctx, () =>
    ctx.services.commerce.accounts.signUp(ctx.caller, ctx.locale.commerceRegion, parsed.data, {
      locale: ctx.locale.segment,
      proApplication: proApplication(parsed.data, ctx.locale.segment),
    }),
  );
  if (!started.ok) return refusal(started.code, values);
  // The same answer for a new and a known address (issue 17 #8); the application is kept with the sign-up and
  // stored with the account when the mail's link is followed.
  throw redirect(`/${ctx.locale.segment}/pro/create?sent=1`, 303);
}

export function meta({ matches }: Route.MetaArgs) {
  const t = rootText(matches);
  return [{ title: `${t('create pro account', 'Create a pro account')} | Ridgeline Snowshoe Co.` }];
}

export default function ProCreate({ loaderData, actionData }: Route.ComponentProps) {
  const t = useText();
  const navigation = useNavigation();
  const onSubmit = useBotSubmit('signup');
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  return (
    <div className="container account-auth account-auth--single">
      <section className="auth-card" aria-labelledby="pro-create-heading">
        <h1 id="pro-create-heading">{t('create pro account')}</h1>
        {loaderData.sent ? (
          <div role="status" className="form-success">
            <p>
              <strong>{t('signup check email')}</strong>
            </p>
            <p>{t('signup check email copy')}</p>
          </div>
        ) : (
          <p>{t('pro signup copy')}</p>
        )}
        <Form method="post" className="stack-form" noValidate onSubmit={onSubmit}>
          <FormAlert message={actionData?.formError} />
          <IdentityFields errors={errors} values={values} withPassword />
          <ProFields errors={errors} values={values} />
          <button type="submit" className="button button--block" disabled={navigation.state === 'submitting'}>
            {t('create pro account')}
          </button>
        </Form>
        <p className="auth-card__aside">
          {t('have an account')} <Link to={`/${loaderData.segment}/pro/signup`}>{t('sign in')}</Link>
        </p>
      </section>
    </div>
  );
}
