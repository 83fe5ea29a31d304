import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { accessibilityViolations, launchBrowser } from '../support/browser.ts';
import { ROOT, type RunningServer, startServer } from '../support/server.ts';
import { signInInBrowser, staffClient } from '../support/staff.ts';

/**
 * Issue 20, stock per variant: the demo merchandiser opens a product's Stock tab, records a count of 0, a shopper
 * asks to be told when that variant is back, the merchandiser sets it to 5 → the back-in-stock e-mail is in the
 * outbox; the variant's history shows who changed what; a bad adjustment is refused in the page; the threshold
 * moves the variant to Low; the form works without JavaScript; operations and editors cannot change stock.
 */

let server: RunningServer;
let browser: Browser;
const SHOTS = join(ROOT, 'test-results/screenshots');
const SLUG = 'ridgeline-summit-trail-mens';
const PRODUCT_ID = catalogueProductId(SLUG);
const STOCK = `/admin/products/${PRODUCT_ID}/stock`;
const SHOPPER = 'waiting-for-stock@example.com';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startServer({ env: { PAGE_CACHE: 'false' } }), launchBrowser()]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function backInStockMails(to: string): string[] {
  try {
    const dir = join(server.dataDir, 'outbox');
    return readdirSync(dir)
      .filter((file) => file.includes('-back-in-stock-') && file.includes(to))
      .map((file) => readFileSync(join(dir, file), 'utf8'));
  } catch {
    return [];
  }
}

async function until<T>(read: () => T, done: (value: T) => boolean, timeout = 10_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = read();
    if (done(value) || Date.now() - start > timeout) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function checkPage(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  expect(await accessibilityViolations(page), name).toEqual([]);
}

async function variants(): Promise<{ id: number; sku: string; inventory_level: number }[]> {
  const answer = await fetch(`${server.url}/api/products/${PRODUCT_ID}/variants`, {
    headers: { region: 'us' },
  });
  const list = (await answer.json()).data as { id: number; sku: string; inventory_level: number }[];
  return list.sort((a, b) => a.id - b.id);
}

/** The row of one variant in the list. */
const rowOf = (page: Page, sku: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: sku }) });

async function changeStock(page: Page, sku: string, reason: string, units: string) {
  await page.getByLabel(`Reason for ${sku}`).selectOption(reason);
  await page.getByLabel(`Units for ${sku}`).fill(units);
  await rowOf(page, sku).getByRole('button', { name: 'Save' }).click();
}

