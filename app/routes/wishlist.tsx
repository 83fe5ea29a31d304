import { useEffect } from 'react';
import { Link, redirect, useNavigate } from 'react-router';
import { parseIdList } from '#core/wishlist.ts';
import { WishlistItems } from '../components/wishlist/wishlist-items.tsx';
import { shopperFor } from '../lib/catalogue/catalogue.server.ts';
import { useText } from '../lib/locale/use-text.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { rootText } from '../lib/seo/page-meta.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import { wishlistAction } from '../lib/wishlist/action.server.ts';
import { readDevice, writeDevice } from '../lib/wishlist/device.ts';
import { wishlistItems } from '../lib/wishlist/heart.server.ts';
import wishlistCss from '../styles/wishlist.css?url';
import type { Route } from './+types/wishlist';

export const handle = { name: 'wishlist' } satisfies RouteHandle;
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: wishlistCss }];

/**
 * A guest's wishlist (issue 45): the list is on the device, so the page asks for its products by id in the URL
 * (`?ids=3,17`): the same answer for every guest with that list, which the page cache may keep. A signed-in
 * shopper has their account's list.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = await shopperFor(request, context);
  const segment = shopper.locale.segment;
  if (shopper.customerId !== null) throw redirect(`/${segment}/account/wishlist`);
  const params = new URL(request.url).searchParams;
  const ids = parseIdList(params.get('ids'));
  return { segment, asked: params.has('ids'), ids, tiles: await wishlistItems(shopper, ids) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return wishlistAction(await storefrontContext(request, context), await request.formData());
}

export function meta({ matches }: Route.MetaArgs) {
  const t = rootText(matches);
  return [
    { title: `${t('wishlist title', 'Your wishlist')} | Ridgeline Snowshoe Co.` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Wishlist({ loaderData }: Route.ComponentProps) {
  const { segment, asked, ids, tiles } = loaderData;
  const t = useText();
  const navigate = useNavigate();
  const shown = ids.join(',');
  // The device's list decides what this page shows: ask the server for its products when the URL differs.
  useEffect(() => {
    const onDevice = readDevice()
      .map((entry) => entry.productId)
      .join(',');
    if (!asked || onDevice !== shown) navigate(`/${segment}/wishlist?ids=${onDevice}`, { replace: true });
  }, [asked, shown, segment, navigate]);
  const remove = (productId: number) => {
    const rest = readDevice().filter((entry) => entry.productId !== productId);
    writeDevice(rest);
    navigate(`/${segment}/wishlist?ids=${rest.map((entry) => entry.productId).join(',')}`, { replace: true });
  };
  return (
    <div className="container wishlist-page">
      <h1>{t('wishlist title')}</h1>
      <p className="wishlist-page__note">
        {t('wishlist device note')}{' '}
        <Link to={`/${segment}/account/login?returnTo=${encodeURIComponent(`/${segment}/account/wishlist`)}`}>
          {t('wishlist sign in')}
        </Link>
      </p>
      {asked ? null : (
        <noscript>
          <p>{t('wishlist needs script')}</p>
        </noscript>
      )}
      {asked && tiles.length === 0 ? <p>{t('wishlist empty')}</p> : null}
      {tiles.length > 0 ? (
        <WishlistItems
          items={tiles}
          action={(item) => (
            <button
              type="button"
              className="button button--ghost wishlist-remove"
              onClick={() => remove(item.id)}
            >
              {t('wishlist remove')}
              <span className="visually-hidden">: {item.title}</span>
            </button>
          )}
        />
      ) : null}
    </div>
  );
}
