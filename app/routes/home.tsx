import { servicesContext } from '#server/services.ts';
import { HomePage } from '../components/home-page.tsx';
import { storefrontRegions } from '../lib/home.server.ts';
import type { RouteHandle } from '../lib/layout.ts';
import type { Route } from './+types/home';

export const handle = { name: 'home', layout: 'flush-banner' } satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  return { regions: await storefrontRegions(context.get(servicesContext)) };
}

export function meta() {
  return [
    { title: 'Ridgeline Snowshoe Co. | Snowshoes and winter trail gear' },
    {
      name: 'description',
      content:
        'Snowshoes, poles and winter trail gear from Ridgeline Snowshoe Co., shipped across North America and Europe.',
    },
  ];
}

export default function Home({ loaderData, params }: Route.ComponentProps) {
  return <HomePage regions={loaderData.regions} localeSegment={params.lang} />;
}
