import { data, redirect } from 'react-router';
import { SignUpCard } from '../components/account/sign-up-card.tsx';
import { afterSignIn } from '../lib/account/auth.server.ts';
import { type ActionErrors, parseForm } from '../lib/account/forms.ts';
import { createAccountSchema } from '../lib/account/schemas.ts';
import { signUpAction } from '../lib/account/sign-up.server.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { rootText } from '../lib/seo/page-meta.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
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
  const { returnTo, ...input } = parsed.data;
  return signUpAction(ctx, {
    token: parsed.data.token,
    input,
    options: { locale: ctx.locale.segment, returnTo: returnTo || null },
    values,
    sentPath: 'account/create',
  });
}

export function meta({ matches }: Route.MetaArgs) {
  const t = rootText(matches);
  return [{ title: `${t('create account', 'Create account')} | Ridgeline Snowshoe Co.` }];
}

export default function AccountCreate({ loaderData, actionData }: Route.ComponentProps) {
  return <SignUpCard page="account" loaderData={loaderData} actionData={actionData} />;
}
