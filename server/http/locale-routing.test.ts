import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { redirectRulesSchema } from './legacy-redirects.ts';
import { localeRouting } from './locale-routing.ts';

// Built without parseRedirectRules, which refuses looping rule files: the runtime guard is under test here.
const redirects = redirectRulesSchema.parse({
  rules: [
    { from: '/snowshoes', query: { gender: 'women' }, to: '/c/snowshoes/womens' },
    { from: '/loop-a', to: '/loop-b' },
    { from: '/loop-b', to: '/loop-a' },
  ],
});

function appWith(geo: string | null = null) {
  const app = new Hono();
  app.use(localeRouting({ redirects, geoCountry: () => geo }));
  app.get('*', (c) => c.text(`page ${c.req.path}`));
  return app;
}

const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const get = (app: Hono, path: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers: { 'user-agent': chrome, ...headers } });
const cookies = (response: Response) => response.headers.getSetCookie().map((line) => line.split(';')[0]);

describe('locale routing (§2, §4)', () => {
  it('sends a French-Canadian browser with no cookies from / to /fr-ca and remembers the choice', async () => {
    const response = await get(appWith(), '/', { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/fr-ca');
    expect(cookies(response)).toEqual(
      expect.arrayContaining(['language=fr', 'country=ca', 'countryLanguage=fr-ca']),
    );
  });

  it('serves / to a US visitor and sets the missing cookies', async () => {
    const response = await get(appWith(), '/', { 'accept-language': 'en-US' });
    expect(response.status).toBe(200);
    expect(cookies(response)).toEqual(['language=en', 'country=us', 'countryLanguage=en-us']);
  });

  it('sets no cookies that are already right', async () => {
    const response = await get(appWith(), '/', { cookie: 'language=en; country=us; countryLanguage=en-us' });
    expect(response.status).toBe(200);
    expect(cookies(response)).toEqual([]);
  });

  it('takes the country from geolocation and the language from Accept-Language', async () => {
    const english = await get(appWith('DE'), '/p/trail-25', { 'accept-language': 'en-US' });
    expect(english.status).toBe(302);
    expect(english.headers.get('location')).toBe('/en-de/p/trail-25');
    const german = await get(appWith('DE'), '/p/trail-25', { 'accept-language': 'ja-JP' });
    expect(german.headers.get('location')).toBe('/de-de/p/trail-25');
  });

  it('adds the prefix to a path without one and keeps the query', async () => {
    const response = await get(appWith(), '/c/snowshoes?sort=price', { cookie: 'country=ca; language=en' });
    expect(response.headers.get('location')).toBe('/en-ca/c/snowshoes?sort=price');
  });

  it('rewrites a wrong prefix to the visitor locale (US cookie on /de-de)', async () => {
    const response = await get(appWith(), '/de-de/p/trail-25', { cookie: 'country=us; language=en' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/en-us/p/trail-25');
  });

  it('sends the en-us home to /', async () => {
    const response = await get(appWith(), '/en-us', { cookie: 'country=us; language=en' });
    expect(response.headers.get('location')).toBe('/');
  });

  it('lets a shopping-feed visit keep the URL locale and remembers it', async () => {
    const response = await get(appWith(), '/de-de/p/trail-25?shopping_feed=1', {
      cookie: 'country=us; language=en',
    });
    expect(response.status).toBe(200);
    expect(cookies(response)).toEqual(['language=de', 'country=de', 'countryLanguage=de-de']);
  });

  it('never moves a crawler between locales', async () => {
    const response = await app().request('/de-de/p/trail-25', {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    });
    expect(response.status).toBe(200);
  });

  it('leaves .xml paths, files, data requests and platform paths alone', async () => {
    for (const path of [
      '/__manifest',
      '/sitemap.xml',
      '/en-us/sitemap.xml',
      '/favicon.svg',
      '/fr-ca.data',
      '/api/products',
      '/media/i/x/y',
    ]) {
      expect((await get(appWith(), path, { 'accept-language': 'fr-CA' })).status).toBe(200);
    }
  });

  it('lets route validation answer a locale no country offers (xx-yy)', async () => {
    const response = await get(appWith(), '/xx-yy/this/does/not/exist');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('page /xx-yy/this/does/not/exist');
  });

  it('redirects a legacy path permanently to its page in the visitor locale', async () => {
    const response = await get(appWith(), '/snowshoes?gender=women&utm_source=news', {
      cookie: 'country=ca; language=fr',
    });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/fr-ca/c/snowshoes/womens?utm_source=news');
    expect(cookies(response)).toContain('utmQuery=utm_source%3Dnews');
  });

  it('answers a redirect loop with 400 Too many redirects', async () => {
    const response = await get(appWith(), '/loop-a');
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('Too many redirects');
  });

  describe('on a page answered with its own Response (the renderer, the page cache: issue 18 #1)', () => {
    // React Router and the page cache return a Response of their own; Hono drops headers set before it.
    function rendered() {
      const app = new Hono();
      app.use(localeRouting({ redirects, geoCountry: () => null }));
      app.get('*', () =>
        Promise.resolve(
          new Response('<html></html>', {
            headers: { 'content-type': 'text/html', vary: 'Accept-Encoding', 'set-cookie': 'own=1' },
          }),
        ),
      );
      return app;
    }

    it('keeps the locale cookies of a first visit, its own cookies, and merges Vary', async () => {
      const response = await get(rendered(), '/', { 'accept-language': 'en-US' });
      expect(response.status).toBe(200);
      expect(cookies(response)).toEqual(['own=1', 'language=en', 'country=us', 'countryLanguage=en-us']);
      expect(response.headers.get('vary')).toBe('Accept-Encoding, Cookie, Accept-Language');
    });

    it('keeps utmQuery from a campaign link', async () => {
      const response = await get(rendered(), '/?utm_source=news&utm_medium=mail', {
        cookie: 'language=en; country=us; countryLanguage=en-us',
      });
      expect(response.status).toBe(200);
      expect(cookies(response)).toContain('utmQuery=utm_source%3Dnews%26utm_medium%3Dmail');
    });

    it('keeps the locale a shopping-feed visit takes from its URL', async () => {
      const response = await get(rendered(), '/de-de/p/trail-25?shopping_feed=1', {
        cookie: 'language=en; country=us; countryLanguage=en-us',
      });
      expect(response.status).toBe(200);
      expect(cookies(response)).toEqual(
        expect.arrayContaining(['language=de', 'country=de', 'countryLanguage=de-de']),
      );
    });

    it("says Vary: Cookie, Accept-Language on a crawler's page too", async () => {
      const response = await rendered().request('/de-de', { headers: { 'user-agent': 'Googlebot/2.1' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('vary')).toBe('Accept-Encoding, Cookie, Accept-Language');
    });
  });

  it('only routes GET and HEAD', async () => {
    const response = await appWith().request('/c/snowshoes', { method: 'POST' });
    expect(response.status).toBe(404);
  });
});

function app() {
  return appWith();
}
