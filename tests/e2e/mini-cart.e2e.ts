import { accessibilityViolations } from '../support/browser.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';
import { addProductToCart, cartButton, openHydrated } from './shopper.ts';

/** The header's mini cart (§4): a panel with JavaScript, a plain link to the cart without it. */

ownStoreFor(import.meta.url, { PAGE_CACHE: 'false' });

test.describe('the mini cart', () => {
  for (const width of [1440, 390]) {
    test(`opens a panel with the lines, closes on Escape and outside clicks, and leads on (${width} px)`, async ({
      openShopper,
    }, testInfo) => {
      test.setTimeout(90_000);
      const { page, errors } = await openShopper(width);
      const panelChunk: string[] = [];
      page.on('request', (request) => {
        if (/mini-cart-panel/.test(request.url())) panelChunk.push(request.url());
      });
      await addProductToCart(page, 'ridgeline-summit-trail-mens');
      await openHydrated(page, '/en-us/support');
      const trigger = cartButton(page);
      await expect(trigger).toHaveAttribute('data-count', '1');
      // Nothing of the panel is loaded before the shopper reaches for it.
      expect(panelChunk).toEqual([]);
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');

      await trigger.click();
      const panel = page.getByRole('dialog', { name: /Your cart/ });
      await expect(panel).toBeVisible();
      await expect(trigger).toHaveAttribute('aria-expanded', 'true');
      await expect(panel.getByRole('heading', { name: /Your cart/ })).toBeFocused();
      const line = panel.getByRole('listitem');
      await expect(line).toHaveCount(1);
      await expect(line.locator('img')).toHaveCount(1);
      await expect(line).toContainText('Summit Trail');
      await expect(line).toContainText(/Colour: .+ · Size: .+ · Quantity: 1/);
      await expect(line).toContainText(/\$\d/);
      await expect(panel).toContainText(/Subtotal\$\d/);
      await page.screenshot({ path: testInfo.outputPath(`mini-cart-open-${width}.png`) });
      expect(await accessibilityViolations(page), 'mini cart open').toEqual([]);

      // Escape closes it and puts focus back on the icon.
      await page.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);
      await expect(trigger).toBeFocused();
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');

      // A click outside closes it.
      await trigger.click();
      await expect(panel).toBeVisible();
      await page.mouse.click(5, 600);
      await expect(panel).toHaveCount(0);

      // Its close button closes it too; Enter on the icon opens it from the keyboard.
      await trigger.focus();
      await page.keyboard.press('Enter');
      await expect(panel).toBeVisible();
      await panel.getByRole('button', { name: 'Close' }).click();
      await expect(panel).toHaveCount(0);
      await expect(trigger).toBeFocused();

      // Tabbing through the panel and on out of it closes it (close, the line, View cart, Checkout, the page).
      await page.keyboard.press('Enter');
      await expect(panel.getByRole('heading', { name: /Your cart/ })).toBeFocused();
      for (const name of ['Close', "Summit Trail Men's Snowshoe", 'View cart', 'Checkout']) {
        await page.keyboard.press('Tab');
        await expect(
          panel.getByRole(name === 'Close' ? 'button' : 'link', { name, exact: true }),
        ).toBeFocused();
      }
      await page.keyboard.press('Tab');
      await expect(panel).toHaveCount(0);

      // 'Checkout' leads to checkout and the panel closes on the way.
      await trigger.click();
      await panel.getByRole('link', { name: 'Checkout' }).click();
      await page.waitForURL(/\/en-us\/checkout$/);
      await expect(panel).toHaveCount(0);
      await trigger.click();
      await panel.getByRole('link', { name: 'View cart' }).click();
      await page.waitForURL(/\/en-us\/cart$/);
      expect(errors).toEqual([]);
    });
  }

  test('shows an empty cart, and keeps up with the cart page', async ({ page, pageErrors }, testInfo) => {
    test.setTimeout(90_000);
    await openHydrated(page, '/en-us');
    await cartButton(page).click();
    const panel = page.getByRole('dialog', { name: /Your cart/ });
    await expect(panel.getByText('Your cart is empty.')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Checkout' })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('mini-cart-empty-1440.png') });
    expect(await accessibilityViolations(page), 'mini cart empty').toEqual([]);
    await page.keyboard.press('Escape');

    await addProductToCart(page, 'ridgeline-trail-pole-3');
    await openHydrated(page, '/en-us/cart');
    await page
      .getByRole('button', { name: /Increase quantity/ })
      .first()
      .click();
    await expect(page.locator('.cart-line output').first()).toHaveText('2');
    await cartButton(page).click();
    await expect(panel.getByRole('listitem')).toContainText('Quantity: 2');
    expect(pageErrors).toEqual([]);
  });

  test('is a plain link to the cart without JavaScript, and absent where there is no online shop', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    try {
      await page.goto('/en-us/support');
      const link = page.getByRole('link', { name: /^Cart: / });
      await expect(link).toHaveAttribute('href', '/en-us/cart');
      await link.click();
      await page.waitForURL(/\/en-us\/cart$/);
      await page.goto('/en-jp/support');
      await expect(page.getByRole('link', { name: /^Cart: / })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
