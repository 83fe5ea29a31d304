import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { accessibilityViolations, launchBrowser } from '../support/browser.ts';
import { ROOT, type RunningServer, startServer } from '../support/server.ts';
import { signInInBrowser, staffClient } from '../support/staff.ts';

/**
 * Issue 20, prices: the demo merchandiser puts a product on sale in the US until a few seconds from now → a guest
 * sees the sale tag and price on the storefront's product page (page cache on, as in production) → once the end
 * time has passed, nobody touching anything, the sale-schedule watcher moves the catalogue version and the tag is
 * gone. An operations account may read the prices but not change them.
 */

let server: RunningServer;
let browser: Browser;
const SHOTS = join(ROOT, 'test-results/screenshots');
const SLUG = 'ridgeline-summit-trail-mens';
const PRODUCT = catalogueProductId(SLUG);
const PRICES = `/admin/products/${PRODUCT}/prices`;

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

/** What a guest sees of the product's price on its storefront page, reloaded each time (the page cache is on). */
async function storefrontPrice(page: Page): Promise<{ sale: boolean; price: string }> {
  await page.goto(`${server.url}/en-us/p/${SLUG}`);
  const tags = (await page.locator('.product__tags').textContent()) ?? '';
  const price = ((await page.getByTestId('product-price').textContent()) ?? '').replace(/\s+/g, ' ').trim();
  return { sale: /\bSale\b/.test(tags), price };
}

