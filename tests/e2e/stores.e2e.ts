import type { BrowserContext, Page } from '@playwright/test';
import { accessibilityViolations } from '../support/browser.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';
import { openHydrated } from './shopper.ts';

// A map provider configured for 127.0.0.1 only: through `localhost` the same server has no map.
const MAP_SCRIPT = 'https://maps.test/ridgeline-map.js';

ownStoreFor(import.meta.url, { STORE_MAP_SCRIPTS: `127.0.0.1=${MAP_SCRIPT}` });

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

/** The dealers' names, in the order the page lists them. */
const dealerNames = (page: Page) =>
  page.getByRole('main').getByRole('article').getByRole('heading', { level: 3 });
/** The dealers' distances ('12 mi away'): a line of each card with no role or name of its own. */
const distances = (page: Page) => page.locator('.dealer__distance');
/** The dealer search of the page (not the header's product search). */
const dealerSearch = (page: Page) => page.getByRole('main').getByRole('search');
/** The map, rendered or not (a hidden one counts). */
const storeMap = (page: Page, includeHidden = false) =>
  page.getByRole('region', { name: 'Map', includeHidden });
const localhost = (url: string) => url.replace('127.0.0.1', 'localhost');

test.describe('dealer locator', () => {
  test('lists dealers without any map when no map provider is configured, and finds the nearest to a postal code', async ({
    page,
    pageErrors,
    store,
  }, testInfo) => {
    page.setDefaultTimeout(20_000);
    await page.setViewportSize({ width: 1280, height: 844 });
    await openHydrated(page, `${localhost(store.url)}/en-us/stores`);
    expect(await dealerNames(page).count()).toBeGreaterThan(10);
    await expect(storeMap(page, true)).toHaveCount(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    // A dealer's own postal code.
    await dealerSearch(page).getByRole('textbox').fill('05401');
    await dealerSearch(page).getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/stores\?q=05401&country=us/);
    await expect(dealerNames(page).first()).toHaveText('Burlington Trail Supply');
    await expect(distances(page).first()).toHaveText(/^0(\.0)? mi away$/);

    // A demo postal code placed by the centroid table.
    await dealerSearch(page).getByRole('textbox').fill('10001');
    await dealerSearch(page).getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/stores\?q=10001/);
    await expect(page.getByRole('heading', { name: /Dealers near 10001 \(New York, NY\)/ })).toBeVisible();
    await expect
      .poll(async () => (await dealerNames(page).allTextContents()).slice(0, 3))
      .toEqual(['Berkshire Snow & Sun', 'Adirondack Trailhead', 'Burlington Trail Supply']);
    const miles = (await distances(page).allTextContents()).map((text) =>
      Number(text.replace(/[^\d.]/g, '')),
    );
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    // The page's own content fits a phone (the shared header is checked by its own tests).
    expect(await page.evaluate(() => document.querySelector('main')?.scrollWidth ?? 0)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: testInfo.outputPath('stores-postal-en-us-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 844 });

    await page.goto(`${localhost(store.url)}/en-us/stores?q=Atlantis&country=us`);
    await expect(page.getByRole('alert').filter({ hasText: 'We could not find “Atlantis”' })).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test("finds the nearest dealers to the browser's location, in kilometres for fr-ca", async ({
    browser,
    store,
  }, testInfo) => {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'fr-CA',
      geolocation: { latitude: 45.9237, longitude: 6.8694 },
      permissions: ['geolocation'],
    });
    const { page, errors } = await openPage(context);
    try {
      await page.goto(`${localhost(store.url)}/fr-ca/stores`);
      // Hydrated once the header's cart button is there.
      await expect(page.getByRole('button', { name: /^Panier: / })).toBeVisible();
      await page.getByRole('button', { name: 'Utiliser ma position' }).click();
      await page.waitForURL(/stores\?lat=45\.92\d*&lng=6\.86\d*/);
      await expect(page.getByRole('heading', { name: 'Revendeurs près de vous' })).toBeVisible();
      await expect
        .poll(async () => (await dealerNames(page).allTextContents()).slice(0, 2))
        .toEqual(['Chamonix Raquettes & Co.', 'Aosta Montagna']);
      await expect(distances(page).nth(1)).toHaveText(/km/);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath('stores-location-fr-ca-1440.png'), fullPage: true });

      await dealerSearch(page).getByRole('textbox').fill('G1R 1R1');
      await dealerSearch(page).getByRole('combobox').selectOption('ca');
      await dealerSearch(page).getByRole('button', { name: 'Rechercher', exact: true }).click();
      await page.waitForURL(/q=G1R/);
      await expect(dealerNames(page).first()).toHaveText('Sentiers de Québec');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('draws the map through the script configured for the domain, and never a broken box', async ({
    page,
    pageErrors,
  }) => {
    page.setDefaultTimeout(20_000);
    const context = page.context();
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
    await page.goto('/en-us/stores?q=05401&country=us');
    await expect(storeMap(page).getByRole('paragraph')).toHaveText('10 pins');
    await expect(storeMap(page)).toBeVisible();
    expect(served).toBe(1);

    await context.unroute(MAP_SCRIPT);
    await context.route(MAP_SCRIPT, (route) => route.fulfill({ status: 503, body: 'down' }));
    const failing = await context.newPage();
    // The hydrated page asks for the script and is refused: the map stays hidden, the list is all there.
    const refused = failing.waitForResponse(MAP_SCRIPT);
    await openHydrated(failing, '/en-us/stores?q=10001&country=us');
    expect((await refused).status()).toBe(503);
    await expect(storeMap(failing)).toBeHidden();
    await expect(dealerNames(failing).first()).toHaveText('Berkshire Snow & Sun');
    expect(pageErrors).toEqual([]);
  });
});
