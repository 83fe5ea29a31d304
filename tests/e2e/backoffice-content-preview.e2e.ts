import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '#server/backoffice/schema.ts';
import { accessibilityViolations, launchBrowser } from '../support/browser.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { ROOT } from '../support/server.ts';
import { demoStaff, signInInBrowser } from '../support/staff.ts';

/**
 * Issue 21, preview: the demo editor's draft of the US top alert is not on the live store, and the preview shows
 * it under the preview banner — opened from the back office, and from a signed 24-hour link in a browser with no
 * session at all; an altered link is refused with a message. The store runs in this process so the draft is saved
 * as the server saves it.
 */

let server: InProcessServer;
let browser: Browser;
const SHOTS = join(ROOT, 'test-results/screenshots');
const DRAFT = 'Preview check: snowshoe waxing is free all week.';
const BANNER = 'Preview — draft content, not live';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startInProcessServer(), launchBrowser()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The demo editor, as the content service records who changed what. */
async function editorActor() {
  const { email } = demoStaff('editor');
  const [row] = await server.database.db.select({ id: staff.id }).from(staff).where(eq(staff.email, email));
  return { staffId: row!.id, email };
}

/** The demo editor saves a new version of the US top alert (a draft: nothing is published). */
async function saveDraftOfUsAlert(title: string) {
  const management = server.services.contentManagement;
  const current = await management.getEntry('top_alert', 'alert-us', 'en-us');
  await management.saveEntry(await editorActor(), {
    contentType: 'top_alert',
    uid: 'alert-us',
    locale: 'en-us',
    fields: { ...current!.fields, title },
    expectedVersion: current!.version,
  });
}

async function checkAxe(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  expect(await accessibilityViolations(page), name).toEqual([]);
}

/** The US home page as an anonymous visitor gets it (through the page cache). */
async function anonymousHome() {
  const response = await fetch(`${server.url}/en-us`, { headers: { cookie: 'consent=all' } });
  return { body: await response.text(), cache: response.headers.get('x-page-cache') };
}

