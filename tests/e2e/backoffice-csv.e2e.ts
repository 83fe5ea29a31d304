import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { accessibilityViolations, launchBrowser } from '../support/browser.ts';
import { ROOT, type RunningServer, startServer } from '../support/server.ts';

/**
 * Issue 20, the catalogue CSV journey: the demo merchandiser exports the catalogue, edits a product's US price
 * and a variant's stock, uploads the file, reads the dry run, imports → the storefront's product page shows the
 * new price. A file with a bad row shows the row and imports nothing; the editor is refused both doors.
 */

let server: RunningServer;
let browser: Browser;
const SHOTS = join(ROOT, 'test-results/screenshots');
const PRODUCT = 'ridgeline-summit-trail-mens';
const NEW_PRICE = '111.11';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function checkAxe(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  expect(await accessibilityViolations(page), name).toEqual([]);
}

async function signIn(page: Page, email: string, next: string) {
  await page.goto(`${server.url}/admin/login?next=${encodeURIComponent(next)}`);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill('ridgeline-staff-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/admin/login');
}

const upload = (page: Page, name: string, text: string) =>
  page.locator('#import-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

describe('the merchandiser imports a catalogue CSV', () => {
  it('exports, checks an edited file, imports it, and the storefront shows the new price', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    try {
      await signIn(page, 'merch@ridgeline.example', '/admin/products');
      await page.goto(`${server.url}/admin/products`);
      await page.waitForLoadState('networkidle');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Export CSV' }).click(),
      ]);
      const records = parse(readFileSync((await download.path())!, 'utf8'), {
        columns: true,
        bom: true,
      }) as Record<string, string>[];
      expect(records.length).toBeGreaterThan(300);

      // The product's rows: its US price (every row of a product carries it), and one variant's stock.
      const storefront = await context.newPage();
      const product = await page.request.get(`${server.url}/api/products/${catalogueProductId(PRODUCT)}`, {
        headers: { region: 'us' },
      });
      const sku = ((await product.json()) as { data: { sku: string } }).data.sku;
      const rows = records.filter((record) => record.product_sku === sku);
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows) {
        row.price_usd = NEW_PRICE;
        row.sale_usd = '';
      }
      rows[0]!.stock = String(Number(rows[0]!.stock) + 7);

      await page.getByRole('link', { name: 'Import CSV' }).click();
      await page.getByRole('heading', { name: 'Import products' }).waitFor();
      await checkAxe(page, 'admin-products-import');

      // A file with a comma decimal separator: the row and the problem are named, and nothing can be imported.
      const bad = records.map((record) => ({ ...record }));
      const badIndex = bad.findIndex((record) => record.product_sku !== sku);
      bad[badIndex]!.price_usd = '12,50';
      await upload(page, 'bad.csv', stringify(bad, { header: true }));
      await page.getByRole('button', { name: 'Check the file (dry run)' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'nothing can be imported' });
      await alert.waitFor();
      const errors = page.getByRole('table', { name: 'Errors' });
      await expect.poll(() => errors.textContent()).toContain('"12,50" has a comma as decimal separator');
      expect(await errors.locator('tbody tr').first().locator('td').first().textContent()).toBe(
        String(badIndex + 2),
      );
      expect(await page.getByRole('button', { name: /^Import \d+/ }).count()).toBe(0);

      await upload(page, 'edited.csv', stringify(records, { header: true }));
      await page.getByRole('button', { name: 'Check the file (dry run)' }).click();
      await page.getByRole('heading', { name: 'Dry run of edited.csv' }).waitFor();
      const changes = page.getByRole('table', { name: 'Changes' });
      const changed = await changes.locator('tbody tr').allTextContents();
      // The price is listed once (on the product's first row), the stock on its row.
      expect(changed.join('\n')).toContain(`price_usd:`);
      expect(changed.join('\n')).toContain(`→ ${NEW_PRICE}`);
      expect(changed.some((text) => text.includes(rows[0]!.variant_sku!) && text.includes('stock:'))).toBe(
        true,
      );
      expect(changed).toHaveLength(1);
      await checkAxe(page, 'admin-products-import-dry-run');

      // The page's import goes to the streamed route (the progress bar's source).
      const [streamed] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/admin/products/import/run')),
        page.getByRole('button', { name: /^Import 1 change$/ }).click(),
      ]);
      expect(streamed.status()).toBe(200);
      expect(streamed.headers()['content-type']).toContain('application/x-ndjson');
      await page.getByRole('status').filter({ hasText: 'Imported edited.csv' }).waitFor();
      expect(await page.getByRole('status').filter({ hasText: 'Imported' }).textContent()).toContain(
        '1 row changed (1 stock, 1 price)',
      );

      // The storefront shows the price (the catalogue's data version moved, caches follow).
      await expect
        .poll(
          async () => {
            await storefront.goto(`${server.url}/en-us/p/${PRODUCT}`);
            return storefront.getByTestId('product-price').textContent();
          },
          { timeout: 10_000 },
        )
        .toContain(`$${NEW_PRICE}`);

      // What that route streams: progress after each chunk written, then the answer.
      const csrf = await page.locator('input[name=csrf]').first().inputValue();
      const run = await page.request.post(`${server.url}/admin/products/import/run`, {
        headers: { origin: server.url },
        multipart: {
          csrf,
          intent: 'import',
          fileName: 'one.csv',
          csv: `variant_sku,stock\n${rows[1]!.variant_sku},${Number(rows[1]!.stock) + 1}\n`,
        },
      });
      const lines = (await run.text())
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines).toEqual([
        { progress: { done: 0, total: 1 } },
        { progress: { done: 1, total: 1 } },
        { answer: expect.objectContaining({ ok: true, written: true, stockChanges: 1, priceChanges: 0 }) },
      ]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('works without JavaScript: dry run, then the import from the page itself', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await signIn(page, 'merch@ridgeline.example', '/admin/products/import');
      const exported = parse(await (await page.request.get(`${server.url}/admin/products.csv`)).text(), {
        columns: true,
      }) as Record<string, string>[];
      const variant = exported.at(-1)!;
      const level = Number(variant.stock) + 5;
      await page.goto(`${server.url}/admin/products/import`);
      await upload(page, 'stock.csv', `variant_sku,stock\n${variant.variant_sku},${level}\n`);
      await page.getByRole('button', { name: 'Check the file (dry run)' }).click();
      await page.getByRole('heading', { name: 'Dry run of stock.csv' }).waitFor();
      expect(await page.getByRole('table', { name: 'Changes' }).textContent()).toContain(
        `stock: ${variant.stock} → ${level}`,
      );
      await page.getByRole('button', { name: 'Import 1 change' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Imported stock.csv: 1 row changed (1 stock, 0 prices)' })
        .waitFor();
      const after = parse(await (await page.request.get(`${server.url}/admin/products.csv`)).text(), {
        columns: true,
      }) as Record<string, string>[];
      expect(after.find((record) => record.variant_sku === variant.variant_sku)?.stock).toBe(String(level));
    } finally {
      await context.close();
    }
  }, 120_000);

  it('refuses the editor both the export and the import', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signIn(page, 'editor@ridgeline.example', '/admin/me');
      for (const path of ['/admin/products.csv', '/admin/products/import']) {
        const answer = await page.request.get(`${server.url}${path}`);
        expect(answer.status(), path).toBe(403);
        expect(await answer.text()).toContain('Your role does not allow this');
      }
      const csrf = await page.request.get(`${server.url}/admin/me`).then(async (answer) => {
        return /name="csrf" value="([^"]+)"/.exec(await answer.text())?.[1] ?? '';
      });
      const posted = await page.request.post(`${server.url}/admin/products/import`, {
        headers: { origin: server.url },
        multipart: { csrf, intent: 'import', csv: 'variant_sku,stock\nX,1\n', importId: crypto.randomUUID() },
      });
      expect(posted.status()).toBe(403);
      // A catalogue-sized file gets past the page-form body limit to the gate (413 would come first).
      const large = await page.request.post(`${server.url}/admin/products/import`, {
        headers: { origin: server.url },
        multipart: {
          csrf,
          intent: 'dry-run',
          file: { name: 'large.csv', mimeType: 'text/csv', buffer: Buffer.alloc(300 * 1024, 'a') },
        },
      });
      expect(large.status()).toBe(403);
    } finally {
      await context.close();
    }
  }, 60_000);
});
