import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentLocaleOf } from '#core/locale.ts';
import { COMMERCE_REGION_CURRENCY, type CommerceRegion, CURRENCIES } from '#core/regions.ts';
import { SERVED_LOCALES } from '#core/served-locales.ts';
import { localeStateFor } from '../../app/lib/locale-state.ts';
import { ROOT, type RunningServer, startServer } from '../support/server.ts';

/**
 * What shoppers and crawlers of every country meet (issue 18): the locale middleware's cookies and Vary on
 * rendered and cached pages (#1), price bands in the page's currency and words (#2), no English display text
 * left on translated pages (#3), in every served locale.
 */

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const CATEGORY = '/c/snowshoes';
const PRODUCT = '/p/ridgeline-summit-ascent-mens';

const cookieNames = (response: Response) => response.headers.getSetCookie().map((line) => line.split('=')[0]);
const varyNames = (response: Response) =>
  (response.headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase());
const publiclyCacheable = (response: Response) =>
  /\b(public|s-maxage)\b/.test(response.headers.get('cache-control') ?? '');

/** Cookies and Accept-Language that a visitor of `segment` sends, so the store answers the page itself. */
function visitorOf(segment: string): Record<string, string> {
  const [language, country] = segment.split('-') as [string, string];
  return {
    'user-agent': CHROME,
    cookie: `language=${language}; country=${country}; countryLanguage=${segment}`,
    'accept-language': `${language}-${country.toUpperCase()}`,
  };
}

