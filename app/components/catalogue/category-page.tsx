import { type ReactNode, useEffect, useState } from 'react';
import { Form, Link, useLocation, useNavigate, useNavigation } from 'react-router';
import { tileImage } from '#core/media-url.ts';
import type { CategoryPageData } from '../../lib/catalogue/category.server.ts';
import {
  type Facet,
  type FacetOption,
  type ListingQuery,
  listingSearch,
  SORTS,
  toggleFilter,
} from '../../lib/catalogue/listing.ts';
import { useText } from '../../lib/locale/use-text.ts';
import { useHydrated } from '../../lib/router/use-hydrated.ts';
import { useResponsive } from '../platform/responsive-provider.tsx';
import { usePrefetchMode } from '../platform/use-connection.ts';
import { MediaImage } from './media-image.tsx';
import { type GridTile, ProductGrid } from './product-grid.tsx';
import { useShownPages } from './use-shown-pages.ts';

// The tiles' hearts share the product page's enhancer (decision 0048): fetched with this page's code, started
// when the browser is idle, it only touches the tiles' server HTML.
if (typeof document !== 'undefined') void import('../../lib/wishlist/enhance.ts');

const withoutPage = (search: string) => {
  const params = new URLSearchParams(search);
  params.delete('page');
  return params.toString();
};

interface Props {
  page: CategoryPageData;
  csrfToken: string | null;
  addOns: ReactNode;
  /** "Find your size" on a snowshoe category (issue 45), below its header. */
  fit?: ReactNode;
}

const FACET_LABEL: Record<Facet['key'], string> = {
  color: 'colour',
  size: 'size',
  gender: 'gender',
  series: 'series',
  price: 'price',
};

