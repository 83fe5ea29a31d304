import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  addProductToCart,
  launchBrowser,
  openShopperPage,
} from '../support/browser.ts';
import { ROOT, type RunningServer, startServer } from '../support/server.ts';

/**
 * Issue 19, the pro team's journey: the demo pro team member approves the demo pending pro application in
 * /admin/pro → that customer, signed in, sees pro prices and the spend meter with the limit the team set.
 */

let server: RunningServer;
let browser: Browser;
const SHOTS = join(ROOT, 'test-results/screenshots');
const APPLICANT = { email: 'pro.applicant@example.com', password: 'Pro-Applicant-2026' };
const SLUG = 'ridgeline-summit-trail-mens';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startServer({ env: { PAGE_CACHE: 'false' } }), launchBrowser()]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function checkAxe(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}-1440.png`), fullPage: true });
  expect(await accessibilityViolations(page), name).toEqual([]);
}

const money = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

async function cartPrice(page: Page): Promise<number> {
  await addProductToCart(page, server.url, SLUG);
  await page.goto(`${server.url}/en-us/cart`);
  await page.waitForLoadState('networkidle');
  return money((await page.locator('.cart-line__options dd').last().textContent()) ?? '');
}

function outbox(): string[] {
  try {
    return readdirSync(join(server.dataDir, 'outbox'));
  } catch {
    return [];
  }
}

describe('the pro team', () => {
  it('approves the pending application; the customer then sees pro prices and the spend meter', async () => {
    const guest = await openShopperPage(browser, 1440);
    // Signed out, the pro queue is a redirect to the staff sign-in, with nothing of the queue in it.
    const signedOut = await guest.page.request.get(`${server.url}/admin/pro`, { maxRedirects: 0 });
    expect([302, 303]).toContain(signedOut.status());
    expect(signedOut.headers().location).toMatch(/^\/admin\/login/);
    expect(await signedOut.text()).not.toContain(APPLICANT.email);
    const guestPrice = await cartPrice(guest.page);
    await guest.context.close();

    const staff = await openShopperPage(browser, 1440);
    try {
      const page = staff.page;
      await page.goto(`${server.url}/admin/login?next=${encodeURIComponent('/admin/pro')}`);
      await page.locator('#email').fill('pro@ridgeline.example');
      await page.locator('#password').fill('ridgeline-staff-demo');
      await page.getByRole('button', { name: /sign in/i }).click();
      await page.waitForURL(/\/admin\/pro$/);
      await page.waitForLoadState('networkidle');
      await checkAxe(page, 'admin-pro-queue');

      const application = page.getByRole('article').filter({ hasText: APPLICANT.email });
      await expect.poll(() => application.count()).toBe(1);
      expect(await application.textContent()).toContain('Wasatch Backcountry Guides');
      const approve = page.getByRole('form', { name: `Approve ${APPLICANT.email}` });
      await approve.getByLabel('Spend limit').fill('2500');
      await approve.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('status').filter({ hasText: 'Approved (pro)' }).waitFor();
      // The page revalidates after the action: the application leaves the queue for the accounts list.
      await expect
        .poll(() => page.getByRole('article').filter({ hasText: APPLICANT.email }).count(), {
          timeout: 10_000,
        })
        .toBe(0);
      const row = page.getByRole('row').filter({ hasText: APPLICANT.email });
      await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('0.00 of 2500.00');
      await checkAxe(page, 'admin-pro-accounts');

      // The customer page shows the new pro status and group.
      await row.getByRole('link').first().click();
      await page.waitForURL(/\/admin\/customers\/\d+$/);
      expect(await page.locator('h1').textContent()).toContain('Pro');
      await checkAxe(page, 'admin-customer');
      // The pro team may not export personal data (customers:privacy): refused, and nothing of the customer in it.
      expect(await page.getByRole('link', { name: /Export personal data/ }).count()).toBe(0);
      const exported = await page.request.get(`${page.url()}/export`, { maxRedirects: 0 });
      expect(exported.status()).toBe(403);
      expect(await exported.text()).not.toContain(APPLICANT.email);
      expect(staff.errors).toEqual([]);
    } finally {
      await staff.context.close();
    }
    await expect.poll(() => outbox().some((file) => file.includes('pro-approved'))).toBe(true);
    const mail = outbox().find((file) => file.includes('pro-approved'))!;
    expect(readFileSync(join(server.dataDir, 'outbox', mail), 'utf8')).toContain('approved');

    const shopper = await openShopperPage(browser, 1440);
    try {
      const page = shopper.page;
      await page.goto(`${server.url}/en-us/account/login?returnTo=${encodeURIComponent('/en-us/pro')}`);
      await page.waitForLoadState('networkidle');
      await page.locator('#field-email').fill(APPLICANT.email);
      await page.locator('#field-password').fill(APPLICANT.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/en-us\/pro$/);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('[data-pro-limit]').textContent()).toBe('$2,500.00');
      expect(await page.locator('[data-pro-spend]').textContent()).toBe('$0.00');
      expect(await cartPrice(page)).toBeLessThan(guestPrice);
      expect(shopper.errors).toEqual([]);
    } finally {
      await shopper.context.close();
    }
  }, 240_000);
});
