import { data } from 'react-router';
import { ComparePage } from '../components/compare/compare-page.tsx';
import { addToCartAction } from '../lib/catalogue/cart-action.server.ts';
import { shopperFor } from '../lib/catalogue/catalogue.server.ts';
import { loadCompare } from '../lib/compare/compare.server.ts';
import { rootText } from '../lib/seo/page-meta.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import compareCss from '../styles/compare.css?url';
import type { Route } from './+types/compare';

export const handle = { name: 'compare' } satisfies RouteHandle;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: compareCss }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = await shopperFor(request, context);
  const compare = await loadCompare(shopper, new URL(request.url));
  return data(
    { compare, csrfToken: shopper.csrfToken },
    { headers: { 'Cache-Control': 'private, max-age=0, must-revalidate' } },
  );
}

/** Add to cart from a column: the product page's form, posted here so the shopper stays on the comparison. */
export async function action({ request, context }: Route.ActionArgs) {
  return addToCartAction(request, context, await request.formData());
}

export function meta({ matches }: Route.MetaArgs) {
  const t = rootText(matches);
  return [
    { title: `${t('compare title', 'Compare products')} | Ridgeline Snowshoe Co.` },
    // A comparison is the shopper's own choice of products: any URL of it is no page for a search index.
    { name: 'robots', content: 'noindex, follow' },
  ];
}

export default function Compare({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ComparePage data={loaderData.compare} csrfToken={loaderData.csrfToken} added={actionData ?? null} />
  );
}
