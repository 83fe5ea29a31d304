import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { accessibilityViolations } from '../support/browser.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';

/**
 * Issue 21, "translate a home banner into German with an image from the asset library → /de-de shows it, /fr-fr
 * still falls back": the kids banner of the home page loses its German and French copies (both stores then show
 * the English one), the demo editor uploads and publishes a PNG to the asset library, creates the German version
 * from the English one, writes German copy, picks the new image for the background, saves and publishes German to
 * Production. The German home page shows the German copy and the new image within seconds, page cache included;
 * the French one still shows the English copy and image.
 */

ownStoreFor(import.meta.url);

const BANNER = 'banner-kids';
const ENGLISH_TITLE = 'Bring the whole crew';
const GERMAN_SEED_TITLE = 'Die ganze Familie dabei';
const FRENCH_SEED_TITLE = 'Emmenez toute la tribu';
const GERMAN_TITLE = 'Schneeschuhe für kleine Entdecker';
const GERMAN_TEXT =
  'Kinderschneeschuhe ab zwei Jahren, mit Bindungen für kleine Hände in dicken Handschuhen.';
const ASSET_TITLE = 'Kinder im Neuschnee';

async function checkAxe(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  expect(await accessibilityViolations(page), name).toEqual([]);
}

/** One anonymous read (no cookie) of a storefront address, with what the page cache says of it (MISS, HIT, STALE). */
async function anonymous(origin: string, path: string): Promise<{ body: string; cache: string | null }> {
  const response = await fetch(`${origin}${path}`);
  return { body: await response.text(), cache: response.headers.get('x-page-cache') };
}

/** Reads a storefront address anonymously until its body says `text` (8 s at most); resolves with that body. */
async function eventually(origin: string, path: string, text: string): Promise<string> {
  let body = '';
  await expect
    .poll(async () => (body = (await anonymous(origin, path)).body), { message: path, timeout: 8000 })
    .toContain(text);
  return body;
}

/**
 * Reads a storefront address anonymously for `ms` (the behaviour under test: it stays so), each read without
 * `text`; resolves with the last body.
 */
