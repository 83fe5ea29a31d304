import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from '../support/browser.ts';
import { ROOT, type RunningServer, startServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
const SHOTS = join(ROOT, 'test-results/screenshots');

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page that fails its test on any console error or uncaught exception. */
async function openPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  // Every wait names its step instead of running into the test's own time limit.
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { page, errors };
}

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

describe.each(LOCALES)('editorial pages in $segment', ({ segment, locale, width }) => {
  it.each(PAGES)(
    '$name renders with a heading, breadcrumbs, meta and no accessibility violations',
    async ({ name, path, heading }) => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale });
      const { page, errors } = await openPage(context);
      try {
        const response = await page.goto(`${server.url}/${segment}/${path}`);
        expect(response?.status()).toBe(200);
        await page.waitForLoadState('networkidle');
        await expect.poll(() => page.locator('h1').first().textContent()).toMatch(heading);
        const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
        expect(ld.some((text) => text.includes('"BreadcrumbList"'))).toBe(true);
        expect(await page.title()).not.toBe('');
        expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
        expect(await accessibilityViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
        await page.screenshot({
          path: join(SHOTS, `editorial-${name}-${segment}-${width}.png`),
          fullPage: true,
        });
        await page.setViewportSize({ width: 390, height: 844 });
        // The page's own content fits a phone (the shared header is checked by its own tests).
        expect(
          await page.evaluate(() => document.querySelector('main')?.scrollWidth ?? 0),
        ).toBeLessThanOrEqual(390);
        await page.screenshot({ path: join(SHOTS, `editorial-${name}-${segment}-390.png`), fullPage: true });
      } finally {
        await context.close();
      }
    },
  );
});

