import type { Page } from '@playwright/test';
import { accessibilityViolations } from '../support/browser.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';
import { addProductToCart, openHydrated } from './shopper.ts';

/**
 * Issue 8's bad inputs as a browser would send them, through the real forms: each answers with its display-text
 * message and changes nothing (no order, the cart as it was, another customer's data untouched).
 */

ownStoreFor(import.meta.url, { PAGE_CACHE: 'false' });

/** Signs a customer in through the storefront's sign-in form. */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await openHydrated(page, '/en-us/account/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/en-us\/account$/);
}

/** The ids of the signed-in customer's saved addresses, as their address book's forms carry them. */
async function addressIds(page: Page): Promise<string[]> {
  await openHydrated(page, '/en-us/account/addresses');
  const values = await page
    .locator('input[name=addressId]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  return [...new Set(values)].sort();
}

/** The links to the signed-in customer's orders, on their order list. */
async function orderLinks(page: Page) {
  await openHydrated(page, '/en-us/account/orders');
  return page.getByRole('link', { name: /^#\d+$/ });
}

const text = async (answer: { text(): Promise<string> }) =>
  (await answer.text()).replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"');

test.describe('bad inputs at checkout and in the account', () => {
  test('refuses a changed price, a foreign address, a stale cart and a wrong password, changing nothing', async ({
    customerPage: page,
    openShopper,
  }) => {
    test.setTimeout(120_000);
    const pro = await openShopper();
    await signIn(pro.page, 'pro.guide@example.com', 'Pro-Guide-2026');
    // The demo customer (Hannah Miller) is `page`.
    const proAddresses = await addressIds(pro.page);
    expect(proAddresses.length).toBeGreaterThan(0);
    const ordersBefore = await (await orderLinks(page)).count();

    await addProductToCart(page, 'ridgeline-trail-pole-3');
    await openHydrated(page, '/en-us/checkout');
    const form = await page.evaluate(() =>
      Object.fromEntries(
        [...new FormData(document.querySelector('form.checkout-layout') as HTMLFormElement)].map(
          ([key, value]) => [key, String(value)],
        ),
      ),
    );
    expect(Number(form.expected_subtotal)).toBeGreaterThan(0);
    const post = (changes: Record<string, string>) =>
      page.request.post('/en-us/checkout', { form: { ...form, ...changes }, maxRedirects: 0 });

    // A price changed in the form (or by the store since the page was shown).
    const cheaper = await post({ expected_subtotal: String(Number(form.expected_subtotal) - 1) });
    expect(cheaper.status()).toBe(409);
    expect(await text(cheaper)).toContain('A price in your cart has changed.');
    // Another customer's saved address.
    const foreign = await post({ address_choice: proAddresses[0]! });
    expect(foreign.status()).toBe(400);
    expect(await text(foreign)).toContain('Choose one of your addresses or enter a new one.');
    // A forged payment method (pay on account is for pros) and shipping method.
    const payment = await post({ payment_method: 'pay_on_account' });
    expect(await text(payment)).toContain('Choose one of the payment methods shown.');
    const method = await post({ shipping_method: '999999' });
    expect(await text(method)).toContain('Choose one of the shipping methods shown.');
    await expect(await orderLinks(page)).toHaveCount(ordersBefore);

    // Deleting or making default another customer's address is refused, and the pro keeps theirs.
    await openHydrated(page, '/en-us/account/addresses');
    const csrf = (await page.locator('input[name=csrf]').first().getAttribute('value'))!;
    for (const intent of ['delete', 'default']) {
      const answer = await page.request.post('/en-us/account/addresses', {
        form: { csrf, intent, addressId: proAddresses[0]! },
        maxRedirects: 0,
      });
      expect(answer.status()).toBeGreaterThanOrEqual(400);
    }
    expect(await addressIds(pro.page)).toEqual(proAddresses);

    // A wrong current password changes neither the password nor the email.
    const wrong = await page.request.post('/en-us/account/profile', {
      form: {
        csrf,
        first_name: 'Hannah',
        last_name: 'Miller',
        email: 'hannah.new@example.com',
        new_password: 'Another-Pass-2026',
        current_password: 'not-my-password',
      },
      maxRedirects: 0,
    });
    expect(wrong.status()).toBe(400);
    expect(await text(wrong)).toContain('That is not your current password.');
    await page.goto('/en-us/account/profile');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('hannah.miller@example.com');

    // The real order goes through; the same key again answers with that order; a new key finds the
    // cart closed (a stale cart) and orders nothing.
    const placed = await post({});
    expect(placed.status()).toBe(303);
    const again = await post({});
    expect(again.headers().location).toBe(placed.headers().location);
    // The checkout page cannot show a closed cart: the cart page does, with the reason.
    const stale = await post({ idempotency_key: crypto.randomUUID() });
    expect(stale.status()).toBe(303);
    expect(stale.headers().location).toBe('/en-us/cart?notice=stale-cart');
    await page.goto(stale.headers().location!);
    await expect(page.getByRole('alert').getByText('Your cart changed in another window.')).toBeVisible();
    expect(await accessibilityViolations(page), 'cart with notice').toEqual([]);
    await expect(await orderLinks(page)).toHaveCount(ordersBefore + 1);
  });

  test('refuses a reset link with an unknown token', async ({ page }) => {
    test.setTimeout(30_000);
    await page.goto(`/en-us/account/reset?token=${'x'.repeat(43)}`);
    await expect(page.getByText(/has expired or was already used/)).toBeVisible();
  });
});
