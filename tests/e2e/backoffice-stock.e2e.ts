import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { accessibilityViolations } from '../support/browser.ts';
import { signInInBrowser } from '../support/staff.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';

/**
 * Issue 20, stock per variant: the demo merchandiser opens a product's Stock tab, records a count of 0, a shopper
 * asks to be told when that variant is back, the merchandiser sets it to 5 → the back-in-stock e-mail is in the
 * outbox; the variant's history shows who changed what; a bad adjustment is refused in the page; the threshold
 * moves the variant to Low; the form works without JavaScript; operations and editors cannot change stock.
 */

ownStoreFor(import.meta.url, { PAGE_CACHE: 'false' });

const SLUG = 'ridgeline-summit-trail-mens';
const PRODUCT_ID = catalogueProductId(SLUG);
const STOCK = `/admin/products/${PRODUCT_ID}/stock`;
const SHOPPER = 'waiting-for-stock@example.com';

/** The back-in-stock e-mails to `to` in the store's outbox folder. */
function backInStockMails(dataDir: string, to: string): string[] {
  try {
    const dir = join(dataDir, 'outbox');
    return readdirSync(dir)
      .filter((file) => file.includes('-back-in-stock-') && file.includes(to))
      .map((file) => readFileSync(join(dir, file), 'utf8'));
  } catch {
    return [];
  }
}

async function checkPage(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  expect(await accessibilityViolations(page), name).toEqual([]);
}

/** The product's variants as the storefront API gives them (US), oldest first. */
async function variants(
  request: APIRequestContext,
): Promise<{ id: number; sku: string; inventory_level: number }[]> {
  const answer = await request.get(`/api/products/${PRODUCT_ID}/variants`, { headers: { region: 'us' } });
  const list = (await answer.json()).data as { id: number; sku: string; inventory_level: number }[];
  return list.sort((a, b) => a.id - b.id);
}

/** The row of one variant in the list. */
const rowOf = (page: Page, sku: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: sku }) });

async function changeStock(page: Page, sku: string, reason: string, units: string) {
  await page.getByLabel(`Reason for ${sku}`).selectOption(reason);
  await page.getByLabel(`Units for ${sku}`).fill(units);
  await rowOf(page, sku).getByRole('button', { name: 'Save' }).click();
}

