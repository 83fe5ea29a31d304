import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * Issue 8's bad inputs as a browser would send them, through the real forms: each answers with its display-text
 * message and changes nothing (no order, the cart as it was, another customer's data untouched).
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { PAGE_CACHE: 'false' } }), launchBrowser()]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(email: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`${server.url}/en-us/account/login`);
  await page.waitForLoadState('networkidle');
  await page.locator('#field-email').fill(email);
  await page.locator('#field-password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/en-us\/account$/);
  return { context, page };
}

async function addressIds(page: Page): Promise<string[]> {
  await page.goto(`${server.url}/en-us/account/addresses`);
  await page.waitForLoadState('networkidle');
  const values = await page
    .locator('input[name=addressId]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  return [...new Set(values)].sort();
}

async function orderCount(page: Page): Promise<number> {
  await page.goto(`${server.url}/en-us/account/orders`);
  await page.waitForLoadState('networkidle');
  return page.getByRole('link', { name: /^#\d+$/ }).count();
}

const text = async (answer: { text(): Promise<string> }) =>
  (await answer.text()).replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"');

describe('bad inputs at checkout and in the account', () => {
  it('refuses a changed price, a foreign address, a stale cart and a wrong password, changing nothing', async () => {
    const pro = await signedIn('pro.guide@example.com', 'Pro-Guide-2026');
    const hannah = await signedIn('hannah.miller@example.com', 'Snowshoe-Demo-2026');
    try {
      const proAddresses = await addressIds(pro.page);
      expect(proAddresses.length).toBeGreaterThan(0);
      const { page } = hannah;
      const ordersBefore = await orderCount(page);

      await page.goto(`${server.url}/en-us/p/ridgeline-trail-pole-3`);
      await page.waitForLoadState('networkidle');
      await page.locator('.add-to-cart__button').click();
      await page.locator('.add-to-cart__added').waitFor();
      await page.goto(`${server.url}/en-us/checkout`);
      await page.waitForLoadState('networkidle');
      const form = await page.evaluate(() =>
        Object.fromEntries(
          [...new FormData(document.querySelector('form.checkout-layout') as HTMLFormElement)].map(
            ([key, value]) => [key, String(value)],
          ),
        ),
      );
      expect(Number(form.expected_subtotal)).toBeGreaterThan(0);
      const post = (changes: Record<string, string>) =>
        page.request.post(`${server.url}/en-us/checkout`, { form: { ...form, ...changes }, maxRedirects: 0 });

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
      expect(await orderCount(page)).toBe(ordersBefore);

      // Deleting or making default another customer's address is refused, and the pro keeps theirs.
      await page.goto(`${server.url}/en-us/account/addresses`);
      await page.waitForLoadState('networkidle');
      const csrf = (await page.locator('input[name=csrf]').first().getAttribute('value'))!;
      for (const intent of ['delete', 'default']) {
        const answer = await page.request.post(`${server.url}/en-us/account/addresses`, {
          form: { csrf, intent, addressId: proAddresses[0]! },
          maxRedirects: 0,
        });
        expect(answer.status()).toBeGreaterThanOrEqual(400);
      }
      expect(await addressIds(pro.page)).toEqual(proAddresses);

      // A wrong current password changes neither the password nor the email.
      const wrong = await page.request.post(`${server.url}/en-us/account/profile`, {
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
      await page.goto(`${server.url}/en-us/account/profile`);
      expect(await page.locator('#field-email').inputValue()).toBe('hannah.miller@example.com');

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
      await page.goto(`${server.url}${stale.headers().location}`);
      await page.getByRole('alert').getByText('Your cart changed in another window.').waitFor();
      expect(await accessibilityViolations(page), 'cart with notice').toEqual([]);
      expect(await orderCount(page)).toBe(ordersBefore + 1);
    } finally {
      await pro.context.close();
      await hannah.context.close();
    }
  }, 120_000);

  it('refuses a reset link with an unknown token', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/en-us/account/reset?token=${'x'.repeat(43)}`);
      await page.getByText(/has expired or was already used/).waitFor();
    } finally {
      await context.close();
    }
  }, 30_000);
});
