/** The dealer locator's loader side: dealers from content, the centroid table, the map script per domain. */

import type { Services } from '#server/services.ts';
import centroidTable from '../../../seed/search/postal-centroids.json';
import { loadPageByUid } from '../editorial/pages.server.ts';
import type { LocaleState } from '../locale/locale-state.ts';
import { loadDealerEntries } from './dealers.server.ts';
import {
  type CentroidEntry,
  dealerView,
  distanceUnitFor,
  formatDistance,
  geocode,
  mapScriptFor,
  nearestDealers,
  type Point,
  pointParam,
} from './dealers.ts';

const CENTROIDS = (centroidTable as { entries: CentroidEntry[] }).entries;
export const DEALER_COUNTRIES = [...new Set(CENTROIDS.map((entry) => entry.country))].sort();

export async function loadStores(services: Services, locale: LocaleState, url: URL) {
  const [entries, page] = await Promise.all([
    loadDealerEntries(services, locale),
    loadPageByUid(services, locale, 'stores'),
  ]);
  const dealers = entries.map(dealerView).filter((dealer) => dealer !== null);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 80);
  const countryParam = (url.searchParams.get('country') ?? '').toLowerCase();
  const country = DEALER_COUNTRIES.includes(countryParam) ? countryParam : locale.country;
  const point = pointParam(url.searchParams.get('lat'), url.searchParams.get('lng'));
  const unit = distanceUnitFor(locale.country);
  let origin: (Point & { place: string | null }) | null = null;
  let notFound = false;
  if (point) origin = { ...point, place: null };
  else if (q) {
    const found = geocode(q, country, dealers, CENTROIDS);
    if (found) origin = found;
    else notFound = true;
  }
  const list = origin
    ? nearestDealers(origin, dealers, 10).map((dealer) => ({
        ...dealer,
        distance: formatDistance(dealer.km, unit, locale.language),
      }))
    : (dealers.some((dealer) => dealer.country === locale.country)
        ? dealers.filter((dealer) => dealer.country === locale.country)
        : dealers
      )
        .slice()
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((dealer) => ({ ...dealer, km: null, distance: null }));
  const host = url.host;
  return {
    q,
    country,
    countries: DEALER_COUNTRIES,
    origin: origin ? { lat: origin.lat, lng: origin.lng, place: origin.place } : null,
    notFound,
    dealers: list,
    total: dealers.length,
    heading: page?.heading ?? 'Find a dealer',
    html: page?.html ?? '',
    seo: page?.seo ?? null,
    mapScript: mapScriptFor(services.config.STORE_MAP_SCRIPTS, host),
  };
}
