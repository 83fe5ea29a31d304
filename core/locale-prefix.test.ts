import { describe, expect, it } from 'vitest';
import {
  localizedPath,
  normalizeLocalePrefix,
  SHOPPING_FEED_FLAG,
  splitLocalePrefix,
} from './locale-prefix.ts';

const enUs = { language: 'en', country: 'us' };
const frCa = { language: 'fr', country: 'ca' };

describe('§2 locale prefix normalisation', () => {
  it('turns the en-us home page into /', () => {
    expect(normalizeLocalePrefix({ pathname: '/en-us' }, enUs)).toEqual({
      action: 'redirect',
      location: '/',
    });
    expect(normalizeLocalePrefix({ pathname: '/en-us/' }, enUs)).toEqual({
      action: 'redirect',
      location: '/',
    });
    expect(normalizeLocalePrefix({ pathname: '/' }, enUs)).toEqual({ action: 'keep' });
  });

  it('adds the current prefix to a path without one', () => {
    expect(normalizeLocalePrefix({ pathname: '/cart' }, frCa)).toEqual({
      action: 'redirect',
      location: '/fr-ca/cart',
    });
    expect(normalizeLocalePrefix({ pathname: '/' }, frCa)).toEqual({
      action: 'redirect',
      location: '/fr-ca',
    });
  });

  it('rewrites a wrong prefix to the current one, keeping the query', () => {
    expect(normalizeLocalePrefix({ pathname: '/de-de/p/trail-24', search: 'color=red' }, frCa)).toEqual({
      action: 'redirect',
      location: '/fr-ca/p/trail-24?color=red',
    });
    expect(normalizeLocalePrefix({ pathname: '/fr-fr' }, enUs)).toEqual({
      action: 'redirect',
      location: '/',
    });
  });

  it('keeps a path that already has the current prefix', () => {
    expect(normalizeLocalePrefix({ pathname: '/fr-ca/c/snowshoes/men' }, frCa)).toEqual({ action: 'keep' });
    expect(normalizeLocalePrefix({ pathname: '/fr-ca' }, frCa)).toEqual({ action: 'keep' });
  });

  it('lower-cases a prefix written in capitals', () => {
    expect(normalizeLocalePrefix({ pathname: '/FR-CA/cart' }, frCa)).toEqual({
      action: 'redirect',
      location: '/fr-ca/cart',
    });
  });

  it('takes the locale from the URL on shopping-feed visits and skips redirection', () => {
    expect(
      normalizeLocalePrefix({ pathname: '/de-at/p/trail-24', search: `?${SHOPPING_FEED_FLAG}=1` }, enUs),
    ).toEqual({ action: 'adopt', locale: { language: 'de', country: 'at' } });
  });

  it('normalises a shopping-feed visit without a prefix like any other', () => {
    expect(
      normalizeLocalePrefix({ pathname: '/p/trail-24', search: `${SHOPPING_FEED_FLAG}=1` }, frCa),
    ).toEqual({
      action: 'redirect',
      location: `/fr-ca/p/trail-24?${SHOPPING_FEED_FLAG}=1`,
    });
  });

  it('leaves paths containing .xml alone', () => {
    expect(normalizeLocalePrefix({ pathname: '/sitemap.xml' }, frCa)).toEqual({ action: 'keep' });
    expect(normalizeLocalePrefix({ pathname: '/de-de/feed.xml' }, frCa)).toEqual({ action: 'keep' });
  });

  it('splits and rebuilds prefixed paths', () => {
    expect(splitLocalePrefix('/en-us/c/a/b')).toEqual({ locale: enUs, rest: '/c/a/b' });
    expect(splitLocalePrefix('/snowshoes')).toEqual({ locale: null, rest: '/snowshoes' });
    expect(splitLocalePrefix('')).toEqual({ locale: null, rest: '/' });
    expect(localizedPath(frCa, 'cart')).toBe('/fr-ca/cart');
  });
});