describe('previewing a draft (issue 21)', () => {
  it('the live store keeps the published alert while the draft is saved', async () => {
    expect((await anonymousHome()).body).toContain('Free shipping on orders over $99');
    await saveDraftOfUsAlert(DRAFT);
    for (let i = 0; i < 2; i++) {
      const { body } = await anonymousHome();
      expect(body).toContain('Free shipping on orders over $99');
      expect(body).not.toContain(DRAFT);
    }
    expect((await anonymousHome()).cache).toBe('HIT');
  });

  it('the demo editor opens the preview from the back office: the draft under the banner, not cached, not indexed', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    try {
      await signInInBrowser(page, server.url, 'editor');
      await page.goto(`${server.url}/admin/content/preview`);
      await page.getByRole('heading', { name: 'Preview', exact: true }).waitFor();
      await checkAxe(page, 'admin-content-preview');

      await page.getByLabel('Storefront page').fill('/en-us');
      const [document] = await Promise.all([
        page.waitForResponse((response) => response.url() === `${server.url}/en-us`),
        page.getByRole('button', { name: 'Open preview' }).click(),
      ]);
      await page.waitForURL(`${server.url}/en-us`);
      expect(document.headers()['cache-control']).toBe('private, no-store');
      expect(document.headers()['x-robots-tag']).toBe('noindex, nofollow');
      expect(document.headers()['x-page-cache']).toBeUndefined();
      await page.getByText(DRAFT).first().waitFor();
      const banner = page.getByRole('region', { name: 'Preview' });
      await expect(banner.textContent()).resolves.toContain(BANNER);
      expect(await page.locator('meta[name="robots"][content="noindex, nofollow"]').count()).toBe(1);
      await page.waitForLoadState('networkidle');
      await checkAxe(page, 'storefront-preview-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: join(SHOTS, 'storefront-preview-390.png') });

      // Still a preview on the next page.
      await page.goto(`${server.url}/en-us/support`);
      await banner.waitFor();

      // Leaving it shows the live store, in the same browser.
      await page.getByRole('link', { name: 'Exit preview' }).click();
      await page.waitForURL(`${server.url}/en-us/support`);
      expect(await banner.count()).toBe(0);
      await page.goto(`${server.url}/en-us`);
      await page.getByText('Free shipping on orders over $99').first().waitFor();
      expect(await page.getByText(DRAFT).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    // Nothing of the preview reached the shared page cache.
    const { body } = await anonymousHome();
    expect(body).not.toContain(DRAFT);
    expect(body).not.toContain(BANNER);
  });

  it('a signed 24-hour link opens the preview for someone with no session; an altered one is refused', async () => {
    const editor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await editor.newPage();
    let link = '';
    try {
      await signInInBrowser(page, server.url, 'editor');
      await page.goto(`${server.url}/admin/content/preview`);
      await page.getByLabel('Page to share').fill('/en-us');
      await page.getByRole('button', { name: 'Create preview link (24 h)' }).click();
      const shown = page.getByLabel(/Preview link, valid until/);
      await shown.waitFor();
      link = await shown.inputValue();
      await checkAxe(page, 'admin-content-preview-link');
    } finally {
      await editor.close();
    }
    expect(link).toMatch(new RegExp(`^${server.url}/preview/[\\w-]+\\.[\\w-]{43}$`));

    const guest = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await guest.newPage();
    try {
      await visitor.goto(link);
      await visitor.waitForURL(`${server.url}/en-us`);
      await visitor.getByText(DRAFT).first().waitFor();
      await visitor.getByRole('region', { name: 'Preview' }).waitFor();

      const altered = `${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`;
      const refused = await visitor.goto(altered);
      expect(refused?.status()).toBe(403);
      await visitor.getByRole('heading', { name: 'This preview cannot be opened' }).waitFor();
      await visitor.getByText('This preview link is not valid').waitFor();
      await checkAxe(visitor, 'preview-link-refused');
    } finally {
      await guest.close();
    }
  });
});

describe('the asset library (issue 21)', () => {
  const TITLE = 'Trail test card';

  it('the editor uploads a real PNG, publishes it, finds it; an SVG with a script and a used asset’s deletion are refused', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('dialog', (dialog) => {
      errors.push(`a dialog opened: ${dialog.message()}`);
      void dialog.dismiss();
    });
    try {
      await signInInBrowser(page, server.url, 'editor');
      await page.goto(`${server.url}/admin/content/assets`);
      await page.getByRole('heading', { name: 'Assets', exact: true }).waitFor();
      await checkAxe(page, 'admin-content-assets-1440');

      // An SVG carrying a script is refused with a message, and nothing is stored.
      const before = (await server.services.contentManagement.assets.list({ limit: 500 })).items.length;
      await page.getByLabel('Image file').setInputFiles({
        name: 'logo.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
        ),
      });
      await page.getByRole('button', { name: 'Upload' }).click();
      await page.getByText('SVG files are not accepted: they can carry scripts.').waitFor();
      await page.getByRole('alert').filter({ hasText: 'The file was not uploaded.' }).waitFor();
      expect((await server.services.contentManagement.assets.list({ limit: 500 })).items.length).toBe(before);
      await checkAxe(page, 'admin-content-assets-refused');

      // A real PNG is checked, stored and listed with its preview.
      const png = await sharp({
        create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 120, b: 90 } },
      })
        .png()
        .toBuffer();
      await page
        .getByLabel('Image file')
        .setInputFiles({ name: 'trail.png', mimeType: 'image/png', buffer: png });
      await page.getByLabel(/^Title \(optional/).fill(TITLE);
      await page.getByRole('button', { name: 'Upload' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Uploaded “${TITLE}”` })
        .waitFor();
      await page.getByLabel('Search by title').fill('trail test');
      await page.getByRole('button', { name: 'Find assets' }).click();
      const card = page.getByRole('listitem').filter({ hasText: TITLE });
      await card.getByText('Not published').waitFor();
      await expect
        .poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      expect(await page.locator('.admin-asset').count()).toBe(1);

      await card.getByRole('button', { name: 'Publish to production' }).click();
      await page.getByRole('status').filter({ hasText: 'Published to production' }).waitFor();
      await card.getByText('Live in production').waitFor();
      const uploaded = (await server.services.contentManagement.assets.list({ search: 'trail test' })).items;
      expect(uploaded.map((asset) => [asset.title, asset.publishedTo])).toEqual([[TITLE, ['production']]]);

      // An asset entries use cannot be deleted: the refusal names them, linking to their editor pages.
      await page.goto(`${server.url}/admin/content/assets?q=${encodeURIComponent('banner backcountry')}`);
      const used = page.getByRole('listitem').filter({ hasText: 'Banner backcountry' }).first();
      await used.getByRole('button', { name: 'Delete' }).click();
      const refusal = page.getByRole('alert');
      await refusal.waitFor();
      expect(await refusal.getByRole('link').count()).toBeGreaterThan(0);
      expect(await refusal.getByRole('link').first().getAttribute('href')).toMatch(
        /^\/admin\/content\/[\w-]+\/[\w-]+\/[\w-]+$/,
      );
      await checkAxe(page, 'admin-content-assets-delete-refused');

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${server.url}/admin/content/assets`);
      await page.screenshot({ path: join(SHOTS, 'admin-content-assets-390.png'), fullPage: false });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('missing translations (issue 21)', () => {
  it('lists German display text without its own copy first, then other entries, linking to their editor pages', async () => {
    await server.services.contentManagement.unlocalise(
      await editorActor(),
      'display_text',
      'dt-account',
      'de',
    );
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    try {
      await signInInBrowser(page, server.url, 'editor');
      await page.goto(`${server.url}/admin/content/translations?locale=de-de`);
      await page.getByRole('heading', { name: /Display text: 1 missing in German/ }).waitFor();
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'account', exact: true }) });
      expect(await row.getByRole('link').getAttribute('href')).toBe(
        '/admin/content/display_text/dt-account/de',
      );
      await page.getByRole('heading', { name: /Other entries: \d+ without a copy in German/ }).waitFor();
      expect(await page.getByRole('link', { name: 'Winter running' }).first().getAttribute('href')).toBe(
        '/admin/content/page/winter-running/de',
      );
      await checkAxe(page, 'admin-content-translations-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: join(SHOTS, 'admin-content-translations-390.png') });
    } finally {
      await context.close();
    }
  });
});