test.describe('the merchandiser runs stock per variant', () => {
  test('brings a sold-out variant back to 5 and its waiting shopper is e-mailed', async ({
    page,
    request,
    store,
    signInStaff,
    openShopper,
  }) => {
    test.setTimeout(120_000);
    const [variant] = await variants(request);
    const { id: variantId, sku } = variant!;
    await signInStaff('merchandiser');
    await page.goto(`/admin/products/${PRODUCT_ID}`);
    await page.getByRole('navigation', { name: 'Product' }).getByRole('link', { name: 'Stock' }).click();
    await expect(page).toHaveURL(`${store.url}${STOCK}`);
    await expect(page.getByRole('heading', { name: 'Variants' })).toBeVisible();
    await checkPage(page, 'admin-product-stock');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Sold out first (a count of 0), then a shopper asks to be told (the product page's own form, no JS).
    await changeStock(page, sku, 'count', '0');
    await expect(
      page.getByRole('status').filter({ hasText: `${sku}: ${variant!.inventory_level} → 0` }),
    ).toBeVisible();
    await expect(rowOf(page, sku).getByText('Sold out')).toHaveCount(1);
    const { context: shopper } = await openShopper();
    const signup = await shopper.request.post(`/en-us/p/${SLUG}`, {
      headers: { origin: store.url },
      form: {
        intent: 'back-in-stock',
        email: SHOPPER,
        product_id: String(PRODUCT_ID),
        variant_id: String(variantId),
      },
    });
    expect(signup.status()).toBe(200);
    expect(backInStockMails(store.dataDir, SHOPPER)).toEqual([]);

    // A damage of more than there is: refused in the page, nothing changed.
    await changeStock(page, sku, 'damage', '3');
    await expect(page.getByRole('alert').filter({ hasText: 'Only 0 units in stock' })).toBeVisible();
    expect((await variants(request))[0]!.inventory_level).toBe(0);
    // Not a whole number: refused by the form.
    await changeStock(page, sku, 'count', '2.5');
    await expect(page.getByRole('alert').filter({ hasText: 'Enter a whole number of units' })).toBeVisible();

    // Back to 5: the shopper's e-mail is in the outbox once the page answers.
    await changeStock(page, sku, 'count', '5');
    await expect(page.getByRole('status').filter({ hasText: `${sku}: 0 → 5` })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Back in stock' })).toBeVisible();
    await expect.poll(() => backInStockMails(store.dataDir, SHOPPER)).toHaveLength(1);
    const [mail] = backInStockMails(store.dataDir, SHOPPER);
    expect(mail).toContain(`To: ${SHOPPER}`);
    expect(mail).toMatch(/Subject: .*is back in stock/);
    expect((await variants(request))[0]!.inventory_level).toBe(5);

    // The variant's own view: its history, newest first, by whom, and its threshold.
    await page.getByRole('link', { name: `History of ${sku}` }).click();
    await expect(page).toHaveURL(`${store.url}${STOCK}?variant=${variantId}`);
    const history = page.getByRole('table', { name: `Stock changes of ${sku}, newest first` });
    const rows = history.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('merch@ridgeline.example');
    await expect(rows.first()).toContainText('Stock count');
    await expect(rows.first()).toContainText('0 → 5');

    await page.getByLabel(`Units for ${sku}`).fill('2');
    await page.getByLabel(`Reason for ${sku}`).selectOption('delivery');
    await page.getByLabel('Note (optional)').fill('Pallet 12 from the warehouse');
    await page
      .getByRole('form', { name: `Change the stock of ${sku}` })
      .getByRole('button', { name: 'Save' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: `${sku}: 5 → 7 (delivery)` })).toBeVisible();
    await expect(rows.first()).toContainText('Pallet 12 from the warehouse');

    await page.getByLabel('Low at this many units or fewer').fill('8');
    await page.getByRole('button', { name: 'Save threshold' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Low-stock threshold set to 8.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: new RegExp(`${sku}.*Low`) })).toBeVisible();
    await checkPage(page, 'admin-product-stock-variant');

    await page.getByLabel('Low at this many units or fewer').fill('-1');
    await page.getByRole('button', { name: 'Save threshold' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Enter a whole number from 0' })).toBeVisible();
    await expect(page.getByRole('heading', { name: new RegExp(`${sku}.*Low`) })).toBeVisible();
  });

  test('records a change without JavaScript', async ({ browser, baseURL, request, store }) => {
    const [, variant] = await variants(request);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    try {
      await signInInBrowser(page, store.url, 'merchandiser');
      await page.goto(STOCK);
      await changeStock(page, variant!.sku, 'delivery', '4');
      await expect(
        page.getByRole('status').filter({
          hasText: `${variant!.sku}: ${variant!.inventory_level} → ${variant!.inventory_level + 4}`,
        }),
      ).toBeVisible();
      expect((await variants(request))[1]!.inventory_level).toBe(variant!.inventory_level + 4);
    } finally {
      await context.close();
    }
  });

  test('refuses the stock action to operations (403) and the page itself to an editor, changing nothing', async ({
    request,
    staffHttp,
  }) => {
    const [variant] = await variants(request);
    const fields = { intent: 'stock', variantId: String(variant!.id), reason: 'count', quantity: '99' };
    const operations = await staffHttp('operations');
    expect((await operations.get(STOCK)).status).toBe(200);
    const refused = await operations.post(STOCK, fields);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Your role does not allow this (catalogue:write).');
    const editor = await staffHttp('editor');
    expect((await editor.get(STOCK)).status).toBe(403);
    expect((await editor.post(STOCK, fields)).status).toBe(403);
    expect((await variants(request))[0]!.inventory_level).toBe(variant!.inventory_level);
  });
});
