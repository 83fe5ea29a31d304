import { Form, Link, useSubmit } from 'react-router';
import { Breadcrumbs } from '../components/editorial/breadcrumbs.tsx';
import { EditorialImage } from '../components/editorial/editorial-image.tsx';
import { Pager } from '../components/editorial/pager.tsx';
import { HeaderSearch } from '../components/search/header-search.tsx';
import { sendClick } from '../components/search/send-click.ts';
import { SnippetText } from '../components/search/snippet-text.tsx';
import { shopperFor } from '../lib/catalogue/catalogue.server.ts';
import { editorialMeta } from '../lib/editorial/meta.ts';
import { useText } from '../lib/locale/use-text.ts';
import { loadSearchPage } from '../lib/search/search.server.ts';
import { SORTS, searchHref, searchState, toggle } from '../lib/search/search-view.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import { withSearchHearts } from '../lib/wishlist/heart.server.ts';
import editorialStyles from '../styles/editorial.css?url';
import searchStyles from '../styles/search-page.css?url';
import type { Route } from './+types/search';

// The hearts' enhancer, as on a category (decision 0048): started when idle, it only touches the results' server
// HTML.
if (typeof document !== 'undefined') void import('../lib/wishlist/enhance.ts');

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: editorialStyles },
  { rel: 'stylesheet', href: searchStyles },
];
export const handle = { name: 'search' } satisfies RouteHandle;

// SPEC §2 search page with the §3 search content: results, facets, sorting, paging, did-you-mean, empty state.
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = await shopperFor(request, context);
  const { services, locale } = shopper;
  const url = new URL(request.url);
  const state = searchState(url.searchParams);
  const view = await loadSearchPage(services, locale, state);
  const results = view.results
    ? {
        ...view.results,
        items: await withSearchHearts(shopper, view.results.items, `${url.pathname}${url.search}`),
      }
    : null;
  return { ...view, results, segment: locale.segment, home: `/${locale.segment}` };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  if (!loaderData) return [];
  const q = loaderData.state.q;
  return [
    ...editorialMeta(matches, location.pathname, {
      title: q ? `Search: ${q} | Ridgeline Snowshoe Co.` : 'Search | Ridgeline Snowshoe Co.',
      description: 'Search snowshoes, accessories, journal stories and support answers.',
    }),
    { name: 'robots', content: 'noindex, follow' },
  ];
}

const FACET_LABEL = {
  type: 'search type',
  category: 'search category',
  colours: 'search colour',
  price: 'search price',
} as const;