describe('the merchandiser runs stock per variant', () => {
  it('brings a sold-out variant back to 5 and its waiting shopper is e-mailed', async () => {
    const [variant] = await variants();
    const { id: variantId, sku } = variant!;
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    try {
      await signInInBrowser(page, server.url, 'merchandiser');
      await page.goto(`${server.url}/admin/products/${PRODUCT_ID}`);
      await page.getByRole('navigation', { name: 'Product' }).getByRole('link', { name: 'Stock' }).click();
      await page.waitForURL(`${server.url}${STOCK}`);
      await page.getByRole('heading', { name: 'Variants' }).waitFor();
      await checkPage(page, 'admin-product-stock');
      await page.setViewportSize({ width: 1440, height: 900 });

      // Sold out first (a count of 0), then a shopper asks to be told (the product page's own form, no JS).
      await changeStock(page, sku, 'count', '0');
      await page
        .getByRole('status')
        .filter({ hasText: `${sku}: ${variant!.inventory_level} → 0` })
        .waitFor();
      await expect.poll(async () => rowOf(page, sku).getByText('Sold out').count()).toBe(1);
      const shopper = await browser.newContext();
      const signup = await shopper.request.post(`${server.url}/en-us/p/${SLUG}`, {
        headers: { origin: server.url },
        form: {
          intent: 'back-in-stock',
          email: SHOPPER,
          product_id: String(PRODUCT_ID),
          variant_id: String(variantId),
        },
      });
      expect(signup.status()).toBe(200);
      await shopper.close();
      expect(backInStockMails(SHOPPER)).toEqual([]);

      // A damage of more than there is: refused in the page, nothing changed.
      await changeStock(page, sku, 'damage', '3');
      await page.getByRole('alert').filter({ hasText: 'Only 0 units in stock' }).waitFor();
      expect((await variants())[0]!.inventory_level).toBe(0);
      // Not a whole number: refused by the form.
      await changeStock(page, sku, 'count', '2.5');
      await page.getByRole('alert').filter({ hasText: 'Enter a whole number of units' }).waitFor();

      // Back to 5: the shopper's e-mail is in the outbox once the page answers.
      await changeStock(page, sku, 'count', '5');
      await page
        .getByRole('status')
        .filter({ hasText: `${sku}: 0 → 5` })
        .waitFor();
      await page.getByRole('status').filter({ hasText: 'Back in stock' }).waitFor();
      const mails = await until(
        () => backInStockMails(SHOPPER),
        (found) => found.length > 0,
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(`To: ${SHOPPER}`);
      expect(mails[0]).toMatch(/Subject: .*is back in stock/);
      expect((await variants())[0]!.inventory_level).toBe(5);

      // The variant's own view: its history, newest first, by whom, and its threshold.
      await page.getByRole('link', { name: `History of ${sku}` }).click();
      await page.waitForURL(`${server.url}${STOCK}?variant=${variantId}`);
      const history = page.getByTestId('stock-history');
      await history.waitFor();
      const rows = history.locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(2);
      const newest = await rows.first().textContent();
      expect(newest).toContain('merch@ridgeline.example');
      expect(newest).toContain('Stock count');
      expect(newest).toContain('0 → 5');

      await page.getByLabel(`Units for ${sku}`).fill('2');
      await page.getByLabel(`Reason for ${sku}`).selectOption('delivery');
      await page.getByLabel('Note (optional)').fill('Pallet 12 from the warehouse');
      await page
        .getByRole('form', { name: `Change the stock of ${sku}` })
        .getByRole('button', { name: 'Save' })
        .click();
      await page
        .getByRole('status')
        .filter({ hasText: `${sku}: 5 → 7 (delivery)` })
        .waitFor();
      await expect
        .poll(async () => (await rows.first().textContent()) ?? '')
        .toContain('Pallet 12 from the warehouse');

      await page.getByLabel('Low at this many units or fewer').fill('8');
      await page.getByRole('button', { name: 'Save threshold' }).click();
      await page.getByRole('status').filter({ hasText: 'Low-stock threshold set to 8.' }).waitFor();
      await page.getByRole('heading', { name: new RegExp(`${sku}.*Low`) }).waitFor();
      await checkPage(page, 'admin-product-stock-variant');

      await page.getByLabel('Low at this many units or fewer').fill('-1');
      await page.getByRole('button', { name: 'Save threshold' }).click();
      await page.getByRole('alert').filter({ hasText: 'Enter a whole number from 0' }).waitFor();
      await page.getByRole('heading', { name: new RegExp(`${sku}.*Low`) }).waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);

  it('records a change without JavaScript', async () => {
    const [, variant] = await variants();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/admin/login`);
      await page.getByLabel('Email').fill('merch@ridgeline.example');
      await page.getByLabel('Password').fill('ridgeline-staff-demo');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/admin$/);
      await page.goto(`${server.url}${STOCK}`);
      await changeStock(page, variant!.sku, 'delivery', '4');
      await page
        .getByRole('status')
        .filter({ hasText: `${variant!.sku}: ${variant!.inventory_level} → ${variant!.inventory_level + 4}` })
        .waitFor();
      expect((await variants())[1]!.inventory_level).toBe(variant!.inventory_level + 4);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('refuses the stock action to operations (403) and the page itself to an editor, changing nothing', async () => {
    const [variant] = await variants();
    const fields = { intent: 'stock', variantId: String(variant!.id), reason: 'count', quantity: '99' };
    const operations = await staffClient(server.url, 'operations');
    expect((await operations.get(STOCK)).status).toBe(200);
    const refused = await operations.post(STOCK, fields);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Your role does not allow this (catalogue:write).');
    const editor = await staffClient(server.url, 'editor');
    expect((await editor.get(STOCK)).status).toBe(403);
    expect((await editor.post(STOCK, fields)).status).toBe(403);
    expect((await variants())[0]!.inventory_level).toBe(variant!.inventory_level);
  }, 60_000);
});
