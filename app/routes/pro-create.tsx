import { data, redirect } from 'react-router';
import { SignUpCard } from '../components/account/sign-up-card.tsx';
import { ProFields } from '../components/pro/pro-fields.tsx';
import { type ActionErrors, formObject, parseForm } from '../lib/account/forms.ts';
import { proApplication, proCreateSchema } from '../lib/account/schemas.ts';
import { signUpAction } from '../lib/account/sign-up.server.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { rootText } from '../lib/seo/page-meta.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
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
  // The application is kept with the sign-up and stored with the account when the mail's link is followed.
  return signUpAction(ctx, {
    token: parsed.data.token,
    input: parsed.data,
    options: {
      locale: ctx.locale.segment,
      proApplication: proApplication(parsed.data, ctx.locale.segment),
    },
    values,
    sentPath: 'pro/create',
  });
}

export function meta({ matches }: Route.MetaArgs) {
  const t = rootText(matches);
  return [{ title: `${t('create pro account', 'Create a pro account')} | Ridgeline Snowshoe Co.` }];
}

export default function ProCreate({ loaderData, actionData }: Route.ComponentProps) {
  return <SignUpCard page="pro" loaderData={loaderData} actionData={actionData} moreFields={ProFields} />;
}
