import { redirect } from 'react-router';
import { AccountShell } from '../components/account/account-shell.tsx';
import { OrderList } from '../components/account/order-list.tsx';
import { orderSummaries } from '../lib/account/orders.server.ts';
import { useText } from '../lib/locale/use-text.ts';
import { routeMiddleware } from '../lib/router/route-middleware.server.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { rootText } from '../lib/seo/page-meta.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/account-orders';

export const middleware = routeMiddleware(['auth']);
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];
export const handle = { name: 'account-orders' } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = await storefrontContext(request, context);
  const customer = ctx.session?.customer;
  if (!customer) throw redirect(`/${ctx.locale.segment}/account/login`);
  return {
    orders: await orderSummaries(ctx, customer.id),
    segment: ctx.locale.segment,
    isPro: customer.isPro,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = rootText(matches);
  return [
    { title: `${t('my orders', 'Orders')} | Ridgeline Snowshoe Co.` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  const t = useText();
  return (
    <AccountShell segment={loaderData.segment} title={t('my orders')} isPro={loaderData.isPro}>
      <OrderList orders={loaderData.orders} segment={loaderData.segment} />
    </AccountShell>
  );
}
