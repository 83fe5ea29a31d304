import { data } from 'react-router';
import { absoluteMediaUrl, mediaUrl } from '#core/media-url.ts';
import { HomePage } from '../components/catalogue/home-page.tsx';
import { shopperFor } from '../lib/catalogue/catalogue.server.ts';
import { loadHome } from '../lib/catalogue/home.server.ts';
import { pageMeta, rootFacts } from '../lib/seo/page-meta.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import catalogueCss from '../styles/catalogue.css?url';
import homeCss from '../styles/home.css?url';
import type { Route } from './+types/home';

export const handle = { name: 'home', layout: 'flush-banner' } satisfies RouteHandle;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: catalogueCss },
  { rel: 'stylesheet', href: homeCss },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = await shopperFor(request, context);
  const home = await loadHome(shopper);
  return data(home, { headers: { 'Cache-Control': 'private, max-age=0, must-revalidate' } });
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const { origin, hreflang } = rootFacts(matches);
  const image = loaderData?.ogImage
    ? mediaUrl({ id: loaderData.ogImage }, { width: 1200, height: 630 })
    : null;
  return pageMeta({
    title: loaderData?.seoTitle ?? 'Ridgeline Snowshoe Co.',
    description: loaderData?.seoDescription ?? '',
    url: `${origin}${location.pathname}`,
    image: image ? absoluteMediaUrl(origin, image) : `${origin}/favicon.svg`,
    locale: hreflang,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage modules={loaderData.modules} />;
}
