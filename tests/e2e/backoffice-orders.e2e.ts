import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { accessibilityViolations, launchBrowser } from '../support/browser.ts';
import { ROOT, type RunningServer, startServer } from '../support/server.ts';

/**
 * Issue 19, the operations journey: operations signs in, marks the demo bank-transfer order (106) paid and ships
 * it in two parcels → the shopper's account order page and the order-status lookup show both shipments and two
 * shipping e-mails are in the outbox; cancelling the paid demo order 107 puts its stock back.
 */

let server: RunningServer;
let browser: Browser;
const SHOTS = join(ROOT, 'test-results/screenshots');
const SHOPPER = { email: 'employee@example.com', password: 'Ridgeline-Staff-2026' };
const TRACKING = ['1Z999AA10000010601', '9400111899223100010602'];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startServer({ env: { PAGE_CACHE: 'false' } }), launchBrowser()]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The message as written: quoted-printable soft breaks joined and bytes decoded as UTF-8. */
const quotedPrintable = (eml: string) =>
  Buffer.from(
    eml
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

function outbox(kind: string): string[] {
  try {
    const dir = join(server.dataDir, 'outbox');
    return readdirSync(dir)
      .filter((file) => file.includes(`-${kind}-`))
      .map((file) => quotedPrintable(readFileSync(join(dir, file), 'utf8')));
  } catch {
    return [];
  }
}

async function checkAxe(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  expect(await accessibilityViolations(page), name).toEqual([]);
}

async function until<T>(read: () => T, done: (value: T) => boolean, timeout = 10_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = read();
    if (done(value) || Date.now() - start > timeout) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function variantStock(page: Page, productId: number): Promise<{ id: number; level: number }> {
  const answer = await page.request.get(`${server.url}/api/products/${productId}/variants`, {
    headers: { region: 'us' },
  });
  const variants = (await answer.json()).data as { id: number; inventory_level: number }[];
  const first = variants.sort((a, b) => a.id - b.id)[0]!;
  return { id: first.id, level: first.inventory_level };
}

/** Waits until the order's status badge says `text` (the page reloads its data after each change). */
const statusIs = (page: Page, text: string) =>
  page
    .locator('h1 .admin-badge')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .waitFor();

describe('operations runs an order', () => {
  it('marks the bank-transfer order paid, ships it in two parcels, and cancels another order', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/admin/login?next=${encodeURIComponent('/admin/orders/106')}`);
      await page.locator('#email').fill('operations@ridgeline.example');
      await page.locator('#password').fill('ridgeline-staff-demo');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/admin(\/orders\/106)?$/);
      await page.goto(`${server.url}/admin/orders/106`);
      await page.waitForLoadState('networkidle');
      await statusIs(page, 'Awaiting Payment');
      await checkAxe(page, 'admin-order-awaiting-payment');

      await page.getByRole('button', { name: 'Mark paid' }).click();
      await page.getByRole('status').filter({ hasText: 'Marked paid.' }).waitFor();
      await statusIs(page, 'Awaiting Fulfillment');

      // First parcel: the beanies only.
      const quantities = page.locator('fieldset input[type=number]');
      expect(await quantities.count()).toBe(2);
      await page.locator('#ship-carrier').fill('UPS');
      await page.locator('#ship-tracking').fill(TRACKING[0]!);
      const gaiterField = page.getByLabel(/Trail Gaiter/);
      await gaiterField.fill('0');
      await page.getByRole('button', { name: 'Add shipment' }).click();
      await page.getByRole('status').filter({ hasText: 'Shipment added (Partially Shipped)' }).waitFor();
      await statusIs(page, 'Partially Shipped');
      await checkAxe(page, 'admin-order-partially-shipped');

      // Second parcel: what is left (the form offers it).
      expect(await page.locator('fieldset input[type=number]').count()).toBe(1);
      await page.locator('#ship-carrier').fill('USPS');
      await page.locator('#ship-tracking').fill(TRACKING[1]!);
      await page.getByRole('button', { name: 'Add shipment' }).click();
      await page.getByRole('status').filter({ hasText: 'Shipment added (Shipped)' }).waitFor();
      await statusIs(page, 'Shipped');
      const shipments = await page.getByTestId('shipments').textContent();
      for (const number of TRACKING) expect(shipments).toContain(number);
      const timeline = await page.getByTestId('timeline').textContent();
      expect(timeline).toMatch(/Placed.*Marked paid by Oscar Operations.*Shipment added.*Shipment added/s);

      // A form read before someone else's change (version 0) is refused in the page, and changes nothing.
      const csrf = await page.locator('input[name=csrf]').first().inputValue();
      const stale = await page.request.post(`${server.url}/admin/orders/106`, {
        headers: { origin: server.url },
        form: { csrf, intent: 'mark-delivered', version: '0' },
      });
      expect(stale.status()).toBe(409);
      expect(await stale.text()).toContain('was changed by someone else in the meantime');
      await page.reload();
      await statusIs(page, 'Shipped');

      const mails = await until(
        () => outbox('order-shipped').filter((mail) => mail.includes(`order 106`)),
        (found) => found.length >= 2,
      );
      expect(mails).toHaveLength(2);
      expect(mails.join('\n')).toContain(`tracknum=${TRACKING[0]}`);
      expect(mails.join('\n')).toContain(`tLabels=${TRACKING[1]}`);
      for (const mail of mails) expect(mail).toContain(`To: ${SHOPPER.email}`);

      // Cancel order 107: its stock comes back.
      const productId = catalogueProductId('ridgeline-expedition-gaiter');
      const before = await variantStock(page, productId);
      await page.goto(`${server.url}/admin/orders/107`);
      await page.waitForLoadState('networkidle');
      await page.locator('#cancel-reason').fill('Customer asked to cancel');
      // Without the confirmation box the order stays as it is.
      await page.getByRole('button', { name: 'Cancel order' }).click();
      await page.getByRole('alert').filter({ hasText: 'Check the highlighted fields.' }).waitFor();
      await statusIs(page, 'Awaiting Fulfillment');
      await page.locator('#cancel-reason').fill('Customer asked to cancel');
      await page.locator('#cancel-confirm').check();
      await page.getByRole('button', { name: 'Cancel order' }).click();
      await page.getByRole('status').filter({ hasText: 'Order cancelled' }).waitFor();
      await statusIs(page, 'Cancelled');
      await checkAxe(page, 'admin-order-cancelled');
      expect((await variantStock(page, productId)).level).toBe(before.level + 2);
      const cancelled = await until(
        () => outbox('order-cancelled').filter((mail) => mail.includes('order 107')),
        (found) => found.length >= 1,
      );
      expect(cancelled[0]).toContain('Reason: Customer asked to cancel');
    } finally {
      await context.close();
    }

    // The shopper sees both shipments on the account's order page and in the order-status lookup.
    const shopper = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const shopperPage = await shopper.newPage();
    try {
      await shopperPage.goto(`${server.url}/en-us/order-status`);
      await shopperPage.waitForLoadState('networkidle');
      await shopperPage.locator('#field-order').fill('106');
      await shopperPage.locator('#field-email').fill(SHOPPER.email);
      await shopperPage.getByRole('button', { name: 'Find order' }).click();
      await shopperPage.locator('.order-status-result').waitFor();
      const lookup = await shopperPage.locator('.order-status-result').textContent();
      for (const number of TRACKING) expect(lookup).toContain(number);

      await shopperPage.goto(
        `${server.url}/en-us/account/login?returnTo=${encodeURIComponent('/en-us/account/orders/106')}`,
      );
      await shopperPage.waitForLoadState('networkidle');
      await shopperPage.locator('#field-email').fill(SHOPPER.email);
      await shopperPage.locator('#field-password').fill(SHOPPER.password);
      await shopperPage.getByRole('button', { name: 'Sign in' }).click();
      await shopperPage.waitForURL(/\/account(\/orders\/106)?$/);
      await shopperPage.goto(`${server.url}/en-us/account/orders/106`);
      await shopperPage.waitForLoadState('networkidle');
      const detail = await shopperPage.locator('.order-detail').textContent();
      for (const number of TRACKING) expect(detail).toContain(number);
      expect(detail).toContain('Shipped');
    } finally {
      await shopper.close();
    }
  }, 180_000);
});
