import { servicesContext } from '#server/services.ts';
import { HomePage } from '../components/home-page.tsx';
import { storefrontRegions } from '../lib/home.server.ts';
import type { RouteHandle } from '../lib/layout.ts';
import type { Route } from './+types/index';

export { meta } from './home.tsx';

// `/` is the en-us home (SPEC §2).
export const handle = { name: 'index', layout: 'flush-banner' } satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  return { regions: await storefrontRegions(context.get(servicesContext)) };
}

export default function Index({ loaderData }: Route.ComponentProps) {
  return <HomePage regions={loaderData.regions} localeSegment="en-us" />;
}
