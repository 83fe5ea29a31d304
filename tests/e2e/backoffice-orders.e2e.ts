import type { Page, TestInfo } from '@playwright/test';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { accessibilityViolations } from '../support/browser.ts';
import { outboxMails as outbox } from '../support/outbox.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';
import { openHydrated } from './shopper.ts';

/**
 * Issue 19, the operations journey: operations signs in, marks the demo bank-transfer order (106) paid and ships
 * it in two parcels → the shopper's account order page and the order-status lookup show both shipments and two
 * shipping e-mails are in the outbox; cancelling the paid demo order 107 puts its stock back.
 */

ownStoreFor(import.meta.url, { PAGE_CACHE: 'false' });

const SHOPPER = { email: 'employee@example.com', password: 'Ridgeline-Staff-2026' };
const TRACKING = ['1Z999AA10000010601', '9400111899223100010602'];

async function checkAxe(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  expect(await accessibilityViolations(page), name).toEqual([]);
}

async function variantStock(page: Page, productId: number): Promise<{ id: number; level: number }> {
  const answer = await page.request.get(`/api/products/${productId}/variants`, { headers: { region: 'us' } });
  const variants = (await answer.json()).data as { id: number; inventory_level: number }[];
  const first = variants.sort((a, b) => a.id - b.id)[0]!;
  return { id: first.id, level: first.inventory_level };
}

/** The order's heading with its badges: payment, fulfilment and the platform's status (reloaded after each change). */
const statusIs = (page: Page, order: number, status: string) =>
  expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^Order ${order} .*${status}$`));

test.describe('operations runs an order', () => {
  test('marks the bank-transfer order paid, ships it in two parcels, and cancels another order', async ({
    store,
    page,
    signInStaff,
    openShopper,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInStaff('operations');
    await page.goto('/admin/orders/106');
    await statusIs(page, 106, 'Awaiting Payment');
    await checkAxe(page, testInfo, 'admin-order-awaiting-payment');

    await page.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Marked paid.' })).toBeVisible();
    await statusIs(page, 106, 'Awaiting Fulfillment');

    // First parcel: the beanies only.
    const quantities = page.getByRole('group', { name: 'Quantities in this parcel' }).getByRole('spinbutton');
    await expect(quantities).toHaveCount(2);
    await page.getByLabel('Carrier').selectOption('UPS');
    await page.getByLabel('Tracking number').fill(TRACKING[0]!);
    await page
      .getByRole('group', { name: 'Quantities in this parcel' })
      .getByLabel(/Trail Gaiter/)
      .fill('0');
    await page.getByRole('button', { name: 'Add shipment' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Shipment added (Partially Shipped)' }),
    ).toBeVisible();
    await statusIs(page, 106, 'Partially Shipped');
    await checkAxe(page, testInfo, 'admin-order-partially-shipped');

    // Second parcel: what is left (the form offers it).
    await expect(quantities).toHaveCount(1);
    await page.getByLabel('Carrier').selectOption('USPS');
    await page.getByLabel('Tracking number').fill(TRACKING[1]!);
    await page.getByRole('button', { name: 'Add shipment' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Shipment added (Shipped)' })).toBeVisible();
    await statusIs(page, 106, 'Shipped');
    const shipments = page.getByRole('table', { name: 'Shipments of order 106' });
    for (const number of TRACKING) await expect(shipments).toContainText(number);
    await expect(page.getByTestId('timeline')).toHaveText(
      /Placed.*Marked paid by Oscar Operations.*Shipment added.*Shipment added/s,
    );

    // A form read before someone else's change (version 0) is refused in the page, and changes nothing.
    const csrf = await page.locator('input[name=csrf]').first().inputValue();
    const stale = await page.request.post('/admin/orders/106', {
      headers: { origin: store.url },
      form: { csrf, intent: 'mark-delivered', version: '0' },
    });
    expect(stale.status()).toBe(409);
    expect(await stale.text()).toContain('was changed by someone else in the meantime');
    await page.reload();
    await statusIs(page, 106, 'Shipped');

    const shippedMails = () => outbox(store.dataDir, 'order-shipped', 'order 106');
    await expect.poll(shippedMails).toHaveLength(2);
    const mails = shippedMails();
    expect(mails.join('\n')).toContain(`tracknum=${TRACKING[0]}`);
    expect(mails.join('\n')).toContain(`tLabels=${TRACKING[1]}`);
    for (const mail of mails) expect(mail).toContain(`To: ${SHOPPER.email}`);

    // Cancel order 107: its stock comes back.
    const productId = catalogueProductId('ridgeline-expedition-gaiter');
    const before = await variantStock(page, productId);
    await page.goto('/admin/orders/107');
    const reason = page.getByLabel('Reason (sent to the shopper)');
    await reason.fill('Customer asked to cancel');
    // Without the confirmation box the order stays as it is.
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Check the highlighted fields.' })).toBeVisible();
    await statusIs(page, 107, 'Awaiting Fulfillment');
    await reason.fill('Customer asked to cancel');
    await page.getByRole('checkbox', { name: 'Yes, cancel order 107' }).check();
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Order cancelled' })).toBeVisible();
    await statusIs(page, 107, 'Cancelled');
    await checkAxe(page, testInfo, 'admin-order-cancelled');
    expect((await variantStock(page, productId)).level).toBe(before.level + 2);
    const cancelledMails = () => outbox(store.dataDir, 'order-cancelled', 'order 107');
    await expect.poll(() => cancelledMails().length).toBeGreaterThanOrEqual(1);
    expect(cancelledMails()[0]).toContain('Reason: Customer asked to cancel');

    // The shopper sees both shipments on the account's order page and in the order-status lookup.
    const { page: shopperPage } = await openShopper(1280);
    await openHydrated(shopperPage, '/en-us/order-status');
    const lookupForm = shopperPage.getByRole('region', { name: 'Check order status' });
    await lookupForm.getByLabel('Order number').fill('106');
    await lookupForm.getByLabel('Email').fill(SHOPPER.email);
    await lookupForm.getByRole('button', { name: 'Find order' }).click();
    const lookup = shopperPage.getByRole('region', { name: 'Order number 106' });
    for (const number of TRACKING) await expect(lookup).toContainText(number);

    await openHydrated(
      shopperPage,
      `/en-us/account/login?returnTo=${encodeURIComponent('/en-us/account/orders/106')}`,
    );
    const main = shopperPage.getByRole('main');
    await main.getByLabel('Email').fill(SHOPPER.email);
    await main.getByLabel('Password').fill(SHOPPER.password);
    await main.getByRole('button', { name: 'Sign in' }).click();
    await shopperPage.waitForURL(/\/account(\/orders\/106)?$/);
    await shopperPage.goto('/en-us/account/orders/106');
    await expect(main.getByRole('heading', { name: 'Order number 106', level: 1 })).toBeVisible();
    for (const number of TRACKING) await expect(main).toContainText(number);
    await expect(main.getByText('Shipped', { exact: true })).toBeVisible();
  });
});
