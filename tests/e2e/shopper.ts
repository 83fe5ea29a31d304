import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The header's cart button: it replaces the plain cart link once the page is hydrated. */
export const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart: / });

/** Opens a store address and waits until the page works (hydrated), not for every image. */
export async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(cartButton(page)).toBeVisible();
  await pageHydrated(page);
}

/**
 * Waits until the page and the footer are hydrated too: they hydrate after the header, in slices (decision
 * 0026), so a hydrated header does not say that a form further down works yet. See expectHydrated.
 */
export async function pageHydrated(page: Page): Promise<void> {
  for (const part of [page.locator('main > *').first(), page.locator('footer').first()]) {
    if ((await part.count()) > 0) await expectHydrated(part);
  }
}

/**
 * Holds every script of the pages `page` opens until the returned function is called: what a visitor does
 * before the page hydrates (a slow phone) happens on the server's HTML alone.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Waits until React has hydrated `element`: it then carries React's props (React DOM's own `__reactProps$` key),
 * so its handlers are attached. The header hydrates before the page and the footer (decision 0026): a hydrated
 * header does not say that a form further down is.
 */
export async function expectHydrated(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$'))))
    .toBe(true);
}

/**
 * Marks the page's window; the returned check says whether the page is still that window, i.e. whatever happened
 * since was answered in place, not by a full page load.
 */
export async function markWindow(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    (window as unknown as { marker: boolean }).marker = true;
  });
  return async () => (await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)) === true;
}

/** Adds the product `slug` (its default variant) to the cart from its en-us page, as a shopper does. */
export async function addProductToCart(page: Page, slug: string): Promise<void> {
  await openHydrated(page, `/en-us/p/${slug}`);
  // Settled whatever happens, so a page closed before any POST leaves no rejection unhandled.
  const answer = page
    .waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().includes(`/p/${slug}`),
    )
    .catch(() => null);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).first().click();
  try {
    await expect(page.getByText('Added to cart!')).toBeVisible();
  } catch (error) {
    // Failed once in a full CI run and never alone (stop 32): say what the add answered and what the form shows.
    const response = await answer;
    const body = await response?.text().catch((reason: unknown) => `(body unread: ${reason})`);
    const form = await page
      .locator('.add-to-cart')
      .textContent()
      .catch(() => '(no form)');
    throw new Error(
      `add to cart: ${response ? `${response.status()} ${body}` : 'no POST seen'}; page ${page.url()}; form: ${form}`,
      { cause: error },
    );
  }
}

/**
 * Waits until an open share menu's popup code has loaded (it loads when the menu opens): a network link chosen
 * before then opens as a plain new tab, without the popup the store keeps a handle on.
 */
export async function sharePopupLoaded(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').some((entry) => entry.name.includes('/share-popup-')),
      ),
    )
    .toBe(true);
  // The module evaluates and the menu keeps it right after its file arrives.
  await page.waitForTimeout(100);
}
