import type { Page } from '@playwright/test';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { accessibilityViolations } from '../support/browser.ts';
import { outboxMails as outbox } from '../support/outbox.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';
import { pageHydrated } from './shopper.ts';

/**
 * Issue 40, a return from a German order, on a desktop and on a phone: a guest buys in the German store (a bank
 * transfer), operations marks the order paid and ships it, then records a return of one line with restock from the
 * order page → the variant's stock goes up by the returned quantity, the refund shows in euros, the order's
 * timeline shows the return, and the shopper's mail in the outbox is in German and names what was refunded. (That a
 * partial refund keeps an order in the to-ship queue is proved in backoffice-order-queue.e2e.ts.)
 */

ownStoreFor(import.meta.url, { PAGE_CACHE: 'false' });

const SLUG = 'ridgeline-trail-gaiter';

/** Every variant's stock of the product, by variant id. */
async function stockLevels(page: Page): Promise<Map<number, number>> {
  const answer = await page.request.get(`/api/products/${catalogueProductId(SLUG)}/variants`, {
    headers: { region: 'us' },
  });
  expect(answer.ok()).toBe(true);
  const variants = (await answer.json()).data as { id: number; inventory_level: number }[];
  return new Map(variants.map((variant) => [variant.id, variant.inventory_level]));
}

/** Places a guest order in the German store with two of the product's default variant; answers its number. */
async function placeGermanOrder(page: Page, email: string): Promise<number> {
  await page.goto(`/de-de/p/${SLUG}`, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('button', { name: /^Warenkorb: / })).toBeVisible();
  await pageHydrated(page);
  await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).first().click();
  await expect(page.getByText('Zum Warenkorb hinzugefügt!')).toBeVisible();
  await page.goto(`/de-de/p/${SLUG}`, { waitUntil: 'domcontentloaded' });
  await pageHydrated(page);
  await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).first().click();
  await expect(page.getByText('Zum Warenkorb hinzugefügt!')).toBeVisible();
  await page.goto('/de-de/checkout', { waitUntil: 'domcontentloaded' });
  await pageHydrated(page);
  await page.getByLabel('E-Mail', { exact: true }).fill(email);
  const shipping = page.getByRole('region', { name: 'Lieferadresse' });
  await shipping.getByLabel('Vorname').fill('Greta');
  await shipping.getByLabel('Nachname').fill('Gast');
  await shipping.getByLabel('Straße und Hausnummer').fill('Bergstraße 12');
  await shipping.getByLabel('Ort').fill('Garmisch-Partenkirchen');
  await shipping.getByLabel('Postleitzahl').fill('82467');
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await page.waitForURL(/\/de-de\/checkout\/confirmation\/\d+$/);
  return Number(((await page.locator('[data-order-number]').textContent()) ?? '').trim());
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`a return at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a return of one line of a German order restocks it, refunds it in euros and mails the shopper in German', async ({
      page,
      store,
      signInStaff,
    }, testInfo) => {
      test.setTimeout(180_000);
      const email = `greta.gast.${viewport.width}@example.com`;
      const orderId = await placeGermanOrder(page, email);
      expect(orderId).toBeGreaterThan(1000);

      await signInStaff('operations');
      await page.goto(`/admin/orders/${orderId}`);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toContainText(`Order ${orderId}`);
      // The German store's checkout takes a bank transfer: operations marks it paid when the money is in, then ships.
      await expect(heading).toContainText('Awaiting payment');
      await page.getByRole('button', { name: 'Mark paid' }).click();
      await expect(page.getByRole('status')).toHaveText('Marked paid.');
      const ship = page.getByRole('form', { name: 'Add a shipment' });
      await ship.getByLabel('Carrier').selectOption('DHL');
      await ship.getByLabel('Tracking number').fill(`JD0146000039${viewport.width}`);
      await ship.getByRole('button', { name: 'Add shipment' }).click();
      await expect(page.getByRole('status')).toContainText('Shipment added');
      await expect(heading).toContainText('Shipped');

      const line = page
        .getByRole('table', { name: new RegExp(`^Items of order ${orderId}`) })
        .getByRole('row')
        .nth(1);
      const name = ((await line.getByRole('cell').first().textContent()) ?? '').trim();
      expect(name).not.toBe('');
      const before = await stockLevels(page);

      const form = page.getByRole('form', { name: 'Record a return' });
      const quantities = form.getByRole('spinbutton');
      await expect(quantities).toHaveCount(1);
      await expect(quantities.first()).toHaveAttribute('max', '2');
      await quantities.first().fill('1');
      await expect(form.getByRole('checkbox', { name: 'Back in stock (untick if damaged)' })).toBeChecked();
      await form.getByLabel('Reason').fill('Zu klein');
      await form.getByRole('button', { name: 'Record return' }).click();

      const status = page.getByRole('status');
      await expect(status).toHaveText(
        /^Return recorded and \d+,\d{2}\s€ refunded; the shopper has been e-mailed\.$/,
      );
      const amount = /and (\d+,\d{2}\s€) refunded/.exec((await status.textContent()) ?? '')![1]!;
      await expect(page.getByText(`1 × ${name} (back in stock)`)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Refunds' })).toBeVisible();
      await expect(page.getByText(new RegExp(`^${amount} on .*: Zu klein`))).toBeVisible();
      await expect(heading).toContainText('Partially refunded');
      await expect(page.getByTestId('timeline')).toContainText('Return recorded');

      // One unit of one variant is back on the shelf; no other variant moved.
      const after = await stockLevels(page);
      const moved = [...after].filter(([id, level]) => level !== before.get(id));
      expect(moved).toHaveLength(1);
      expect(moved[0]![1]).toBe(before.get(moved[0]![0])! + 1);

      expect(await accessibilityViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.screenshot({ path: testInfo.outputPath(`return-${viewport.width}.png`), fullPage: true });

      const mails = () => outbox(store.dataDir, 'order-refunded', `To: ${email}`);
      await expect.poll(() => mails().length).toBe(1);
      const mail = mails()[0]!;
      expect(mail).toContain(`Subject: Ihre Erstattung zur Ridgeline-Bestellung ${orderId}`);
      expect(mail).toContain(
        `Hallo Greta, wir haben Ihnen ${amount} für Ihre Bestellung ${orderId} erstattet.`,
      );
      expect(mail).toContain('Zurückgesendet:');
      expect(mail).toContain('Erstattet:');
      expect(mail).toContain(`1 × ${name}: ${amount}`);
      expect(mail).not.toContain('Your refund');
    });
  });
}
