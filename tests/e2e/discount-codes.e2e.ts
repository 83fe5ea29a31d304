import type { Page, TestInfo } from '@playwright/test';
import { accessibilityViolations } from '../support/browser.ts';
import { outboxMails } from '../support/outbox.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';
import { addProductToCart, openHydrated, pageHydrated } from './shopper.ts';

/**
 * Issue 41 as shoppers meet it: a guest in Germany enters WINTER10 and sees the saving in the cart, at checkout
 * and in the confirmation mail; an ended code and a North-American code are refused with their reasons in German;
 * a pro customer is told codes do not apply to pro accounts.
 */

ownStoreFor(import.meta.url, { PAGE_CACHE: 'false' });

const SLUG = 'ridgeline-trail-gaiter';

async function checkAxe(page: Page, testInfo: TestInfo, name: string, width = 1440) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  expect(await accessibilityViolations(page), name).toEqual([]);
}

/** Opens a German page and waits for it to hydrate (its header's cart button reads "Warenkorb: …"). */
async function openGerman(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('button', { name: /^Warenkorb: / })).toBeVisible();
  await pageHydrated(page);
}

/** Adds the product's default variant from its German page, as a shopper in Germany does. */
async function addInGermany(page: Page, slug: string) {
  await openGerman(page, `/de-de/p/${slug}`);
  await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).first().click();
  await expect(page.getByText('Zum Warenkorb hinzugefügt!')).toBeVisible();
}

const summary = (page: Page) => page.getByRole('complementary', { name: 'Zusammenfassung' });
const codeField = (page: Page) => page.getByLabel('Rabattcode', { exact: true });
const euros = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));

test.describe('discount codes', () => {
  test('a guest in Germany saves 10 % with WINTER10 in the cart, at checkout and in the mail', async ({
    page,
    pageErrors,
    store,
  }, testInfo) => {
    test.setTimeout(150_000);
    await addInGermany(page, SLUG);
    await openGerman(page, '/de-de/cart');
    const subtotal = euros((await summary(page).getByRole('definition').first().textContent()) ?? '');
    expect(subtotal).toBeGreaterThan(0);

    // Refusals first, each with its reason in German, and the cart left without a code.
    await codeField(page).fill('autumn15');
    await page.getByRole('button', { name: 'Einlösen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Dieser Code ist abgelaufen.' })).toBeVisible();
    await codeField(page).fill('TRAILNA');
    await page.getByRole('button', { name: 'Einlösen' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Dieser Code gilt nicht in Ihrem Land.' }),
    ).toBeVisible();
    await codeField(page).fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Einlösen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Diesen Code kennen wir nicht.' })).toBeVisible();
    await checkAxe(page, testInfo, 'cart-refused');

    // Lower case works: codes are case-insensitive.
    await codeField(page).fill('winter10');
    await page.getByRole('button', { name: 'Einlösen' }).click();
    const line = summary(page).getByRole('term').filter({ hasText: 'Rabattcode WINTER10' });
    await expect(line).toBeVisible();
    const saving = euros((await line.locator('xpath=following-sibling::dd').textContent()) ?? '');
    expect(saving).toBeCloseTo(Math.round(subtotal * 10) / 100, 2);
    await checkAxe(page, testInfo, 'cart-code');

    // The code stays when the cart changes, and the saving follows the new subtotal.
    await page
      .getByRole('list', { name: 'Ihr Warenkorb' })
      .getByRole('button', { name: /Menge erhöhen|erhöhen/ })
      .first()
      .click();
    await expect(summary(page).getByRole('definition').first()).toHaveText(/\d/);
    await expect
      .poll(async () => euros((await line.locator('xpath=following-sibling::dd').textContent()) ?? ''))
      .toBeCloseTo(Math.round(subtotal * 2 * 10) / 100, 2);

    await summary(page).getByRole('link', { name: 'Zur Kasse' }).click();
    await page.waitForURL(/\/de-de\/checkout$/);
    await expect(page.getByRole('term').filter({ hasText: 'Rabattcode WINTER10' })).toBeVisible();
    await checkAxe(page, testInfo, 'checkout-code');
    await page.getByLabel('E-Mail', { exact: true }).fill('greta.gast@example.com');
    const shipping = page.getByRole('region', { name: 'Lieferadresse' });
    await shipping.getByLabel('Vorname').fill('Greta');
    await shipping.getByLabel('Nachname').fill('Gast');
    await shipping.getByLabel('Straße und Hausnummer').fill('Bergstraße 12');
    await shipping.getByLabel('Ort').fill('Garmisch-Partenkirchen');
    await shipping.getByLabel('Postleitzahl').fill('82467');
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await page.waitForURL(/\/de-de\/checkout\/confirmation\/\d+$/);
    const orderNumber = ((await page.locator('[data-order-number]').textContent()) ?? '').trim();
    await expect(page.getByRole('term').filter({ hasText: 'Rabattcode WINTER10' })).toBeVisible();
    await checkAxe(page, testInfo, 'confirmation-code');

    await expect
      .poll(() => outboxMails(store.dataDir, 'order-confirmation', `order ${orderNumber}`).length)
      .toBe(1);
    const [mail] = outboxMails(store.dataDir, 'order-confirmation', `order ${orderNumber}`);
    expect(mail).toMatch(/Rabattcode WINTER10: −[\d.,]+\s?€/);
    expect(pageErrors.filter((error) => !/status of 422/.test(error))).toEqual([]);
  });

  test('works without JavaScript: the form posts and the page comes back with the saving', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    // Added with scripts on (the product page's form needs them), then the cart without.
    const scripted = await browser.newContext({ baseURL });
    const adder = await scripted.newPage();
    await addInGermany(adder, SLUG);
    await context.addCookies(await scripted.cookies());
    await page.goto('/de-de/cart');
    await codeField(page).fill('Winter10');
    await page.getByRole('button', { name: 'Einlösen' }).click();
    await expect(summary(page).getByRole('term').filter({ hasText: 'Rabattcode WINTER10' })).toBeVisible();
    await page.getByRole('button', { name: /Entfernen\s*: WINTER10/ }).click();
    await expect(codeField(page)).toBeVisible();
    await context.close();
    await scripted.close();
  });

  test('a pro customer is told the code does not apply to pro accounts', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await openHydrated(page, '/en-us/account/login');
    await page.getByLabel('Email', { exact: true }).fill('pro.guide@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Pro-Guide-2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await addProductToCart(page, SLUG);
    await openHydrated(page, '/en-us/cart');
    await page.getByLabel('Discount code', { exact: true }).fill('WINTER10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'This code does not apply to pro accounts' }),
    ).toBeVisible();
    await checkAxe(page, testInfo, 'cart-pro', 390);
  });
});
