import type { Page, TestInfo } from '@playwright/test';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { accessibilityViolations } from '../support/browser.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';

/**
 * Issue 41, per-variant prices (decision 0042): the merchandiser gives the 30 in of a snowshoe its own US price on
 * the product's Prices tab → a guest's product page reads "From $249.95" with no size chosen, the 30 in's price
 * once that size is chosen, and the cart charges it for the line. At a desktop and a phone width.
 */

ownStoreFor(import.meta.url);

const SLUG = 'ridgeline-summit-trail-mens';
const PRODUCT = catalogueProductId(SLUG);
const PRICES = `/admin/products/${PRODUCT}/prices`;

async function checkAxe(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  expect(await accessibilityViolations(page), name).toEqual([]);
}

test('a size priced on its own: the storefront shows it for that size and the cart charges it', async ({
  page,
  signInStaff,
  openShopper,
}, testInfo) => {
  test.setTimeout(180_000);
  await signInStaff('merchandiser');
  await page.goto(PRICES);
  await expect(page.getByRole('heading', { name: 'Variant prices' })).toBeVisible();
  // The first colour's 30 in, in the US: the colour the product page shows first.
  const retail = page.getByLabel(/^Retail price, [^,]+ \/ 30 in, United States \(USD\)$/).first();
  await expect(retail).toHaveAttribute('placeholder', '$249.95');
  await retail.fill('279.95');
  await page.getByRole('button', { name: 'Save variant prices' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Variant prices saved (1 change).' }),
  ).toBeVisible();
  await expect(retail).toHaveValue('279.95');
  await checkAxe(page, testInfo, 'variant-prices-backoffice');

  for (const width of [1440, 390] as const) {
    const { page: guest } = await openShopper(width);
    await guest.goto(`/en-us/p/${SLUG}`);
    // The price the shopper sees: every size's is in the page, one shown at a time.
    const price = guest.getByTestId('product-price').locator('.price').filter({ visible: true });
    await expect(price).toHaveText('From $249.95');
    await expect(guest.getByRole('status').filter({ hasText: 'Select a size' })).toBeVisible();
    await guest.locator('.size').filter({ hasText: '30 in' }).click();
    await expect(price).toHaveText('$279.95');
    await guest.locator('.size').filter({ hasText: '25 in' }).click();
    await expect(price).toHaveText('$249.95');
    await guest.locator('.size').filter({ hasText: '30 in' }).click();
    await expect(price).toHaveText('$279.95');
    await checkAxe(guest, testInfo, `variant-prices-product-${width}`);

    await guest.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(guest.getByText('Added to cart!')).toBeVisible();
    await guest.goto('/en-us/cart');
    const line = guest.getByRole('list', { name: 'Your cart' }).getByRole('listitem');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText('30 in');
    await expect(line.getByRole('definition').filter({ hasText: '$' })).toHaveText('$279.95');
    await checkAxe(guest, testInfo, `variant-prices-cart-${width}`);
  }
});
