import { accessibilityViolations } from '../support/browser.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';
import { openHydrated } from './shopper.ts';

ownStoreFor(import.meta.url);

// The home title comes from the home page's content (seo fields), in the page's language.
const HOME_TITLE = /Ridgeline/;
const PAGES = [
  // `cart` names the header's cart button in the page's language: it appears once the page is hydrated.
  { name: 'home', path: '/', locale: 'en-US', title: HOME_TITLE, status: 200, cart: /^Cart: / },
  { name: 'home-fr-ca', path: '/fr-ca', locale: 'fr-CA', title: HOME_TITLE, status: 200, cart: /^Panier: / },
  {
    name: 'not-found',
    path: '/en-us/nowhere',
    locale: 'en-US',
    title: 'Page Not Found | Ridgeline',
    status: 404,
    cart: /^Cart: /,
  },
  {
    name: 'country',
    path: '/en-us/country',
    locale: 'en-US',
    title: 'Choose your country and language | Ridgeline',
    status: 200,
    cart: /^Cart: /,
  },
];

for (const { name, path, locale, title, status, cart } of PAGES) {
  test.describe(`${name} page in Chromium`, () => {
    test.use({ locale });

    for (const width of [390, 1440]) {
      test(`renders at ${width} px with no accessibility violations`, async ({
        page,
        pageErrors,
      }, testInfo) => {
        await page.setViewportSize({ width, height: 900 });
        const response = await page.goto(path);
        expect(response?.status()).toBe(status);
        expect(new URL(page.url()).pathname).toBe(path);
        await expect(page.getByRole('button', { name: cart })).toBeVisible();
        await expect(page).toHaveTitle(title);
        expect(await accessibilityViolations(page)).toEqual([]);
        // The 404 page's own document status is expected; any other console error is a defect.
        expect(pageErrors.filter((error) => !(status === 404 && error.includes('status of 404')))).toEqual(
          [],
        );
        await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
      });
    }
  });
}

test.describe('navigation', () => {
  test('switches to Canada without a full reload and remembers it', async ({ page, baseURL }) => {
    await openHydrated(page, '/');
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await page.getByRole('link', { name: /Country and language/ }).click();
    await page.getByRole('button', { name: 'Canada, English' }).click();
    await page.waitForURL(`${baseURL}/en-ca`);
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    await page.getByRole('link', { name: 'Ridgeline Snowshoe Co. home' }).click();
    await page.waitForURL(`${baseURL}/en-ca`);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'countryLanguage')?.value).toBe('en-ca');
  });

  test('switches to ja-jp from the country chooser and stays there on reload', async ({ page, baseURL }) => {
    await page.goto('/');
    await page.getByRole('link', { name: /Country and language/ }).click();
    await page.waitForURL(/\/en-us\/country/);
    await expect(page.getByRole('heading', { name: 'Choose your country and language' })).toBeVisible();
    await page.getByRole('button', { name: 'Japan, 日本語' }).click();
    await page.waitForURL(`${baseURL}/ja-jp`);
    // The URL changes as navigation starts; the document follows once React commits.
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await page.reload();
    expect(page.url()).toBe(`${baseURL}/ja-jp`);
    // Japanese display text and navigation where the content has them.
    await expect(page.getByRole('link', { name: '国と言語: 日本 · 日本語' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'メイン' }).getByText('スノーシュー', { exact: true }),
    ).toBeVisible();
  });

  test('a switch of language fetches the display text of that language and shows it, the footer by one document load', async ({
    page,
    baseURL,
  }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/display-text/')) fetched.push(new URL(request.url()).pathname);
    });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto('/en-us/country?returnTo=%2Fen-us%2Fc%2Fsnowshoes');
    await expect(page.getByRole('button', { name: 'Germany, Deutsch' })).toBeEnabled();
    await page.getByRole('button', { name: 'Germany, Deutsch' }).click();
    await page.waitForURL(`${baseURL}/de-de/c/snowshoes`);
    // German UI strings (display text): the dictionary is fetched after the navigation. The footer's words are
    // drawn by the server only (decision 0056), so another locale is finished by one document load of the page.
    await expect(page.getByRole('link', { name: 'Zum Inhalt springen' })).toBeAttached();
    await expect(page.getByRole('link', { name: /^Land und Sprache/ })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Alle Rechte vorbehalten');
    expect(fetched.filter((path) => path === '/display-text/de').length).toBeGreaterThanOrEqual(1);
    expect(fetched[0]).toBe('/display-text/en-us');
    expect(problems).toEqual([]);
  });

  test('a page whose display text cannot be fetched is left as the server sent it: words shown, links working', async ({
    page,
    baseURL,
  }) => {
    await page.route('**/display-text/**', (route) => route.abort('connectionfailed'));
    await page.goto('/en-us/c/snowshoes');
    await expect(page.getByRole('link', { name: /^Country and language/ })).toBeVisible();
    // Not hydrated (that would put keys in place of words), so a link is an ordinary page load.
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => '__reactRouterDataRouter' in window)).toBe(false);
    await page.getByRole('link', { name: /^Country and language/ }).click();
    await page.waitForURL(/\/en-us\/country/);
    await expect(page.getByRole('heading', { name: 'Choose your country and language' })).toBeVisible();
    expect(page.url().startsWith(baseURL ?? '')).toBe(true);
  });

  test('falls back to English content where a locale has none, keeping its own UI strings', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ locale: 'sv-SE', baseURL });
    await context.addCookies([
      { name: 'country', value: 'se', url: baseURL },
      { name: 'language', value: 'sv', url: baseURL },
    ]);
    const page = await context.newPage();
    try {
      await page.goto('/sv-se');
      await expect(page.getByRole('link', { name: 'Land och språk: Sverige · Svenska' })).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Huvudmeny' }).getByText('Snöskor', { exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Gjorda för vägen upp' })).toBeVisible();
      // The about page has no Swedish copy yet: the editors' English shows rather than nothing.
      await page.goto('/sv-se/about');
      await expect(page.getByRole('heading', { level: 1, name: 'About Ridgeline' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Land och språk: Sverige · Svenska' })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('works without JavaScript: the chooser form posts and redirects', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: 'en-US', javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    try {
      await page.goto('/en-us/country?returnTo=%2Fen-us%2Fnowhere');
      await page.getByRole('button', { name: 'Germany, Deutsch' }).click();
      await page.waitForURL(`${baseURL}/de-de/nowhere`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    } finally {
      await context.close();
    }
  });

  test('lets a keyboard user skip to the content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  });
});
