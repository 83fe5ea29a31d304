import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { FormAlert } from '../components/account/form-field.tsx';
import { ProFields } from '../components/pro/pro-fields.tsx';
import { type ActionErrors, formObject, parseForm } from '../lib/account/forms.ts';
import { proApplication, proApplicationSchema } from '../lib/account/schemas.ts';
import { csrfOk } from '../lib/account/session.server.ts';
import { useBotSubmit } from '../lib/account/use-bot-form.ts';
import { useText } from '../lib/locale/use-text.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { rootText } from '../lib/seo/page-meta.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/pro-signup';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];
export const handle = { name: 'pro-signup' } satisfies RouteHandle;

/** Pro signup (§2 /pro/signup): a signed-in customer applies; the application is stored as the 'Pro Code' JSON. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = await storefrontContext(request, context);
  const customer = ctx.session?.customer ?? null;
  const url = new URL(request.url);
  return {
    segment: ctx.locale.segment,
    signedIn: Boolean(customer),
    isPro: Boolean(customer?.isPro),
    pending: customer?.proCodeInfo?.region === 'pending',
    sent: url.searchParams.get('sent') === '1',
    csrf: ctx.session?.csrfToken ?? '',
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = await storefrontContext(request, context);
  const customer = ctx.session?.customer;
  if (!customer)
    throw redirect(
      `/${ctx.locale.segment}/account/login?returnTo=${encodeURIComponent(`/${ctx.locale.segment}/pro/signup`)}`,
      303,
    );
  const form = await request.formData();
  const values = formObject(form);
  if (!csrfOk(ctx, form))
    return data<ActionErrors>({ errors: {}, formError: 'error session expired', values }, { status: 403 });
  const parsed = parseForm(proApplicationSchema, form);
  if (!parsed.ok) return data<ActionErrors>({ errors: parsed.errors, values }, { status: 400 });
  const check = await ctx.services.botProtection.verify(
    String(form.get('token') ?? '') || undefined,
    'signup',
  );
  if (!check.ok)
    return data<ActionErrors>({ errors: {}, formError: 'error bot check', values }, { status: 403 });
  try {
    await ctx.services.commerce.customers.applyForPro(
      customer.id,
      proApplication(parsed.data, ctx.locale.segment),
    );
  } catch (error) {
    if (ctx.services.errorCode(error) === 'already-pro')
      return data<ActionErrors>({ errors: {}, formError: 'pro already', values }, { status: 409 });
    throw error;
  }
  throw redirect(`/${ctx.locale.segment}/pro/signup?sent=1`, 303);
}

export function meta({ matches }: Route.MetaArgs) {
  const t = rootText(matches);
  return [{ title: `${t('apply for pro', 'Apply for pro pricing')} | Ridgeline Snowshoe Co.` }];
}

export default function ProSignup({ loaderData, actionData }: Route.ComponentProps) {
  const t = useText();
  const navigation = useNavigation();
  const onSubmit = useBotSubmit('signup');
  const { segment } = loaderData;
  const back = encodeURIComponent(`/${segment}/pro/signup`);
  return (
    <div className="container account-auth account-auth--single">
      <section className="auth-card" aria-labelledby="pro-signup-heading">
        <h1 id="pro-signup-heading">{t('apply for pro')}</h1>
        {loaderData.isPro ? (
          <p>
            {t('pro already')} <Link to={`/${segment}/pro`}>{t('pro program')}</Link>
          </p>
        ) : loaderData.sent || loaderData.pending ? (
          <p className="form-success" role="status">
            {t('pro application received')}
          </p>
        ) : !loaderData.signedIn ? (
          <>
            <p>{t('pro signup copy')}</p>
            <Link to={`/${segment}/account/login?returnTo=${back}`} className="button button--block">
              {t('sign in')}
            </Link>
            <Link to={`/${segment}/pro/create`} className="button button--ghost button--block">
              {t('create pro account')}
            </Link>
          </>
        ) : (
          <Form method="post" className="stack-form" noValidate onSubmit={onSubmit}>
            <p>{t('pro signup copy')}</p>
            <FormAlert message={actionData?.formError} />
            <input type="hidden" name="csrf" value={loaderData.csrf} />
            <ProFields errors={actionData?.errors} values={actionData?.values} />
            <button
              type="submit"
              className="button button--block"
              disabled={navigation.state === 'submitting'}
            >
              {t('send application')}
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}
