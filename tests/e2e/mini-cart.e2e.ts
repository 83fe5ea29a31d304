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

/** The header's mini cart (§4): a panel with JavaScript, a plain link to the cart without it. */

let server: RunningServer;
let browser: Browser;
const SHOTS = join(ROOT, 'test-results/screenshots');

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startServer({ env: { PAGE_CACHE: 'false' } }), launchBrowser()]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const openPage = (width = 1440) => openShopperPage(browser, width);
const addToCart = (page: Page, slug: string) => addProductToCart(page, server.url, slug);

const focusedClass = (page: Page) => page.evaluate(() => document.activeElement?.className ?? '');

describe('the mini cart', () => {
  for (const width of [1440, 390]) {
    it(`opens a panel with the lines, closes on Escape and outside clicks, and leads on (${width} px)`, async () => {
      const { context, page, errors } = await openPage(width);
      const panelChunk: string[] = [];
      page.on('request', (request) => {
        if (/mini-cart-panel/.test(request.url())) panelChunk.push(request.url());
      });
      try {
        await addToCart(page, 'ridgeline-summit-trail-mens');
        await page.goto(`${server.url}/en-us/support`);
        await page.waitForLoadState('networkidle');
        const trigger = page.locator('button.mini-cart');
        await expect.poll(() => trigger.getAttribute('data-count')).toBe('1');
        // Nothing of the panel is loaded before the shopper reaches for it.
        expect(panelChunk).toEqual([]);
        expect(await trigger.getAttribute('aria-expanded')).toBe('false');

        await trigger.click();
        const panel = page.getByRole('dialog', { name: /Your cart/ });
        await panel.waitFor();
        expect(await trigger.getAttribute('aria-expanded')).toBe('true');
        await expect.poll(() => focusedClass(page)).toContain('mini-cart-panel__title');
        const line = panel.locator('.mini-cart-line');
        expect(await line.count()).toBe(1);
        expect(await line.locator('img').count()).toBe(1);
        const lineText = (await line.textContent()) ?? '';
        expect(lineText).toContain('Summit Trail');
        expect(lineText).toMatch(/Colour: .+ · Size: .+ · Quantity: 1/);
        expect(lineText).toMatch(/\$\d/);
        expect(await panel.locator('.mini-cart-panel__subtotal').textContent()).toMatch(/Subtotal\$\d/);
        await page.screenshot({ path: join(SHOTS, `mini-cart-open-${width}.png`) });
        expect(await accessibilityViolations(page), 'mini cart open').toEqual([]);

        // Escape closes it and puts focus back on the icon.
        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'detached' });
        await expect.poll(() => focusedClass(page)).toContain('mini-cart');
        expect(await trigger.getAttribute('aria-expanded')).toBe('false');

        // A click outside closes it.
        await trigger.click();
        await panel.waitFor();
        await page.mouse.click(5, 600);
        await panel.waitFor({ state: 'detached' });

        // Its close button closes it too; Enter on the icon opens it from the keyboard.
        await trigger.focus();
        await page.keyboard.press('Enter');
        await panel.waitFor();
        await panel.getByRole('button', { name: 'Close' }).click();
        await panel.waitFor({ state: 'detached' });
        await expect.poll(() => focusedClass(page)).toContain('mini-cart');

        // Tabbing through the panel and on out of it closes it (close, the line, View cart, Checkout, the page).
        await page.keyboard.press('Enter');
        await panel.waitFor();
        await expect.poll(() => focusedClass(page)).toContain('mini-cart-panel__title');
        for (const name of ['Close', "Summit Trail Men's Snowshoe", 'View cart', 'Checkout']) {
          await page.keyboard.press('Tab');
          const focused = await page.evaluate(
            () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent,
          );
          expect(focused).toBe(name);
        }
        await page.keyboard.press('Tab');
        await panel.waitFor({ state: 'detached' });

        // 'Checkout' leads to checkout and the panel closes on the way.
        await trigger.click();
        await panel.getByRole('link', { name: 'Checkout' }).click();
        await page.waitForURL(/\/en-us\/checkout$/);
        await panel.waitFor({ state: 'detached' });
        await page.waitForLoadState('networkidle');
        await trigger.click();
        await panel.getByRole('link', { name: 'View cart' }).click();
        await page.waitForURL(/\/en-us\/cart$/);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 90_000);
  }

  it('shows an empty cart, and keeps up with the cart page', async () => {
    const { context, page, errors } = await openPage(1440);
    try {
      await page.goto(`${server.url}/en-us`);
      await page.waitForLoadState('networkidle');
      await page.locator('button.mini-cart').click();
      const panel = page.getByRole('dialog', { name: /Your cart/ });
      await panel.getByText('Your cart is empty.').waitFor();
      expect(await panel.getByRole('link', { name: 'Checkout' }).count()).toBe(0);
      await page.screenshot({ path: join(SHOTS, 'mini-cart-empty-1440.png') });
      expect(await accessibilityViolations(page), 'mini cart empty').toEqual([]);
      await page.keyboard.press('Escape');

      await addToCart(page, 'ridgeline-trail-pole-3');
      await page.goto(`${server.url}/en-us/cart`);
      await page.waitForLoadState('networkidle');
      await page
        .locator('.cart-line')
        .first()
        .getByRole('button', { name: /Increase quantity/ })
        .click();
      await expect.poll(() => page.locator('.cart-line output').first().textContent()).toBe('2');
      await page.locator('button.mini-cart').click();
      await expect.poll(() => panel.locator('.mini-cart-line').textContent()).toMatch(/Quantity: 2/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('is a plain link to the cart without JavaScript, and absent where there is no online shop', async () => {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/en-us/support`);
      const link = page.locator('a.mini-cart');
      expect(await link.getAttribute('href')).toBe('/en-us/cart');
      await link.click();
      await page.waitForURL(/\/en-us\/cart$/);
      await page.goto(`${server.url}/en-jp/support`);
      expect(await page.locator('.mini-cart').count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 60_000);
});
