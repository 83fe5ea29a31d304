import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  addProductToCart,
  launchBrowser,
  openShopperPage,
} from '../support/browser.ts';
import { ROOT, type RunningServer, startServer } from '../support/server.ts';
import { signInInBrowser, staffClient } from '../support/staff.ts';

/**
 * Issue 20, shipping in the back office: the demo merchandiser raises the US free-shipping minimum and the
 * shopper's cart page shows the new distance to free shipping; bands that overlap are refused next to the bands
 * and change nothing; operations may read the page but not change it, an editor may not open it (403).
 */

let server: RunningServer;
let browser: Browser;
const SHOTS = join(ROOT, 'test-results/screenshots');
const POLE = 'ridgeline-trail-pole-3';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startServer({ env: { PAGE_CACHE: 'false' } }), launchBrowser()]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function checkAxe(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  expect(await accessibilityViolations(page), name).toEqual([]);
}

/** The cart page's "You are $X away from free shipping", as a number of dollars. */
async function awayFromFree(page: Page): Promise<number> {
  await page.goto(`${server.url}/en-us/cart`);
  const text = await page.getByText(/away from free shipping/).textContent();
  const amount = /\$([\d,]+\.\d{2})/.exec(text ?? '')?.[1];
  expect(amount, text ?? '').toBeDefined();
  return Number(amount!.replace(/,/g, ''));
}

describe('the merchandiser runs shipping', () => {
  it('raises the US free-shipping minimum and the shopper’s cart follows; overlapping bands are refused', async () => {
    const shopper = await openShopperPage(browser, 1440);
    const staff = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await staff.newPage();
    try {
      await addProductToCart(shopper.page, server.url, POLE);
      const before = await awayFromFree(shopper.page);
      expect(before).toBeGreaterThan(0);

      await signInInBrowser(page, server.url, 'merchandiser');
      await page
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Shipping' })
        .click();
      await page.waitForURL(`${server.url}/admin/shipping`);
      await page.getByRole('heading', { name: 'Shipping settings', level: 1 }).waitFor();
      await checkAxe(page, 'admin-shipping');

      const us = page.getByRole('region', { name: /United States/ });
      const usMinimum = us.getByRole('form', { name: 'Free-shipping minimum' });
      await usMinimum.getByLabel(/Carts from this subtotal ship free/).fill('250');
      await usMinimum.getByRole('button', { name: 'Save minimum' }).click();
      await usMinimum
        .getByRole('status')
        .filter({ hasText: 'Free shipping in United States now starts at $250.00.' })
        .waitFor();
      await expect
        .poll(() =>
          page
            .getByRole('row', { name: /United States/ })
            .first()
            .textContent(),
        )
        .toContain('$250.00');

      // The shopper's cart: 151.00 further from free shipping (99 → 250), at once.
      const after = await awayFromFree(shopper.page);
      expect(Math.round((after - before) * 100) / 100).toBe(151);

      // Standard's bands made to overlap: refused next to the bands, nothing saved.
      const standard = us.getByRole('form', { name: /^Standard/ });
      await standard.getByLabel('Row 1 to').fill('60');
      await standard.getByRole('button', { name: 'Save Standard' }).click();
      const message = 'Ranges 1 (0.00–60.00) and 2 (50.00–98.99) overlap: 50.00 to 60.00 is in both.';
      await standard.locator('.admin-field-error').filter({ hasText: message }).waitFor();
      await standard.getByRole('alert').filter({ hasText: 'Check the highlighted fields.' }).waitFor();
      expect(await standard.getByLabel('Row 1 to').inputValue()).toBe('60');
      await checkAxe(page, 'admin-shipping-refused');
      await page.reload();
      expect(
        await us
          .getByRole('form', { name: /^Standard/ })
          .getByLabel('Row 1 to')
          .inputValue(),
      ).toBe('49.99');

      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: join(SHOTS, 'admin-shipping-390.png'), fullPage: true });

      // Back to the demo store's minimum.
      await usMinimum.getByLabel(/Carts from this subtotal ship free/).fill('99');
      await usMinimum.getByRole('button', { name: 'Save minimum' }).click();
      await usMinimum.getByRole('status').filter({ hasText: '$99.00' }).waitFor();
      expect(await awayFromFree(shopper.page)).toBe(before);
      expect(shopper.errors).toEqual([]);
    } finally {
      await staff.close();
      await shopper.context.close();
    }
  }, 120_000);

  it('lets operations read shipping but not change it, and keeps an editor out (403)', async () => {
    const operations = await staffClient(server.url, 'operations');
    const page = await operations.get('/admin/shipping');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Shipping settings');
    expect(html).not.toContain('Save minimum');
    const refused = await operations.post('/admin/shipping', {
      intent: 'free-minimum',
      region: 'us',
      minimum: '1',
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Your role does not allow this (catalogue:write).');

    const editor = await staffClient(server.url, 'editor');
    const closed = await editor.get('/admin/shipping');
    expect(closed.status).toBe(403);
    expect(await closed.text()).not.toContain('Free shipping from');
    const post = await editor.post('/admin/shipping', { intent: 'free-minimum', region: 'us', minimum: '1' });
    expect(post.status).toBe(403);

    // Nothing changed: the US still ships free from $99.00.
    const merchandiser = await staffClient(server.url, 'merchandiser');
    const now = await (await merchandiser.get('/admin/shipping')).text();
    expect(/United States<\/a><\/th>[\s\S]*?<\/tr>/.exec(now)?.[0]).toContain('$99.00');
  });
});
