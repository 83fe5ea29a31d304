import { index, type RouteConfig, route } from '@react-router/dev/routes';

// The SPEC §2 route table. Every page lives under /{lang}; later issues add their routes inside it.
export default [
  index('routes/index.tsx'),
  route(':lang', 'routes/locale-layout.tsx', [
    index('routes/home.tsx'),
    route('country', 'routes/country.tsx'),
    route('consent', 'routes/consent.tsx'),
    route('newsletter', 'routes/newsletter.tsx'),
    route('*', 'routes/locale-not-found.tsx'),
  ]),
] satisfies RouteConfig;
