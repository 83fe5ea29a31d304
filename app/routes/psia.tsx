import { Breadcrumbs } from '../components/editorial/breadcrumbs.tsx';
import { RichText } from '../components/editorial/rich-text.tsx';
import { editorialMeta } from '../lib/editorial/meta.ts';
import { loadPsia } from '../lib/editorial/psia.server.ts';
import { useText } from '../lib/locale/use-text.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { notFound } from '../lib/shell/error-content.server.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import editorialStyles from '../styles/editorial.css?url';
import type { Route } from './+types/psia';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: editorialStyles }];
export const handle = { name: 'psia' } satisfies RouteHandle;

// SPEC §2 psia: product safety and information (safety notices, load limits, materials, certifications).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = await storefrontContext(request, context);
  const psia = await loadPsia(services, locale);
  if (!psia) throw await notFound(services, locale, `Page not found: ${new URL(request.url).pathname}`);
  return { ...psia, home: `/${locale.segment}` };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  return editorialMeta(matches, location.pathname, loaderData?.page.seo);
}

export default function Psia({ loaderData }: Route.ComponentProps) {
  const t = useText();
  const { page, notices, sections, home } = loaderData;
  return (
    <div className="container ed-page ed-page--wide">
      <Breadcrumbs
        items={[
          { name: 'Home', href: home },
          { name: page.title, href: `${home}/psia` },
        ]}
      />
      <h1>{page.heading}</h1>
      <RichText html={page.html} className="ed-prose ed-lede" />
      <section aria-labelledby="notices" className="ed-notices">
        <h2 id="notices">{t('safety notices')}</h2>
        <ul>
          {notices.map((notice) => (
            <li key={notice.title} className={`notice${notice.resolved ? ' notice--resolved' : ''}`}>
              <p className="notice__status">
                <span className="badge">{notice.resolved ? t('notice resolved') : t('notice advisory')}</span>{' '}
                <time dateTime={notice.date}>{notice.dateText}</time>
              </p>
              <h3>{notice.title}</h3>
              <p className="ed-muted">
                {t('affected products')}: {notice.products}
              </p>
              <RichText html={notice.html} />
            </li>
          ))}
        </ul>
      </section>
      <div className="ed-info-grid">
        {sections.map((section) => (
          <section key={section.heading} className="ed-info">
            <h2>{section.heading}</h2>
            <RichText html={section.html} />
          </section>
        ))}
      </div>
    </div>
  );
}
