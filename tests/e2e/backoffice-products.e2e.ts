import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from '../support/browser.ts';
import { ROOT, type RunningServer, startServer } from '../support/server.ts';
import { signInInBrowser, staffClient } from '../support/staff.ts';

/**
 * Issue 20, a new product: the demo merchandiser creates a product with two colours and three sizes priced in USD,
 * CAD and EUR, adds and retires option values, publishes it → within seconds its category page, search and the
 * sitemap list it (the page cache and the search index follow the data versions). An editor may not create one.
 */

let server: RunningServer;
let browser: Browser;
const SHOTS = join(ROOT, 'test-results/screenshots');
const SLUG = 'ridgeline-larch-trail';
const NAME = 'Ridgeline Larch Trail';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function checkAxe(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  expect(await accessibilityViolations(page), name).toEqual([]);
}

/** Reads a storefront address until its body says `text` (or `timeout` passes); resolves with the last body. */
async function eventually(page: Page, path: string, text: string, timeout = 8000): Promise<string> {
  const start = Date.now();
  for (;;) {
    const body = await (await page.request.get(`${server.url}${path}`)).text();
    if (body.includes(text) || Date.now() - start > timeout) return body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('the merchandiser creates a product', () => {
  it('creates, varies, publishes, and finds it in its category, in search and in the sitemap', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await signInInBrowser(page, server.url, 'merchandiser');
      await page.goto(`${server.url}/admin/products`);
      await page.getByRole('link', { name: 'New product' }).click();
      await page.waitForURL(`${server.url}/admin/products/new`);
      await checkAxe(page, 'admin-product-new');

      // Before publishing, the storefront has never heard of it.
      expect((await eventually(page, '/en-us/c/snowshoes/mens', NAME, 0)).includes(NAME)).toBe(false);
      // The search page for it is cached (anonymous) before it exists: publishing must refresh that page too.
      expect((await eventually(page, '/en-us/search?q=larch', NAME, 0)).includes(NAME)).toBe(false);

      await page.getByLabel('Name', { exact: true }).fill(NAME);
      await page.getByLabel(/^Address/).fill(SLUG);
      await page.getByLabel('SKU').fill('rs-larch');
      await page.getByLabel('Main category').selectOption({ label: 'snowshoes/mens' });
      await page.getByLabel('Weight (kg)').fill('2.1');
      await page.getByLabel('Tagline').fill('For packed winter trails');
      await page.getByLabel(/^Description/).fill('A light frame for packed trails, made in Vermont.');
      await page.getByLabel('Option 1 name').fill('Colour');
      await page.getByLabel('Option 1 values').fill('Spruce, Ember');
      await page.getByLabel('Option 2 name').fill('Size');
      await page.getByLabel('Option 2 values').fill('21", 25", 30"');
      await page.getByLabel('United States (USD)').fill('229');
      await page.getByLabel('Canada (CAD)').fill('-1');
      await page.getByLabel('Europe (EUR)').fill('219.00');

      // A price of -1 is refused next to its field, and what was typed stays.
      await page.getByRole('button', { name: 'Create product' }).click();
      await page.locator('#price-ca-error').filter({ hasText: 'Enter a price like 229' }).waitFor();
      expect(await page.getByLabel('Option 2 values').inputValue()).toBe('21", 25", 30"');
      await checkAxe(page, 'admin-product-new-refused');

      await page.getByLabel('Canada (CAD)').fill('299.95');
      await page.getByRole('button', { name: 'Create product' }).click();
      await page.waitForURL(/\/admin\/products\/\d+$/);
      const productPath = new URL(page.url()).pathname;
      await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
      const facts = await page.locator('.admin-facts').first().textContent();
      expect(facts).toContain('RS-LARCH');
      expect(facts).toContain('Unpublished');
      const variantSkus = await page.locator('table').first().locator('tbody th').allTextContents();
      expect(variantSkus).toEqual([
        'RS-LARCH-SPRUCE-21',
        'RS-LARCH-SPRUCE-25',
        'RS-LARCH-SPRUCE-30',
        'RS-LARCH-EMBER-21',
        'RS-LARCH-EMBER-25',
        'RS-LARCH-EMBER-30',
      ]);
      const prices = await page.locator('table').nth(1).textContent();
      for (const price of ['$229.00', 'C$299.95', '219,00']) expect(prices).toContain(price);
      expect(await page.getByText('product/ridgeline-larch-trail').count()).toBe(1);

      // Options: a third colour, then a size retired.
      await page.getByRole('link', { name: 'Options' }).click();
      await page.waitForURL(`${server.url}${productPath}/options`);
      await page.getByLabel('New colour').fill('Glacier');
      await page.getByRole('button', { name: 'Add' }).first().click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Glacier added: 3 new variants with stock 0.' })
        .waitFor();
      await page.getByRole('button', { name: 'Retire Size 30"' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: '30" retired: 3 variants can no longer be bought.' })
        .waitFor();
      await page
        .getByRole('list', { name: 'Size values' })
        .getByText('30"', { exact: true })
        .waitFor({ state: 'detached' });
      expect(await page.locator('tbody tr').count()).toBe(9);
      expect(await page.locator('tbody tr', { hasText: 'No (retired)' }).count()).toBe(3);
      await checkAxe(page, 'admin-product-options');
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: join(SHOTS, `admin-product-options-${width}.png`), fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 900 });

      // Publish on the product page → the storefront follows within seconds.
      await page.getByRole('link', { name: 'Overview' }).click();
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('status').filter({ hasText: 'Published' }).waitFor();
      const published = Date.now();
      const category = await eventually(page, '/en-us/c/snowshoes/mens', NAME);
      expect(category.includes(NAME), 'the category page lists it').toBe(true);
      const search = await eventually(page, '/en-us/search?q=larch', NAME);
      expect(search.includes(NAME), 'search finds it').toBe(true);
      const sitemap = await eventually(page, '/sitemap-en-us.xml', `/en-us/p/${SLUG}`);
      expect(sitemap.includes(`/en-us/p/${SLUG}`), 'the sitemap lists it').toBe(true);
      expect(Date.now() - published).toBeLessThan(10_000);
      const product = await page.request.get(`${server.url}/en-us/p/${SLUG}`);
      expect(product.status()).toBe(200);
      const productPage = await product.text();
      expect(productPage.includes('For packed winter trails'), 'the tagline of the content entry').toBe(true);
      expect(productPage.includes('Glacier'), 'the added colour').toBe(true);

      // Unpublished again: the shopper meets 410 with recommendations instead (SPEC §2).
      await page.getByRole('button', { name: 'Unpublish' }).click();
      await page.getByRole('status').filter({ hasText: 'Unpublished' }).waitFor();
      const gone = async () => page.request.get(`${server.url}/en-us/p/${SLUG}`);
      await expect.poll(async () => (await gone()).status(), { timeout: 5000 }).toBe(410);
      expect(await (await gone()).text()).toContain('error-page__recommendations');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('works without JavaScript: a refusal shows each message by its field and keeps what was typed', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    try {
      await signInInBrowser(page, server.url, 'merchandiser');
      await page.goto(`${server.url}/admin/products/new`);
      await page.getByLabel('Name', { exact: true }).fill('Ridgeline Spare Trail');
      await page.getByLabel(/^Address/).fill(SLUG);
      await page.getByLabel('SKU').fill('RS-SPARE');
      await page.getByLabel('Main category').selectOption({ label: 'snowshoes/mens' });
      await page.getByLabel('Weight (kg)').fill('2');
      await page.getByLabel('Option 1 name').fill('Colour');
      await page.getByLabel('United States (USD)').fill('199');
      await page.getByRole('button', { name: 'Create product' }).click();
      await page.waitForLoadState('load');
      expect(await page.locator('#option1Values-error').textContent()).toBe(
        'Give the option at least one value.',
      );
      expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Ridgeline Spare Trail');
      // Fixed, it reaches the engine, which refuses the address the first test took, by that field.
      await page.getByLabel('Option 1 values').fill('Spruce');
      await page.getByRole('button', { name: 'Create product' }).click();
      await page.waitForLoadState('load');
      expect(await page.locator('#slug-error').textContent()).toBe('This address is taken: choose another.');
      await page.getByLabel(/^Address/).fill('ridgeline-spare-trail');
      await page.getByRole('button', { name: 'Create product' }).click();
      await page.waitForURL(/\/admin\/products\/\d+$/);
      expect(await page.locator('table').first().locator('tbody th').allTextContents()).toEqual([
        'RS-SPARE-SPRUCE',
      ]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('shows the new-product form at 390 px and 1440 px', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await signInInBrowser(page, server.url, 'merchandiser');
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${server.url}/admin/products/new`);
        await page.screenshot({ path: join(SHOTS, `admin-product-new-${width}.png`), fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(overflow, `horizontal scroll at ${width}px`).toBe(false);
      }
    } finally {
      await context.close();
    }
  }, 60_000);

  it('refuses an editor: 403 on the form and on creating, and nothing is written', async () => {
    const editor = await staffClient(server.url, 'editor');
    expect((await editor.get('/admin/products/new')).status).toBe(403);
    const refused = await editor.post('/admin/products/new', {
      name: 'Editor Shoe',
      slug: 'editor-shoe',
      sku: 'ED-SHOE',
      categoryId: '1',
      weight: '1',
      option1Name: 'Colour',
      option1Values: 'Red',
      'price-us': '10',
    });
    expect(refused.status).toBe(403);
    const merchandiser = await staffClient(server.url, 'merchandiser');
    const list = await (await merchandiser.get('/admin/products?q=editor%20shoe')).text();
    expect(list).toContain('No products match.');
  }, 60_000);
});
