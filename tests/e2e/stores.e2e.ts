import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from '../support/browser.ts';
import { ROOT, type RunningServer, startServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
const SHOTS = join(ROOT, 'test-results/screenshots');
// A map provider configured for 127.0.0.1 only: through `localhost` the same server has no map.
const MAP_SCRIPT = 'https://maps.test/ridgeline-map.js';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([
    startServer({ env: { STORE_MAP_SCRIPTS: `127.0.0.1=${MAP_SCRIPT}` } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  // Every wait names its step instead of running into the test's own time limit.
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { page, errors };
}

const dealerNames = (page: Page) => page.locator('.dealer__name').allTextContents();
const localhost = () => server.url.replace('127.0.0.1', 'localhost');

describe('dealer locator', () => {
  it('lists dealers without any map when no map provider is configured, and finds the nearest to a postal code', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 844 }, locale: 'en-US' });
    const { page, errors } = await openPage(context);
    try {
      await page.goto(`${localhost()}/en-us/stores`);
      await page.waitForLoadState('networkidle');
      expect((await dealerNames(page)).length).toBeGreaterThan(10);
      expect(await page.locator('.store-map').count()).toBe(0);
      expect(await accessibilityViolations(page)).toEqual([]);

      // A dealer's own postal code.
      await page.locator('#stores-q').fill('05401');
      await page.locator('main').getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL(/stores\?q=05401&country=us/);
      await expect.poll(async () => (await dealerNames(page))[0]).toBe('Burlington Trail Supply');
      expect(await page.locator('.dealer__distance').first().textContent()).toMatch(/^0(\.0)? mi away$/);

      // A demo postal code placed by the centroid table.
      await page.locator('#stores-q').fill('10001');
      await page.locator('main').getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL(/stores\?q=10001/);
      await page.getByRole('heading', { name: /Dealers near 10001 \(New York, NY\)/ }).waitFor();
      await expect
        .poll(async () => (await dealerNames(page)).slice(0, 3))
        .toEqual(['Berkshire Snow & Sun', 'Adirondack Trailhead', 'Burlington Trail Supply']);
      const miles = (await page.locator('.dealer__distance').allTextContents()).map((text) =>
        Number(text.replace(/[^\d.]/g, '')),
      );
      expect(miles).toEqual([...miles].sort((a, b) => a - b));
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      // The page's own content fits a phone (the shared header is checked by its own tests).
      expect(await page.evaluate(() => document.querySelector('main')?.scrollWidth ?? 0)).toBeLessThanOrEqual(
        390,
      );
      await page.screenshot({ path: join(SHOTS, 'stores-postal-en-us-390.png'), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 844 });

      await page.goto(`${localhost()}/en-us/stores?q=Atlantis&country=us`);
      await page.getByRole('alert').filter({ hasText: 'We could not find “Atlantis”' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("finds the nearest dealers to the browser's location, in kilometres for fr-ca", async () => {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'fr-CA',
      geolocation: { latitude: 45.9237, longitude: 6.8694 },
      permissions: ['geolocation'],
    });
    const { page, errors } = await openPage(context);
    try {
      await page.goto(`${localhost()}/fr-ca/stores`);
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: 'Utiliser ma position' }).click();
      await page.waitForURL(/stores\?lat=45\.92\d*&lng=6\.86\d*/);
      await page.getByRole('heading', { name: 'Revendeurs près de vous' }).waitFor();
      await expect
        .poll(async () => (await dealerNames(page)).slice(0, 2))
        .toEqual(['Chamonix Raquettes & Co.', 'Aosta Montagna']);
      expect(await page.locator('.dealer__distance').nth(1).textContent()).toMatch(/km/);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: join(SHOTS, 'stores-location-fr-ca-1440.png'), fullPage: true });

      await page.locator('#stores-q').fill('G1R 1R1');
      await page.locator('#stores-country').selectOption('ca');
      await page.locator('main').getByRole('button', { name: 'Rechercher', exact: true }).click();
      await page.waitForURL(/q=G1R/);
      await expect.poll(async () => (await dealerNames(page))[0]).toBe('Sentiers de Québec');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('draws the map through the script configured for the domain, and never a broken box', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    let served = 0;
    await context.route(MAP_SCRIPT, (route) => {
      served++;
      return route.fulfill({
        contentType: 'text/javascript',
        body: `window.RidgelineStoreMap = { render(element, input) {
          element.innerHTML = '';
          const list = document.createElement('p');
          list.className = 'test-map';
          list.textContent = input.dealers.length + ' pins';
          element.append(list);
        } };`,
      });
    });
    const { page, errors } = await openPage(context);
    try {
      await page.goto(`${server.url}/en-us/stores?q=05401&country=us`);
      await page.locator('.test-map').waitFor();
      expect(await page.locator('.test-map').textContent()).toBe('10 pins');
      expect(await page.locator('.store-map').isVisible()).toBe(true);
      expect(served).toBe(1);

      await context.unroute(MAP_SCRIPT);
      await context.route(MAP_SCRIPT, (route) => route.fulfill({ status: 503, body: 'down' }));
      const failing = await context.newPage();
      await failing.goto(`${server.url}/en-us/stores?q=10001&country=us`);
      await failing.waitForLoadState('networkidle');
      expect(await failing.locator('.store-map').isVisible()).toBe(false);
      await expect
        .poll(async () => (await failing.locator('.dealer__name').allTextContents())[0])
        .toBe('Berkshire Snow & Sun');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
