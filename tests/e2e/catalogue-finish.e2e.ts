import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { accessibilityViolations } from '../support/browser.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';

/**
 * Issue 41, a catalogue finished in one place: the demo merchandiser creates a product with two colours (the
 * address follows the name), names it in German and French on its own page, sets both swatches, uploads an image
 * for each colour and publishes it. Then /de-de's category page shows the German name and the uploaded image on
 * its tile with no 404 on the page, and /fr-fr's product page the French name. Screenshots at 390 and 1440 px.
 */

ownStoreFor(import.meta.url);

const NAME = 'Alpine Trek Snowshoe';
const SLUG = 'alpine-trek-snowshoe';
const GERMAN = 'Alpentrek-Schneeschuh';
const FRENCH = 'Raquette Alpine Trek';

async function shoot(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const photo = (background: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 900, height: 1200, channels: 3, background } })
    .png()
    .toBuffer();

test.describe('a merchandiser finishes a product in one place', () => {
  test('creates it with two colours, German and French names, swatches and images; /de-de and /fr-fr show them', async ({
    page,
    store,
    signInStaff,
  }) => {
    test.setTimeout(180_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInStaff('merchandiser');
    await page.goto('/admin/products/new');

    // The address follows the name; categories are named, not slugs.
    // Typed again until the page has hydrated (the address follows the name in the browser).
    await expect(async () => {
      await page.getByLabel('Name', { exact: true }).fill('');
      await page.getByLabel('Name', { exact: true }).fill(NAME);
      await expect(page.getByLabel(/^Address/)).toHaveValue(SLUG, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await page.getByLabel('SKU').fill('rs-alptrek');
    await page.getByLabel('Main category').selectOption({ label: "Snowshoes › Men's Snowshoes" });
    await page.getByLabel('Weight (kg)').fill('2');
    await page.getByLabel('Tagline').fill('For long days above the tree line');
    await page.getByLabel(/^Description/).fill('A trekking frame with a heel lift.');
    await page.getByLabel('Option 1 name').fill('Colour');
    await page.getByLabel('Option 1 values').fill('Black, Spruce');
    await page.getByLabel('Option 2 name').fill('Size');
    await page.getByLabel('Option 2 values').fill('25", 30"');
    await page.getByLabel('United States (USD)').fill('249');
    await page.getByLabel('Canada (CAD)').fill('329');
    await page.getByLabel('Europe (EUR)').fill('239');
    await shoot(page, 'product-new');
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page).toHaveURL(/\/admin\/products\/\d+\?created=1$/);
    await expect(page.getByRole('status').filter({ hasText: 'Product created' })).toBeVisible();
    const productPath = new URL(page.url()).pathname;

    // German and French text on the product's own page; English is the fallback, shown as such.
    const languages = page.getByRole('navigation', { name: 'Languages of the product text' });
    const textForm = page.getByRole('form', { name: 'Text for shoppers' });
    const swatches = page.getByRole('form', { name: 'Swatches' });
    await expect(languages.getByRole('link', { name: 'English (fallback)' })).toBeVisible();
    await languages.getByRole('link', { name: /^German/ }).click();
    await expect(page.getByText('German has no text of its own yet')).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('placeholder', NAME);
    await page.getByLabel('Name', { exact: true }).fill(GERMAN);
    await page.getByLabel('Tagline').fill('Für lange Tage über der Baumgrenze');
    await textForm.getByLabel('Black', { exact: true }).fill('Schwarz');
    await textForm.getByLabel('Spruce', { exact: true }).fill('Fichtengrün');
    await page.getByRole('button', { name: 'Save German text' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'German text saved' })).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(GERMAN);
    await languages.getByRole('link', { name: /^French/ }).click();
    await expect(page.getByText('French has no text of its own yet')).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(FRENCH);
    await page.getByRole('button', { name: 'Save French text' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'French text saved' })).toBeVisible();

    // A swatch per colour.
    await swatches.getByLabel('Black', { exact: true }).fill('#1d1f21');
    await swatches.getByLabel('Spruce', { exact: true }).fill('#2f5d46');
    await page.getByRole('button', { name: 'Save swatches' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Swatches saved.' })).toBeVisible();
    await expect(swatches.getByLabel('Spruce', { exact: true })).toHaveValue('#2f5d46');
    expect(await accessibilityViolations(page), 'product page').toEqual([]);
    await shoot(page, 'product-form');

    // An image for each colour, uploaded for that colour.
    await page.goto(`${productPath}/images`);
    for (const [colour, background] of [
      ['Black', { r: 29, g: 31, b: 33 }],
      ['Spruce', { r: 47, g: 93, b: 70 }],
    ] as const) {
      await page.getByLabel('Image of the colour').selectOption({ label: colour });
      await page
        .getByLabel('Image file')
        .setInputFiles({ name: `${colour}.png`, mimeType: 'image/png', buffer: await photo(background) });
      await page.getByRole('button', { name: 'Upload' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'shows it now' })).toBeVisible();
    }
    await expect(page.getByText('Shown for Black')).toBeVisible();
    await expect(page.getByText('Shown for Spruce')).toBeVisible();

    await page.goto(productPath);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published' })).toBeVisible();

    // /de-de: the German name and the uploaded image on the tile, and nothing on the page answers 404.
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(response.url());
    });
    await expect
      .poll(async () => (await page.request.get('/de-de/c/snowshoes/mens')).text(), { timeout: 10_000 })
      .toContain(GERMAN);
    await page.goto('/de-de/c/snowshoes/mens');
    const tile = page.getByRole('article').filter({ hasText: GERMAN });
    await expect(tile).toBeVisible();
    const image = tile.locator('img').first();
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveAttribute('src', /\/media\/i\/ridgeline\/upload-[0-9a-f]+/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const imageAnswer = await page.request.get((await image.getAttribute('src'))!);
    expect(imageAnswer.status()).toBe(200);
    await shoot(page, 'de-de-category');
    expect(missing, 'no 404 on the category page').toEqual([]);

    // /de-de's product page names the colour in German; /fr-fr's is French.
    await page.goto(`/de-de/p/${SLUG}`);
    await expect(page.getByRole('heading', { level: 1, name: GERMAN })).toBeVisible();
    await expect(page.getByText('Farbe: Schwarz')).toBeVisible();
    await shoot(page, 'de-de-product');
    await page.goto(`/fr-fr/p/${SLUG}`);
    await expect(page.getByRole('heading', { level: 1, name: FRENCH })).toBeVisible();
    await shoot(page, 'fr-fr-product');
    expect(missing, 'no 404 on the product pages').toEqual([]);
    expect(errors).toEqual([]);
    void store;
  });
});
