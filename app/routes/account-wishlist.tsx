import { useEffect, useState } from 'react';
import { Form, redirect, useRevalidator } from 'react-router';
import { AccountShell } from '../components/account/account-shell.tsx';
import { WishlistAlertForm } from '../components/wishlist/wishlist-alert.tsx';
import { WishlistItems } from '../components/wishlist/wishlist-items.tsx';
import { shopperFor } from '../lib/catalogue/catalogue.server.ts';
import { useText } from '../lib/locale/use-text.ts';
import { routeMiddleware } from '../lib/router/route-middleware.server.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { useHydrated } from '../lib/router/use-hydrated.ts';
import { rootText } from '../lib/seo/page-meta.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import { wishlistAlertAction } from '../lib/wishlist/alert-action.server.ts';
import { mergeDevice } from '../lib/wishlist/device.ts';
import { wishlistItems } from '../lib/wishlist/heart.server.ts';
import accountStyles from '../styles/account.css?url';
import wishlistCss from '../styles/wishlist.css?url';
import type { Route } from './+types/account-wishlist';

export const middleware = routeMiddleware(['auth']);
export const handle = { name: 'account-wishlist' } satisfies RouteHandle;
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: wishlistCss },
];

/** The account's wishlist (issue 45): on every device, with the region's prices and stock, and its share link. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = await shopperFor(request, context);
  const segment = shopper.locale.segment;
  if (shopper.customerId === null)
    throw redirect(
      `/${segment}/account/login?returnTo=${encodeURIComponent(`/${segment}/account/wishlist`)}`,
    );
  const { wishlists, wishlistAlerts, origin } = shopper.services;
  const items = await wishlists.list(shopper.customerId);
  const alerts = await wishlistAlerts.settings(shopper.customerId);
  const token = await wishlists.shareToken(shopper.customerId);
  return {
    segment,
    csrf: shopper.csrfToken ?? '',
    isPro: shopper.tile.isPro,
    tiles: await wishlistItems(
      shopper,
      items.map((item) => item.productId),
    ),
    shareUrl: `${origin}/${segment}/wishlist/${token}`,
    alerts: Object.fromEntries(
      alerts.map((alert) => [
        alert.productId,
        { on: alert.on, variantId: alert.variantId, sizes: alert.sizes },
      ]),
    ),
  };
}

/** The mail setting of one listed product (decision 0054); removing goes to the wishlist's own action. */
export async function action({ request, context }: Route.ActionArgs) {
  return wishlistAlertAction(await storefrontContext(request, context), await request.formData());
}

export function meta({ matches }: Route.MetaArgs) {
  const t = rootText(matches);
  return [
    { title: `${t('my wishlist', 'Wishlist')} | Ridgeline Snowshoe Co.` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AccountWishlist({ loaderData, actionData }: Route.ComponentProps) {
  const { segment, csrf, tiles, shareUrl, alerts } = loaderData;
  const t = useText();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [copied, setCopied] = useState(false);
  // A list saved on this device before signing in joins the account's, then the page shows it.
  useEffect(() => {
    void mergeDevice(segment, csrf).then((posted) => {
      if (posted) void revalidator.revalidate();
    });
  }, [segment, csrf, revalidator]);
  const copy = async () => {
    await navigator.clipboard.writeText(shareUrl).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <AccountShell segment={segment} title={t('my wishlist')} isPro={loaderData.isPro}>
      {tiles.length === 0 ? (
        <p>{t('wishlist empty')}</p>
      ) : (
        <WishlistItems
          items={tiles}
          action={(item) => (
            <>
              <Form method="post" action={`/${segment}/wishlist`}>
                <input type="hidden" name="csrf" value={csrf} />
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="product" value={item.id} />
                <input type="hidden" name="return" value={`/${segment}/account/wishlist`} />
                <button type="submit" className="button button--ghost wishlist-remove">
                  {t('wishlist remove')}
                  <span className="visually-hidden">: {item.title}</span>
                </button>
              </Form>
              {alerts[item.id] ? (
                <WishlistAlertForm
                  productId={item.id}
                  productTitle={item.title}
                  csrf={csrf}
                  action={`/${segment}/account/wishlist`}
                  alert={alerts[item.id]!}
                  refused={actionData?.ok === false && actionData.product === item.id}
                />
              ) : null}
            </>
          )}
        />
      )}
      <section className="wishlist-share" aria-labelledby="wishlist-share-heading">
        <h2 id="wishlist-share-heading">{t('wishlist share heading')}</h2>
        <p>{t('wishlist share hint')}</p>
        <div className="wishlist-share__row">
          <label className="visually-hidden" htmlFor="wishlist-share-url">
            {t('wishlist share link')}
          </label>
          <input
            id="wishlist-share-url"
            type="text"
            readOnly
            value={shareUrl}
            className="wishlist-share__url"
          />
          {hydrated ? (
            <button type="button" className="button" onClick={copy}>
              {t('wishlist copy link')}
            </button>
          ) : null}
        </div>
        <p role="status" className="wishlist-share__status">
          {copied ? t('wishlist link copied') : ''}
        </p>
      </section>
    </AccountShell>
  );
}
