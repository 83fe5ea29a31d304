import { useEffect } from 'react';
import { Link } from 'react-router';
import { AccountShell } from '../components/account/account-shell.tsx';
import { OrderList } from '../components/account/order-list.tsx';
import { orderSummaries } from '../lib/account/orders.server.ts';
import { useText } from '../lib/locale/use-text.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { rootText } from '../lib/seo/page-meta.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/account';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];
export const handle = { name: 'account' } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = await storefrontContext(request, context);
  const customer = ctx.session?.customer ?? null;
  if (!customer)
    return { customer: null, segment: ctx.locale.segment, orders: [], addressCount: 0, csrf: null };
  const commerce = ctx.services.commerce;
  const [orders, addresses] = await Promise.all([
    orderSummaries(ctx, customer.id),
    commerce.customers.addresses(customer.id),
  ]);
  return {
    customer: {
      firstName: customer.first_name,
      lastName: customer.last_name,
      email: customer.email,
      isPro: customer.isPro,
    },
    segment: ctx.locale.segment,
    orders: orders.slice(0, 3),
    addressCount: addresses.length,
    // Where sign-in lands: a wishlist kept on this device before joins the account here (decision 0048).
    csrf: ctx.session?.csrfToken ?? null,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = rootText(matches);
  return [
    { title: `${t('my account', 'My account')} | Ridgeline Snowshoe Co.` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const t = useText();
  const { customer, segment, csrf } = loaderData;
  useEffect(() => {
    if (csrf) void import('../lib/wishlist/device.ts').then((device) => device.mergeDevice(segment, csrf));
  }, [segment, csrf]);
  if (!customer) {
    return (
      <div className="container account-auth account-auth--single">
        <section className="auth-card">
          <h1>{t('my account')}</h1>
          <p>{t('account signed out copy')}</p>
          <Link to={`/${segment}/account/login`} className="button button--block">
            {t('sign in')}
          </Link>
          <Link to={`/${segment}/account/create`} className="button button--ghost button--block">
            {t('create account')}
          </Link>
          <p className="auth-card__aside">
            <Link to={`/${segment}/order-status`}>{t('check order status')}</Link>
          </p>
        </section>
      </div>
    );
  }
  return (
    <AccountShell
      segment={segment}
      title={t('hello name', { name: customer.firstName })}
      isPro={customer.isPro}
    >
      <div className="account-cards">
        <section className="account-card">
          <h2>{t('my profile')}</h2>
          <p>
            {customer.firstName} {customer.lastName}
            <br />
            {customer.email}
          </p>
          <Link to={`/${segment}/account/profile`}>{t('edit profile')}</Link>
        </section>
        <section className="account-card">
          <h2>{t('my addresses')}</h2>
          <p>{t('saved addresses count', { count: loaderData.addressCount })}</p>
          <Link to={`/${segment}/account/addresses`}>{t('manage addresses')}</Link>
        </section>
      </div>
      <section className="account-section">
        <h2>{t('recent orders')}</h2>
        <OrderList orders={loaderData.orders} segment={segment} />
        <Link to={`/${segment}/account/orders`}>{t('all orders')}</Link>
      </section>
    </AccountShell>
  );
}
