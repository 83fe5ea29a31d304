import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from '../support/browser.ts';
import { ROOT, type RunningServer, startServer } from '../support/server.ts';
import { signInInBrowser, staffClient } from '../support/staff.ts';

/**
 * Issue 21, "translate a home banner into German with an image from the asset library → /de-de shows it, /fr-fr
 * still falls back": the kids banner of the home page loses its German and French copies (both stores then show
 * the English one), the demo editor uploads and publishes a PNG to the asset library, creates the German version
 * from the English one, writes German copy, picks the new image for the background, saves and publishes German to
 * Production. The German home page shows the German copy and the new image within seconds, page cache included;
 * the French one still shows the English copy and image.
 */

let server: RunningServer;
let browser: Browser;
const SHOTS = join(ROOT, 'test-results/screenshots');
const BANNER = 'banner-kids';
const ENGLISH_TITLE = 'Bring the whole crew';
const GERMAN_SEED_TITLE = 'Die ganze Familie dabei';
const FRENCH_SEED_TITLE = 'Emmenez toute la tribu';
const GERMAN_TITLE = 'Schneeschuhe für kleine Entdecker';
const GERMAN_TEXT =
  'Kinderschneeschuhe ab zwei Jahren, mit Bindungen für kleine Hände in dicken Handschuhen.';
const ASSET_TITLE = 'Kinder im Neuschnee';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function checkAxe(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  expect(await accessibilityViolations(page), name).toEqual([]);
}

