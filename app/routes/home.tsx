import { servicesContext } from '#server/services.ts';
import { HomePage } from '../components/home-page.tsx';
import { storefrontRegions } from '../lib/home.server.ts';
import type { RouteHandle } from '../lib/layout.ts';
import { pageMeta, rootFacts } from '../lib/page-meta.ts';
import type { Route } from './+types/home';

export const handle = { name: 'home', layout: 'flush-banner' } satisfies RouteHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  return {
    regions: await storefrontRegions(services),
    origin: services.config.PUBLIC_BASE_URL ?? new URL(request.url).origin,
  };
}

export function meta({ matches, location }: Route.MetaArgs) {
  const { origin, hreflang } = rootFacts(matches);
  return pageMeta({
    title: 'Ridgeline Snowshoe Co. | Snowshoes and winter trail gear',
    description:
      'Snowshoes, poles and winter trail gear from Ridgeline Snowshoe Co., shipped across North America and Europe.',
    url: `${origin}${location.pathname}`,
    image: `${origin}/favicon.svg`,
    locale: hreflang,
  });
}

export default function Home({ loaderData, params }: Route.ComponentProps) {
  return <HomePage regions={loaderData.regions} localeSegment={params.lang} origin={loaderData.origin} />;
}
