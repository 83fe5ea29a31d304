import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { staff } from '#server/backoffice/schema.ts';
import { accessibilityViolations } from '../support/browser.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { demoStaff, signInInBrowser } from '../support/staff.ts';
import { expect, test } from './fixtures.ts';
import { cartButton } from './shopper.ts';

/**
 * Issue 21, preview: the demo editor's draft of the US top alert is not on the live store, and the preview shows
 * it under the preview banner — opened from the back office, and from a signed 24-hour link in a browser with no
 * session at all; an altered link is refused with a message. The store runs in this process so the draft is saved
 * as the server saves it (it is this file's only server: no ownStoreFor, addresses are absolute).
 */

let server: InProcessServer;
const DRAFT = 'Preview check: snowshoe waxing is free all week.';
const BANNER = 'Preview — draft content, not live';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startInProcessServer();
});
test.afterAll(async () => {
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

/** The draft of the US top alert says DRAFT (saved now unless an earlier test of this store saved it). */
async function draftOfUsAlertSaved() {
  const current = await server.services.contentManagement.getEntry('top_alert', 'alert-us', 'en-us');
  if (current?.fields.title !== DRAFT) await saveDraftOfUsAlert(DRAFT);
}

async function checkAxe(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  expect(await accessibilityViolations(page), name).toEqual([]);
}

/** The US home page as an anonymous visitor gets it (through the page cache). */
async function anonymousHome() {
  const response = await fetch(`${server.url}/en-us`, { headers: { cookie: 'consent=all' } });
  return { body: await response.text(), cache: response.headers.get('x-page-cache') };
}

test.describe('previewing a draft (issue 21)', () => {
  test('the live store keeps the published alert while the draft is saved', async () => {
    expect((await anonymousHome()).body).toContain('Free shipping on orders over $99');
    await saveDraftOfUsAlert(DRAFT);
    for (let i = 0; i < 2; i++) {
      const { body } = await anonymousHome();
      expect(body).toContain('Free shipping on orders over $99');
      expect(body).not.toContain(DRAFT);
    }
    expect((await anonymousHome()).cache).toBe('HIT');
  });

  test('the demo editor opens the preview from the back office: the draft under the banner, not cached, not indexed', async ({
    page,
    pageErrors,
  }, testInfo) => {
    await draftOfUsAlertSaved();
    await signInInBrowser(page, server.url, 'editor');
    await page.goto(`${server.url}/admin/content/preview`);
    await expect(page.getByRole('heading', { name: 'Preview', exact: true })).toBeVisible();
    await checkAxe(page, 'admin-content-preview');

    await page.getByLabel('Storefront page').fill('/en-us');
    const [document] = await Promise.all([
      page.waitForResponse((response) => response.url() === `${server.url}/en-us`),
      page.getByRole('button', { name: 'Open preview' }).click(),
    ]);
    await expect(page).toHaveURL(`${server.url}/en-us`);
    expect(document.headers()['cache-control']).toBe('private, no-store');
    expect(document.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(document.headers()['x-page-cache']).toBeUndefined();
    await expect(page.getByText(DRAFT).first()).toBeVisible();
    const banner = page.getByRole('region', { name: 'Preview' });
    await expect(banner).toContainText(BANNER);
    await expect(page.locator('meta[name="robots"][content="noindex, nofollow"]')).toHaveCount(1);
    // Hydrated before the accessibility check (the header's cart button replaces its link).
    await expect(cartButton(page)).toBeVisible();
    await checkAxe(page, 'storefront-preview-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('storefront-preview-390.png') });

    // The back office is never a preview (issue 40): no banner over its forms, at either width.
    await page.goto(`${server.url}/admin/content/preview`);
    await expect(page.getByRole('heading', { name: 'Preview', exact: true })).toBeVisible();
    // (The page's own section is a region named "Preview" too: the bar is told by its words.)
    await expect(page.getByText(BANNER)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Leave preview' })).toHaveCount(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await expect(page.getByText(BANNER)).toHaveCount(0);

    // Still a preview on the next storefront page, under the bar.
    await page.goto(`${server.url}/en-us/support`);
    await expect(banner).toBeVisible();

    // Leaving it is one click, and shows the live store, in the same browser.
    await page.getByRole('link', { name: 'Leave preview' }).click();
    await expect(page).toHaveURL(`${server.url}/en-us/support`);
    await expect(banner).toHaveCount(0);
    await page.goto(`${server.url}/en-us`);
    await expect(page.getByText('Free shipping on orders over $99').first()).toBeVisible();
    await expect(page.getByText(DRAFT)).toHaveCount(0);
    expect(pageErrors).toEqual([]);

    // Nothing of the preview reached the shared page cache.
    const { body } = await anonymousHome();
    expect(body).not.toContain(DRAFT);
    expect(body).not.toContain(BANNER);
  });

  test('a signed 24-hour link opens the preview for someone with no session; an altered one is refused', async ({
    page,
    openShopper,
  }) => {
    await draftOfUsAlertSaved();
    await signInInBrowser(page, server.url, 'editor');
    await page.goto(`${server.url}/admin/content/preview`);
    await page.getByLabel('Page to share').fill('/en-us');
    await page.getByRole('button', { name: 'Create preview link (24 h)' }).click();
    const shown = page.getByLabel(/Preview link, valid until/);
    await expect(shown).toBeVisible();
    const link = await shown.inputValue();
    await checkAxe(page, 'admin-content-preview-link');
    expect(link).toMatch(new RegExp(`^${server.url}/preview/[0-9a-f]+\\.[0-9a-f]{64}$`));

    // Someone with no session at all, on a phone.
    const { page: visitor } = await openShopper(390);
    await visitor.goto(link);
    await expect(visitor).toHaveURL(`${server.url}/en-us`);
    await expect(visitor.getByText(DRAFT).first()).toBeVisible();
    await expect(visitor.getByRole('region', { name: 'Preview' })).toBeVisible();

    const altered = `${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`;
    const refused = await visitor.goto(altered);
    expect(refused?.status()).toBe(403);
    await expect(visitor.getByRole('heading', { name: 'This preview cannot be opened' })).toBeVisible();
    await expect(visitor.getByText('This preview link is not valid')).toBeVisible();
    await checkAxe(visitor, 'preview-link-refused');
  });
});

test.describe('the asset library (issue 21)', () => {
  const TITLE = 'Trail test card';

  test('the editor uploads a real PNG, publishes it, finds it; an SVG with a script and a used asset’s deletion are refused', async ({
    page,
  }, testInfo) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('dialog', (dialog) => {
      errors.push(`a dialog opened: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await signInInBrowser(page, server.url, 'editor');
    await page.goto(`${server.url}/admin/content/assets`);
    await expect(page.getByRole('heading', { name: 'Assets', exact: true })).toBeVisible();
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
    await expect(page.getByText('SVG files are not accepted: they can carry scripts.')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'The file was not uploaded.' })).toBeVisible();
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
    await expect(page.getByRole('status').filter({ hasText: `Uploaded “${TITLE}”` })).toBeVisible();
    await page.getByLabel('Search by title').fill('trail test');
    await page.getByRole('button', { name: 'Find assets' }).click();
    const card = page.getByRole('listitem').filter({ hasText: TITLE });
    await expect(card.getByText('Not published')).toBeVisible();
    await expect
      .poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    // The assets found: each a list item with its own Delete button.
    await expect(
      page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Delete', exact: true }) }),
    ).toHaveCount(1);

    await card.getByRole('button', { name: 'Publish to production' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published to production' })).toBeVisible();
    await expect(card.getByText('Live in production')).toBeVisible();
    const uploaded = (await server.services.contentManagement.assets.list({ search: 'trail test' })).items;
    expect(uploaded.map((asset) => [asset.title, asset.publishedTo])).toEqual([[TITLE, ['production']]]);

    // An asset entries use cannot be deleted: the refusal names them, linking to their editor pages.
    await page.goto(`${server.url}/admin/content/assets?q=${encodeURIComponent('banner backcountry')}`);
    const used = page.getByRole('listitem').filter({ hasText: 'Banner backcountry' }).first();
    await used.getByRole('button', { name: 'Delete' }).click();
    const refusal = page.getByRole('alert');
    await expect(refusal).toBeVisible();
    await expect(refusal.getByRole('link').first()).toHaveAttribute(
      'href',
      /^\/admin\/content\/[\w-]+\/[\w-]+\/[\w-]+$/,
    );
    await checkAxe(page, 'admin-content-assets-delete-refused');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/admin/content/assets`);
    await page.screenshot({ path: testInfo.outputPath('admin-content-assets-390.png'), fullPage: false });
    expect(errors).toEqual([]);
  });
});

test.describe('missing translations (issue 21)', () => {
  test('lists German display text without its own copy first, then other entries, linking to their editor pages', async ({
    page,
  }, testInfo) => {
    await server.services.contentManagement.unlocalise(
      await editorActor(),
      'display_text',
      'dt-account',
      'de',
    );
    await signInInBrowser(page, server.url, 'editor');
    await page.goto(`${server.url}/admin/content/translations?locale=de-de`);
    await expect(page.getByRole('heading', { name: /Display text: 1 missing in German/ })).toBeVisible();
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'account', exact: true }) });
    await expect(row.getByRole('link')).toHaveAttribute('href', '/admin/content/display_text/dt-account/de');
    await expect(
      page.getByRole('heading', { name: /Other entries: \d+ without a copy in German/ }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Winter running' }).first()).toHaveAttribute(
      'href',
      '/admin/content/page/winter-running/de',
    );
    await checkAxe(page, 'admin-content-translations-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('admin-content-translations-390.png') });
  });
});

test.describe('the content editor keeps what the editor typed and publishes where they say (issue 40)', () => {
  const ENTRY = '/admin/content/top_alert/alert-ca/en-us';

  test('publishes nowhere until an environment is ticked', async ({ page }) => {
    const before = await server.services.contentManagement.getEntry('top_alert', 'alert-ca', 'en-us');
    await signInInBrowser(page, server.url, 'editor');
    await page.goto(`${server.url}${ENTRY}`);
    const publish = page.getByRole('form', { name: 'Publish' });
    for (const box of await publish.getByRole('checkbox').all()) await expect(box).not.toBeChecked();
    await publish.getByRole('button', { name: /^Publish version/ }).click();
    const message = 'Nothing was published: tick the environments to publish to (none is ticked for you).';
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Publish to' })).toHaveAccessibleDescription(message);
    await checkAxe(page, 'admin-content-publish-refused');
    const after = await server.services.contentManagement.getEntry('top_alert', 'alert-ca', 'en-us');
    expect(after?.publications).toEqual(before?.publications);
  });

  test('asks before a changed form is left, and not before an unchanged or saved one', async ({
    page,
    pageErrors,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInInBrowser(page, server.url, 'editor');
    await page.goto(`${server.url}${ENTRY}`);
    const back = page.getByRole('link', { name: '← Top alert' });
    const text = page.getByRole('textbox', { name: 'Alert text (required)', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });

    // Unchanged: leaves at once.
    await expect(text).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(/\/admin\/content\/top_alert(\?|$)/);
    await page.goBack();

    // Changed: held, and "Keep editing" keeps what was typed.
    await text.fill('Free shipping across Canada, this week only.');
    await back.click();
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('admin-content-leave-390.png') });
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(`${server.url}${ENTRY}`);
    await expect(text).toHaveValue('Free shipping across Canada, this week only.');

    // A reload asks the browser's own question; dismissed, the page and the text stay.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (question) => {
        resolve(question.type());
        void question.dismiss();
      }),
    );
    void page.reload().catch(() => undefined);
    expect(await asked).toBe('beforeunload');
    await expect(text).toHaveValue('Free shipping across Canada, this week only.');

    // "Leave without saving" goes where the link led.
    await back.click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page).toHaveURL(/\/admin\/content\/top_alert(\?|$)/);

    // Saved: leaves without a question.
    await page.goto(`${server.url}${ENTRY}`);
    await text.fill('Free shipping across Canada on orders over {amount}, all winter.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved as version' })).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(/\/admin\/content\/top_alert(\?|$)/);
    expect(pageErrors).toEqual([]);
  });

  test('an untouched banner saved again compares as unchanged, and its video shows its poster', async ({
    page,
    pageErrors,
  }) => {
    await signInInBrowser(page, server.url, 'editor');
    await page.goto(`${server.url}/admin/content/banner/banner-home-hero/en-us`);
    const video = page.getByRole('group', { name: /^Image or video/ }).first();
    await expect(video).toContainText('video-race-start');
    await expect
      .poll(() => video.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const saved = page.getByRole('status').filter({ hasText: /Saved as version \d+/ });
    await expect(saved).toBeVisible();
    const version = Number(/version (\d+)/.exec((await saved.textContent()) ?? '')?.[1]);
    await page.getByRole('link', { name: 'Versions of this entry' }).click();
    await expect(
      page.getByText(`Version ${version - 1} and version ${version} have the same fields.`),
    ).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test('the versions of a locale without its own copy are its fallback’s, with a note', async ({
    page,
  }, testInfo) => {
    await signInInBrowser(page, server.url, 'editor');
    const answer = await page.goto(`${server.url}/admin/content/page/about/sv/versions`);
    expect(answer?.status()).toBe(200);
    await expect(
      page.getByText('Swedish has no copy of its own: the store shows the English copy'),
    ).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Versions, newest first' }).getByRole('row'),
    ).not.toHaveCount(1);
    await expect(page.getByRole('button', { name: /^Restore version/ })).toHaveCount(0);
    await checkAxe(page, 'admin-content-versions-fallback');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({
      path: testInfo.outputPath('admin-content-versions-fallback-390.png'),
      fullPage: true,
    });
  });
});
