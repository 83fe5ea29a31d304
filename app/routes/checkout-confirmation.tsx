import { Link } from 'react-router';
import { OrderDetailPanel } from '../components/account/order-list.tsx';
import { orderDetail } from '../lib/account/orders.server.ts';
import { useText } from '../lib/locale/use-text.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { rootText } from '../lib/seo/page-meta.ts';
import { notFound } from '../lib/shell/error-content.server.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import accountStyles from '../styles/account.css?url';
import checkoutStyles from '../styles/checkout.css?url';
import type { Route } from './+types/checkout-confirmation';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: checkoutStyles },
];
export const handle = { name: 'checkout-confirmation' } satisfies RouteHandle;

/** The order confirmation: only for the session that placed the order, or its signed-in customer. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = await storefrontContext(request, context);
  const commerce = ctx.services.commerce;
  const id = /^[1-9]\d{0,8}$/.test(params.orderId) ? Number(params.orderId) : null;
  const row = id === null ? null : await commerce.orders.find(id);
  const session = ctx.session;
  const mine =
    row !== null &&
    session !== null &&
    ((row.placedBySession !== null && row.placedBySession === session.sessionId) ||
      (session.customer !== null && row.customerId === session.customer.id));
  if (!row || !mine)
    throw await notFound(ctx.services, ctx.locale, `Page not found: ${new URL(request.url).pathname}`);
  const method = commerce.checkout.payment
    .methods({ regionId: row.regionId, isPro: true, total: row.total, currencyCode: row.currencyCode })
    .find((entry) => entry.id === row.paymentMethod);
  return {
    order: await orderDetail(ctx, row.id),
    email: row.email,
    instructionsKey: method?.instructionsKey ?? null,
    signedIn: Boolean(session?.customer),
    segment: ctx.locale.segment,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = rootText(matches);
  return [
    { title: `${t('order confirmed', 'Thank you for your order')} | Ridgeline Snowshoe Co.` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function CheckoutConfirmation({ loaderData }: Route.ComponentProps) {
  const t = useText();
  const { order, segment } = loaderData;
  return (
    <div className="container confirmation-page">
      <div className="confirmation-hero">
        <svg width="48" height="48" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="11" fill="var(--color-pine)" />
          <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <h1>{t('order confirmed')}</h1>
        <p className="confirmation-hero__number">
          {t('order number')} <strong data-order-number>{order.id}</strong>
        </p>
        <p>{t('confirmation email sent', { email: loaderData.email })}</p>
        {loaderData.instructionsKey ? (
          <p className="confirmation-hero__pay">{t(loaderData.instructionsKey, { order: order.id })}</p>
        ) : null}
      </div>
      <OrderDetailPanel order={order} />
      <p className="confirmation-links">
        <Link to={`/${segment}`} className="button">
          {t('continue shopping')}
        </Link>{' '}
        <Link
          to={loaderData.signedIn ? `/${segment}/account/orders` : `/${segment}/order-status`}
          className="button button--ghost"
        >
          {loaderData.signedIn ? t('my orders') : t('check order status')}
        </Link>
      </p>
    </div>
  );
}
