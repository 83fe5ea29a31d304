import { servicesContext } from '#server/services.ts';
import { HomePage } from '../components/home-page.tsx';
import { storefrontRegions } from '../lib/home.server.ts';
import type { RouteHandle } from '../lib/layout.ts';
import type { Route } from './+types/index';

export { meta } from './home.tsx';

// `/` is the en-us home (SPEC §2).
export const handle = { name: 'index', layout: 'flush-banner' } satisfies RouteHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  return {
    regions: await storefrontRegions(services),
    origin: services.config.PUBLIC_BASE_URL ?? new URL(request.url).origin,
  };
}

export default function Index({ loaderData }: Route.ComponentProps) {
  return <HomePage regions={loaderData.regions} localeSegment="en-us" origin={loaderData.origin} />;
}
