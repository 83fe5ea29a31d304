import { WishlistItems } from '../components/wishlist/wishlist-items.tsx';
import { shopperFor } from '../lib/catalogue/catalogue.server.ts';
import { useText } from '../lib/locale/use-text.ts';
import { rootText } from '../lib/seo/page-meta.ts';
import { notFound } from '../lib/shell/error-content.server.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import { wishlistItems } from '../lib/wishlist/heart.server.ts';
import wishlistCss from '../styles/wishlist.css?url';
import type { Route } from './+types/wishlist-shared';

export const handle = { name: 'wishlist-shared' } satisfies RouteHandle;
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: wishlistCss }];

/**
 * A wishlist shared by its link (issue 45): read-only, in the visitor's region's prices; the token is all it
 * takes and all it gives (no name of the owner, nothing to change); not for search engines.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const shopper = await shopperFor(request, context);
  const items = await shopper.services.wishlists.shared(params.token);
  if (!items) throw await notFound(shopper.services, shopper.locale, 'Wishlist Not Found');
  return {
    tiles: await wishlistItems(
      shopper,
      items.map((item) => item.productId),
    ),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = rootText(matches);
  return [
    { title: `${t('wishlist shared title', 'A shared wishlist')} | Ridgeline Snowshoe Co.` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function SharedWishlist({ loaderData }: Route.ComponentProps) {
  const t = useText();
  return (
    <div className="container wishlist-page">
      <h1>{t('wishlist shared title')}</h1>
      <p className="wishlist-page__note">{t('wishlist shared intro')}</p>
      {loaderData.tiles.length === 0 ? (
        <p>{t('wishlist shared empty')}</p>
      ) : (
        <WishlistItems items={loaderData.tiles} />
      )}
    </div>
  );
}
