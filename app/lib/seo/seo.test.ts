import { describe, expect, it } from 'vitest';
import { SERVED_LOCALES, seoLinks } from './seo.ts';

describe('SEO links', () => {
  it('serves every country of §9 in each of its languages', () => {
    const segments = SERVED_LOCALES.map((locale) => locale.segment);
    expect(segments).toEqual(
      expect.arrayContaining(['en-us', 'fr-ca', 'en-ca', 'de-de', 'ja-jp', 'en-global', 'no-no']),
    );
    expect(new Set(segments).size).toBe(segments.length);
  });

  it('gives one canonical in the page locale and complete alternates with x-default', () => {
    const links = seoLinks('https://shop.example', { language: 'fr', country: 'ca' }, '/c/snowshoes');
    expect(links.filter((link) => link.rel === 'canonical')).toEqual([
      { rel: 'canonical', href: 'https://shop.example/fr-ca/c/snowshoes' },
    ]);
    const alternates = links.filter((link) => link.rel === 'alternate');
    expect(alternates).toHaveLength(SERVED_LOCALES.length + 1);
    expect(alternates).toContainEqual({
      rel: 'alternate',
      hrefLang: 'ja-JP',
      href: 'https://shop.example/ja-jp/c/snowshoes',
    });
    expect(alternates).toContainEqual({
      rel: 'alternate',
      hrefLang: 'en',
      href: 'https://shop.example/en-global/c/snowshoes',
    });
    expect(alternates).toContainEqual({
      rel: 'alternate',
      hrefLang: 'x-default',
      href: 'https://shop.example/en-us/c/snowshoes',
    });
  });

  it('puts the en-us home at the site root', () => {
    const links = seoLinks('https://shop.example', { language: 'en', country: 'us' }, '');
    expect(links[0]).toEqual({ rel: 'canonical', href: 'https://shop.example/' });
  });
});
