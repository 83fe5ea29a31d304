import { shopperFor } from '../lib/catalogue/catalogue.server.ts';
import { recentlyViewedHtml } from '../lib/recently-viewed/recently-viewed.server.ts';
import type { Route } from './+types/recently-viewed';

/**
 * Resource route: the row of the products a device viewed, as HTML at this region's prices (decision 0049). The
 * answer depends on the URL and the shopper's price group only: the browser may keep it a minute.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = await shopperFor(request, context);
  const html = await recentlyViewedHtml(shopper, new URL(request.url));
  return new Response(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, max-age=60',
      'X-Robots-Tag': 'noindex',
    },
  });
}
