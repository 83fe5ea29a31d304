import { Form, Link } from 'react-router';
import { Breadcrumbs } from '../components/editorial/breadcrumbs.tsx';
import { RichText } from '../components/editorial/rich-text.tsx';
import { editorialMeta } from '../lib/editorial/meta.ts';
import { loadArticle } from '../lib/editorial/support.server.ts';
import { useText } from '../lib/locale/use-text.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { notFound } from '../lib/shell/error-content.server.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import editorialStyles from '../styles/editorial.css?url';
import type { Route } from './+types/support-article';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: editorialStyles }];
export const handle = { name: 'support-article' } satisfies RouteHandle;

// SPEC §2 support article, with its category's other articles and the support search.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services, locale } = await storefrontContext(request, context);
  const found = await loadArticle(services, locale, params.uid);
  if (!found) throw await notFound(services, locale, `Page not found: ${new URL(request.url).pathname}`);
  return { ...found, home: `/${locale.segment}` };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  return editorialMeta(matches, location.pathname, loaderData?.article.seo, 'article');
}

export default function SupportArticle({ loaderData }: Route.ComponentProps) {
  const t = useText();
  const { article, category, siblings, categories, home } = loaderData;
  return (
    <div className="container ed-article">
      <Breadcrumbs
        items={[
          { name: 'Home', href: home },
          { name: t('support'), href: `${home}/support` },
          { name: article.title, href: article.href },
        ]}
      />
      <div className="ed-article__layout">
        <article className="ed-article__main">
          {category ? <p className="eyebrow">{category.title}</p> : null}
          <h1>{article.title}</h1>
          <RichText html={article.html} className="ed-prose" />
          <p className="ed-muted">
            {t('support still need help')} <Link to={`${home}/support`}>{t('contact us')}</Link>
          </p>
        </article>
        <aside className="ed-article__aside" aria-label={t('support')}>
          <Form
            method="get"
            action={`${home}/support`}
            role="search"
            className="ed-search-form ed-search-form--small"
          >
            <label htmlFor="article-q" className="visually-hidden">
              {t('support search placeholder')}
            </label>
            <input id="article-q" name="q" type="search" placeholder={t('support search placeholder')} />
            <button type="submit" className="button">
              {t('search submit')}
            </button>
          </Form>
          {siblings.length > 0 ? (
            <section aria-labelledby="in-category">
              <h2 id="in-category" className="ed-aside__heading">
                {t('more in category', { category: category?.title ?? '' })}
              </h2>
              <ul>
                {siblings.map((item) => (
                  <li key={item.uid}>
                    <Link to={item.href}>{item.title}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="support-topics">
            <h2 id="support-topics" className="ed-aside__heading">
              {t('support topics')}
            </h2>
            <ul>
              {categories.map((item) => (
                <li key={item.uid}>
                  <Link to={`${home}/support#cat-${item.uid}`}>{item.title}</Link>
                </li>
              ))}
            </ul>
          </section>
        </aside>
      </div>
    </div>
  );
}
