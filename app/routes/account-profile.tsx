import { data, Form, redirect, useNavigation } from 'react-router';
import { AccountShell } from '../components/account/account-shell.tsx';
import { FormAlert, FormField } from '../components/account/form-field.tsx';
import { IdentityFields } from '../components/account/identity-fields.tsx';
import { type ActionErrors, parseForm } from '../lib/account/forms.ts';
import { profileSchema } from '../lib/account/schemas.ts';
import { csrfOk } from '../lib/account/session.server.ts';
import { useText } from '../lib/locale/use-text.ts';
import { routeMiddleware } from '../lib/router/route-middleware.server.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { rootText } from '../lib/seo/page-meta.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/account-profile';

export const middleware = routeMiddleware(['auth']);
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];
export const handle = { name: 'account-profile' } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = await storefrontContext(request, context);
  const customer = ctx.session?.customer;
  if (!customer) throw redirect(`/${ctx.locale.segment}/account/login`);
  const saved = new URL(request.url).searchParams.get('saved') === '1';
  return {
    segment: ctx.locale.segment,
    csrf: ctx.session!.csrfToken,
    saved,
    isPro: customer.isPro,
    profile: {
      first_name: customer.first_name,
      last_name: customer.last_name,
      email: customer.email,
      phone: customer.phone,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = await storefrontContext(request, context);
  const customer = ctx.session?.customer;
  if (!customer) throw redirect(`/${ctx.locale.segment}/account/login`);
  const form = await request.formData();
  if (!csrfOk(ctx, form))
    return data<ActionErrors>({ errors: {}, formError: 'error session expired' }, { status: 403 });
  const parsed = parseForm(profileSchema, form);
  if (!parsed.ok) return data<ActionErrors>({ errors: parsed.errors }, { status: 400 });
  const input = parsed.data;
  const emailChanged = input.email.toLowerCase() !== customer.email.toLowerCase();
  const passwordChanged = Boolean(input.new_password);
  if ((emailChanged || passwordChanged) && !input.current_password)
    return data<ActionErrors>(
      { errors: { current_password: 'error current password required' } },
      { status: 400 },
    );
  try {
    await ctx.services.commerce.customers.update(
      customer.id,
      {
        first_name: input.first_name,
        last_name: input.last_name,
        phone: input.phone ?? '',
        ...(emailChanged ? { email: input.email } : {}),
        ...(passwordChanged ? { password: input.new_password } : {}),
        ...(emailChanged || passwordChanged ? { current_password: input.current_password } : {}),
      },
      // A password change ends the customer's other sessions, not the one changing it.
      { keepSessionId: ctx.session!.sessionId },
    );
  } catch (error) {
    const code = ctx.services.errorCode(error);
    if (code === 'wrong-password')
      return data<ActionErrors>({ errors: { current_password: 'error wrong password' } }, { status: 400 });
    if (code === 'email-taken')
      return data<ActionErrors>({ errors: { email: 'error email taken' } }, { status: 409 });
    throw error;
  }
  throw redirect(`/${ctx.locale.segment}/account/profile?saved=1`, 303);
}

export function meta({ matches }: Route.MetaArgs) {
  const t = rootText(matches);
  return [
    { title: `${t('my profile', 'Profile')} | Ridgeline Snowshoe Co.` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AccountProfile({ loaderData, actionData }: Route.ComponentProps) {
  const t = useText();
  const navigation = useNavigation();
  const errors = actionData?.errors ?? {};
  const { profile } = loaderData;
  return (
    <AccountShell segment={loaderData.segment} title={t('my profile')} isPro={loaderData.isPro}>
      {loaderData.saved && !actionData ? (
        <p className="form-success" role="status">
          {t('profile saved')}
        </p>
      ) : null}
      <Form method="post" className="stack-form account-form" noValidate>
        <FormAlert message={actionData?.formError} />
        <input type="hidden" name="csrf" value={loaderData.csrf} />
        <IdentityFields errors={errors} values={profile} />
        <FormField
          name="phone"
          type="tel"
          label={t('phone')}
          autoComplete="tel"
          defaultValue={profile.phone}
          error={errors.phone}
          required={false}
        />
        <fieldset className="fieldset">
          <legend>{t('change password')}</legend>
          <FormField
            name="new_password"
            type="password"
            label={t('new password')}
            autoComplete="new-password"
            error={errors.new_password}
            required={false}
            hint={t('password hint')}
          />
          <FormField
            name="current_password"
            type="password"
            label={t('current password')}
            autoComplete="current-password"
            error={errors.current_password}
            required={false}
            hint={t('current password hint')}
          />
        </fieldset>
        <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
          {t('save')}
        </button>
      </Form>
    </AccountShell>
  );
}
