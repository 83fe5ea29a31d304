import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createGeoLocator } from './geolocation.ts';

const logger = pino({ level: 'silent' });

describe('createGeoLocator', () => {
  it('reads the first trusted header that names a country, lower-cased', () => {
    const geo = createGeoLocator({ countryHeaders: ['cf-ipcountry', 'cloudfront-viewer-country'] }, logger);
    expect(geo.country(new Headers({ 'cloudfront-viewer-country': 'SE' }), '')).toBe('se');
    expect(geo.country(new Headers({ 'cf-ipcountry': 'XX', 'cloudfront-viewer-country': 'NO' }), '')).toBe(
      'no',
    );
    expect(geo.country(new Headers({ 'x-untrusted': 'fr' }), '')).toBeNull();
  });

  it('falls back to a local GeoIP file, and to none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'geo-'));
    const file = join(dir, 'geo.csv');
    writeFileSync(file, '"1.0.0.0","1.0.0.255","AU"\n5.0.0.0,5.255.255.255,DE\nbad line\n');
    const geo = createGeoLocator({ countryHeaders: ['cf-ipcountry'], geoIpFile: file }, logger);
    expect(geo.country(new Headers(), '5.10.20.30')).toBe('de');
    expect(geo.country(new Headers(), '::ffff:1.0.0.7')).toBe('au');
    expect(geo.country(new Headers(), '9.9.9.9')).toBeNull();
    expect(geo.country(new Headers(), '2001:db8::1')).toBeNull();
  });

  it('logs a GeoIP file it cannot read and answers none instead of throwing', () => {
    const spy = { ...logger, error: vi.fn() } as unknown as typeof logger;
    const geo = createGeoLocator({ countryHeaders: [], geoIpFile: '/nonexistent/geo.csv' }, spy);
    expect(geo.country(new Headers(), '5.10.20.30')).toBeNull();
    expect(spy.error).toHaveBeenCalledOnce();
  });
});
