import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

// Debian's Chromium; the background-networking flags keep it from calling out of this closed network.
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** Axe violations on the page, as readable one-liners (empty when the page is clean). */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

/** A shopper's page at `width` (en-US), with page errors and console errors collected in `errors`. */
export async function openShopperPage(
  browser: Browser,
  width = 1440,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

/** Adds the product `slug` (its default variant) to the cart from its en-us page, as a shopper does. */
export async function addProductToCart(page: Page, origin: string, slug: string): Promise<void> {
  await page.goto(`${origin}/en-us/p/${slug}`);
  await page.waitForLoadState('networkidle');
  await page.locator('.add-to-cart__button').click();
  await page.locator('.add-to-cart__added').waitFor();
}
