import { Form, Link } from 'react-router';
import { countryByIso } from '#core/countries.ts';
import { Breadcrumbs } from '../components/editorial/breadcrumbs.tsx';
import { RichText } from '../components/editorial/rich-text.tsx';
import { DealerCard } from '../components/stores/dealer-card.tsx';
import { LocateButton } from '../components/stores/locate-button.tsx';
import { StoreMap } from '../components/stores/store-map.tsx';
import { editorialMeta } from '../lib/editorial/meta.ts';
import { useText } from '../lib/locale/use-text.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import { loadStores } from '../lib/stores/stores.server.ts';
import editorialStyles from '../styles/editorial.css?url';
import storesStyles from '../styles/stores.css?url';
import type { Route } from './+types/stores';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: editorialStyles },
  { rel: 'stylesheet', href: storesStyles },
];
export const handle = { name: 'stores' } satisfies RouteHandle;

// SPEC §2 stores: dealers by postal code, town or the browser's location, nearest first; a map when configured.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = await storefrontContext(request, context);
  const view = await loadStores(services, locale, new URL(request.url));
  return { ...view, home: `/${locale.segment}` };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  if (!loaderData) return [];
  return editorialMeta(
    matches,
    location.pathname,
    loaderData.seo ?? {
      title: 'Find a dealer | Ridgeline Snowshoe Co.',
      description: 'Ridgeline dealers and stores near you.',
    },
  );
}

export default function Stores({ loaderData }: Route.ComponentProps) {
  const t = useText();
  const { q, country, countries, origin, notFound, dealers, heading, html, mapScript, home } = loaderData;
  const action = `${home}/stores`;
  return (
    <div className="container stores-page">
      <Breadcrumbs
        items={[
          { name: 'Home', href: home },
          { name: heading, href: action },
        ]}
      />
      <header className="stores-page__header">
        <h1>{heading}</h1>
        <RichText html={html} className="ed-lede" />
      </header>
      <div className="stores-search">
        <Form method="get" action={action} className="stores-search__form" role="search">
          <div className="stores-search__field">
            <label htmlFor="stores-q">{t('stores search label')}</label>
            <input
              id="stores-q"
              name="q"
              defaultValue={q}
              placeholder={t('stores search placeholder')}
              autoComplete="postal-code"
              required
            />
          </div>
          <div className="stores-search__field stores-search__field--country">
            <label htmlFor="stores-country">{t('stores country')}</label>
            <select id="stores-country" name="country" defaultValue={country}>
              {countries.map((iso) => (
                <option key={iso} value={iso}>
                  {countryByIso(iso)?.text ?? iso.toUpperCase()}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button">
            {t('stores submit')}
          </button>
        </Form>
        <LocateButton action={action} />
      </div>
      <div className="stores-results" aria-live="polite">
        {notFound ? (
          <p className="form-error" role="alert">
            {t('stores not found', { place: q })}
          </p>
        ) : null}
        <h2 className="stores-results__heading">
          {origin
            ? origin.place
              ? t('stores near', { place: origin.place })
              : t('stores near location')
            : t('stores all')}
        </h2>
        {origin ? (
          <p className="ed-muted">
            <Link to={action}>{t('stores all')}</Link>
          </p>
        ) : null}
        <div className={mapScript ? 'stores-layout stores-layout--map' : 'stores-layout'}>
          <ol className="dealer-list">
            {dealers.map((dealer) => (
              <li key={dealer.uid}>
                <DealerCard dealer={dealer} distance={dealer.distance} />
              </li>
            ))}
          </ol>
          <StoreMap
            script={mapScript}
            center={origin ? { lat: origin.lat, lng: origin.lng } : null}
            dealers={dealers.map((dealer) => ({
              uid: dealer.uid,
              name: dealer.name,
              lat: dealer.lat,
              lng: dealer.lng,
            }))}
          />
        </div>
      </div>
    </div>
  );
}
