import { Breadcrumbs } from '../components/editorial/breadcrumbs.tsx';
import { LandingModules } from '../components/editorial/landing-modules.tsx';
import { RichText } from '../components/editorial/rich-text.tsx';
import { editorialMeta } from '../lib/editorial/meta.ts';
import { loadPage } from '../lib/editorial/pages.server.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { notFound } from '../lib/shell/error-content.server.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import editorialStyles from '../styles/editorial.css?url';
import type { Route } from './+types/page';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: editorialStyles }];
export const handle = { name: 'page' } satisfies RouteHandle;

// SPEC §2 generic content page (and the pro area's content, which has no prefix): the page whose url is /{page}.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services, locale } = await storefrontContext(request, context);
  const page = await loadPage(services, locale, `/${params.page}`, ['generic', 'pro']);
  if (!page) throw await notFound(services, locale, `Page not found: ${new URL(request.url).pathname}`);
  const { extra: _extra, ...view } = page;
  return { page: view, home: `/${locale.segment}` };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  return editorialMeta(matches, location.pathname, loaderData?.page.seo);
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page, home } = loaderData;
  const crumbs = [
    { name: 'Home', href: home },
    { name: page.title, href: `${home}/${page.uid}` },
  ];
  if (page.modules.length > 0) {
    return (
      <div className="ed-landing">
        <div className="container">
          <Breadcrumbs items={crumbs} />
        </div>
        {page.modules[0]?.type === 'banner' ? null : <h1 className="container ed-title">{page.heading}</h1>}
        <LandingModules modules={page.modules} />
      </div>
    );
  }
  return (
    <article className="container ed-page">
      <Breadcrumbs items={crumbs} />
      <h1>{page.heading}</h1>
      <RichText html={page.html} className="ed-prose" />
    </article>
  );
}
