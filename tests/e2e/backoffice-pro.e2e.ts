import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { accessibilityViolations } from '../support/browser.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';
import { addProductToCart, openHydrated } from './shopper.ts';

/**
 * Issue 19, the pro team's journey: the demo pro team member approves the demo pending pro application in
 * /admin/pro → that customer, signed in, sees pro prices and the spend meter with the limit the team set.
 */

ownStoreFor(import.meta.url, { PAGE_CACHE: 'false' });

const APPLICANT = { email: 'pro.applicant@example.com', password: 'Pro-Applicant-2026' };
const SLUG = 'ridgeline-summit-trail-mens';

async function checkAxe(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-1440.png`), fullPage: true });
  expect(await accessibilityViolations(page), name).toEqual([]);
}

const money = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

/** Adds the product to the cart and reads the price its cart line shows. */
async function cartPrice(page: Page): Promise<number> {
  await addProductToCart(page, SLUG);
  await openHydrated(page, '/en-us/cart');
  // The line's unit price: the last of its facts (colour, size, price), a <dd> nothing names.
  return money((await page.locator('.cart-line__options dd').last().textContent()) ?? '');
}

function outbox(dataDir: string): string[] {
  try {
    return readdirSync(join(dataDir, 'outbox'));
  } catch {
    return [];
  }
}

test.describe('the pro team', () => {
  test('approves the pending application; the customer then sees pro prices and the spend meter', async ({
    store,
    page,
    pageErrors,
    openShopper,
  }, testInfo) => {
    test.setTimeout(240_000);
    const guest = await openShopper(1440);
    // Signed out, the pro queue is a redirect to the staff sign-in, with nothing of the queue in it.
    const signedOut = await guest.page.request.get('/admin/pro', { maxRedirects: 0 });
    expect([302, 303]).toContain(signedOut.status());
    expect(signedOut.headers().location).toMatch(/^\/admin\/login/);
    expect(await signedOut.text()).not.toContain(APPLICANT.email);
    const guestPrice = await cartPrice(guest.page);
    await guest.context.close();

    // The pro team member signs in on the way to the queue, and lands on it.
    await page.goto(`/admin/login?next=${encodeURIComponent('/admin/pro')}`);
    await page.getByLabel('Email').fill('pro@ridgeline.example');
    await page.getByLabel('Password').fill('ridgeline-staff-demo');
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect(page).toHaveURL(/\/admin\/pro$/);
    const application = page.getByRole('article').filter({ hasText: APPLICANT.email });
    await expect(application).toHaveCount(1);
    await checkAxe(page, testInfo, 'admin-pro-queue');

    await expect(application).toContainText('Wasatch Backcountry Guides');
    const approve = page.getByRole('form', { name: `Approve ${APPLICANT.email}` });
    await approve.getByLabel('Spend limit').fill('2500');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Approved (pro)' })).toBeVisible();
    // The page revalidates after the action: the application leaves the queue for the accounts list.
    await expect(application).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: APPLICANT.email });
    await expect(row).toContainText('0.00 of 2500.00');
    await checkAxe(page, testInfo, 'admin-pro-accounts');

    // The customer page shows the new pro status and group.
    await row.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Pro');
    await checkAxe(page, testInfo, 'admin-customer');
    // The pro team may not export personal data (customers:privacy): refused, and nothing of the customer in it.
    await expect(page.getByRole('button', { name: /Export personal data/ })).toHaveCount(0);
    const exported = await page.request.get(`${page.url()}/export`, { maxRedirects: 0 });
    expect(exported.status()).toBe(403);
    expect(await exported.text()).not.toContain(APPLICANT.email);
    expect(pageErrors).toEqual([]);

    const approvedMail = () => outbox(store.dataDir).find((file) => file.includes('pro-approved'));
    await expect.poll(approvedMail).toBeDefined();
    expect(readFileSync(join(store.dataDir, 'outbox', approvedMail()!), 'utf8')).toContain('approved');

    const shopper = await openShopper(1440);
    await openHydrated(shopper.page, `/en-us/account/login?returnTo=${encodeURIComponent('/en-us/pro')}`);
    const main = shopper.page.getByRole('main');
    await main.getByLabel('Email').fill(APPLICANT.email);
    await main.getByLabel('Password').fill(APPLICANT.password);
    await main.getByRole('button', { name: 'Sign in' }).click();
    await expect(shopper.page).toHaveURL(/\/en-us\/pro$/);
    // The spend meter's figures (<dd> elements nothing names).
    await expect(shopper.page.locator('[data-pro-limit]')).toHaveText('$2,500.00');
    await expect(shopper.page.locator('[data-pro-spend]')).toHaveText('$0.00');
    expect(await cartPrice(shopper.page)).toBeLessThan(guestPrice);
    expect(shopper.errors).toEqual([]);
  });
});
