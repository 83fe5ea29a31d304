import { describe, expect, it } from 'vitest';
import { SERVED_LOCALES } from '#core/served-locales.ts';
import { seoRoutes, staticPages } from './seo-routes.ts';

const app = seoRoutes({
  origin: () => 'https://shop.example',
  sources: [
    staticPages,
    async (locale) => [`/p/trail-25`, locale.country === 'jp' ? '/l/japan-tour' : '/p/trail-25'],
  ],
});

describe('robots.txt and sitemaps', () => {
  it('points crawlers at the sitemap and away from private pages', async () => {
    const text = await (await app.request('/robots.txt')).text();
    expect(text).toContain('Sitemap: https://shop.example/sitemap.xml');
    expect(text).toContain('Disallow: /*/account');
  });

  it('indexes one sitemap per served locale', async () => {
    const response = await app.request('/sitemap.xml');
    expect(response.headers.get('content-type')).toContain('application/xml');
    const xml = await response.text();
    expect(xml.match(/<sitemap>/g)).toHaveLength(SERVED_LOCALES.length);
    expect(xml).toContain('<loc>https://shop.example/sitemap-fr-ca.xml</loc>');
  });

  it('lists every page of a locale once, with the en-us home at /', async () => {
    const us = await (await app.request('/sitemap-en-us.xml')).text();
    expect(us).toContain('<loc>https://shop.example/</loc>');
    expect(us).toContain('<loc>https://shop.example/en-us/country</loc>');
    expect(us.match(/trail-25/g)).toHaveLength(1);
    const jp = await (await app.request('/sitemap-ja-jp.xml')).text();
    expect(jp).toContain('<loc>https://shop.example/ja-jp</loc>');
    expect(jp).toContain('<loc>https://shop.example/ja-jp/l/japan-tour</loc>');
  });

  it('answers 404 for a locale the store does not serve', async () => {
    expect((await app.request('/sitemap-xx-yy.xml')).status).toBe(404);
  });
});