/** Category page (§2): header, category group tiles, filters and sorting in the URL, grid, load more, add-ons. */
export function CategoryPage({ page, addOns, fit }: Props) {
  const t = useText();
  const prefetch = usePrefetchMode();
  const navigation = useNavigation();
  const location = useLocation();
  // Skeletons while new filters or a new sort load; 'show more' keeps the cards already shown.
  const loading =
    navigation.state === 'loading' &&
    navigation.location?.pathname === location.pathname &&
    withoutPage(navigation.location.search) !== withoutPage(location.search);
  const shown = useShownPages(page);
  const tiles = shown.flatMap((one) => one.tiles);
  const more = shown.at(-1)!.more;
  const previous = shown[0]!.previous;
  return (
    <div className="category container">
      <nav aria-label={t('breadcrumb')} className="breadcrumbs">
        <ol>
          {page.breadcrumbs.map((crumb, index) => (
            <li key={crumb.href}>
              {index === page.breadcrumbs.length - 1 ? (
                <span aria-current="page">{crumb.name}</span>
              ) : (
                <Link to={crumb.href}>{crumb.name}</Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <header className="category__header">
        <h1>{page.title}</h1>
        {page.description ? <p className="category__lede">{page.description}</p> : null}
      </header>
      {fit}
      {page.subcategories.length > 0 ? (
        <ul
          className={`category-groups ${page.layoutTags.map((tag) => `category-groups--${tag}`).join(' ')}`}
        >
          {page.subcategories.map((sub, index) => (
            <li key={sub.href}>
              <Link to={sub.href} className="category-groups__link" prefetch={prefetch}>
                {sub.imageId ? (
                  <MediaImage
                    // Shown 96 px wide on a phone, up to ~150 px on larger screens: the media service scales from
                    // 72 dpi, so this is 213 px at 1x and 320 px at 2x (240 sent a phone 480 px, ~7 KB more each).
                    descriptor={tileImage(sub.imageId, {
                      sizes: [{ width: 160, height: 160, minWidthBp: 0 }],
                    })}
                    alt=""
                    width={160}
                    height={160}
                    priority={index < 2}
                  />
                ) : null}
                <span>{sub.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="category__body">
        <Filters page={page} />
        <div className="category__results" aria-live="polite" aria-busy={loading}>
          {/* The results' heading keeps the outline h1 → h2 → tile h3 (no skipped level). */}
          <h2 className="category__count">{t('results', { count: page.total })}</h2>
          {previous !== null && !loading ? (
            <div className="category__more category__more--previous">
              <Link
                className="button button--ghost"
                to={`${location.pathname}${previous}`}
                preventScrollReset
              >
                {t('load previous')}
              </Link>
            </div>
          ) : null}
          {tiles.length === 0 ? (
            <div className="category__empty">
              <p>{t('no products found')}</p>
              <Link className="button button--ghost" to={location.pathname}>
                {t('clear filters')}
              </Link>
            </div>
          ) : (
            <ProductGrid
              tiles={loading ? null : tiles}
              list={{ id: `category_${page.uid.replace(/\//g, '_')}`, name: page.title }}
              priorityCount={2}
              besideFilters
              extra={(tile) => (
                // Server HTML React never changes (the same string each render), so the hearts' enhancer may.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by React on the server (heart.server.ts)
                <div className="tile__actions" dangerouslySetInnerHTML={{ __html: tile.actions ?? '' }} />
              )}
            />
          )}
          {more && !loading ? (
            <div className="category__more">
              <Link className="button button--ghost" to={`${location.pathname}${more}`} preventScrollReset>
                {t('load more')}
              </Link>
            </div>
          ) : null}
        </div>
      </div>
      {/* The tiles' "Compare" boxes (server HTML) belong to this GET form by their form attribute, so choosing
          needs no JavaScript; CSS shows it, sticky, with the count once a box is ticked (decision 0049). */}
      <form id="compare" action={`/${location.pathname.split('/')[1]}/compare`} className="compare-tray">
        <button type="submit" className="button">
          {t('compare')}
        </button>
      </form>
      {addOns}
    </div>
  );
}

function AddOns({
  addOns,
  csrfToken,
}: {
  addOns: { heading: string | null; tiles: GridTile[] };
  csrfToken: string | null;
}) {
  const t = useText();
  const heading = addOns.heading ?? t('complete your kit');
  return (
    <section className="add-ons" aria-labelledby="add-ons-heading">
      <h2 id="add-ons-heading">{heading}</h2>
      <ProductGrid
        tiles={addOns.tiles}
        list={{ id: 'add_on_products', name: heading }}
        addOn
        csrfToken={csrfToken}
      />
    </section>
  );
}
CategoryPage.AddOns = AddOns;

/** Filters as a GET form (works without JavaScript); with it, every change submits at once. */
function Filters({ page }: { page: CategoryPageData }) {
  const t = useText();
  const navigate = useNavigate();
  const location = useLocation();
  const { mobile } = useResponsive();
  const hydrated = useHydrated();
  const { query } = page;
  const optionLabel = (option: FacetOption) =>
    option.text ? t(option.text.key, option.text.values) : option.label;
  // The URL is the state; a change shows at once (draft) and submits, and the loader's answer replaces it.
  const [draft, setDraft] = useState(query);
  useEffect(() => setDraft(query), [query]);
  const change = (next: ListingQuery) => {
    setDraft(next);
    navigate(`${location.pathname}${listingSearch({ ...next, page: 1 })}`, {
      replace: true,
      preventScrollReset: true,
    });
  };
  const active = page.facets.flatMap((facet) =>
    facet.options.filter((option) => option.selected).map((option) => ({ facet, option })),
  );
  return (
    <Form method="get" className="filters" aria-label={t('filter')} preventScrollReset>
      <div className="filters__bar">
        <label className="filters__sort">
          <span>{t('sort by')}</span>
          <select
            name="sort"
            value={draft.sort}
            onChange={(event) => change({ ...draft, sort: event.target.value as ListingQuery['sort'] })}
          >
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`sort ${sort}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="filters__stock">
          <input
            type="checkbox"
            name="instock"
            value="1"
            checked={draft.inStock}
            onChange={() => change({ ...draft, inStock: !draft.inStock })}
          />
          <span>{t('in stock only')}</span>
        </label>
      </div>
      {active.length > 0 ? (
        <ul className="filters__chips" aria-label={t('active filters')}>
          {active.map(({ facet, option }) => (
            <li key={`${facet.key}-${option.value}`}>
              <Link
                to={`${location.pathname}${listingSearch(toggleFilter(query, facet.key, option.value))}`}
                preventScrollReset
                className="chip"
              >
                {optionLabel(option)}
                <span className="visually-hidden"> – {t('remove filter')}</span>
                <span aria-hidden="true"> ×</span>
              </Link>
            </li>
          ))}
          <li>
            <Link to={location.pathname} className="chip chip--clear">
              {t('clear filters')}
            </Link>
          </li>
        </ul>
      ) : null}
      {/* Drawn closed (a phone's default) so nothing moves when a phone hydrates; a wide screen shows the
          groups by CSS anyway (category.css) and opens the panel after hydration. */}
      <details
        className="filters__panel"
        open={(hydrated && !mobile) || active.length > 0 ? true : undefined}
      >
        <summary>{t('filter')}</summary>
        <div className="filters__groups">
          {page.facets.map((facet) => (
            <fieldset key={facet.key} className={`facet facet--${facet.key}`}>
              <legend>{t(FACET_LABEL[facet.key])}</legend>
              <ul>
                {facet.options.map((option) => (
                  <li key={option.value}>
                    <label>
                      <input
                        type="checkbox"
                        name={facet.key}
                        value={option.value}
                        checked={draft.filters[facet.key].includes(option.value)}
                        onChange={() => change(toggleFilter(draft, facet.key, option.value))}
                      />
                      {option.hex ? (
                        <span
                          className="facet__swatch"
                          style={{ background: option.hex }}
                          aria-hidden="true"
                        />
                      ) : null}
                      <span>{optionLabel(option)}</span>
                      <span className="facet__count">({option.count})</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ))}
        </div>
        <noscript>
          <button type="submit" className="button">
            {t('apply filters')}
          </button>
        </noscript>
      </details>
    </Form>
  );
}