describe('editorial journeys', () => {
  it('follows blog → category → post and shares it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const { page, errors } = await openPage(context);
    try {
      await page.goto(`${server.url}/en-us/blog`);
      await page.waitForLoadState('networkidle');
      await page
        .getByRole('navigation', { name: 'Journal categories' })
        .getByRole('link', { name: 'Gear guides' })
        .click();
      await page.waitForURL(`${server.url}/en-us/blog/gear-guides`);
      await page.getByRole('heading', { level: 1, name: 'Gear guides' }).waitFor();
      const posts = page.locator('.post-card__title a');
      expect(await posts.count()).toBeGreaterThan(0);
      await page.getByRole('link', { name: 'Caring for your snowshoes' }).click();
      await page.waitForURL(`${server.url}/en-us/blog/p/caring-for-your-snowshoes`);
      await page.getByRole('heading', { level: 1, name: 'Caring for your snowshoes' }).waitFor();
      expect(await page.locator('.ed-related .post-card').count()).toBeGreaterThan(0);
      await page.getByText('Share', { exact: true }).click();
      const facebook = page.locator('a[data-network="facebook"]');
      await facebook.waitFor();
      const href = await facebook.getAttribute('href');
      expect(href).toContain(encodeURIComponent('/en-us/blog/p/caring-for-your-snowshoes'));
      expect(await page.locator('a[data-network="email"]').getAttribute('href')).toMatch(
        /^mailto:\?subject=Caring/,
      );
      await context.route('https://www.facebook.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>share</title>' }),
      );
      const [popup] = await Promise.all([page.waitForEvent('popup'), facebook.click()]);
      expect(popup.url()).toMatch(/^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=/);
      await popup.close();
      expect(page.url()).toBe(`${server.url}/en-us/blog/p/caring-for-your-snowshoes`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('pages the blog with links', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const { page } = await openPage(context);
    try {
      await page.goto(`${server.url}/en-us/blog`);
      await page.getByRole('link', { name: 'Next' }).click();
      await page.waitForURL(`${server.url}/en-us/blog?page=2`);
      await expect.poll(() => page.locator('.post-card').count()).toBeGreaterThan(0);
      expect((await page.goto(`${server.url}/en-us/blog?page=9`))?.status()).toBe(404);
    } finally {
      await context.close();
    }
  });

  it('finds a support article through the support search, in both locales', async () => {
    for (const [segment, locale] of [
      ['en-us', 'en-US'],
      ['fr-ca', 'fr-CA'],
    ] as const) {
      const context = await browser.newContext({ locale });
      const { page, errors } = await openPage(context);
      try {
        await page.goto(`${server.url}/${segment}/support`);
        await page.waitForLoadState('networkidle');
        await page.locator('#support-q').fill('crampons');
        await page.locator('#support-q').press('Enter');
        await page.waitForURL(/support\?q=crampons/);
        const result = page.locator('.ed-article-list__title', { hasText: 'Replacing crampons' });
        await result.waitFor();
        expect(await page.locator('.ed-support__results mark').count()).toBeGreaterThan(0);
        await result.click();
        await page.waitForURL(`${server.url}/${segment}/support/replacing-crampons`);
        await page.getByRole('heading', { level: 1, name: 'Replacing crampons' }).waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('books a demo day on the test-store page, with and without errors', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const { page, errors } = await openPage(context);
    try {
      await page.goto(`${server.url}/en-us/test-store`);
      await page.waitForLoadState('networkidle');
      const burlington = page.locator('.ed-event').filter({ hasText: 'Green Mountains night hike' });
      await expect.poll(() => burlington.textContent()).toContain('25 places left');
      await page.getByRole('button', { name: 'Book my place' }).click();
      await page.getByRole('alert').filter({ hasText: 'Choose a demo day.' }).waitFor();
      await page.locator('#book-event').selectOption('demo-burlington');
      await page.locator('#book-name').fill('Hannah Miller');
      await page.locator('#book-email').fill('hannah.miller@example.com');
      await page.locator('#book-party').selectOption('2');
      // Consent is required: without it nothing is booked and the form keeps what was typed.
      await page.getByRole('button', { name: 'Book my place' }).click();
      await page.getByRole('alert').filter({ hasText: 'Tick the box' }).waitFor();
      expect(await page.locator('#book-name').inputValue()).toBe('Hannah Miller');
      expect(await page.locator('#book-consent').getAttribute('aria-invalid')).toBe('true');
      await page.locator('#book-consent').check();
      await page.getByRole('button', { name: 'Book my place' }).click();
      await page
        .locator('.ed-booking')
        .getByRole('status')
        .filter({ hasText: 'Thanks Hannah Miller!' })
        .waitFor();
      expect(await page.locator('.ed-booking').getByRole('status').textContent()).toContain(
        'Green Mountains night hike',
      );
      // The booking is stored: the places left go down for everyone (cached pages follow within a second).
      await expect
        .poll(async () => {
          await page.goto(`${server.url}/en-us/test-store`);
          return burlington.textContent();
        })
        .toContain('23 places left');
      expect(errors.filter((text) => !/status of 40[09]/.test(text))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('books without JavaScript and refuses a second booking, and more places than are left', async () => {
    const context = await browser.newContext({ locale: 'fr-CA', javaScriptEnabled: false });
    const { page } = await openPage(context);
    try {
      const book = async (email: string, party: string) => {
        await page.goto(`${server.url}/fr-ca/test-store`);
        await page.locator('#book-event').selectOption('demo-whistler');
        await page.locator('#book-name').fill('Léa Tremblay');
        await page.locator('#book-email').fill(email);
        await page.locator('#book-party').selectOption(party);
        await page.locator('#book-consent').check();
        await Promise.all([page.waitForLoadState('load'), page.locator('form.ed-form button').click()]);
      };
      await book('lea@example.com', '6');
      await page.locator('.ed-booking [role="status"]').waitFor();
      expect(await page.locator('.ed-booking [role="status"]').textContent()).toContain('Léa Tremblay');
      await book('lea@example.com', '1');
      // fr-ca reads the French display text (seed/content/display_text/dt-booking-error-*.json).
      expect(await page.getByRole('alert').textContent()).toMatch(/a déjà une place réservée/);
      // Whistler holds 20: 6 + 6 + 6 leaves 2, so a party of 6 is told how many places remain.
      await book('lea2@example.com', '6');
      await book('lea3@example.com', '6');
      await book('lea4@example.com', '6');
      expect(await page.getByRole('alert').textContent()).toMatch(/il ne reste que 2 places/);
    } finally {
      await context.close();
    }
  });

  it('answers unknown content with the content-managed 404', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const { page } = await openPage(context);
    try {
      for (const path of [
        '/en-us/blog/p/nope',
        '/en-us/blog/nope',
        '/en-us/support/nope',
        '/en-us/l/nope',
        '/en-us/nope',
      ]) {
        expect((await page.goto(`${server.url}${path}`))?.status(), path).toBe(404);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
      }
    } finally {
      await context.close();
    }
  });
});
