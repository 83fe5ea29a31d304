import type { Page } from '@playwright/test';
import { collectOutput, exitOf, runServerProcess, tempDataDir } from '../support/server.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';
import { openHydrated, pageHydrated } from './shopper.ts';

/**
 * MEDIA_BASE_URL (issue 44 #3): with an image CDN set, every image address a storefront page names points at it,
 * in the server's HTML and in what the browser renders itself (hydration, a client-side navigation), and the
 * browser never asks the built-in /media for one. The CDN here is a host the test answers from the store's own
 * /media: it speaks the same grammar, so the same path and query name the same image.
 */

const CDN = 'https://images.ridgeline-cdn.test';

ownStoreFor(import.meta.url, { MEDIA_BASE_URL: CDN });

test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

/** Every image address of the document: img and picture candidates, image preloads, og:image, videos. */
function imageAddresses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const candidates = (srcset: string | null) =>
      (srcset ?? '')
        .split(',')
        .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
        .filter(Boolean);
    for (const image of document.querySelectorAll('img')) {
      const src = image.getAttribute('src');
      if (src) found.push(src);
      found.push(...candidates(image.getAttribute('srcset')));
    }
    for (const source of document.querySelectorAll('picture source'))
      found.push(...candidates(source.getAttribute('srcset')));
    for (const link of document.querySelectorAll('link[rel="preload"][as="image"]')) {
      const href = link.getAttribute('href');
      if (href) found.push(href);
      found.push(...candidates(link.getAttribute('imagesrcset')));
    }
    for (const meta of document.querySelectorAll('meta[property="og:image"]'))
      found.push(meta.getAttribute('content') ?? '');
    for (const video of document.querySelectorAll('video[src], video source[src]'))
      found.push(video.getAttribute('src') ?? '');
    return found.filter((address) => !address.startsWith('data:') && !address.endsWith('.svg'));
  });
}

/** Answers the CDN from the store's /media and records what the page asked of each. */
async function serveCdn(page: Page, baseURL: string) {
  const fromCdn: string[] = [];
  const fromBuiltIn: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === baseURL && url.pathname.startsWith('/media/')) fromBuiltIn.push(request.url());
  });
  await page.route(`${CDN}/**`, async (route) => {
    const url = new URL(route.request().url());
    fromCdn.push(url.href);
    const response = await page.request.get(`${baseURL}/media${url.pathname}${url.search}`);
    await route.fulfill({ response });
  });
  return { fromCdn, fromBuiltIn };
}

test.describe('an image CDN in MEDIA_BASE_URL', () => {
  test('every image of the home, category, product and search pages comes from the CDN', async ({
    page,
    pageErrors,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const requests = await serveCdn(page, baseURL!);
    for (const path of ['/en-us', '/en-us/c/snowshoes', '/en-us/search?q=snowshoe']) {
      await openHydrated(page, path);
      const addresses = await imageAddresses(page);
      expect(addresses.length, path).toBeGreaterThan(0);
      expect(
        addresses.filter((address) => !address.startsWith(`${CDN}/i/`) && !address.startsWith(`${CDN}/v/`)),
        path,
      ).toEqual([]);
    }

    // A product opened from the category: rendered by the browser itself, after a client-side navigation.
    await openHydrated(page, '/en-us/c/snowshoes');
    await page.locator('main a[href*="/en-us/p/"]').first().click();
    await expect(page).toHaveURL(/\/en-us\/p\//);
    await pageHydrated(page);
    await expect(page.locator('main img').first()).toBeVisible();
    const product = await imageAddresses(page);
    expect(product.length).toBeGreaterThan(0);
    expect(product.filter((address) => !address.startsWith(`${CDN}/`))).toEqual([]);

    // The same product loaded anew: its og:image and structured data name the CDN, absolute as they must be.
    await page.reload();
    await pageHydrated(page);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      new RegExp(`^${CDN}/i/`),
    );
    expect(await page.locator('script[type="application/ld+json"]').allTextContents()).toContainEqual(
      expect.stringContaining(`"${CDN}/i/ridgeline/`),
    );
    // The images were shown, from the CDN only.
    const shown = await page
      .locator('main img')
      .first()
      .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);
    expect(shown).toBe(true);
    expect(requests.fromCdn.length).toBeGreaterThan(0);
    expect(requests.fromBuiltIn).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('a page names the CDN for the browser and lets it connect early', async ({ request }) => {
    const html = await (await request.get('/en-us')).text();
    expect(html).toContain(`<meta name="media-base-url" content="${CDN}"/>`);
    expect(html).toContain(`<link rel="preconnect" href="${CDN}"/>`);
  });
});

test('the server stops at start on a MEDIA_BASE_URL that is not a base URL, naming it', async () => {
  const child = runServerProcess({ MEDIA_BASE_URL: 'cdn.example.com/media?x=1', DATA_DIR: tempDataDir() });
  const output = collectOutput(child);
  expect(await exitOf(child)).toBe(1);
  expect(output().trim().split('\n')).toEqual([
    'ridgeline: Invalid setting MEDIA_BASE_URL="cdn.example.com/media?x=1": must be the http(s) base URL of an image CDN that speaks the media URL grammar, with no query or fragment (e.g. https://cdn.media.amplience.net)',
  ]);
});
