import type { Page } from '@playwright/test';
import { accessibilityViolations } from '../support/browser.ts';
import { outboxMails as outbox } from '../support/outbox.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';

/**
 * Issue 40, the shipping queue as operations works it, on a desktop and on a phone: a partial refund keeps a paid
 * order in the queue until it ships; the queue runs oldest paid first and the order page leads on to the next
 * order and back to the queue as filtered; packing slips for three ticked orders print one page each; a return
 * of one line puts it back in stock, refunds it and mails the shopper what was refunded.
 */

ownStoreFor(import.meta.url, { PAGE_CACHE: 'false' });

const orderLinks = (page: Page) =>
  page
    .getByRole('table', { name: /^Orders/ })
    .getByRole('rowheader')
    .getByRole('link');

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`the shipping queue at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a partial refund keeps the paid order in the queue until it ships', async ({
      page,
      signInStaff,
    }) => {
      test.setTimeout(120_000);
      await signInStaff('operations');
      // Each viewport works its own demo order: 106 (bank transfer) at 1440, 102 (already paid) at 390.
      const orderId = viewport.width === 1440 ? 106 : 102;
      await page.goto(`/admin/orders/${orderId}`);
      if (orderId === 106) {
        await page.getByRole('button', { name: 'Mark paid' }).click();
        await expect(page.getByRole('status')).toHaveText('Marked paid.');
      }
      const refund = page.getByRole('form', { name: 'Record a refund' });
      await refund.getByLabel('Other amount (USD)').fill('20');
      await refund.getByLabel('Reason').fill('Price match');
      await refund.getByRole('button', { name: 'Record refund' }).click();
      await expect(page.getByRole('status')).toHaveText(
        'Refund of $20.00 recorded; the shopper has been e-mailed.',
      );
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Partially refunded');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Unfulfilled');

      await page.goto(`/admin/orders?queue=to-ship&q=${orderId}`);
      await expect(orderLinks(page)).toHaveText([`#${orderId}`]);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      await orderLinks(page).first().click();
      await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}\\?.*queue=to-ship`));
      const ship = page.getByRole('form', { name: 'Add a shipment' });
      await ship.getByLabel('Carrier').selectOption('UPS');
      await ship.getByLabel('Tracking number').fill(`1Z999AA1000000${orderId}`);
      await ship.getByRole('button', { name: 'Add shipment' }).click();
      await expect(page.getByRole('status')).toContainText('Shipment added');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Shipped');
      await page.getByRole('link', { name: '← Orders to ship' }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/orders\\?q=${orderId}&queue=to-ship$`));
      await expect(page.getByText('No orders match.')).toBeVisible();
    });

    test('works the queue from the oldest paid order with "Next order"', async ({ page, signInStaff }) => {
      await signInStaff('operations');
      await page.goto('/admin/orders?queue=to-ship');
      await expect(page.getByLabel('Sort')).toHaveValue('paid-oldest');
      const [first, second, third] = (await orderLinks(page).allTextContents()).map((text) => text.slice(1));
      await orderLinks(page).first().click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(`Order ${first}`);
      await expect(page.getByText('First of the orders to ship')).toBeVisible();
      await page.getByRole('link', { name: 'Next order →' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(`Order ${second}`);
      await page.getByRole('link', { name: 'Next order →' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(`Order ${third}`);
      await page.getByRole('link', { name: '← Previous order' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(`Order ${second}`);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByRole('link', { name: '← Orders to ship' }).click();
      await expect(page).toHaveURL(/\/admin\/orders\?queue=to-ship/);
      await expect(orderLinks(page).first()).toHaveText(`#${first}`);
    });

    test('prints packing slips for three ticked orders, one page each', async ({
      page,
      signInStaff,
    }, testInfo) => {
      await signInStaff('operations');
      await page.goto('/admin/orders?queue=to-ship');
      const ids = (await orderLinks(page).allTextContents()).slice(0, 3).map((text) => text.slice(1));
      for (const id of ids) await page.getByRole('checkbox', { name: `Select order ${id}` }).check();
      await page.getByRole('button', { name: 'Print packing slips' }).click();
      await expect(page).toHaveURL(/\/admin\/orders\/documents\?kind=slip/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Packing slips (3)');
      for (const id of ids)
        await expect(page.getByRole('heading', { name: `Packing slip · Order ${id}` })).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
      if (viewport.width === 1440) {
        // What the printer gets: the back office's frame left out, one sheet per order.
        await page.emulateMedia({ media: 'print' });
        await page.screenshot({ path: testInfo.outputPath('packing-slips-print.png'), fullPage: true });
        await expect(page.getByRole('navigation', { name: 'Back office' })).toBeHidden();
        const pdf = await page.pdf({ format: 'A4' });
        await testInfo.attach('packing-slips.pdf', { body: pdf, contentType: 'application/pdf' });
        expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(3);
      }
    });
  });
}

test('a return of one line restocks it, refunds it and mails the shopper', async ({
  page,
  store,
  signInStaff,
}) => {
  test.setTimeout(120_000);
  await signInStaff('operations');
  await page.goto('/admin/orders/100');
  const line = page
    .getByRole('table', { name: /^Items of order 100/ })
    .getByRole('row')
    .nth(1);
  const name = (await line.getByRole('cell').first().textContent())!;
  const form = page.getByRole('form', { name: 'Record a return' });
  const quantity = form.getByRole('spinbutton').first();
  const field = (await quantity.getAttribute('name'))!;
  const orderItemId = Number(field.replace('return-qty-', ''));
  await quantity.fill('1');
  await form.getByLabel('Reason').fill('Wrong size');
  await form.getByRole('button', { name: 'Record return' }).click();
  await expect(page.getByRole('status')).toContainText('Return recorded and $');
  await expect(page.getByRole('heading', { name: 'Returns' })).toBeVisible();
  await expect(page.getByText(`1 × ${name} (back in stock)`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Partially refunded');
  expect(orderItemId).toBeGreaterThan(0);
  await expect.poll(() => outbox(store.dataDir, 'order-refunded', 'order 100')).toHaveLength(1);
  const mail = outbox(store.dataDir, 'order-refunded', 'order 100')[0]!;
  expect(mail).toContain('Subject: Your refund for Ridgeline order 100');
  expect(mail).toContain('Returned:');
  expect(mail).toContain(`1 × ${name}`);
  await expect(page.getByTestId('timeline')).toContainText('Return recorded');
});
