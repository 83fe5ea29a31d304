import { Breadcrumbs } from '../components/editorial/breadcrumbs.tsx';
import { LandingModules } from '../components/editorial/landing-modules.tsx';
import { RichText } from '../components/editorial/rich-text.tsx';
import { editorialMeta } from '../lib/editorial/meta.ts';
import { loadPage } from '../lib/editorial/pages.server.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { notFound } from '../lib/shell/error-content.server.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import editorialStyles from '../styles/editorial.css?url';
import type { Route } from './+types/landing';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: editorialStyles }];
export const handle = { name: 'landing', layout: 'flush-banner' } satisfies RouteHandle;

// SPEC §2 landing page (/l/...): the landing page whose url is the rest of the path.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services, locale } = await storefrontContext(request, context);
  const path = `/${(params['*'] ?? '').replace(/\/+$/, '')}`;
  const page = path === '/' ? null : await loadPage(services, locale, path, ['landing']);
  if (!page) throw await notFound(services, locale, `Page not found: ${new URL(request.url).pathname}`);
  const { extra: _extra, ...view } = page;
  return { page: view, home: `/${locale.segment}`, path };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  return editorialMeta(matches, location.pathname, loaderData?.page.seo);
}

export default function LandingPage({ loaderData }: Route.ComponentProps) {
  const { page, home, path } = loaderData;
  const startsWithBanner = page.modules[0]?.type === 'banner';
  return (
    <div className="ed-landing">
      {startsWithBanner ? null : <h1 className="container ed-title">{page.heading}</h1>}
      <LandingModules modules={page.modules} />
      {page.html ? <RichText html={page.html} className="container ed-prose" /> : null}
      <div className="container">
        <Breadcrumbs
          items={[
            { name: 'Home', href: home },
            { name: page.title, href: `${home}/l${path}` },
          ]}
        />
      </div>
    </div>
  );
}