export default function Search({ loaderData }: Route.ComponentProps) {
  const t = useText();
  const submit = useSubmit();
  const { state, results, menus, noResultsCopy, error, segment, home } = loaderData;
  const base = `${home}/search`;
  const didYouMean = t('did you mean').split('{suggestion}');
  const autoSubmit = (event: React.ChangeEvent<HTMLFormElement>) => submit(event.currentTarget);
  const selected = (name: string, value: string) =>
    name === 'type'
      ? (state.type as string[]).includes(value)
      : name === 'category'
        ? state.category.includes(value)
        : name === 'colours'
          ? state.colour.includes(value)
          : state.price === value;
  const paramName = (name: string) => (name === 'colours' ? 'colour' : name);
  const valueLabel = (name: string, value: string) =>
    name === 'type'
      ? t(`search type ${value}`)
      : name === 'price'
        ? value.endsWith('-')
          ? `${value.slice(0, -1)}+`
          : value.replace('-', '–')
        : value;

  return (
    <div className="container search-page">
      <Breadcrumbs
        items={[
          { name: 'Home', href: home },
          { name: t('search heading'), href: base },
        ]}
      />
      <header className="search-page__header">
        <h1>{state.q ? t('search results heading', { query: state.q }) : t('search heading')}</h1>
        <HeaderSearch localeSegment={segment} initialQuery={state.q} className="header-search--page" />
        {results ? (
          <p className="search-page__count" aria-live="polite">
            {t('search results count', { count: results.total })}
          </p>
        ) : null}
        {results?.correctedQuery && state.q ? (
          <p className="search-page__dym">
            {didYouMean[0]}
            <Link to={searchHref(base, state, { q: results.correctedQuery })}>{results.correctedQuery}</Link>
            {didYouMean[1]}
          </p>
        ) : null}
      </header>
      {error ? (
        <p className="form-error" role="alert">
          {t('search unavailable')}
        </p>
      ) : null}
      {results && results.total === 0 ? (
        <section className="search-empty" aria-labelledby="search-empty">
          <h2 id="search-empty">{t('search no results', { query: state.q })}</h2>
          {noResultsCopy ? <p>{noResultsCopy}</p> : null}
          <div className="search-empty__menus">
            {[...menus.main, ...menus.sidebar].map((item) => (
              <nav key={item.id} aria-label={item.title}>
                <h3>{item.link ? <Link to={item.link.href}>{item.title}</Link> : item.title}</h3>
                <ul>
                  {item.columns
                    .flatMap((column) => column.links)
                    .slice(0, 6)
                    .map((link) => (
                      <li key={link.href}>
                        <Link to={link.href}>{link.title}</Link>
                      </li>
                    ))}
                </ul>
              </nav>
            ))}
          </div>
        </section>
      ) : null}
      {results && results.total > 0 ? (
        <div className="search-layout">
          <aside className="search-facets" aria-label={t('filter')}>
            <Form method="get" action={base} onChange={autoSubmit} className="search-facets__form">
              <input type="hidden" name="q" value={state.q} />
              {state.sort !== 'relevance' ? <input type="hidden" name="sort" value={state.sort} /> : null}
              {results.facets
                .filter(
                  (facet) =>
                    facet.values.some((value) => value.count > 0) ||
                    facet.values.some((value) => selected(facet.name, value.value)),
                )
                .map((facet) => (
                  <fieldset key={facet.name} className="search-facet">
                    <legend>{t(FACET_LABEL[facet.name])}</legend>
                    {facet.values
                      .filter((value) => value.count > 0 || selected(facet.name, value.value))
                      .map((value) => (
                        <label key={value.value} className="search-facet__option">
                          <input
                            type={facet.name === 'price' ? 'radio' : 'checkbox'}
                            name={paramName(facet.name)}
                            value={value.value}
                            defaultChecked={selected(facet.name, value.value)}
                          />
                          <span>{valueLabel(facet.name, value.value)}</span>
                          <span className="search-facet__count">{value.count}</span>
                        </label>
                      ))}
                  </fieldset>
                ))}
              <noscript>
                <button type="submit" className="button">
                  {t('search apply filters')}
                </button>
              </noscript>
              {state.type.length + state.category.length + state.colour.length > 0 || state.price ? (
                <Link
                  to={searchHref(base, { ...state, type: [], category: [], colour: [], price: null })}
                  className="search-facets__clear"
                >
                  {t('clear filters')}
                </Link>
              ) : null}
            </Form>
          </aside>
          <section className="search-results" aria-labelledby="search-results-heading">
            <div className="search-results__bar">
              <h2 id="search-results-heading" className="visually-hidden">
                {t('search results count', { count: results.total })}
              </h2>
              <div className="search-chips">
                {state.category.map((value) => (
                  <Link
                    key={`c-${value}`}
                    className="chip chip--remove"
                    to={searchHref(base, state, { category: toggle(state.category, value) })}
                  >
                    {value} <span aria-hidden="true">×</span>
                  </Link>
                ))}
                {state.colour.map((value) => (
                  <Link
                    key={`o-${value}`}
                    className="chip chip--remove"
                    to={searchHref(base, state, { colour: toggle(state.colour, value) })}
                  >
                    {value} <span aria-hidden="true">×</span>
                  </Link>
                ))}
              </div>
              <Form method="get" action={base} onChange={autoSubmit} className="search-sort">
                <input type="hidden" name="q" value={state.q} />
                {state.type.map((value) => (
                  <input key={value} type="hidden" name="type" value={value} />
                ))}
                {state.category.map((value) => (
                  <input key={value} type="hidden" name="category" value={value} />
                ))}
                {state.colour.map((value) => (
                  <input key={value} type="hidden" name="colour" value={value} />
                ))}
                {state.price ? <input type="hidden" name="price" value={state.price} /> : null}
                <label htmlFor="search-sort">{t('sort by')}</label>
                <select id="search-sort" name="sort" defaultValue={state.sort}>
                  {SORTS.map((sort) => (
                    <option key={sort} value={sort}>
                      {t(
                        `search sort ${sort === 'price_asc' ? 'price asc' : sort === 'price_desc' ? 'price desc' : sort === 'name' ? 'name' : 'relevance'}`,
                      )}
                    </option>
                  ))}
                </select>
                <noscript>
                  <button type="submit" className="button button--ghost">
                    {t('sort by')}
                  </button>
                </noscript>
              </Form>
            </div>
            <ol className="search-results__list">
              {results.items.map((item, index) => (
                <li key={item.id} className={`search-result search-result--${item.type}`}>
                  <Link
                    to={item.href}
                    className="search-result__link"
                    onClick={() =>
                      sendClick(segment, {
                        query: state.q,
                        documentId: item.id,
                        requestId: item.requestId,
                        source: 'results',
                      })
                    }
                  >
                    <EditorialImage image={item.image} eager={index < 4} className="search-result__image" />
                    <span className="search-result__body">
                      <span className="eyebrow">
                        {item.type === 'product' && item.category
                          ? item.category
                          : t(`search type ${item.type}`)}
                      </span>
                      <span className="search-result__title">{item.title}</span>
                      {item.snippet ? (
                        <span className="search-result__snippet">
                          <SnippetText snippet={item.snippet} />
                        </span>
                      ) : null}
                      {item.price ? (
                        <span className="search-result__price">
                          {item.priceFrom ? t('price from', { price: item.price }) : item.price}
                        </span>
                      ) : null}
                    </span>
                  </Link>
                  {item.heart ? (
                    // Server HTML React never changes, so the hearts' enhancer may (heart.server.ts).
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by React on the server
                    <div className="search-result__heart" dangerouslySetInnerHTML={{ __html: item.heart }} />
                  ) : null}
                </li>
              ))}
            </ol>
            <Pager
              page={results.page}
              totalPages={results.totalPages}
              base={base}
              hrefFor={(page) => searchHref(base, state, { page })}
            />
          </section>
        </div>
      ) : null}
    </div>
  );
}
