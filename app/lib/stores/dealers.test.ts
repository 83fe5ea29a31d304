import { describe, expect, it } from 'vitest';
import {
  type CentroidEntry,
  type DealerView,
  dealerView,
  distanceKm,
  distanceUnitFor,
  formatDistance,
  geocode,
  mapScriptFor,
  nearestDealers,
  pointParam,
} from './dealers.ts';

const dealer = (uid: string, city: string, postal: string, country: string, lat: number, lng: number) =>
  dealerView({
    uid,
    title: uid,
    address: { street_address: '1 Main St', city, state: '', postal_code: postal, country },
    location: { lat, lng },
    services: ['retail'],
    website: 'javascript:alert(1)',
  }) as DealerView;

const DEALERS = [
  dealer('burlington', 'Burlington', '05401', 'us', 44.4759, -73.2121),
  dealer('lake-placid', 'Lake Placid', '12946', 'us', 44.2795, -73.9799),
  dealer('chamonix', 'Chamonix-Mont-Blanc', '74400', 'fr', 45.9237, 6.8694),
  dealer('quebec', 'Québec', 'G1R 1R1', 'ca', 46.8123, -71.2145),
];
const TABLE: CentroidEntry[] = [
  { country: 'us', prefix: '100', place: 'New York, NY', lat: 40.75, lng: -73.99 },
  { country: 'us', prefix: '1', place: 'Northeast', lat: 41, lng: -74 },
  { country: 'ca', prefix: 'H', place: 'Montréal', lat: 45.5, lng: -73.57 },
  { country: 'fr', prefix: '74', place: 'Annecy', lat: 45.9, lng: 6.13 },
];

describe('dealer locator', () => {
  it('reads dealers from content, dropping unsafe websites and entries without coordinates', () => {
    expect(DEALERS[0]).toMatchObject({
      name: 'burlington',
      website: '',
      services: ['retail'],
      country: 'us',
    });
    expect(dealerView({ title: 'No place', location: {} })).toBeNull();
  });

  it("geocodes from the dealers' own postal codes and towns first, then the centroid table", () => {
    expect(geocode('05401', 'us', DEALERS, TABLE)).toMatchObject({ source: 'dealer-postal', lat: 44.4759 });
    expect(geocode('g1r1r1', 'ca', DEALERS, TABLE)).toMatchObject({ source: 'dealer-postal', lat: 46.8123 });
    expect(geocode('quebec', null, DEALERS, TABLE)).toMatchObject({ source: 'dealer-city' });
    expect(geocode('10001', 'us', DEALERS, TABLE)).toMatchObject({ source: 'centroid', lat: 40.75 });
    expect(geocode('19103', 'us', DEALERS, TABLE)).toMatchObject({ source: 'centroid', lat: 41 });
    expect(geocode('H2X 1Y4', 'us', DEALERS, TABLE)).toMatchObject({
      source: 'centroid',
      place: 'H2X 1Y4 (Montréal)',
    });
    expect(geocode('annecy', 'fr', DEALERS, TABLE)).toMatchObject({ source: 'centroid-place' });
    expect(geocode('Atlantis', 'us', DEALERS, TABLE)).toBeNull();
    expect(geocode('  ', 'us', DEALERS, TABLE)).toBeNull();
  });

  it('sorts dealers by great-circle distance, in miles or kilometres by region', () => {
    expect(distanceKm({ lat: 44.4759, lng: -73.2121 }, { lat: 44.2795, lng: -73.9799 })).toBeCloseTo(65, 0);
    const nearest = nearestDealers({ lat: 40.75, lng: -73.99 }, DEALERS, 2);
    expect(nearest.map((item) => item.uid)).toEqual(['lake-placid', 'burlington']);
    expect(distanceUnitFor('us')).toBe('mi');
    expect(distanceUnitFor('gb')).toBe('mi');
    expect(distanceUnitFor('fr')).toBe('km');
    expect(formatDistance(160.9344, 'mi', 'en')).toBe('100 mi');
    expect(formatDistance(5.25, 'km', 'fr')).toBe('5,3 km');
  });

  it('reads a location from query parameters only when both coordinates are valid', () => {
    expect(pointParam('44.5', '-73.2')).toEqual({ lat: 44.5, lng: -73.2 });
    expect(pointParam('95', '0')).toBeNull();
    expect(pointParam('x', '1')).toBeNull();
    expect(pointParam(null, '1')).toBeNull();
  });

  it('loads a map script only for a configured domain', () => {
    const setting = 'shop.example.com=https://maps.example/loader.js, *=https://maps.example/any.js';
    expect(mapScriptFor(setting, 'shop.example.com:443')).toBe('https://maps.example/loader.js');
    expect(mapScriptFor(setting, 'other.example')).toBe('https://maps.example/any.js');
    expect(mapScriptFor('shop.example.com=https://maps.example/x.js', 'other.example')).toBeNull();
    expect(mapScriptFor('a=javascript:alert(1)', 'a')).toBeNull();
    expect(mapScriptFor(undefined, 'a')).toBeNull();
  });
});