describe('headers set by the locale middleware (issue 18 #1)', () => {
  it.each(['/', `/en-us${CATEGORY}`, `/en-us${PRODUCT}`])(
    'a first visit to %s that answers 200 sets the three locale cookies and says Vary',
    async (path) => {
      // Twice: the first render fills the page cache, the second is served from it; both are first visits.
      for (const attempt of ['render', 'cache']) {
        const response = await fetch(`${server.url}${path}`, {
          headers: { 'user-agent': CHROME, 'accept-language': 'en-US' },
          redirect: 'manual',
        });
        expect(response.status, attempt).toBe(200);
        expect(cookieNames(response), attempt).toEqual(
          expect.arrayContaining(['language', 'country', 'countryLanguage']),
        );
        expect(varyNames(response), attempt).toEqual(expect.arrayContaining(['cookie', 'accept-language']));
        // Set-Cookie for one visitor is never handed to a shared cache.
        expect(publiclyCacheable(response), attempt).toBe(false);
        await response.arrayBuffer();
      }
    },
  );

  it('keeps utmQuery from a campaign link and the locale of a shopping-feed visit', async () => {
    const campaign = await fetch(`${server.url}/?utm_source=news&utm_medium=mail`, {
      headers: visitorOf('en-us'),
      redirect: 'manual',
    });
    expect(campaign.status).toBe(200);
    expect(campaign.headers.getSetCookie().join('\n')).toContain(
      'utmQuery=utm_source%3Dnews%26utm_medium%3Dmail',
    );
    const feed = await fetch(`${server.url}/de-de${PRODUCT}?shopping_feed=1`, {
      headers: visitorOf('en-us'),
      redirect: 'manual',
    });
    expect(feed.status).toBe(200);
    expect(feed.headers.getSetCookie().join('\n')).toContain('countryLanguage=de-de');
  });

  it('serves a returning visitor from the page cache, publicly cacheable and varying on what it depends on', async () => {
    const path = `/de-de${CATEGORY}`;
    await (await fetch(`${server.url}${path}`, { headers: visitorOf('de-de') })).arrayBuffer();
    const cached = await fetch(`${server.url}${path}`, { headers: visitorOf('de-de') });
    expect(cached.status).toBe(200);
    expect(cached.headers.get('x-page-cache')).toBe('HIT');
    expect(cached.headers.getSetCookie()).toEqual([]);
    expect(publiclyCacheable(cached)).toBe(true);
    expect(varyNames(cached)).toEqual(
      expect.arrayContaining(['accept-encoding', 'cookie', 'accept-language']),
    );
  });

  it('a German browser with no cookies is redirected, never handed the cached en-us home', async () => {
    const response = await fetch(`${server.url}/`, {
      headers: { 'user-agent': CHROME, 'accept-language': 'de-DE,de;q=0.9' },
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/de-de');
    expect(varyNames(response)).toEqual(expect.arrayContaining(['cookie', 'accept-language']));
  });
});

// ---------------------------------------------------------------------------------------------------------
// Display text: the English defaults each content language has a translation for, read from the seed.

type DisplayTextFile = { locales: Record<string, { title: string; text: string }> };
const DISPLAY_TEXT_DIR = join(ROOT, 'seed/content/display_text');
const displayText: DisplayTextFile[] = readdirSync(DISPLAY_TEXT_DIR).map(
  (name) => JSON.parse(readFileSync(join(DISPLAY_TEXT_DIR, name), 'utf8')) as DisplayTextFile,
);

// Editors' entries shown in the shell (navigation, alerts, newsletter copy) fall back to English where a
// language has none: a content gap, not display text. Their strings are not held against the page.
const CONTENT_DIRS = ['header', 'main_nav', 'top_alert', 'email_signup_settings'];
const contentStrings = new Set<string>();
const collect = (value: unknown): void => {
  if (typeof value === 'string') contentStrings.add(value.trim());
  else if (value && typeof value === 'object') for (const inner of Object.values(value)) collect(inner);
};
for (const dir of CONTENT_DIRS) {
  for (const name of readdirSync(join(ROOT, 'seed/content', dir))) {
    collect(JSON.parse(readFileSync(join(ROOT, 'seed/content', dir, name), 'utf8')));
  }
}

/** English strings (no placeholders) that `language` translates differently. */
function translatedEnglish(language: string): Set<string> {
  const english = new Set<string>();
  for (const file of displayText) {
    const en = file.locales['en-us']?.text;
    const translated = file.locales[language]?.text;
    if (!en || !translated || en === translated || en.includes('{') || contentStrings.has(en)) continue;
    english.add(en);
  }
  return english;
}

const decode = (text: string) =>
  text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .trim();

/** Visible text nodes and accessible names of the server-rendered HTML (scripts and styles left out). */
function shownStrings(html: string): string[] {
  const body = html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<style[\s\S]*?<\/style>/g, '');
  const texts = [...body.matchAll(/>([^<>]+)</g)].map((match) => decode(match[1]!));
  const labels = [...body.matchAll(/aria-label="([^"]*)"/g)].map((match) => decode(match[1]!));
  return [...texts, ...labels].filter(Boolean);
}

/** Every shown price: the tiles and the product price, and the price filter's band labels. */
function shownPrices(html: string): string[] {
  const prices = [...html.matchAll(/class="price__current[^"]*">([^<]+)</g)].map((match) =>
    decode(match[1]!),
  );
  const facet = html.match(/<fieldset class="facet facet--price">([\s\S]*?)<\/fieldset>/)?.[1] ?? '';
  const bands = [...facet.matchAll(/<span>([^<]+)<\/span>/g)].map((match) => decode(match[1]!));
  return [...prices, ...bands];
}

const get = async (path: string, segment: string) => {
  const response = await fetch(`${server.url}${path}`, { headers: visitorOf(segment), redirect: 'manual' });
  return { status: response.status, html: await response.text() };
};

describe('price filter bands (issue 18 #2)', () => {
  it.each([
    ['en-us', ['Under $100.00', '$300.00 and up']],
    ['en-ca', ['Under C$100.00']],
    ['de-de', ['Unter 100,00 €', 'Ab 300,00 €']],
    ['fr-fr', ['Moins de 100,00 €', '300,00 € et plus']],
  ])('%s: in the page currency, format and language', async (segment, expected) => {
    const { status, html } = await get(`/${segment}${CATEGORY}`, segment);
    expect(status).toBe(200);
    const bands = shownPrices(html).filter((text) => /\d/.test(text));
    for (const label of expected) expect(bands).toContain(label);
    expect(html).not.toMatch(/\d $</);
  });

  it.each(['en-gb', 'ja-jp', 'de-ch'])('%s (no commerce prices): no price bands', async (segment) => {
    const { html } = await get(`/${segment}${CATEGORY}`, segment);
    expect(html).not.toContain('facet--price');
  });
});

describe('translated pages (issue 18 #3)', () => {
  it.each([
    ['de-de', ['Herren', 'Damen'], 'Hauptnavigation', 'Schneeschuhe'],
    ['fr-fr', ['Homme', 'Femme'], 'Principal', 'Raquettes à neige'],
    ['ja-jp', ['メンズ', 'レディース'], 'メイン', 'スノーシュー'],
  ])(
    '%s: gender filters, landmarks, breadcrumbs (visible and JSON-LD) and the share menu',
    async (segment, genders, main, crumb) => {
      const category = await get(`/${segment}${CATEGORY}`, segment);
      const strings = shownStrings(category.html);
      for (const gender of genders) expect(strings).toContain(gender);
      expect(strings).not.toContain("Men's");
      expect(category.html).toContain(`aria-label="${main}"`);
      expect(category.html).not.toContain('aria-label="Main"');
      expect(category.html).not.toContain('aria-label="Secondary"');
      expect(category.html).not.toContain('Ridgeline Snowshoe Co. home"');

      const product = await get(`/${segment}${PRODUCT}`, segment);
      expect(product.status).toBe(200);
      const crumbs = product.html.match(/<nav [^>]*class="breadcrumbs"[\s\S]*?<\/nav>/)?.[0] ?? '';
      expect(crumbs).toContain(`>${crumb}</a>`);
      expect(crumbs).not.toContain('>Snowshoes</a>');
      const breadcrumbLd = [
        ...product.html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
      ]
        .map(
          (match) => JSON.parse(match[1]!) as { '@type': string; itemListElement?: Array<{ name: string }> },
        )
        .find((data) => data['@type'] === 'BreadcrumbList');
      expect(breadcrumbLd?.itemListElement?.[0]?.name).toBe(crumb);
      expect(shownStrings(product.html)).not.toContain('Email');
    },
  );
});

describe('every served locale (issue 18)', () => {
  const pages = ['', CATEGORY, PRODUCT];
  it('shows no English display text the locale has a translation for, and prices only in its currency', async () => {
    const problems: string[] = [];
    const checked: string[] = [];
    for (const served of SERVED_LOCALES) {
      const state = localeStateFor({ ...served, segment: served.segment }, false);
      const language = contentLocaleOf(state);
      const english = language === 'en-us' ? new Set<string>() : translatedEnglish(language);
      const currency = CURRENCIES.find(
        (entry) => entry.code === COMMERCE_REGION_CURRENCY[state.commerceRegion as CommerceRegion],
      );
      for (const page of pages) {
        const path = served.segment === 'en-us' && page === '' ? '/' : `/${served.segment}${page}`;
        const { status, html } = await get(path, served.segment);
        if (status !== 200) {
          problems.push(`${path}: ${status}`);
          continue;
        }
        checked.push(path);
        for (const text of shownStrings(html)) {
          if (english.has(text)) problems.push(`${path}: English "${text}"`);
        }
        const prices = shownPrices(html);
        if (state.shoppingRegion && currency) {
          // The region's token, not part of another one (C$ is not $), where §3 places it.
          const token = currency.token.replace(/[$]/g, '\\$');
          const placed =
            currency.token_location === 'left'
              ? new RegExp(`(^|[^A-Z])${token}\\d`)
              : new RegExp(`\\d ${token}`);
          for (const price of prices) {
            if (!placed.test(price)) problems.push(`${path}: price "${price}" is not in ${currency.code}`);
          }
        } else if (html.includes('facet--price')) {
          problems.push(`${path}: price bands where the region shows no commerce price`);
        }
      }
    }
    expect(checked.length).toBeGreaterThanOrEqual(SERVED_LOCALES.length * pages.length - 3);
    expect(problems).toEqual([]);
  }, 300_000);
});
