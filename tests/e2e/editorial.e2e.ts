import type { Page } from '@playwright/test';
import { accessibilityViolations } from '../support/browser.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';
import { openHydrated } from './shopper.ts';

ownStoreFor(import.meta.url);

// Every wait names its step instead of running into the test's own time limit.
const STEP_MS = 20_000;

const PAGES = [
  { name: 'content-page', path: 'about', heading: /About Ridgeline/ },
  { name: 'landing', path: 'l/backcountry', heading: /./ },
  { name: 'blog', path: 'blog', heading: /Journal/ },
  { name: 'blog-category', path: 'blog/gear-guides', heading: /Gear guides/ },
  { name: 'blog-post', path: 'blog/p/caring-for-your-snowshoes', heading: /Caring for your snowshoes/ },
  { name: 'support', path: 'support', heading: /help|aider/i },
  { name: 'support-article', path: 'support/choosing-snowshoe-size', heading: /Choosing your snowshoe size/ },
  { name: 'team', path: 'team', heading: /\w/ },
  { name: 'styletile', path: 'styletile', heading: /Style tile/ },
  { name: 'psia', path: 'psia', heading: /Product safety|Sécurité/ },
  { name: 'test-store', path: 'test-store', heading: /Test before you buy|Essayez/ },
];
// Axe runs at desktop widths; each page is then also looked at (screenshot) at 390 px.
const LOCALES = [
  { segment: 'en-us', locale: 'en-US', width: 1440 },
  { segment: 'fr-ca', locale: 'fr-CA', width: 1280 },
];

/** The support page's search field (role search), in any language. */
const supportSearch = (page: Page) => page.getByRole('search').getByRole('searchbox');

for (const { segment, locale, width } of LOCALES) {
  test.describe(`editorial pages in ${segment}`, () => {
    for (const { name, path, heading } of PAGES) {
      test(`${name} renders with a heading, breadcrumbs, meta and no accessibility violations`, async ({
        openShopper,
      }, testInfo) => {
        const { context, page, errors } = await openShopper(width, { locale });
        context.setDefaultTimeout(STEP_MS);
        const response = await page.goto(`/${segment}/${path}`);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
        const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
        expect(ld.some((text) => text.includes('"BreadcrumbList"'))).toBe(true);
        await expect(page).not.toHaveTitle('');
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /./);
        expect(await accessibilityViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
        await page.screenshot({
          path: testInfo.outputPath(`editorial-${name}-${segment}-${width}.png`),
          fullPage: true,
        });
        await page.setViewportSize({ width: 390, height: 844 });
        // The page's own content fits a phone (the shared header is checked by its own tests).
        expect(
          await page.evaluate(() => document.querySelector('main')?.scrollWidth ?? 0),
        ).toBeLessThanOrEqual(390);
        await page.screenshot({
          path: testInfo.outputPath(`editorial-${name}-${segment}-390.png`),
          fullPage: true,
        });
      });
    }
  });
}