/** Reads a storefront address (anonymous: no cookie) until its body says `text`, or `timeout` passes. */
async function eventually(path: string, text: string, timeout = 8000): Promise<string> {
  const start = Date.now();
  for (;;) {
    const body = await (await fetch(`${server.url}${path}`)).text();
    if (body.includes(text) || Date.now() - start > timeout) return body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** One anonymous read of a storefront address, with what the page cache says of it (MISS, HIT, STALE). */
async function anonymous(path: string): Promise<{ body: string; cache: string | null }> {
  const response = await fetch(`${server.url}${path}`);
  return { body: await response.text(), cache: response.headers.get('x-page-cache') };
}

/** The editor page of the kids banner in one locale, signed in as the demo editor. */
async function openBanner(page: Page, locale: string) {
  await page.goto(`${server.url}/admin/content/banner/${BANNER}/${locale}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/** "Remove this translation" on the kids banner's page in `locale`: the store falls back to English. */
async function removeTranslation(page: Page, locale: string, language: string) {
  await openBanner(page, locale);
  await page.getByRole('button', { name: 'Remove this translation' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `The ${language} translation was removed: ${language} falls back to English.` })
    .waitFor();
  await page.getByRole('button', { name: `Create ${language} version from English` }).waitFor();
}

describe('translating a home banner into German (issue 21)', () => {
  it('German copy and a new image from the asset library reach /de-de; /fr-fr still falls back to English', async () => {
    // Both stores show their own copy of the kids banner before (and the pages are cached for anonymous visitors).
    expect(await eventually('/de-de', GERMAN_SEED_TITLE, 0)).toContain(GERMAN_SEED_TITLE);
    expect(await eventually('/fr-fr', FRENCH_SEED_TITLE, 0)).toContain(FRENCH_SEED_TITLE);
    for (const path of ['/de-de', '/fr-fr']) expect((await anonymous(path)).cache, path).toBe('HIT');

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    let mediaId = '';
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      errors.push(`${message.text()} (${message.location().url} on ${page.url()})`);
    });
    try {
      await signInInBrowser(page, server.url, 'editor');

      // Without a German or French copy, both stores fall back to the English banner.
      await removeTranslation(page, 'de', 'German');
      await removeTranslation(page, 'fr', 'French');
      for (const [path, own] of [
        ['/de-de', GERMAN_SEED_TITLE],
        ['/fr-fr', FRENCH_SEED_TITLE],
      ] as const) {
        const body = await eventually(path, ENGLISH_TITLE);
        expect(body, path).toContain(ENGLISH_TITLE);
        expect(body, path).not.toContain(own);
      }

      // A real PNG uploaded to the asset library and published.
      const png = await sharp({
        create: { width: 1200, height: 400, channels: 3, background: { r: 200, g: 60, b: 40 } },
      })
        .png()
        .toBuffer();
      await page.goto(`${server.url}/admin/content/assets`);
      await page.getByRole('heading', { name: 'Assets', exact: true }).waitFor();
      await page
        .getByLabel('Image file')
        .setInputFiles({ name: 'kinder.png', mimeType: 'image/png', buffer: png });
      await page.getByLabel(/^Title \(optional/).fill(ASSET_TITLE);
      await page.getByRole('button', { name: 'Upload' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Uploaded “${ASSET_TITLE}”` })
        .waitFor();
      const card = page.getByRole('listitem').filter({ hasText: ASSET_TITLE });
      await card.getByRole('button', { name: 'Publish to production' }).click();
      await card.getByText('Live in production').waitFor();

      // The German page of the banner: no copy of its own yet, every field falls back to English.
      await openBanner(page, 'de');
      await page.getByText('German has no copy of its own').waitFor();
      expect(await page.getByText('Falls back to English (en-us)', { exact: true }).count()).toBeGreaterThan(
        0,
      );
      const title = page.getByRole('textbox', { name: 'Title (required)', exact: true });
      expect(await title.inputValue()).toBe(ENGLISH_TITLE);
      await checkAxe(page, 'admin-content-banner-de-fallback');

      await page.getByRole('button', { name: 'Create German version from English' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /German version created from English as version \d+/ })
        .waitFor();
      await page.getByRole('button', { name: 'Remove this translation' }).waitFor();
      expect(await page.getByText('German has no copy of its own').count()).toBe(0);

      await title.fill(GERMAN_TITLE);
      await page.getByRole('textbox', { name: 'Text', exact: true }).fill(GERMAN_TEXT);

      // The background image from the asset library, through the picker dialog.
      const background = page.getByRole('group', { name: /^Image or video/ });
      await background.getByRole('button', { name: 'Change from the asset library…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose image or video from the asset library' });
      await dialog.getByRole('searchbox', { name: 'Search by title' }).fill(ASSET_TITLE);
      await dialog.getByRole('button', { name: `Choose ${ASSET_TITLE}` }).waitFor();
      await checkAxe(page, 'admin-content-banner-de-picker');
      await dialog.getByRole('button', { name: `Choose ${ASSET_TITLE}` }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      const chosen = background.getByText(`${ASSET_TITLE} (`);
      await chosen.waitFor();
      mediaId = /\(([\w-]+)\)$/.exec((await chosen.textContent()) ?? '')?.[1] ?? '';
      // The id shown is the one the library serves the uploaded image under.
      const library = await (await staffClient(server.url, 'editor')).get(
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
      await saved.waitFor();
      const version = Number(/version (\d+)/.exec((await saved.textContent()) ?? '')?.[1]);
      expect(await title.inputValue()).toBe(GERMAN_TITLE);

      // Saved is not live: /de-de still falls back to English.
      const draft = await eventually('/de-de', GERMAN_TITLE, 1000);
      expect(draft).toContain(ENGLISH_TITLE);
      expect(draft).not.toContain(GERMAN_TITLE);

      const publish = page.getByRole('form', { name: 'Publish' });
      await publish.getByRole('checkbox', { name: 'Production' }).check();
      await publish.getByRole('button', { name: `Publish version ${version}` }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Version ${version} published to Production (German)` })
        .waitFor();
      await checkAxe(page, 'admin-content-banner-de-published');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // The German store shows the German banner with the new image within seconds, through the page cache.
    const german = await eventually('/de-de', GERMAN_TITLE);
    expect(german).toContain(GERMAN_TITLE);
    expect(german).toContain(GERMAN_TEXT);
    expect(german).not.toContain(ENGLISH_TITLE);
    expect(german).toContain(`/${mediaId}`);

    // The French store still falls back to the English banner and its image.
    const french = await eventually('/fr-fr', ENGLISH_TITLE, 0);
    expect(french).toContain(ENGLISH_TITLE);
    expect(french).not.toContain(GERMAN_TITLE);
    expect(french).not.toContain(FRENCH_SEED_TITLE);
    expect(french).not.toContain(`/${mediaId}`);

    // What the page cache now holds is the new state.
    const cached = await anonymous('/de-de');
    expect(cached.cache).toBe('HIT');
    expect(cached.body).toContain(GERMAN_TITLE);
    expect(cached.body).toContain(`/${mediaId}`);
  }, 180_000);
});
