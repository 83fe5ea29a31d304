import { Link, redirect } from 'react-router';
import { AccountShell } from '../components/account/account-shell.tsx';
import { OrderDetailPanel } from '../components/account/order-list.tsx';
import { orderDetail } from '../lib/account/orders.server.ts';
import { useText } from '../lib/locale/use-text.ts';
import { routeMiddleware } from '../lib/router/route-middleware.server.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { rootText } from '../lib/seo/page-meta.ts';
import { notFound } from '../lib/shell/error-content.server.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/account-order';

export const middleware = routeMiddleware(['auth']);
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];
export const handle = { name: 'account-order' } satisfies RouteHandle;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = await storefrontContext(request, context);
  const customer = ctx.session?.customer;
  if (!customer) throw redirect(`/${ctx.locale.segment}/account/login`);
  const id = /^[1-9]\d{0,8}$/.test(params.orderId) ? Number(params.orderId) : null;
  // Another customer's order is not found for this one.
  const row = id === null ? null : await ctx.services.commerce.orders.find(id);
  if (!row || row.customerId !== customer.id)
    throw await notFound(ctx.services, ctx.locale, `Page not found: ${new URL(request.url).pathname}`);
  const [order, reviewable] = await Promise.all([
    orderDetail(ctx, row.id),
    ctx.services.commerce.reviews.reviewableIn(customer.id, row.id),
  ]);
  return { order, segment: ctx.locale.segment, isPro: customer.isPro, reviewable };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = rootText(matches);
  return [
    { title: `${t('order number', 'Order')} ${loaderData?.order.id ?? ''} | Ridgeline Snowshoe Co.` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const t = useText();
  return (
    <AccountShell
      segment={loaderData.segment}
      title={`${t('order number')} ${loaderData.order.id}`}
      isPro={loaderData.isPro}
    >
      <OrderDetailPanel order={loaderData.order} />
      {loaderData.reviewable.length > 0 ? (
        <section className="account-card" aria-labelledby="order-reviews">
          <h2 id="order-reviews">{t('reviews heading')}</h2>
          <ul>
            {loaderData.reviewable.map((line) => (
              <li key={line.productId}>
                <Link
                  to={`/${loaderData.segment}/account/orders/${loaderData.order.id}/review/${line.productId}`}
                >
                  {t('review this product', { product: line.name })}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </AccountShell>
  );
}
