/**
 * Dealer locator rules (SPEC §2 stores page): dealer view props from content, geocoding a postal code or town
 * from the dealers' own data and a postal-code centroid table, great-circle distances, and km or miles by
 * region. Pure: the table and the dealers come in as arguments.
 */
import { postalCentroid } from '#core/dealer-entry.ts';
import { hoursLines, list, type Raw, record, text } from '../editorial/content-view.ts';

export interface Point {
  lat: number;
  lng: number;
}

export interface CentroidEntry extends Point {
  country: string;
  prefix: string;
  place: string;
}

export interface DealerView extends Point {
  uid: string;
  name: string;
  street: string;
  locality: string;
  postalCode: string;
  country: string;
  phone: string;
  website: string;
  services: string[];
  hours: string[];
}

export function dealerView(entry: Raw): DealerView | null {
  const address = record(entry.address);
  const location = record(entry.location);
  const lat = Number(location.lat);
  const lng = Number(location.lng);
  if (!text(entry.title) || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const website = text(entry.website);
  return {
    uid: text(entry.uid),
    name: text(entry.title),
    street: text(address.street_address),
    locality: [text(address.city), text(address.state)].filter(Boolean).join(', '),
    postalCode: text(address.postal_code),
    country: text(address.country).toLowerCase(),
    phone: text(entry.phone),
    website: /^https:\/\//.test(website) ? website : '',
    services: list(entry.services).map(text).filter(Boolean),
    hours: hoursLines(entry.hours_of_operation),
    lat,
    lng,
  };
}

/** Lower case, no accents, no spaces or punctuation: 'H2X 1Y4' → 'h2x1y4', 'Québec' → 'quebec'. */
export function normalisePlace(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\u3040-\u30ff\u4e00-\u9fff]/g, '');
}

const looksPostal = (value: string) => /\d/.test(value) || /^[a-z]\d[a-z]/i.test(value.replace(/\s/g, ''));

export interface GeocodeResult extends Point {
  place: string;
  source: 'dealer-postal' | 'dealer-city' | 'centroid' | 'centroid-place';
}

/**
 * Places a postal code or town: a dealer's own postal code, then a dealer's town, then the longest postal
 * prefix of the centroid table in the chosen country (any country when none matches), then a table place name.
 */
export function geocode(
  input: string,
  country: string | null,
  dealers: readonly DealerView[],
  table: readonly CentroidEntry[],
): GeocodeResult | null {
  const raw = input.trim();
  const query = normalisePlace(raw);
  if (!query) return null;
  const inCountry = <T extends { country: string }>(items: readonly T[]) => {
    const own = country ? items.filter((item) => item.country === country) : [];
    return own.length > 0 ? [own, items] : [items];
  };
  if (looksPostal(raw)) {
    for (const pool of inCountry(dealers)) {
      const dealer = pool.find((item) => normalisePlace(item.postalCode) === query);
      if (dealer)
        return { lat: dealer.lat, lng: dealer.lng, place: raw.toUpperCase(), source: 'dealer-postal' };
    }
    const best = (country && postalCentroid(raw, country, table)) || postalCentroid(raw, null, table);
    if (best)
      return {
        lat: best.lat,
        lng: best.lng,
        place: `${raw.toUpperCase()} (${best.place})`,
        source: 'centroid',
      };
    return null;
  }
  for (const pool of inCountry(dealers)) {
    const matches = pool.filter((item) => normalisePlace(item.locality.split(',')[0] ?? '') === query);
    if (matches.length > 0) {
      const lat = matches.reduce((sum, item) => sum + item.lat, 0) / matches.length;
      const lng = matches.reduce((sum, item) => sum + item.lng, 0) / matches.length;
      return { lat, lng, place: matches[0]!.locality, source: 'dealer-city' };
    }
  }
  for (const pool of inCountry(table)) {
    const entry = pool.find((item) =>
      item.place
        .split(/[/,()]/)
        .map((part) => normalisePlace(part))
        .some((part) => part && part === query),
    );
    if (entry) return { lat: entry.lat, lng: entry.lng, place: entry.place, source: 'centroid-place' };
  }
  return null;
}

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: Point, b: Point): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Miles where the road signs use them (US, UK), kilometres elsewhere. */
export function distanceUnitFor(country: string): 'km' | 'mi' {
  return country === 'us' || country === 'gb' || country === 'uk' ? 'mi' : 'km';
}

export function formatDistance(km: number, unit: 'km' | 'mi', language: string): string {
  const value = unit === 'mi' ? km / 1.609344 : km;
  const digits = value < 10 ? 1 : 0;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(value)} ${unit}`;
}

/** Dealers nearest a point, closest first, with their distances. */
export function nearestDealers(
  origin: Point,
  dealers: readonly DealerView[],
  limit = 10,
): Array<DealerView & { km: number }> {
  return dealers
    .map((dealer) => ({ ...dealer, km: distanceKm(origin, dealer) }))
    .sort((a, b) => a.km - b.km || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/** A coordinate pair from query parameters; null unless both are valid. */
export function pointParam(lat: string | null, lng: string | null): Point | null {
  if (lat === null || lng === null || lat === '' || lng === '') return null;
  const point = { lat: Number(lat), lng: Number(lng) };
  if (!Number.isFinite(point.lat) || !Number.isFinite(point.lng)) return null;
  if (Math.abs(point.lat) > 90 || Math.abs(point.lng) > 180) return null;
  return point;
}

/** The map script for the page's host from `host=url` pairs (`*` for any host); null when none is set. */
export function mapScriptFor(setting: string | undefined, host: string): string | null {
  if (!setting) return null;
  const pairs = setting
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return at > 0 ? [pair.slice(0, at).trim().toLowerCase(), pair.slice(at + 1).trim()] : ['', ''];
    })
    .filter(([name, url]) => name && /^https?:\/\/[^\s"'<>]+$/.test(url ?? ''));
  const hostname = host.toLowerCase().replace(/:\d+$/, '');
  const found = pairs.find(([name]) => name === hostname) ?? pairs.find(([name]) => name === '*');
  return found?.[1] ?? null;
}
