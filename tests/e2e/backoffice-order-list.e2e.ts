import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * Issue 19: the back office's dashboard, orders list and CSV export in a real browser on the seeded demo store
 * (its order history included), signed in as demo staff.
 */

let server: RunningServer;
let browser: Browser;
const PASSWORD = 'ridgeline-staff-demo';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(email: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith('/admin/login')),
    page.keyboard.press('Enter'),
  ]);
  return { context, page, errors };
}

describe('back office orders and dashboard', () => {
  it('operations sees the chart, waiting counts and the orders list; search, filter, next page and CSV work', async () => {
    const { context, page, errors } = await signedIn('operations@ridgeline.example');
    try {
      await page.goto(`${server.url}/admin`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome, Oscar Operations');
      const charts = page.locator('svg[role="img"]');
      expect(await charts.count()).toBe(3);
      expect(await charts.first().locator('title').textContent()).toContain('United States (USD)');
      expect(await page.locator('details table').count()).toBe(3);
      expect(await page.getByText('Pro applications waiting').count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Low stock' }).count()).toBe(1);
      expect(await accessibilityViolations(page)).toEqual([]);

      // The waiting count links to the list filtered to those orders.
      const awaiting = Number(
        await page
          .locator('.admin-card', { hasText: 'Awaiting payment' })
          .locator('.admin-figure')
          .textContent(),
      );
      expect(awaiting).toBeGreaterThan(0);
      await page.getByRole('link', { name: 'Orders awaiting payment' }).click();
      await page.waitForURL(/\/admin\/orders\?status=7/);
      // Client-side navigation: wait for the filtered rows before reading them.
      const statusCells = page.locator('tbody tr td:nth-child(7)');
      await expect
        .poll(async () => [...new Set(await statusCells.allTextContents())])
        .toEqual(['Awaiting Payment']);
      const statuses = await statusCells.allTextContents();
      expect(statuses.length).toBe(Math.min(50, awaiting));
      expect(new Set(statuses)).toEqual(new Set(['Awaiting Payment']));

      await page.goto(`${server.url}/admin/orders`);
      expect(await page.locator('tbody tr').count()).toBe(50);
      expect(await accessibilityViolations(page)).toEqual([]);
      const firstPage = await page.locator('tbody th a').allTextContents();
      await page.getByRole('link', { name: 'Next page' }).click();
      await page.waitForURL(/after=/);
      await expect.poll(() => page.locator('tbody th a').first().textContent()).not.toBe(firstPage[0]);
      const secondPage = await page.locator('tbody th a').allTextContents();
      expect(secondPage).toHaveLength(50);
      expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
      expect(Number(secondPage[0]!.slice(1))).toBeLessThan(Number(firstPage.at(-1)!.slice(1)));

      // Search by number, by keyboard, without JavaScript needed (a GET form).
      const wanted = firstPage[3]!.slice(1);
      await page.goto(`${server.url}/admin/orders`);
      await page.getByLabel('Order number, email or name').fill(wanted);
      await page.getByLabel('Order number, email or name').press('Enter');
      await page.waitForURL(new RegExp(`q=${wanted}`));
      await expect.poll(() => page.locator('tbody th a').allTextContents()).toEqual([`#${wanted}`]);

      await page.goto(`${server.url}/admin/orders`);
      await page.getByLabel('Region').selectOption('ca');
      await page.getByRole('button', { name: 'Find orders' }).click();
      await page.waitForURL(/region=ca/);
      await expect
        .poll(async () => [...new Set(await page.locator('tbody tr td:nth-child(5)').allTextContents())])
        .toEqual(['Canada']);

      // The export carries the same filter, as an attachment.
      const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
      expect(href).toBe('/admin/orders.csv?region=ca');
      const answer = await context.request.get(`${server.url}${href}`);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toContain('text/csv');
      expect(answer.headers()['content-disposition']).toMatch(/^attachment; filename="ridgeline-orders-/);
      const lines = (await answer.text()).trim().split('\r\n');
      expect(lines[0]).toMatch(/^order_number,date_created,status/);
      expect(lines.length).toBeGreaterThan(51);
      expect(new Set(lines.slice(1).map((line) => line.split(',')[4]))).toEqual(new Set(['ca']));

      // Bad filter input: a 400 that names the field, nothing listed.
      const bad = await page.goto(`${server.url}/admin/orders?status=99&from=yesterday`);
      expect(bad?.status()).toBe(400);
      expect(await page.getByRole('alert').textContent()).toContain('from');
      expect(await page.locator('tbody tr').count()).toBe(0);
      expect((await context.request.get(`${server.url}/admin/orders.csv?region=mars`)).status()).toBe(400);
      expect(errors.filter((error) => !error.includes('400'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the pro team sees only its panel, and neither the orders list nor the export', async () => {
    const { context, page } = await signedIn('pro@ridgeline.example');
    try {
      await page.goto(`${server.url}/admin`);
      expect(await page.getByText('Pro applications waiting').count()).toBe(1);
      expect(await page.locator('svg[role="img"]').count()).toBe(0);
      expect(await page.getByText('Awaiting payment').count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Low stock' }).count()).toBe(0);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect((await context.request.get(`${server.url}/admin/orders`)).status()).toBe(403);
      const csv = await context.request.get(`${server.url}/admin/orders.csv`);
      expect(csv.status()).toBe(403);
      expect(await csv.text()).not.toContain('@example.net');
    } finally {
      await context.close();
    }
  });

  it('a signed-out visitor is sent to sign in, and gets no CSV', async () => {
    const answer = await fetch(`${server.url}/admin/orders.csv`, { redirect: 'manual' });
    expect([302, 303]).toContain(answer.status);
    expect(answer.headers.get('location')).toContain('/admin/login');
    expect(await answer.text()).not.toContain('order_number');
  });
});
