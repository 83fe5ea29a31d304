import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { accessibilityViolations, launchBrowser } from '../support/browser.ts';
import { ROOT, type RunningServer, startServer } from '../support/server.ts';
import { signInInBrowser, staffClient } from '../support/staff.ts';

/**
 * Issue 20, product images: the demo merchandiser uploads an image to a product, picks it for a colour, and the
 * storefront's product page shows it for that colour; a renamed executable is refused and nothing is stored; an
 * editor (no catalogue permission) gets 403 at the page and its form, operations may look but not change.
 */

let server: RunningServer;
let browser: Browser;
const SHOTS = join(ROOT, 'test-results/screenshots');
const SLUG = 'ridgeline-summit-trail-mens';
const PRODUCT = catalogueProductId(SLUG);
const PAGE = `/admin/products/${PRODUCT}/images`;
/** A colour no drawn image has: the storefront's image for the colour is told apart by its pixels. */
const MAGENTA = { r: 230, g: 0, b: 200 };

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const uploads = () => {
  try {
    return readdirSync(join(server.dataDir, 'media-uploads')).filter((file) => file.startsWith('upload-'));
  } catch {
    return [];
  }
};

async function checkAxe(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  expect(await accessibilityViolations(page), name).toEqual([]);
}

/** The mean colour of an image the server sends for a URL. */
async function meanColour(page: Page, url: string) {
  const answer = await page.request.get(new URL(url, server.url).toString(), {
    headers: { accept: 'image/png' },
  });
  expect(answer.status(), url).toBe(200);
  const stats = await sharp(await answer.body()).stats();
  const [r, g, b] = stats.channels.map((channel) => Math.round(channel.mean));
  return { r: r!, g: g!, b: b! };
}