async function staysWithout(origin: string, path: string, text: string, ms: number): Promise<string> {
  const start = Date.now();
  for (;;) {
    const { body } = await anonymous(origin, path);
    expect(body, path).not.toContain(text);
    if (Date.now() - start > ms) return body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The editor page of the kids banner in one locale, signed in as the demo editor. */
async function openBanner(page: Page, locale: string) {
  await page.goto(`/admin/content/banner/${BANNER}/${locale}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** "Remove this translation" on the kids banner's page in `locale`: the store falls back to English. */
async function removeTranslation(page: Page, locale: string, language: string) {
  await openBanner(page, locale);
  await page.getByRole('button', { name: 'Remove this translation' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `The ${language} translation was removed: ${language} falls back to English.` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: `Create ${language} version from English` })).toBeVisible();
}

test.describe('translating a home banner into German (issue 21)', () => {
  test('German copy and a new image from the asset library reach /de-de; /fr-fr still falls back to English', async ({
    page,
    store,
    signInStaff,
    staffHttp,
  }) => {
    test.setTimeout(180_000);
    const origin = store.url;
    // Both stores show their own copy of the kids banner before (and the pages are cached for anonymous visitors).
    expect((await anonymous(origin, '/de-de')).body).toContain(GERMAN_SEED_TITLE);
    expect((await anonymous(origin, '/fr-fr')).body).toContain(FRENCH_SEED_TITLE);
    for (const path of ['/de-de', '/fr-fr']) expect((await anonymous(origin, path)).cache, path).toBe('HIT');

    let mediaId = '';
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      errors.push(`${message.text()} (${message.location().url} on ${page.url()})`);
    });
    await signInStaff('editor');

    // Without a German or French copy, both stores fall back to the English banner.
    await removeTranslation(page, 'de', 'German');
    await removeTranslation(page, 'fr', 'French');
    for (const [path, own] of [
      ['/de-de', GERMAN_SEED_TITLE],
      ['/fr-fr', FRENCH_SEED_TITLE],
    ] as const) {
      const body = await eventually(origin, path, ENGLISH_TITLE);
      expect(body, path).not.toContain(own);
    }

    // A real PNG uploaded to the asset library and published.
    const png = await sharp({
      create: { width: 1200, height: 400, channels: 3, background: { r: 200, g: 60, b: 40 } },
    })
      .png()
      .toBuffer();
    await page.goto('/admin/content/assets');
    await expect(page.getByRole('heading', { name: 'Assets', exact: true })).toBeVisible();
    await page
      .getByLabel('Image file')
      .setInputFiles({ name: 'kinder.png', mimeType: 'image/png', buffer: png });
    await page.getByLabel(/^Title \(optional/).fill(ASSET_TITLE);
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Uploaded “${ASSET_TITLE}”` })).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: ASSET_TITLE });
    await card.getByRole('button', { name: 'Publish to production' }).click();
    await expect(card.getByText('Live in production')).toBeVisible();

    // The German page of the banner: no copy of its own yet, every field falls back to English.
    await openBanner(page, 'de');
    await expect(page.getByText('German has no copy of its own')).toBeVisible();
    await expect(page.getByText('Falls back to English (en-us)', { exact: true }).first()).toBeVisible();
    const title = page.getByRole('textbox', { name: 'Title (required)', exact: true });
    await expect(title).toHaveValue(ENGLISH_TITLE);
    await checkAxe(page, 'admin-content-banner-de-fallback');

    await page.getByRole('button', { name: 'Create German version from English' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: /German version created from English as version \d+/ }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove this translation' })).toBeVisible();
    await expect(page.getByText('German has no copy of its own')).toHaveCount(0);

    await title.fill(GERMAN_TITLE);
    await page.getByRole('textbox', { name: 'Text', exact: true }).fill(GERMAN_TEXT);

    // The background image from the asset library, through the picker dialog.
    const background = page.getByRole('group', { name: /^Image or video/ });
    await background.getByRole('button', { name: 'Change from the asset library…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose image or video from the asset library' });
    await dialog.getByRole('searchbox', { name: 'Search by title' }).fill(ASSET_TITLE);
    await expect(dialog.getByRole('button', { name: `Choose ${ASSET_TITLE}` })).toBeVisible();
    await checkAxe(page, 'admin-content-banner-de-picker');
    await dialog.getByRole('button', { name: `Choose ${ASSET_TITLE}` }).click();
    await expect(dialog).toBeHidden();
    const chosen = background.getByText(`${ASSET_TITLE} (`);
    await expect(chosen).toBeVisible();
    mediaId = /\(([\w-]+)\)$/.exec((await chosen.textContent()) ?? '')?.[1] ?? '';
    // The id shown is the one the library serves the uploaded image under.
    const library = await (await staffHttp('editor')).get(
      `/admin/content/picker/media?q=${encodeURIComponent(ASSET_TITLE)}`,
    );
    const items = ((await library.json()) as { items: Array<{ key: string }> }).items;
    expect(items.map((item) => item.key)).toEqual([mediaId]);
    expect(mediaId).toMatch(/^[a-z0-9][\w-]*$/);
    expect(mediaId).not.toBe(BANNER);
    // The field's preview loads (the closed dialog's list follows it in the fieldset).
    await expect
      .poll(() =>
        background
          .locator(`img[src*="/${mediaId}?"]`)
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const saved = page
      .getByRole('status')
      .filter({ hasText: /Saved as version \d+ — not live until published\./ });
    await expect(saved).toBeVisible();
    const version = Number(/version (\d+)/.exec((await saved.textContent()) ?? '')?.[1]);
    await expect(title).toHaveValue(GERMAN_TITLE);

    // Saved is not live: for a second, /de-de still falls back to English.
    const draft = await staysWithout(origin, '/de-de', GERMAN_TITLE, 1000);
    expect(draft).toContain(ENGLISH_TITLE);

    const publish = page.getByRole('form', { name: 'Publish' });
    await publish.getByRole('checkbox', { name: 'Production' }).check();
    await publish.getByRole('button', { name: `Publish version ${version}` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Version ${version} published to Production (German)` }),
    ).toBeVisible();
    await checkAxe(page, 'admin-content-banner-de-published');
    expect(errors).toEqual([]);

    // The German store shows the German banner with the new image within seconds, through the page cache.
    const german = await eventually(origin, '/de-de', GERMAN_TITLE);
    expect(german).toContain(GERMAN_TEXT);
    expect(german).not.toContain(ENGLISH_TITLE);
    expect(german).toContain(`/${mediaId}`);

    // The French store still falls back to the English banner and its image.
    const french = (await anonymous(origin, '/fr-fr')).body;
    expect(french).toContain(ENGLISH_TITLE);
    expect(french).not.toContain(GERMAN_TITLE);
    expect(french).not.toContain(FRENCH_SEED_TITLE);
    expect(french).not.toContain(`/${mediaId}`);

    // What the page cache now holds is the new state.
    const cached = await anonymous(origin, '/de-de');
    expect(cached.cache).toBe('HIT');
    expect(cached.body).toContain(GERMAN_TITLE);
    expect(cached.body).toContain(`/${mediaId}`);
  });
});
