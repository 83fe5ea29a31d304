import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentLocaleOf } from '#core/locale.ts';
import {
  COMMERCE_REGION_CURRENCY,
  type CommerceRegion,
  CURRENCIES,
  type CurrencyFormat,
} from '#core/regions.ts';
import { SERVED_LOCALES } from '#core/served-locales.ts';
import { localeStateFor } from '../../app/lib/locale/locale-state.ts';
import { CATALOGUE_CATEGORIES, CATALOGUE_PRODUCTS } from '../../seed/catalogue/index.ts';
import { catalogueContent } from '../../seed/content/catalogue-content.ts';
import { ROOT } from '../support/server.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';

/**
 * What shoppers and crawlers of every country meet (issue 18): the locale middleware's cookies and Vary on
 * rendered and cached pages (#1), price bands in the page's currency and words (#2), no English display text
 * left on translated pages (#3), and in every served locale no translated English (text, attributes,
 * breadcrumbs for crawlers) and no price in another currency than the region's.
 */

ownStoreFor(import.meta.url);

// The store's address, for the HTTP requests (fetch) these tests make as a browser or a crawler would.
let origin = '';
test.beforeAll(async ({ store }) => {
  origin = store.url;
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

test.describe('headers set by the locale middleware (issue 18 #1)', () => {
  for (const path of ['/', `/en-us${CATEGORY}`, `/en-us${PRODUCT}`]) {
    test(`a first visit to ${path} that answers 200 sets the three locale cookies and says Vary`, async () => {
      // Twice: the first render fills the page cache, the second is served from it; both are first visits.
      for (const attempt of ['render', 'cache']) {
        const response = await fetch(`${origin}${path}`, {
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
    });
  }

  test('keeps utmQuery from a campaign link and the locale of a shopping-feed visit', async () => {
    const campaign = await fetch(`${origin}/?utm_source=news&utm_medium=mail`, {
      headers: visitorOf('en-us'),
      redirect: 'manual',
    });
    expect(campaign.status).toBe(200);
    expect(campaign.headers.getSetCookie().join('\n')).toContain(
      'utmQuery=utm_source%3Dnews%26utm_medium%3Dmail',
    );
    const feed = await fetch(`${origin}/de-de${PRODUCT}?shopping_feed=1`, {
      headers: visitorOf('en-us'),
      redirect: 'manual',
    });
    expect(feed.status).toBe(200);
    expect(feed.headers.getSetCookie().join('\n')).toContain('countryLanguage=de-de');
  });

  test('serves a returning visitor from the page cache, publicly cacheable and varying on what it depends on', async () => {
    const path = `/de-de${CATEGORY}`;
    await (await fetch(`${origin}${path}`, { headers: visitorOf('de-de') })).arrayBuffer();
    const cached = await fetch(`${origin}${path}`, { headers: visitorOf('de-de') });
    expect(cached.status).toBe(200);
    expect(cached.headers.get('x-page-cache')).toBe('HIT');
    expect(cached.headers.getSetCookie()).toEqual([]);
    expect(publiclyCacheable(cached)).toBe(true);
    expect(varyNames(cached)).toEqual(
      expect.arrayContaining(['accept-encoding', 'cookie', 'accept-language']),
    );
  });

  test('a German browser with no cookies is redirected, never handed the cached en-us home', async () => {
    const response = await fetch(`${origin}/`, {
      headers: { 'user-agent': CHROME, 'accept-language': 'de-DE,de;q=0.9' },
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/de-de');
    expect(varyNames(response)).toEqual(expect.arrayContaining(['cookie', 'accept-language']));
  });
});

// ---------------------------------------------------------------------------------------------------------
// What a page shows, and the English display text each content language has a translation for (the seed).

const decode = (text: string) =>
  text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .trim();

const withoutScripts = (html: string) =>
  html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<style[\s\S]*?<\/style>/g, '');

/** Text nodes of the server-rendered HTML (scripts and styles left out). */
const textNodes = (html: string) =>
  [...withoutScripts(html).matchAll(/>([^<>]+)</g)].map((match) => decode(match[1]!)).filter(Boolean);

/** Words a shopper or a screen reader meets outside text nodes. */
const ATTRIBUTES = new RegExp(
  `\\s(?:${['title', 'alt', 'placeholder', 'aria-label'].join('|')})="([^"]*)"`,
  'g',
);
const attributeTexts = (html: string) =>
  [...withoutScripts(html).matchAll(ATTRIBUTES)].map((match) => decode(match[1]!)).filter(Boolean);

/** Visible text nodes and accessible names of the server-rendered HTML (scripts and styles left out). */
const shownStrings = (html: string) => [...textNodes(html), ...attributeTexts(html)];

type DisplayTextFile = { uid: string; locales: Record<string, { title: string; text: string }> };
const DISPLAY_TEXT_DIR = join(ROOT, 'seed/content/display_text');
const displayText: DisplayTextFile[] = readdirSync(DISPLAY_TEXT_DIR).map(
  (name) => JSON.parse(readFileSync(join(DISPLAY_TEXT_DIR, name), 'utf8')) as DisplayTextFile,
);

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const collect = (value: unknown, into: Set<string>): void => {
  if (typeof value === 'string') {
    into.add(value.trim());
    // Rich text is shown as its text nodes.
    if (value.includes('<')) for (const text of textNodes(`>${value}<`)) into.add(text);
  } else if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) collect(inner, into);
  }
};

// Editors' entries shown in the shell (navigation, alerts, newsletter copy) fall back to English where a
// language has none: a content gap, not display text. Their strings are not held against the page as a
// whole; the display text they share (the gender labels) is checked where it is display text, the filter. The
// product specs' labels (manage_product_attributes: "Terrain") are editors' too, in four languages so far.
const CONTENT_DIRS = [
  'header',
  'main_nav',
  'top_alert',
  'email_signup_settings',
  'manage_product_attributes',
];
const contentStrings = new Set<string>();
for (const dir of CONTENT_DIRS) {
  for (const name of readdirSync(join(ROOT, 'seed/content', dir))) {
    collect(readJson(join(ROOT, 'seed/content', dir, name)), contentStrings);
  }
}

// Every other text of the seed: editors' entries, the catalogue, the media's alt texts. English content where a
// language has none is a content gap too, so a shown string that is such content verbatim is not taken for a
// display text with placeholders ("Fast on snow" is not "{name} on {network}").
const editorsText = new Set<string>();
for (const entry of readdirSync(join(ROOT, 'seed/content'), { recursive: true, encoding: 'utf8' })) {
  if (entry.endsWith('.json') && !/display_text/.test(entry)) {
    collect(readJson(join(ROOT, 'seed/content', entry)), editorsText);
  }
}
collect([catalogueContent(), CATALOGUE_PRODUCTS, CATALOGUE_CATEGORIES], editorsText);
collect(readJson(join(ROOT, 'seed/media/manifest.json')), editorsText);

// Long texts of the seed, for shown texts that quote them (a search snippet: a tagline and a description).
const longEditorsTexts = [...editorsText].filter((text) => text.length >= 40);
// Editors' texts with placeholders ("… orders over {amount}."), shown with the placeholder filled in.
const editorsPatterns = [...editorsText]
  .filter((text) => /\{\w+\}/.test(text))
  .map(
    (text) =>
      new RegExp(
        `^${text
          .split(/\{\w+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.+')}$`,
      ),
  );
/** Whether a shown text is the editors' content rather than display text. */
const isEditorsText = (text: string) =>
  editorsText.has(text) ||
  longEditorsTexts.some((content) => text.includes(content)) ||
  editorsPatterns.some((pattern) => pattern.test(text));

/** An English text that `language` translates: the whole shown string matches it, placeholders as any text. */
interface EnglishText {
  english: string;
  /** Whether it has placeholders. */
  pattern: boolean;
  matches: (shown: string) => boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function englishText(english: string): EnglishText {
  if (!english.includes('{')) return { english, pattern: false, matches: (shown) => shown === english };
  const pattern = new RegExp(
    `^${english
      .split(/\{\w+\}/)
      .map(escapeRegExp)
      .join('.+?')}$`,
    's',
  );
  return { english, pattern: true, matches: (shown) => pattern.test(shown) };
}

/** The English texts of `uids` (all display text when none given) that `language` translates differently. */
function translatedEnglish(language: string, uids?: (uid: string) => boolean): EnglishText[] {
  if (language === 'en-us') return [];
  return displayText
    .filter((file) => !uids || uids(file.uid))
    .flatMap((file) => {
      const en = file.locales['en-us']?.text.trim();
      const translated = file.locales[language]?.text.trim();
      return en && translated && en !== translated ? [englishText(en)] : [];
    });
}

/** Category names (§3 product category) in English where `language` has its own. */
function englishCategoryNames(language: string): Set<string> {
  const names = new Set<string>();
  for (const entry of catalogueContent()) {
    if (entry.content_type !== 'product_category') continue;
    const en = entry.locales['en-us']?.display_title;
    const own = entry.locales[language]?.display_title;
    if (typeof en === 'string' && typeof own === 'string' && en !== own) names.add(en);
  }
  return names;
}

/** The JSON-LD blocks of a page. */
type JsonLd = {
  '@type': string;
  itemListElement?: Array<{ name: string }>;
  offers?: { priceCurrency?: string } | Array<{ priceCurrency?: string }>;
};
const jsonLd = (html: string): JsonLd[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as JsonLd,
  );

const fieldset = (html: string, facet: string) =>
  html.match(new RegExp(`<fieldset class="facet facet--${facet}"[^>]*>([\\s\\S]*?)</fieldset>`))?.[1];

/** The option labels of a filter (the counts left out). */
const facetLabels = (html: string, facet: string) =>
  [...(fieldset(html, facet) ?? '').matchAll(/<span>([^<]+)<\/span>/g)].map((match) => decode(match[1]!));

/**
 * Every shown price: current (sale or not) and compare-at prices of tiles and products, search results, and the
 * price bands.
 */
function shownPrices(html: string): string[] {
  const prices = [
    ...html.matchAll(/class="(?:price__current|price__was|search-result__price)[^"]*">([^<]+)</g),
  ].map((match) => decode(match[1]!));
  return [...prices, ...facetLabels(html, 'price')];
}

/** §3 content prices per country: what a non-selling country's prices are written in (seed catalogue content). */
const CONTENT_PRICE_CURRENCY: Record<string, string> = {
  au: 'AUD',
  cz: 'CZK',
  jp: 'JPY',
  no: 'NOK',
  pl: 'PLN',
  se: 'SEK',
  ch: 'CHF',
  gb: 'GBP',
  nz: 'NZD',
};

/** A price in `currency`: its token where §3 places it, not part of another token (C$ is not $). */
function priceIn(currency: CurrencyFormat): RegExp {
  const token = escapeRegExp(currency.token);
  return currency.token_location === 'left'
    ? new RegExp(`(^|[^\\p{L}$])${token}\\s?\\d`, 'u')
    : new RegExp(`\\d\\s?${token}(?!\\p{L})`, 'u');
}

// Any amount with a currency mark, wherever it stands: the store's tokens, ISO codes and the browser's own
// spellings (US$, CA$, ￥, 円), so an amount formatted outside the store's currency format is seen too.
const MARKS = [
  ...new Set([
    ...CURRENCIES.flatMap((currency) => [currency.token, currency.code]).filter(
      (mark) => !mark.endsWith('$'),
    ),
    '￥',
    '円',
  ]),
].map(escapeRegExp);
const MONEY = [
  /(?<!\p{L})(\p{Lu}{0,3}\$)\s?\d/gu,
  new RegExp(`(?<!\\p{L})(${MARKS.join('|')})\\s?\\d`, 'gu'),
  new RegExp(`\\d\\s?(${MARKS.join('|')})(?!\\p{L})`, 'gu'),
];
/** The currency marks of the amounts in `texts`. */
const moneyMarks = (texts: string[]) =>
  texts.flatMap((text) => MONEY.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!)));

const get = async (path: string, segment: string) => {
  const response = await fetch(`${origin}${path}`, { headers: visitorOf(segment), redirect: 'manual' });
  return { status: response.status, html: await response.text() };
};

test.describe('price filter bands (issue 18 #2)', () => {
  for (const [segment, expected] of [
    ['en-us', ['Under $100.00', '$300.00 and up']],
    ['en-ca', ['Under C$100.00']],
    ['de-de', ['Unter 100,00 €', 'Ab 300,00 €']],
    ['fr-fr', ['Moins de 100,00 €', '300,00 € et plus']],
  ] as const) {
    test(`${segment}: in the page currency, format and language`, async () => {
      const { status, html } = await get(`/${segment}${CATEGORY}`, segment);
      expect(status).toBe(200);
      const bands = shownPrices(html).filter((text) => /\d/.test(text));
      for (const label of expected) expect(bands).toContain(label);
      expect(html).not.toMatch(/\d $</);
    });
  }

  for (const segment of ['en-gb', 'ja-jp', 'de-ch']) {
    test(`${segment} (no commerce prices): no price bands`, async () => {
      const { html } = await get(`/${segment}${CATEGORY}`, segment);
      expect(html).not.toContain('facet--price');
    });
  }
});

test.describe('translated pages (issue 18 #3)', () => {
  for (const [segment, genders, main, crumb] of [
    ['de-de', ['Herren', 'Damen'], 'Hauptnavigation', 'Schneeschuhe'],
    ['fr-fr', ['Homme', 'Femme'], 'Principal', 'Raquettes à neige'],
    ['ja-jp', ['メンズ', 'レディース'], 'メイン', 'スノーシュー'],
  ] as const) {
    test(`${segment}: gender filters, landmarks, breadcrumbs (visible and JSON-LD) and the share menu`, async () => {
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
    });
  }
});

test.describe('every served locale (issue 18)', () => {
  // Home, a category (filters), a subcategory and a product (breadcrumbs; sale prices among the related
  // products), search results (prices from the index) and the cart.
  const pages = ['', CATEGORY, `${CATEGORY}/mens`, PRODUCT, '/search?q=summit', '/cart'];
  test('shows no English display text the locale has a translation for, and prices only in its currency', async () => {
    const problems: string[] = [];
    const checked: string[] = [];
    const counted = { patterns: 0, prices: 0, compareAt: 0, genderLabels: 0, crumbs: 0 };
    for (const served of SERVED_LOCALES) {
      const state = localeStateFor({ ...served, segment: served.segment }, false);
      const language = contentLocaleOf(state);
      // Breadcrumbs are never navigation content: held against every translated English text.
      const englishCrumbs = translatedEnglish(language);
      const english = englishCrumbs.filter((text) => !contentStrings.has(text.english));
      const englishGenders = translatedEnglish(language, (uid) => uid.startsWith('dt-gender-'));
      const englishCategories = englishCategoryNames(language);
      const currencyCode = state.shoppingRegion
        ? COMMERCE_REGION_CURRENCY[state.commerceRegion as CommerceRegion]
        : CONTENT_PRICE_CURRENCY[served.country];
      const currency = CURRENCIES.find((entry) => entry.code === currencyCode);
      counted.patterns += english.filter((text) => text.pattern).length;
      for (const page of pages) {
        const path = served.segment === 'en-us' && page === '' ? '/' : `/${served.segment}${page}`;
        const { status, html } = await get(path, served.segment);
        if (status !== 200) {
          problems.push(`${path}: ${status}`);
          continue;
        }
        checked.push(path);
        const shown = shownStrings(html);
        for (const text of shown) {
          const leak = english.find(
            (candidate) => candidate.matches(text) && !(candidate.pattern && isEditorsText(text)),
          );
          if (leak) problems.push(`${path}: English "${text}" (display text "${leak.english}")`);
        }

        // The gender filter's labels are display text, even where the navigation shows the same English words.
        if (page === CATEGORY) {
          const genders = facetLabels(html, 'gender');
          if (genders.length === 0) problems.push(`${path}: no gender filter`);
          counted.genderLabels += genders.length;
          for (const label of genders) {
            if (englishGenders.some((candidate) => candidate.matches(label))) {
              problems.push(`${path}: English gender filter label "${label}"`);
            }
          }
        }

        // Breadcrumbs, visible and for crawlers, name categories as the category pages do.
        const trail = html.match(/<nav [^>]*class="breadcrumbs"[\s\S]*?<\/nav>/)?.[0] ?? '';
        const ld = jsonLd(html);
        const crumbs = [
          ...textNodes(trail),
          ...ld.flatMap((data) =>
            data['@type'] === 'BreadcrumbList' ? (data.itemListElement ?? []).map((item) => item.name) : [],
          ),
        ];
        counted.crumbs += crumbs.length;
        for (const name of crumbs) {
          if (englishCategories.has(name) || englishCrumbs.some((candidate) => candidate.matches(name))) {
            problems.push(`${path}: English "${name}" in breadcrumbs`);
          }
        }

        // Prices: every shown price in the region's currency (a non-selling country's content prices in its
        // own, §3), no amount in another currency anywhere, and none at all where the country has no prices.
        const prices = shownPrices(html);
        counted.prices += prices.length;
        counted.compareAt += (html.match(/class="price__was/g) ?? []).length;
        if (!currency) {
          for (const price of prices) problems.push(`${path}: price "${price}" where the region shows none`);
        } else {
          const placed = priceIn(currency);
          for (const price of prices) {
            if (!placed.test(price)) problems.push(`${path}: price "${price}" is not in ${currency.code}`);
          }
        }
        for (const mark of moneyMarks(shown)) {
          if (mark !== currency?.token) problems.push(`${path}: an amount in "${mark}"`);
        }
        for (const data of ld) {
          const offers = data.offers ? [data.offers].flat() : [];
          for (const offer of offers) {
            if (offer.priceCurrency !== currency?.code) {
              problems.push(`${path}: JSON-LD offer in ${offer.priceCurrency}`);
            }
          }
        }
      }
    }
    expect(checked.length).toBeGreaterThanOrEqual(SERVED_LOCALES.length * pages.length - 3);
    // Nothing checked vacuously: placeholders, gender labels, breadcrumbs, prices and sale prices all met.
    expect(counted.patterns).toBeGreaterThan(0);
    expect(counted.prices).toBeGreaterThan(0);
    expect(counted.genderLabels).toBeGreaterThanOrEqual(SERVED_LOCALES.length);
    expect(counted.crumbs).toBeGreaterThan(0);
    expect(counted.compareAt).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