describe('the merchandiser’s product images', () => {
  it('uploads an image, shows it for Graphite, and the storefront shows it for Graphite', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await signInInBrowser(page, server.url, 'merchandiser');
      await page.goto(`${server.url}/admin/products/${PRODUCT}`);
      await page.getByRole('navigation', { name: 'Product' }).getByRole('link', { name: 'Images' }).click();
      await page.waitForURL(`${server.url}${PAGE}`);
      await page.getByText('No images uploaded yet').waitFor();
      await checkAxe(page, 'admin-images-empty');

      // A renamed executable is refused by its bytes, and nothing is stored.
      await page.getByLabel('Image file').setInputFiles({
        name: 'snowshoe.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096)]),
      });
      await page.getByRole('button', { name: 'Upload' }).click();
      await page.getByRole('alert').filter({ hasText: 'not a JPEG, PNG, WebP or AVIF image' }).waitFor();
      expect(uploads()).toEqual([]);

      const png = await sharp({ create: { width: 900, height: 1200, channels: 3, background: MAGENTA } })
        .png()
        .toBuffer();
      await page
        .getByLabel('Image file')
        .setInputFiles({ name: 'graphite.png', mimeType: 'image/png', buffer: png });
      await page.getByLabel(/Description for shoppers/).fill('Summit Trail in Graphite, studio shot');
      await page.getByRole('button', { name: 'Upload' }).click();
      await page.getByRole('status').filter({ hasText: 'Uploaded: a 900×1200 PNG' }).waitFor();
      expect(uploads()).toHaveLength(1);
      const image = page.getByRole('img', { name: 'Summit Trail in Graphite, studio shot' });
      await image.waitFor();
      expect(await image.getAttribute('width')).toBe('120');
      expect(await image.getAttribute('height')).toBe('160');

      await page.getByRole('combobox', { name: 'Image for Graphite' }).selectOption({ label: 'Image 1' });
      await page
        .getByRole('form', { name: 'Show an image for Graphite' })
        .getByRole('button', { name: 'Show' })
        .click();
      await page.getByRole('status').filter({ hasText: 'the storefront shows this image' }).waitFor();
      await page.getByText('Shown for Graphite').waitFor();
      await checkAxe(page, 'admin-images-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: join(SHOTS, 'admin-images-390.png'), fullPage: true });
      expect(errors).toEqual([]);

      // The storefront: Graphite shows the upload (its pixels), Summit Red still its drawn image.
      const shopper = await browser.newPage();
      // The server-rendered main image of the product page (the slider may replace it once scripts run).
      const mainImage = async (colour: string) => {
        const html = await (
          await shopper.request.get(`${server.url}/en-us/p/${SLUG}?color=${colour}`)
        ).text();
        const frame = html.slice(html.indexOf('image-set__frame'));
        return (/<img[^>]* src="([^"]+)"/.exec(frame)?.[1] ?? '').replace(/&amp;/g, '&');
      };
      let graphite = '';
      for (let attempt = 0; attempt < 20 && !graphite.includes('/upload-'); attempt++) {
        if (attempt) await shopper.waitForTimeout(250);
        graphite = await mainImage('graphite');
      }
      expect(graphite).toContain(`/media/i/ridgeline/${uploads()[0]!.replace(/\.png$/, '')}`);
      const shown = await meanColour(shopper, graphite);
      for (const channel of ['r', 'g', 'b'] as const)
        expect(Math.abs(shown[channel] - MAGENTA[channel])).toBeLessThan(12);
      expect(await mainImage('summit-red')).toContain(`/media/i/ridgeline/${SLUG}-summit-red`);
      await shopper.close();

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
      await page.getByRole('status').filter({ hasText: 'Uploaded: a 1600×1200 JPEG' }).waitFor();
      expect(uploads()).toHaveLength(2);
      await page.getByRole('form', { name: 'Move image 2 up' }).getByRole('button').click();
      await page.getByRole('status').filter({ hasText: 'Moved up.' }).waitFor();
      const facts = page.locator('.admin-image__facts');
      await expect.poll(() => facts.first().textContent()).toMatch(/Image 1.*1600×1200 JPEG/);
      expect(await facts.nth(1).textContent()).toMatch(/Image 2.*900×1200 PNG.*Shown for Graphite/);
      await page.screenshot({ path: join(SHOTS, 'admin-images-two-1440.png'), fullPage: true });
      // The image Graphite shows cannot be removed; the other can.
      await page.getByRole('form', { name: 'Remove image 2' }).getByRole('button').click();
      await page.getByRole('alert').filter({ hasText: 'Graphite shows this image' }).waitFor();
      await page.getByRole('form', { name: 'Remove image 1' }).getByRole('button').click();
      await page.getByRole('status').filter({ hasText: 'Image removed.' }).waitFor();
      await expect.poll(() => facts.count()).toBe(1);
      expect(uploads()).toHaveLength(1);
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('who may change product images', () => {
  it('refuses the editor the page and the upload (403), and operations the upload, storing nothing', async () => {
    const before = uploads();
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    for (const role of ['editor', 'operations'] as const) {
      const client = await staffClient(server.url, role);
      const page = await client.get(PAGE);
      expect(page.status, `${role} GET`).toBe(role === 'editor' ? 403 : 200);
      const form = new FormData();
      form.set('csrf', client.csrf);
      form.set('intent', 'upload');
      form.set('image', new Blob([png], { type: 'image/png' }), 'x.png');
      const answer = await fetch(`${server.url}${PAGE}`, {
        method: 'POST',
        body: form,
        redirect: 'manual',
        headers: { origin: server.url, cookie: client.cookie },
      });
      expect(answer.status, `${role} POST`).toBe(403);
      expect(await answer.text()).toContain('catalogue:write');
    }
    expect(uploads()).toEqual(before);
  });

  it('answers 413 to a body above the upload limit before reading it, storing nothing', async () => {
    const before = uploads();
    const client = await staffClient(server.url, 'merchandiser');
    const form = new FormData();
    form.set('csrf', client.csrf);
    form.set('intent', 'upload');
    form.set('image', new Blob([new Uint8Array(21 * 1024 * 1024)], { type: 'image/jpeg' }), 'huge.jpg');
    const answer = await fetch(`${server.url}${PAGE}`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { origin: server.url, cookie: client.cookie },
    }).catch((error: unknown) => error);
    // The server may close the connection while the body is still being sent; either way nothing is stored.
    if (answer instanceof Response) expect(answer.status).toBe(413);
    expect(uploads()).toEqual(before);
  });
});
