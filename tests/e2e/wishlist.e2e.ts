import type { Page } from '@playwright/test';
import { accessibilityViolations } from '../support/browser.ts';
import { DEMO_SHOPPER } from '../support/shopper.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';
import { pageHydrated } from './shopper.ts';

/**
 * Issue 45, the wishlist (decision 0048): a guest saves two products with the heart (kept on the device, no
 * cookie), sees them on the guest's list, signs in as the demo customer and finds both on the account's
 * wishlist (the device's list merged, then cleared from the device); the account's share link shows them
 * read-only to a stranger. The same heart on a category page's tile: a guest's save survives sign-in, and the
 * signed-in tile says so from the server; a search result's heart keeps a guest's save too. On a phone and a
 * desktop, axe-clean, with screenshots at 390 and 1440 px.
 */

ownStoreFor(import.meta.url);

const FIRST = '/en-us/p/ridgeline-timberline-womens';
const SECOND = '/en-us/p/ridgeline-trail-pole-3';

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** Saves the product of `path` with its heart; answers the product's name (the page's heading). */
async function save(page: Page, path: string): Promise<string> {
  await page.goto(path);
  const heart = page.getByRole('button', { name: 'Save to wishlist' });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  // The enhancer starts when the browser is idle; until then a guest's post would go to sign-in.
  await page.waitForFunction(() => document.querySelector('form[data-wishlist] button') !== null);
  await expect
    .poll(() =>
      page.evaluate(() => performance.getEntriesByType('resource').some((e) => /enhance/.test(e.name))),
    )
    .toBe(true);
  await page.waitForTimeout(300);
  await heart.click();
  await expect(page.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
  const box = await page.getByRole('button', { name: 'Saved' }).boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  expect(await accessibilityViolations(page)).toEqual([]);
  return (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
}

test.describe.configure({ mode: 'serial' });

const CATEGORY = '/en-us/c/snowshoes';
const TILE = "Cascade Men's Snowshoe";

/**
 * Waits for the hearts' enhancer: until it starts (when the browser is idle after hydration) a guest's post goes
 * to sign-in. Idle callbacks run in the order asked, so one asked after the module loaded runs after its start.
 */
async function enhanced(page: Page) {
  await pageHydrated(page);
  await expect
    .poll(() =>
      page.evaluate(() => performance.getEntriesByType('resource').some((e) => /enhance/.test(e.name))),
    )
    .toBe(true);
  await page.waitForTimeout(300);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null))));
}

for (const width of [1440, 390]) {
  test(`a heart on a category tile keeps a guest's save through sign-in (${width} px)`, async ({
    openShopper,
  }) => {
    test.setTimeout(300_000);
    const { page, errors } = await openShopper(width);
    await page.goto(CATEGORY);
    const heart = page.getByRole('button', { name: new RegExp(`^Save to wishlist\\s?: ${TILE}`) });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await enhanced(page);
    await heart.click();
    const saved = page.getByRole('button', { name: new RegExp(`^Saved\\s?: ${TILE}`) });
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    const box = await saved.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThanOrEqual(44);
    // Only that tile's heart: the others stay unsaved.
    await expect(page.locator('.tile__actions button[aria-pressed="true"]')).toHaveCount(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, `category-heart-${width}`);
    await page.reload();
    await expect(saved).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/en-us/account/login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_SHOPPER.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_SHOPPER.password);
    await page
      .locator('form')
      .filter({ has: page.getByLabel('Password', { exact: true }) })
      .getByRole('button')
      .click();
    await expect(page).toHaveURL(/\/en-us\/account$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('rl-wishlist'))).toBeNull();
    await page.goto('/en-us/account/wishlist');
    await expect(page.getByRole('heading', { level: 2, name: TILE })).toBeVisible();

    // Signed in, the server draws the tile's heart saved; a tap removes it from the account.
    await page.goto(CATEGORY);
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    await enhanced(page);
    await saved.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await page.reload();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(errors).toEqual([]);
  });
}

for (const width of [1440, 390]) {
  test(`a heart on a search result saves a guest's product to the device (${width} px)`, async ({
    openShopper,
  }) => {
    test.setTimeout(180_000);
    const { page, errors } = await openShopper(width);
    await page.goto('/en-us/search?q=cascade');
    const heart = page.getByRole('button', { name: new RegExp(`^Save to wishlist\\s?: ${TILE}`) });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    // Articles and pages among the results carry no heart: one per product result.
    await expect(page.locator('.search-result--product')).not.toHaveCount(0);
    await expect(page.locator('.search-result:not(.search-result--product) .heart')).toHaveCount(0);
    expect(await page.locator('.search-result--product .heart').count()).toBe(
      await page.locator('.search-result--product').count(),
    );
    await enhanced(page);
    await heart.click();
    const saved = page.getByRole('button', { name: new RegExp(`^Saved\\s?: ${TILE}`) });
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    const box = await saved.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await shoot(page, `search-heart-${width}`);
    await page.reload();
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/en-us/wishlist');
    await expect(page.locator('.wishlist-grid').getByRole('heading', { level: 2, name: TILE })).toBeVisible();
    expect(errors).toEqual([]);
  });
}

