import { Form, Link } from 'react-router';
import { Breadcrumbs } from '../components/editorial/breadcrumbs.tsx';
import { SnippetText } from '../components/search/snippet-text.tsx';
import { editorialMeta } from '../lib/editorial/meta.ts';
import { loadSupport } from '../lib/editorial/support.server.ts';
import { useText } from '../lib/locale/use-text.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { searchSupportArticles } from '../lib/search/search.server.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import editorialStyles from '../styles/editorial.css?url';
import type { Route } from './+types/support';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: editorialStyles }];
export const handle = { name: 'support' } satisfies RouteHandle;

// SPEC §2 support home: categories with their articles, and a search over support articles (?q=).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = await storefrontContext(request, context);
  const query = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 200);
  const [support, results] = await Promise.all([
    loadSupport(services, locale),
    query ? searchSupportArticles(services, locale, query) : Promise.resolve(null),
  ]);
  return {
    categories: support.categories,
    query,
    results,
    home: `/${locale.segment}`,
  };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  if (!loaderData) return [];
  return editorialMeta(matches, location.pathname, {
    title: 'Support | Ridgeline Snowshoe Co.',
    description: 'Sizing, bindings, care, warranty and orders: answers from the Ridgeline support team.',
  });
}

export default function Support({ loaderData }: Route.ComponentProps) {
  const t = useText();
  const { categories, query, results, home } = loaderData;
  return (
    <div className="ed-support">
      <section className="ed-support__hero">
        <div className="container">
          <Breadcrumbs
            items={[
              { name: 'Home', href: home },
              { name: t('support'), href: `${home}/support` },
            ]}
          />
          <h1>{t('support heading')}</h1>
          <Form method="get" role="search" className="ed-search-form">
            <label htmlFor="support-q" className="visually-hidden">
              {t('support search placeholder')}
            </label>
            <input
              id="support-q"
              name="q"
              type="search"
              defaultValue={query}
              placeholder={t('support search placeholder')}
              autoComplete="off"
            />
            <button type="submit" className="button">
              {t('search submit')}
            </button>
          </Form>
        </div>
      </section>
      <div className="container">
        {results ? (
          <section className="ed-support__results" aria-labelledby="support-results" aria-live="polite">
            <h2 id="support-results">{t('support results', { count: results.total, query })}</h2>
            {results.items.length === 0 ? (
              <p>{t('support no results')}</p>
            ) : (
              <ul className="ed-article-list">
                {results.items.map((item) => (
                  <li key={item.id}>
                    <Link to={item.href} className="ed-article-list__title">
                      {item.title}
                    </Link>
                    <p>
                      <SnippetText snippet={item.snippet} />
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
        <div className="ed-support__categories">
          {categories.map((category) => (
            <section
              key={category.uid}
              className="ed-support__category"
              aria-labelledby={`cat-${category.uid}`}
            >
              <h2 id={`cat-${category.uid}`}>{category.title}</h2>
              {category.description ? <p className="ed-muted">{category.description}</p> : null}
              <ul>
                {category.articles.map((article) => (
                  <li key={article.uid}>
                    <Link to={article.href}>{article.title}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