describe('the merchandiser schedules a sale', () => {
  it('sets a sale ending in a few seconds: guests see it, then it leaves by itself', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const guestContext = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
    });
    const page = await context.newPage();
    const guest = await guestContext.newPage();
    try {
      expect(await storefrontPrice(guest)).toEqual({ sale: false, price: '$249.95' });

      await signInInBrowser(page, server.url, 'merchandiser');
      await page.goto(`${server.url}/admin/products/${PRODUCT}`);
      await page.getByRole('navigation', { name: 'Product' }).getByRole('link', { name: 'Prices' }).click();
      await page.waitForURL(`${server.url}${PRICES}`);
      await page.getByRole('heading', { name: 'What each customer group pays' }).waitFor();

      // A refused price names the field and changes nothing.
      await page.getByLabel('Retail price, United States (USD)').fill('-1');
      await page.getByRole('button', { name: 'Save United States prices' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Check the highlighted fields of United States.' })
        .waitFor();
      await expect
        .poll(() => page.locator('#us-retail-error').textContent())
        .toBe('A price must be above 0.');
      await checkAxe(page, 'admin-prices-refused');
      expect(await storefrontPrice(guest)).toEqual({ sale: false, price: '$249.95' });

      // The sale: 199.95 until a few seconds from now (UTC, to the second).
      const endsAt = new Date(Date.now() + 12_000);
      await page.getByLabel('Retail price, United States (USD)').fill('249.95');
      await page.getByLabel('Sale price, United States (USD)').fill('199.95');
      await page.getByLabel('Sale ends, United States (USD)').fill(endsAt.toISOString().slice(0, 19));
      await page.getByRole('button', { name: 'Save United States prices' }).click();
      await page.getByRole('status').filter({ hasText: 'Prices saved for United States.' }).waitFor();
      const usRow = page.getByRole('row', { name: /United States/ }).first();
      await expect.poll(() => usRow.textContent()).toContain('On sale now');
      // The group preview follows: the guest group pays the sale price, the pro group 40 % off it.
      const preview = page.getByRole('table', { name: 'United States (USD)' });
      await expect
        .poll(() => preview.getByRole('row', { name: /Retail \(US\)/ }).textContent())
        .toContain('$199.95');
      expect(await preview.getByRole('row', { name: /^Pro/ }).textContent()).toContain('$119.97');
      await checkAxe(page, 'admin-prices-on-sale');

      await expect
        .poll(() => storefrontPrice(guest))
        .toEqual({ sale: true, price: 'Now $199.95 Was $249.95' });
      expect(Date.now()).toBeLessThan(endsAt.getTime());

      // Nobody touches anything: after the end time the watcher (every 5 s) moves the catalogue version.
      await expect
        .poll(() => storefrontPrice(guest), { timeout: 30_000, interval: 1000 })
        .toEqual({ sale: false, price: '$249.95' });
      expect(Date.now()).toBeGreaterThanOrEqual(endsAt.getTime());

      await page.reload();
      await expect.poll(() => usRow.textContent()).toContain('Ended');
      await page.setViewportSize({ width: 390, height: 900 });
      await checkAxe(page, 'admin-prices-390');
    } finally {
      await context.close();
      await guestContext.close();
    }
  }, 120_000);

  it('edits a customer group’s discount rules, reached from the group preview', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await signInInBrowser(page, server.url, 'merchandiser');
      await page.goto(`${server.url}${PRICES}`);
      const preview = page.getByRole('table', { name: 'United States (USD)' });
      await preview.getByRole('link', { name: 'Employee' }).click();
      await page.waitForURL(`${server.url}/admin/groups/7`);
      await page.getByRole('heading', { name: 'Add a rule' }).waitFor();
      expect(await page.getByRole('table').textContent()).toContain('50 % off everything');

      await page.getByLabel('Amount (percent, or money in the region’s currency)').fill('0');
      await page.getByRole('button', { name: 'Add rule' }).click();
      await page.getByRole('alert').filter({ hasText: 'Check the highlighted fields.' }).waitFor();
      await checkAxe(page, 'admin-group-rules-refused');

      await page.getByLabel('Applies to').selectOption('product');
      await page.getByLabel('Product id').fill(String(PRODUCT));
      await page.getByLabel('Method').selectOption('price');
      await page.getByLabel('Amount (percent, or money in the region’s currency)').fill('100');
      await page.getByRole('button', { name: 'Add rule' }).click();
      await page.getByRole('status').filter({ hasText: 'Rule added.' }).waitFor();
      const rule = `Price 100.00 for product ${PRODUCT}`;
      await expect.poll(() => page.getByRole('table').textContent()).toContain(rule);

      await page.goto(`${server.url}${PRICES}`);
      expect(await preview.getByRole('row', { name: /Employee/ }).textContent()).toContain('$100.00');

      await page.goto(`${server.url}/admin/groups/7`);
      await page.getByRole('button', { name: `Remove the rule: ${rule}` }).click();
      await page.getByRole('status').filter({ hasText: 'Rule removed.' }).waitFor();
      await expect.poll(() => page.getByRole('table').textContent()).not.toContain(rule);
    } finally {
      await context.close();
    }
  });

  it('saves with a plain form post, as a browser without JavaScript sends it', async () => {
    const merchandiser = await staffClient(server.url, 'merchandiser');
    const fields = { intent: 'save', regionId: 'ca', retail: '339.95', saleStartsAt: '', saleEndsAt: '' };
    const refused = await merchandiser.post(PRICES, { ...fields, sale: '339.95' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('The sale price must be below the retail price.');
    const saved = await merchandiser.post(PRICES, { ...fields, sale: '299.95' });
    expect(saved.status).toBe(200);
    const page = await saved.text();
    expect(page).toContain('Prices saved for Canada.');
    expect(page).toMatch(
      /aria-label="Sale price, Canada \(CAD\)"[^>]*value="299.95"|value="299.95"[^>]*aria-label="Sale price, Canada \(CAD\)"/,
    );
  });

  it('lets an operations account read the prices but not change them (403)', async () => {
    const operations = await staffClient(server.url, 'operations');
    const read = await operations.get(PRICES);
    expect(read.status).toBe(200);
    const page = await read.text();
    expect(page).toContain('What each customer group pays');
    expect(page).not.toContain('Save United States prices');
    const refused = await operations.post(PRICES, {
      intent: 'save',
      regionId: 'us',
      retail: '1.00',
      sale: '',
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Your role does not allow this (catalogue:write).');

    // Nothing changed: the merchandiser's form still holds the US retail price.
    const merchandiser = await staffClient(server.url, 'merchandiser');
    const form = await (await merchandiser.get(PRICES)).text();
    expect(form).toMatch(
      /aria-label="Retail price, United States \(USD\)"[^>]*value="249.95"|value="249.95"[^>]*aria-label="Retail price, United States \(USD\)"/,
    );
  });
});