for (const width of [1440, 390]) {
  test(`a guest's wishlist survives sign-in and is shared read-only (${width} px)`, async ({
    openShopper,
  }) => {
    // Two browsers, a sign-in and seven pages: minutes on a loaded machine.
    test.setTimeout(300_000);
    const guest = await openShopper(width);
    const { page } = guest;
    const first = await save(page, FIRST);
    await shoot(page, `product-heart-${width}`);
    const second = await save(page, SECOND);
    expect(await page.context().cookies()).not.toContainEqual(
      expect.objectContaining({ name: 'rl-wishlist' }),
    );
    await page.reload();
    await expect(page.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/en-us/wishlist');
    await expect(page).toHaveURL(/\/en-us\/wishlist\?ids=\d+,\d+$/);
    await expect(page.locator('.wishlist-grid').getByRole('heading', { level: 2 })).toHaveText([
      second,
      first,
    ]);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, `guest-wishlist-${width}`);

    await page.goto('/en-us/account/login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_SHOPPER.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_SHOPPER.password);
    await page
      .locator('form')
      .filter({ has: page.getByLabel('Password', { exact: true }) })
      .getByRole('button')
      .click();
    // Sign-in lands on the account page, which posts the device's list once and clears it from the device.
    await expect(page).toHaveURL(/\/en-us\/account$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('rl-wishlist'))).toBeNull();
    await page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('link', { name: 'Wishlist' })
      .click();
    await expect(page).toHaveURL(/\/en-us\/account\/wishlist$/);
    await expect(page.getByRole('heading', { level: 2, name: first })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: second })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Wishlist' }),
    ).toHaveAttribute('aria-current', 'page');
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, `account-wishlist-${width}`);

    // The product page now shows the account's state, drawn by the server.
    await page.goto(FIRST);
    await expect(page.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/en-us/account/wishlist');
    const link = await page.getByLabel('Link to your list').inputValue();
    expect(link).toMatch(/\/en-us\/wishlist\/[A-Za-z0-9_-]{24}$/);

    const stranger = await openShopper(width);
    await stranger.page.goto(new URL(link).pathname);
    await expect(stranger.page.getByRole('heading', { level: 1 })).toHaveText('A shared wishlist');
    await expect(stranger.page.getByRole('heading', { level: 2, name: first })).toBeVisible();
    await expect(stranger.page.getByRole('heading', { level: 2, name: second })).toBeVisible();
    await expect(stranger.page.getByRole('button', { name: /Remove/ })).toHaveCount(0);
    await expect(stranger.page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(await accessibilityViolations(stranger.page)).toEqual([]);
    await shoot(stranger.page, `shared-wishlist-${width}`);

    // Leave the demo customer's list as it was for the next viewport.
    for (const name of [first, second]) {
      await page
        .locator('.wishlist-item')
        .filter({ hasText: name })
        .getByRole('button', { name: /Remove/ })
        .click();
      await expect(page.getByRole('heading', { level: 2, name })).toHaveCount(0);
    }
    await expect(page.getByText('Nothing saved yet.')).toBeVisible();
    const stale = await stranger.page.goto(new URL(link).pathname);
    expect(stale?.status()).toBe(200);
    await expect(stranger.page.getByText('This list is empty for now.')).toBeVisible();
  });
}

for (const width of [1440, 390]) {
  test(`a listed product's price-drop mail is opted into, and out of, on the account's wishlist (${width} px)`, async ({
    openShopper,
  }) => {
    test.setTimeout(300_000);
    const { page, errors } = await openShopper(width);
    await page.goto('/en-us/account/login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_SHOPPER.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_SHOPPER.password);
    await page
      .locator('form')
      .filter({ has: page.getByLabel('Password', { exact: true }) })
      .getByRole('button')
      .click();
    await expect(page).toHaveURL(/\/en-us\/account$/);
    await page.goto(FIRST);
    const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    await page.getByRole('button', { name: 'Save to wishlist' }).click();
    await expect(page.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/en-us/account/wishlist');
    const item = page.locator('.wishlist-item').filter({ hasText: name });
    // Named with the product (visually hidden), so each list item's control says which it is.
    const optIn = item.getByRole('checkbox', {
      name: /^Mail me when the price drops or it is back in stock/,
    });
    await expect(optIn).toHaveAccessibleName(new RegExp(`${name}$`));
    // Explicit: unchecked until the customer ticks it.
    await expect(optIn).not.toBeChecked();
    await expect(item.getByText('At most one mail a day per product')).toBeVisible();
    const size = item.getByRole('combobox', { name: 'Size to watch' });
    await optIn.check();
    await size.selectOption({ label: 'any size' });
    const save = item.getByRole('button', { name: /^Save mail setting/ });
    const box = await save.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await save.click();
    await expect(
      item.getByText('We will mail you when the price drops or it is back in stock.'),
    ).toBeVisible();
    await page.reload();
    await expect(optIn).toBeChecked();
    await expect(size).toHaveValue('any');
    expect(await accessibilityViolations(page)).toEqual([]);
    await shoot(page, `wishlist-alert-${width}`);

    // Switched off the same way; then the product leaves the list as it came.
    await optIn.uncheck();
    await save.click();
    await expect(item.getByText('At most one mail a day per product')).toBeVisible();
    await page.reload();
    await expect(optIn).not.toBeChecked();
    await item.getByRole('button', { name: /Remove/ }).click();
    await expect(page.getByRole('heading', { level: 2, name })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}