test.describe('editorial journeys', () => {
  test('follows blog → category → post and shares it', async ({ openShopper, store }) => {
    const { context, page, errors } = await openShopper(1280);
    context.setDefaultTimeout(STEP_MS);
    await openHydrated(page, '/en-us/blog');
    await page
      .getByRole('navigation', { name: 'Journal categories' })
      .getByRole('link', { name: 'Gear guides' })
      .click();
    await page.waitForURL(`${store.url}/en-us/blog/gear-guides`);
    await expect(page.getByRole('heading', { level: 1, name: 'Gear guides' })).toBeVisible();
    await expect(page.locator('.post-card__title a')).not.toHaveCount(0);
    await page.getByRole('link', { name: 'Caring for your snowshoes' }).click();
    await page.waitForURL(`${store.url}/en-us/blog/p/caring-for-your-snowshoes`);
    await expect(page.getByRole('heading', { level: 1, name: 'Caring for your snowshoes' })).toBeVisible();
    await expect(page.locator('.ed-related .post-card')).not.toHaveCount(0);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    // The post's menu, not the footer's links to the store's own pages.
    const menu = page.getByRole('main');
    const facebook = menu.getByRole('link', { name: 'Facebook', exact: true });
    await expect(facebook).toHaveAttribute(
      'href',
      new RegExp(encodeURIComponent('/en-us/blog/p/caring-for-your-snowshoes')),
    );
    await expect(menu.getByRole('link', { name: 'Email', exact: true })).toHaveAttribute(
      'href',
      /^mailto:\?subject=Caring/,
    );
    await context.route('https://www.facebook.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>share</title>' }),
    );
    const [popup] = await Promise.all([page.waitForEvent('popup'), facebook.click()]);
    expect(popup.url()).toMatch(/^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=/);
    await popup.close();
    expect(page.url()).toBe(`${store.url}/en-us/blog/p/caring-for-your-snowshoes`);
    // Copying needs JavaScript: the hydrated menu offers it, the HTML alone (no JavaScript) does not.
    await expect(menu.getByRole('button', { name: 'Copy link' })).toBeVisible();
    const html = await (await fetch(`${store.url}/en-us/blog/p/caring-for-your-snowshoes`)).text();
    expect(html).toContain('class="share-menu"');
    expect(html).not.toContain('>Copy link<');
    expect(errors).toEqual([]);
  });

  test('pages the blog with links', async ({ page, store }) => {
    page.setDefaultTimeout(STEP_MS);
    await page.goto('/en-us/blog');
    await page.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(`${store.url}/en-us/blog?page=2`);
    await expect(page.locator('.post-card')).not.toHaveCount(0);
    expect((await page.goto('/en-us/blog?page=9'))?.status()).toBe(404);
  });

  test('finds a support article through the support search, in both locales', async ({
    openShopper,
    store,
  }) => {
    for (const [segment, locale] of [
      ['en-us', 'en-US'],
      ['fr-ca', 'fr-CA'],
    ] as const) {
      const { context, page, errors } = await openShopper(1440, { locale });
      context.setDefaultTimeout(STEP_MS);
      await page.goto(`/${segment}/support`, { waitUntil: 'domcontentloaded' });
      // Hydrated: the header's cart button (in the page's language) replaces its link.
      await expect(page.getByRole('button', { name: /^(Cart|Panier)/ })).toBeVisible();
      await supportSearch(page).fill('crampons');
      await supportSearch(page).press('Enter');
      await page.waitForURL(/support\?q=crampons/);
      const result = page.locator('.ed-support__results').getByRole('link', { name: 'Replacing crampons' });
      await expect(result).toBeVisible();
      await expect(page.locator('.ed-support__results mark')).not.toHaveCount(0);
      await result.click();
      await page.waitForURL(`${store.url}/${segment}/support/replacing-crampons`);
      await expect(page.getByRole('heading', { level: 1, name: 'Replacing crampons' })).toBeVisible();
      expect(errors).toEqual([]);
    }
  });

  test('books a demo day on the test-store page, with and without errors', async ({ page, pageErrors }) => {
    page.setDefaultTimeout(STEP_MS);
    await openHydrated(page, '/en-us/test-store');
    const burlington = page.locator('.ed-event').filter({ hasText: 'Green Mountains night hike' });
    await expect(burlington).toContainText('25 places left');
    const book = page.getByRole('button', { name: 'Book my place' });
    await book.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Choose a demo day.' })).toBeVisible();
    await page.getByLabel('Demo day', { exact: true }).selectOption('demo-burlington');
    await page.getByLabel('Your name').fill('Hannah Miller');
    await page.getByLabel('Email', { exact: true }).fill('hannah.miller@example.com');
    await page.getByLabel('People coming').selectOption('2');
    // Consent is required: without it nothing is booked and the form keeps what was typed.
    await book.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Tick the box' })).toBeVisible();
    await expect(page.getByLabel('Your name')).toHaveValue('Hannah Miller');
    // The booking form's one checkbox: consent.
    const consent = page.locator('form.ed-form').getByRole('checkbox');
    await expect(consent).toHaveAttribute('aria-invalid', 'true');
    await consent.check();
    await book.click();
    const confirmed = page.locator('.ed-booking').getByRole('status');
    await expect(confirmed).toContainText('Thanks Hannah Miller!');
    await expect(confirmed).toContainText('Green Mountains night hike');
    // The booking is stored: the places left go down for everyone (cached pages follow within a second).
    await expect
      .poll(async () => {
        await page.goto('/en-us/test-store');
        return burlington.textContent();
      })
      .toContain('23 places left');
    expect(pageErrors.filter((text) => !/status of 40[09]/.test(text))).toEqual([]);
  });

  test('books without JavaScript and refuses a second booking, and more places than are left', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ locale: 'fr-CA', javaScriptEnabled: false, baseURL });
    context.setDefaultTimeout(STEP_MS);
    try {
      const page = await context.newPage();
      const book = async (email: string, party: string) => {
        await page.goto('/fr-ca/test-store');
        await page.getByLabel('Journée d’essai', { exact: true }).selectOption('demo-whistler');
        await page.getByLabel('Votre nom').fill('Léa Tremblay');
        await page.getByLabel('E-mail', { exact: true }).fill(email);
        await page.getByLabel('Nombre de participants').selectOption(party);
        await page.locator('form.ed-form').getByRole('checkbox').check();
        await Promise.all([page.waitForLoadState('load'), page.locator('form.ed-form button').click()]);
      };
      await book('lea@example.com', '6');
      await expect(page.locator('.ed-booking').getByRole('status')).toContainText('Léa Tremblay');
      await book('lea@example.com', '1');
      // fr-ca reads the French display text (seed/content/display_text/dt-booking-error-*.json).
      await expect(page.getByRole('alert')).toHaveText(/a déjà une place réservée/);
      // Whistler holds 20: 6 + 6 + 6 leaves 2, so a party of 6 is told how many places remain.
      await book('lea2@example.com', '6');
      await book('lea3@example.com', '6');
      await book('lea4@example.com', '6');
      await expect(page.getByRole('alert')).toHaveText(/il ne reste que 2 places/);
    } finally {
      await context.close();
    }
  });

  test('answers unknown content with the content-managed 404', async ({ page }) => {
    page.setDefaultTimeout(STEP_MS);
    for (const path of [
      '/en-us/blog/p/nope',
      '/en-us/blog/nope',
      '/en-us/support/nope',
      '/en-us/l/nope',
      '/en-us/nope',
    ]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
  });
});
