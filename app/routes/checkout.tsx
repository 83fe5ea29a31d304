import { data, redirect } from 'react-router';
import { CheckoutForm } from '../components/checkout/checkout-form.tsx';
import { checkoutData, placeOrderFromForm } from '../lib/checkout/checkout.server.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { rootText } from '../lib/seo/page-meta.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import accountStyles from '../styles/account.css?url';
import checkoutStyles from '../styles/checkout.css?url';
import type { Route } from './+types/checkout';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: checkoutStyles },
];
export const handle = { name: 'checkout' } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = await storefrontContext(request, context);
  if (!ctx.locale.shoppingRegion) throw redirect(`/${ctx.locale.segment}/cart`);
  const checkout = await checkoutData(ctx);
  if (!checkout) throw redirect(`/${ctx.locale.segment}/cart`);
  return { ...checkout, segment: ctx.locale.segment };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = await storefrontContext(request, context);
  if (!ctx.locale.shoppingRegion) throw redirect(`/${ctx.locale.segment}/cart`);
  const form = await request.formData();
  const result = await placeOrderFromForm(ctx, form);
  if (result.ok) throw redirect(`/${ctx.locale.segment}/checkout/confirmation/${result.orderId}`, 303);
  // The cart closed or changed under the form, or part of it sold out: the cart page shows what is there now
  // (a sold-out line marked), with the reason. In a flash sale most answers are this one, and a redirect costs a
  // fraction of the checkout page rendered again.
  if (result.formError === 'error stale cart')
    throw redirect(`/${ctx.locale.segment}/cart?notice=stale-cart`, 303);
  if (result.formError === 'error sold out')
    throw redirect(`/${ctx.locale.segment}/cart?notice=sold-out`, 303);
  const { status, ...errors } = result;
  return data(errors, { status });
}

export function meta({ matches }: Route.MetaArgs) {
  const t = rootText(matches);
  return [
    { title: `${t('checkout', 'Checkout')} | Ridgeline Snowshoe Co.` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutForm data={loaderData} actionData={actionData ?? null} />;
}
