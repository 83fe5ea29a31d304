import type { Locator, Page } from '@playwright/test';
import { accessibilityViolations } from '../support/browser.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';

/**
 * Issue 19: the back office's dashboard, orders list and CSV export in a real browser on the seeded demo store
 * (its order history included), signed in as demo staff.
 */

ownStoreFor(import.meta.url);

/** The dashboard's sales charts (one per region and currency). */
const charts = (page: Page) => page.getByRole('img', { name: /^Orders and revenue per day/ });
const ordersTable = (page: Page) => page.getByRole('table', { name: 'Orders, newest first' });
/** The order numbers of the listed orders (each row's header is its number, a link). */
const orderLinks = (page: Page) => ordersTable(page).getByRole('rowheader').getByRole('link');
/** The cells of the orders table's column `n` (1-based): a cell is named by nothing but its column header. */
const column = (table: Locator, n: number) => table.locator(`tbody tr > :nth-child(${n})`);
const distinct = async (cells: Locator) => [...new Set(await cells.allTextContents())];

test.describe('back office orders and dashboard', () => {
  test('operations sees the chart, waiting counts and the orders list; search, filter, next page and CSV work', async ({
    page,
    pageErrors,
    signInStaff,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInStaff('operations');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Oscar Operations');
    await expect(charts(page)).toHaveCount(3);
    await expect(charts(page).first()).toHaveAccessibleName(/United States \(USD\)/);
    // Each chart's figures as a table, folded away in a <details>.
    await expect(
      page.getByRole('table', { name: /^Orders and revenue per day/, includeHidden: true }),
    ).toHaveCount(3);
    await expect(page.getByText('Pro applications waiting')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Low stock' })).toHaveCount(1);
    expect(await accessibilityViolations(page)).toEqual([]);

    // The waiting count links to the list filtered to those orders.
    const awaiting = Number(
      await page
        .locator('.admin-card')
        .filter({ has: page.getByRole('heading', { name: 'Awaiting payment' }) })
        .locator('.admin-figure')
        .textContent(),
    );
    expect(awaiting).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Orders awaiting payment' }).click();
    await expect(page).toHaveURL(/\/admin\/orders\?status=7/);
    // Client-side navigation: wait for the filtered rows before reading them.
    // Column 7 is the payment status (issue 40: payment and fulfilment apart).
    const statusCells = column(ordersTable(page), 7);
    await expect.poll(() => distinct(statusCells)).toEqual(['Awaiting payment']);
    await expect(statusCells).toHaveCount(Math.min(50, awaiting));

    // The 'to ship' count opens the shipping queue, oldest paid first.
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Orders to ship' }).click();
    await expect(page).toHaveURL(/\/admin\/orders\?queue=to-ship/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orders to ship');
    await expect(page.getByRole('table', { name: 'Orders, oldest paid first' })).toBeVisible();

    await page.goto('/admin/orders');
    await expect(orderLinks(page)).toHaveCount(50);
    expect(await accessibilityViolations(page)).toEqual([]);
    const firstPage = await orderLinks(page).allTextContents();
    // Column 3 is when each was placed, on the store's clock ('YYYY-MM-DD HH:mm' sorts as it reads).
    const lastPlaced = (await column(ordersTable(page), 3).allTextContents()).at(-1)!;
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/after=/);
    await expect(orderLinks(page).first()).not.toHaveText(firstPage[0]!);
    await expect(orderLinks(page)).toHaveCount(50);
    const secondPage = await orderLinks(page).allTextContents();
    expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
    // Newest first across pages (the demo orders' numbers sit among the history's, so dates decide, not numbers).
    expect((await column(ordersTable(page), 3).allTextContents())[0]! <= lastPlaced).toBe(true);

    // Search by number, by keyboard, without JavaScript needed (a GET form).
    const wanted = firstPage[3]!.slice(1);
    await page.goto('/admin/orders');
    const search = page.getByLabel('Order number, email or name');
    await search.fill(wanted);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`q=${wanted}`));
    await expect(orderLinks(page)).toHaveText([`#${wanted}`]);

    await page.goto('/admin/orders');
    await page.getByLabel('Region').selectOption('ca');
    await page.getByRole('button', { name: 'Find orders' }).click();
    await expect(page).toHaveURL(/region=ca/);
    await expect.poll(() => distinct(column(ordersTable(page), 5))).toEqual(['Canada']);

    // The export carries the same filter, as an attachment.
    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    await expect(exportLink).toHaveAttribute('href', '/admin/orders.csv?region=ca');
    const answer = await page.request.get('/admin/orders.csv?region=ca');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('text/csv');
    expect(answer.headers()['content-disposition']).toMatch(/^attachment; filename="ridgeline-orders-/);
    const lines = (await answer.text()).trim().split('\r\n');
    expect(lines[0]).toMatch(/^order_number,date_created,status/);
    expect(lines.length).toBeGreaterThan(51);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[4]))).toEqual(new Set(['ca']));

    // Bad filter input: a 400 that names the field, nothing listed.
    const bad = await page.goto('/admin/orders?status=99&from=yesterday');
    expect(bad?.status()).toBe(400);
    await expect(page.getByRole('alert')).toContainText('from');
    await expect(page.getByRole('row')).toHaveCount(0);
    expect((await page.request.get('/admin/orders.csv?region=mars')).status()).toBe(400);
    expect(pageErrors.filter((error) => !error.includes('400'))).toEqual([]);
  });

  test('the pro team sees only its panel, and neither the orders list nor the export', async ({
    page,
    signInStaff,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInStaff('pro_team');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Priya Pro Team');
    await expect(page.getByText('Pro applications waiting')).toHaveCount(1);
    await expect(charts(page)).toHaveCount(0);
    await expect(page.getByText('Awaiting payment')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Low stock' })).toHaveCount(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect((await page.request.get('/admin/orders')).status()).toBe(403);
    const csv = await page.request.get('/admin/orders.csv');
    expect(csv.status()).toBe(403);
    expect(await csv.text()).not.toContain('@example.net');
  });

  test('a signed-out visitor is sent to sign in, and gets no CSV', async ({ store }) => {
    const answer = await fetch(`${store.url}/admin/orders.csv`, { redirect: 'manual' });
    expect([302, 303]).toContain(answer.status);
    expect(answer.headers.get('location')).toContain('/admin/login');
    expect(await answer.text()).not.toContain('order_number');
  });
});
