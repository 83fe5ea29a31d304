import type { Page } from '@playwright/test';
import { accessibilityViolations } from '../support/browser.ts';
import { signInInBrowser } from '../support/staff.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';

/**
 * Issue 20, a new product: the demo merchandiser creates a product with two colours and three sizes priced in USD,
 * CAD and EUR, adds and retires option values, publishes it → within seconds its category page, search and the
 * sitemap list it (the page cache and the search index follow the data versions). An editor may not create one.
 */

ownStoreFor(import.meta.url);

const SLUG = 'ridgeline-larch-trail';
const NAME = 'Ridgeline Larch Trail';
/** The address of a demo product: a new product cannot take it. */
const TAKEN_SLUG = 'ridgeline-summit-trail-mens';

async function checkAxe(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  expect(await accessibilityViolations(page), name).toEqual([]);
}

/** The body of a storefront address as the page's context reads it. */
const bodyOf = async (page: Page, path: string) => (await page.request.get(path)).text();

test.describe('the merchandiser creates a product', () => {
  test('creates, varies, publishes, and finds it in its category, in search and in the sitemap', async ({
    page,
    store,
    signInStaff,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInStaff('merchandiser');
    await page.goto('/admin/products');
    await page.getByRole('link', { name: 'New product' }).click();
    await expect(page).toHaveURL(`${store.url}/admin/products/new`);
    await checkAxe(page, 'admin-product-new');

    // Before publishing, the storefront has never heard of it.
    expect(await bodyOf(page, '/en-us/c/snowshoes/mens')).not.toContain(NAME);
    // The search page for it is cached (anonymous) before it exists: publishing must refresh that page too.
    expect(await bodyOf(page, '/en-us/search?q=larch')).not.toContain(NAME);

    await page.getByLabel('Name', { exact: true }).fill(NAME);
    await page.getByLabel(/^Address/).fill(SLUG);
    await page.getByLabel('SKU').fill('rs-larch');
    await page.getByLabel('Main category').selectOption({ label: "Snowshoes › Men's Snowshoes" });
    await page.getByLabel('Weight (kg)').fill('2.1');
    await page.getByLabel('Tagline').fill('For packed winter trails');
    await page.getByLabel(/^Description/).fill('A light frame for packed trails, made in Vermont.');
    await page.getByLabel('Option 1 name').fill('Colour');
    await page.getByLabel('Option 1 values').fill('Spruce, Ember');
    await page.getByLabel('Option 2 name').fill('Size');
    await page.getByLabel('Option 2 values').fill('21", 25", 30"');
    await page.getByLabel('United States (USD)').fill('229');
    await page.getByLabel('Canada (CAD)').fill('-1');
    await page.getByLabel('Europe (EUR)').fill('219.00');

    // A price of -1 is refused next to its field, and what was typed stays.
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByLabel('Canada (CAD)')).toHaveAccessibleDescription(/Enter a price like 229/);
    await expect(page.getByLabel('Option 2 values')).toHaveValue('21", 25", 30"');
    await checkAxe(page, 'admin-product-new-refused');

    await page.getByLabel('Canada (CAD)').fill('299.95');
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page).toHaveURL(/\/admin\/products\/\d+\?created=1$/);
    const productPath = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    // The commerce record: its SKU, then its status.
    const facts = page.getByRole('definition');
    await expect(facts.first()).toContainText('RS-LARCH');
    await expect(facts.nth(1)).toContainText('Unpublished');
    await expect(page.getByRole('table').first().getByRole('rowheader')).toHaveText([
      'RS-LARCH-SPRUCE-21',
      'RS-LARCH-SPRUCE-25',
      'RS-LARCH-SPRUCE-30',
      'RS-LARCH-EMBER-21',
      'RS-LARCH-EMBER-25',
      'RS-LARCH-EMBER-30',
    ]);
    for (const price of ['$229.00', 'C$299.95', '219,00'])
      await expect(page.getByRole('table').nth(1)).toContainText(price);
    await expect(page.getByText('product/ridgeline-larch-trail')).toHaveCount(1);

    // Options: a third colour, then a size retired.
    await page.getByRole('link', { name: 'Options' }).click();
    await expect(page).toHaveURL(`${store.url}${productPath}/options`);
    await page.getByLabel('New colour').fill('Glacier');
    await page.getByRole('button', { name: 'Add' }).first().click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Glacier added: 3 new variants with stock 0.' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Retire Size 30"' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: '30" retired: 3 variants can no longer be bought.' }),
    ).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Size values' }).getByText('30"', { exact: true }),
    ).toHaveCount(0);
    // The variants' rows (header rows have column headers only).
    const variantRows = page.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(variantRows).toHaveCount(9);
    await expect(variantRows.filter({ hasText: 'No (retired)' })).toHaveCount(3);
    await checkAxe(page, 'admin-product-options');
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: testInfo.outputPath(`admin-product-options-${width}.png`),
        fullPage: true,
      });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Publish on the product page → the storefront follows within seconds.
    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published' })).toBeVisible();
    const published = Date.now();
    await expect
      .poll(() => bodyOf(page, '/en-us/c/snowshoes/mens'), {
        message: 'the category page lists it',
        timeout: 8000,
      })
      .toContain(NAME);
    await expect
      .poll(() => bodyOf(page, '/en-us/search?q=larch'), { message: 'search finds it', timeout: 8000 })
      .toContain(NAME);
    await expect
      .poll(() => bodyOf(page, '/sitemap-en-us.xml'), { message: 'the sitemap lists it', timeout: 8000 })
      .toContain(`/en-us/p/${SLUG}`);
    expect(Date.now() - published).toBeLessThan(10_000);
    const product = await page.request.get(`/en-us/p/${SLUG}`);
    expect(product.status()).toBe(200);
    const productPage = await product.text();
    expect(productPage, 'the tagline of the content entry').toContain('For packed winter trails');
    expect(productPage, 'the added colour').toContain('Glacier');

    // Unpublished again: the shopper meets 410 with recommendations instead (SPEC §2).
    await page.getByRole('button', { name: 'Unpublish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Unpublished' })).toBeVisible();
    const gone = async () => page.request.get(`/en-us/p/${SLUG}`);
    await expect.poll(async () => (await gone()).status(), { timeout: 5000 }).toBe(410);
    expect(await (await gone()).text()).toContain('error-page__recommendations');
  });

  test('works without JavaScript: a refusal shows each message by its field and keeps what was typed', async ({
    browser,
    baseURL,
    store,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      javaScriptEnabled: false,
      baseURL,
    });
    const page = await context.newPage();
    try {
      await signInInBrowser(page, store.url, 'merchandiser');
      await page.goto('/admin/products/new');
      await page.getByLabel('Name', { exact: true }).fill('Ridgeline Spare Trail');
      await page.getByLabel(/^Address/).fill(TAKEN_SLUG);
      await page.getByLabel('SKU').fill('RS-SPARE');
      await page.getByLabel('Main category').selectOption({ label: "Snowshoes › Men's Snowshoes" });
      await page.getByLabel('Weight (kg)').fill('2');
      await page.getByLabel('Option 1 name').fill('Colour');
      await page.getByLabel('United States (USD)').fill('199');
      await page.getByRole('button', { name: 'Create product' }).click();
      await expect(page.getByLabel('Option 1 values')).toHaveAccessibleDescription(
        'Give the option at least one value.',
      );
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ridgeline Spare Trail');
      // Fixed, it reaches the engine, which refuses the address a demo product has, by that field.
      await page.getByLabel('Option 1 values').fill('Spruce');
      await page.getByRole('button', { name: 'Create product' }).click();
      await expect(page.getByLabel(/^Address/)).toHaveAccessibleDescription(
        'This address is taken: choose another.',
      );
      await page.getByLabel(/^Address/).fill('ridgeline-spare-trail');
      await page.getByRole('button', { name: 'Create product' }).click();
      await expect(page).toHaveURL(/\/admin\/products\/\d+\?created=1$/);
      await expect(page.getByRole('table').first().getByRole('rowheader')).toHaveText(['RS-SPARE-SPRUCE']);
    } finally {
      await context.close();
    }
  });

  test('shows the new-product form at 390 px and 1440 px', async ({ page, signInStaff }, testInfo) => {
    await signInStaff('merchandiser');
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/products/new');
      await page.screenshot({ path: testInfo.outputPath(`admin-product-new-${width}.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow, `horizontal scroll at ${width}px`).toBe(false);
    }
  });

  test('refuses an editor: 403 on the form and on creating, and nothing is written', async ({
    staffHttp,
  }) => {
    const editor = await staffHttp('editor');
    expect((await editor.get('/admin/products/new')).status).toBe(403);
    const refused = await editor.post('/admin/products/new', {
      name: 'Editor Shoe',
      slug: 'editor-shoe',
      sku: 'ED-SHOE',
      categoryId: '1',
      weight: '1',
      option1Name: 'Colour',
      option1Values: 'Red',
      'price-us': '10',
    });
    expect(refused.status).toBe(403);
    const merchandiser = await staffHttp('merchandiser');
    const list = await (await merchandiser.get('/admin/products?q=editor%20shoe')).text();
    expect(list).toContain('No products match.');
  });
});
