import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { accessibilityViolations } from '../support/browser.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';

/**
 * Issue 20, product images: the demo merchandiser uploads an image to a product, picks it for a colour, and the
 * storefront's product page shows it for that colour; a renamed executable is refused and nothing is stored; an
 * editor (no catalogue permission) gets 403 at the page and its form, operations may look but not change.
 */

ownStoreFor(import.meta.url);

const SLUG = 'ridgeline-summit-trail-mens';
const PRODUCT = catalogueProductId(SLUG);
const PAGE = `/admin/products/${PRODUCT}/images`;
/** A colour no drawn image has: the storefront's image for the colour is told apart by its pixels. */
const MAGENTA = { r: 230, g: 0, b: 200 };

/** The images uploaded to the store (its media-uploads folder). */
const uploads = (dataDir: string) => {
  try {
    return readdirSync(join(dataDir, 'media-uploads')).filter((file) => file.startsWith('upload-'));
  } catch {
    return [];
  }
};

async function checkAxe(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  expect(await accessibilityViolations(page), name).toEqual([]);
}

/** The mean colour of an image the server sends for a URL. */
async function meanColour(request: APIRequestContext, url: string) {
  const answer = await request.get(url, { headers: { accept: 'image/png' } });
  expect(answer.status(), url).toBe(200);
  const stats = await sharp(await answer.body()).stats();
  const [r, g, b] = stats.channels.map((channel) => Math.round(channel.mean));
  return { r: r!, g: g!, b: b! };
}

test.describe('the merchandiser’s product images', () => {
  test('uploads an image, shows it for Graphite, and the storefront shows it for Graphite', async ({
    page,
    request,
    store,
    signInStaff,
  }, testInfo) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInStaff('merchandiser');
    await page.goto(`/admin/products/${PRODUCT}`);
    await page.getByRole('navigation', { name: 'Product' }).getByRole('link', { name: 'Images' }).click();
    await expect(page).toHaveURL(`${store.url}${PAGE}`);
    await expect(page.getByText('No images uploaded yet')).toBeVisible();
    await checkAxe(page, 'admin-images-empty');

    // A renamed executable is refused by its bytes, and nothing is stored.
    await page.getByLabel('Image file').setInputFiles({
      name: 'snowshoe.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096)]),
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'not a JPEG, PNG, WebP or AVIF image' }),
    ).toBeVisible();
    expect(uploads(store.dataDir)).toEqual([]);

    const png = await sharp({ create: { width: 900, height: 1200, channels: 3, background: MAGENTA } })
      .png()
      .toBuffer();
    await page
      .getByLabel('Image file')
      .setInputFiles({ name: 'graphite.png', mimeType: 'image/png', buffer: png });
    await page.getByLabel(/Description for shoppers/).fill('Summit Trail in Graphite, studio shot');
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Uploaded: a 900×1200 PNG' })).toBeVisible();
    expect(uploads(store.dataDir)).toHaveLength(1);
    const image = page.getByRole('img', { name: 'Summit Trail in Graphite, studio shot' });
    await expect(image).toHaveAttribute('width', '120');
    await expect(image).toHaveAttribute('height', '160');

    await page.getByRole('combobox', { name: 'Image for Graphite' }).selectOption({ label: 'Image 1' });
    await page
      .getByRole('form', { name: 'Show an image for Graphite' })
      .getByRole('button', { name: 'Show' })
      .click();
    await expect(
      page.getByRole('status').filter({ hasText: 'the storefront shows this image' }),
    ).toBeVisible();
    await expect(page.getByText('Shown for Graphite')).toBeVisible();
    await checkAxe(page, 'admin-images-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('admin-images-390.png'), fullPage: true });
    expect(errors).toEqual([]);

    // The storefront: Graphite shows the upload (its pixels), Summit Red still its drawn image.
    // The server-rendered main image of the product page (the slider may replace it once scripts run).
    const mainImage = async (colour: string) => {
      const html = await (await request.get(`/en-us/p/${SLUG}?color=${colour}`)).text();
      // The element, not the inlined stylesheet's rule of the same name.
      const frame = html.slice(html.indexOf('class="image-set__frame'));
      return (/<img[^>]* src="([^"]+)"/.exec(frame)?.[1] ?? '').replace(/&amp;/g, '&');
    };
    await expect.poll(() => mainImage('graphite')).toContain('/upload-');
    const graphite = await mainImage('graphite');
    expect(graphite).toContain(`/media/i/ridgeline/${uploads(store.dataDir)[0]!.replace(/\.png$/, '')}`);
    const shown = await meanColour(request, graphite);
    for (const channel of ['r', 'g', 'b'] as const)
      expect(Math.abs(shown[channel] - MAGENTA[channel])).toBeLessThan(12);
    expect(await mainImage('summit-red')).toContain(`/media/i/ridgeline/${SLUG}-summit-red`);

    // A photo of about 2 MB (above the page forms' 64 KB and BODY_LIMIT_BYTES' 1 MB): accepted, then moved
    // first, then removed, which closes the order up again.
    const photo = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(photo.byteLength).toBeGreaterThan(1024 * 1024);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page
      .getByLabel('Image file')
      .setInputFiles({ name: 'noise.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Uploaded: a 1600×1200 JPEG' })).toBeVisible();
    expect(uploads(store.dataDir)).toHaveLength(2);
    await page.getByRole('form', { name: 'Move image 2 up' }).getByRole('button').click();
    await expect(page.getByRole('status').filter({ hasText: 'Moved up.' })).toBeVisible();
    // The uploaded images, in their order: each a list item with its thumbnail and its facts.
    const images = page.getByRole('listitem').filter({ has: page.getByRole('img'), hasText: /Image \d/ });
    await expect(images.first()).toContainText(/Image 1.*1600×1200 JPEG/);
    await expect(images.nth(1)).toContainText(/Image 2.*900×1200 PNG.*Shown for Graphite/);
    await page.screenshot({ path: testInfo.outputPath('admin-images-two-1440.png'), fullPage: true });
    // The image Graphite shows cannot be removed; the other can.
    await page.getByRole('form', { name: 'Remove image 2' }).getByRole('button').click();
    await expect(page.getByRole('alert').filter({ hasText: 'Graphite shows this image' })).toBeVisible();
    await page.getByRole('form', { name: 'Remove image 1' }).getByRole('button').click();
    await expect(page.getByRole('status').filter({ hasText: 'Image removed.' })).toBeVisible();
    await expect(images).toHaveCount(1);
    expect(uploads(store.dataDir)).toHaveLength(1);
  });
});

