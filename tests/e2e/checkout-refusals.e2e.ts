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

  test('sends a shopper whose article sold out while they checked out to the cart, with the reason', async ({
    openShopper,
  }) => {
    test.setTimeout(120_000);
    const slug = 'ridgeline-trail-gaiter';
    const late = await openShopper();
    await addProductToCart(late.page, slug);
    await openHydrated(late.page, '/en-us/checkout');

    // Meanwhile another shopper buys every unit left of that size.
    const early = await openShopper();
    const html = await (await early.page.request.get(`/en-us/p/${slug}`)).text();
    const form = /<form class="add-to-cart".*?<\/form>/s.exec(html)?.[0] ?? '';
    const field = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]+)"`).exec(form)?.[1] ?? '';
    const [productId, variantId] = [Number(field('product_id')), Number(field('variant_id'))];
    const variants = (await (
      await early.page.request.get(`/api/products/${productId}/variants`, { headers: { region: 'us' } })
    ).json()) as { data: { id: number; inventory_level: number }[] };
    const left = variants.data.find((variant) => variant.id === variantId)!.inventory_level;
    expect(left).toBeGreaterThan(0);
    const session = (await (await early.page.request.get('/api/session')).json()) as {
      data: { csrfToken: string };
    };
    const created = await early.page.request.post('/api/cart/create', {
      headers: { region: 'us', 'csrf-token': session.data.csrfToken },
      data: { line_items: [{ product_id: productId, variant_id: variantId, quantity: left }] },
    });
    expect(created.status()).toBe(201);
    await openHydrated(early.page, '/en-us/checkout');
    const fields = await early.page.evaluate(() => {
      const checkout = document.querySelector('form.checkout-layout') as HTMLFormElement;
      const method = checkout.querySelector<HTMLInputElement>('input[name=shipping_method]')!.value;
      return {
        ...Object.fromEntries([...new FormData(checkout)].map(([key, value]) => [key, String(value)])),
        shipping_method: method,
      };
    });
    const bought = await early.page.request.post('/en-us/checkout', {
      form: {
        ...fields,
        email: 'early.bird@example.com',
        address_choice: 'new',
        ship_first_name: 'Early',
        ship_last_name: 'Bird',
        ship_address1: '1 First Street',
        ship_city: 'Bend',
        ship_state_or_province: 'OR',
        ship_postal_code: '97701',
        ship_country_code: 'US',
        billing_same: '1',
      },
      maxRedirects: 0,
    });
    expect(bought.headers().location).toMatch(/\/checkout\/confirmation\/\d+$/);

    // The late shopper places the order: no order, the cart with the reason and the line marked.
    const { page } = late;
    const shipping = page.getByRole('region', { name: 'Shipping address' });
    await page.getByLabel('Email', { exact: true }).fill('late.comer@example.com');
    await shipping.getByLabel('First name').fill('Late');
    await shipping.getByLabel('Last name').fill('Comer');
    await shipping.getByLabel('Street address').fill('2 Second Street');
    await shipping.getByLabel('City').fill('Bend');
    await shipping.getByLabel('Postal code').fill('97701');
    await shipping.getByLabel('State or province').selectOption('OR');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/en-us\/cart\?notice=sold-out$/);
    await expect(page.getByRole('alert').getByText('part of your order has just sold out')).toBeVisible();
    await expect(page.getByText('Not enough in stock for that quantity.')).toBeVisible();
    expect(await accessibilityViolations(page), 'cart after a sell-out').toEqual([]);
  });

  test('refuses a reset link with an unknown token', async ({ page }) => {
    test.setTimeout(30_000);
    await page.goto(`/en-us/account/reset?token=${'x'.repeat(43)}`);
    await expect(page.getByText(/has expired or was already used/)).toBeVisible();
  });
});