test.describe('who may change product images', () => {
  test('refuses the editor the page and the upload (403), and operations the upload, storing nothing', async ({
    store,
    staffHttp,
  }) => {
    const before = uploads(store.dataDir);
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    for (const role of ['editor', 'operations'] as const) {
      const client = await staffHttp(role);
      const page = await client.get(PAGE);
      expect(page.status, `${role} GET`).toBe(role === 'editor' ? 403 : 200);
      const form = new FormData();
      form.set('csrf', client.csrf);
      form.set('intent', 'upload');
      form.set('image', new Blob([png], { type: 'image/png' }), 'x.png');
      const answer = await fetch(`${store.url}${PAGE}`, {
        method: 'POST',
        body: form,
        redirect: 'manual',
        headers: { origin: store.url, cookie: client.cookie },
      });
      expect(answer.status, `${role} POST`).toBe(403);
      expect(await answer.text()).toContain('catalogue:write');
    }
    expect(uploads(store.dataDir)).toEqual(before);
  });

  test('answers 413 to a body above the upload limit before reading it, storing nothing', async ({
    store,
    staffHttp,
  }) => {
    const before = uploads(store.dataDir);
    const client = await staffHttp('merchandiser');
    const form = new FormData();
    form.set('csrf', client.csrf);
    form.set('intent', 'upload');
    form.set('image', new Blob([new Uint8Array(21 * 1024 * 1024)], { type: 'image/jpeg' }), 'huge.jpg');
    const answer = await fetch(`${store.url}${PAGE}`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { origin: store.url, cookie: client.cookie },
    }).catch((error: unknown) => error);
    // The server may close the connection while the body is still being sent; either way nothing is stored.
    if (answer instanceof Response) expect(answer.status).toBe(413);
    expect(uploads(store.dataDir)).toEqual(before);
  });
});
