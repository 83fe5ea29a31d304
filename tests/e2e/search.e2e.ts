import type { Page } from '@playwright/test';
import { accessibilityViolations } from '../support/browser.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';
import { openHydrated } from './shopper.ts';

/** Set for this server, so the test can call the search protocol as a hosted client would. */
const SEARCH_KEY = 'search-e2e-key';

ownStoreFor(import.meta.url, { SEARCH_KEY });

// Every wait names its step instead of running into the test's own time limit.
test.use({ actionTimeout: 20_000, navigationTimeout: 20_000 });

/** The search page's own search field (the header has others, in the menu and the bar). */
const searchBox = (page: Page) => page.getByRole('main').getByRole('combobox', { name: 'Search' });

/** The number in the results count ('12 results'), a live region with no role of its own. */
const count = async (page: Page) =>
  Number((await page.locator('.search-page__count').textContent())?.match(/\d+/)?.[0]);

/** The search clicks the page reports (POST …/search/suggest), as their bodies. */
function searchClicks(page: Page): string[] {
  const clicks: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/en-us/search/suggest'))
      clicks.push(request.postData() ?? '');
  });
  return clicks;
}

test.describe('site search as a shopper', () => {
  test("searches 'women snowshoe', narrows with facets and opens a product", async ({
    page,
    pageErrors,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const clicks = searchClicks(page);
    await openHydrated(page, '/en-us/search');
    const box = searchBox(page);
    await box.fill('women snowshoe');
    await box.press('Enter');
    await expect(page).toHaveURL(`${baseURL}/en-us/search?q=women%20snowshoe`);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “women snowshoe”' })).toBeVisible();
    const all = await count(page);
    expect(all).toBeGreaterThanOrEqual(6);
    const titles = await page.locator('.search-result__title').allTextContents();
    expect(titles.every((title) => /Women's Snowshoe/.test(title))).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('search-results-en-us-1440.png'), fullPage: true });

    // A colour narrows the results; the colour facet keeps its other values (disjunctive).
    const colours = page.getByRole('group', { name: 'Colour' });
    const colour = colours.locator('label').first();
    const colourName = (await colour.locator('span').first().textContent())!;
    const colourCount = Number(await colour.locator('.search-facet__count').textContent());
    await colour.getByRole('checkbox').check();
    await expect(page).toHaveURL(/colour=/);
    await expect.poll(() => count(page)).toBe(colourCount);
    expect(colourCount).toBeLessThan(all);
    await expect.poll(() => colours.getByRole('checkbox').count()).toBeGreaterThan(1);
    // The chosen colour shows as a chip that removes it.
    await expect(page.getByRole('link', { name: colourName, exact: true })).toBeVisible();

    // A price range narrows further.
    const price = page.getByRole('group', { name: 'Price' }).locator('label').first();
    const priceCount = Number(await price.locator('.search-facet__count').textContent());
    await price.getByRole('radio').check();
    await expect(page).toHaveURL(/price=/);
    await expect.poll(() => count(page)).toBe(priceCount);

    const first = page
      .getByRole('region', { name: /results/ })
      .getByRole('listitem')
      .first()
      .getByRole('link');
    const href = (await first.getAttribute('href'))!;
    expect(href).toMatch(/^\/en-us\/p\/ridgeline-/);
    await first.click();
    await expect(page).toHaveURL(`${baseURL}${href}`);
    await expect.poll(() => clicks.length).toBe(1);
    expect(clicks[0]).toContain('source=results');
    expect(pageErrors).toEqual([]);
  });

  test.describe('on a laptop', () => {
    test.use({ viewport: { width: 1280, height: 844 } });

    test('autocompletes by keyboard: suggestions, then top products, and sends an autocomplete click', async ({
      page,
      pageErrors,
    }) => {
      test.setTimeout(90_000);
      const clicks = searchClicks(page);
      await openHydrated(page, '/en-us/search');
      const box = searchBox(page);
      await box.pressSequentially('snowsh', { delay: 30 });
      const listbox = page.getByRole('main').getByRole('listbox', { name: 'Suggestions' });
      await expect(listbox.getByRole('option').first()).toBeVisible();
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      // Word suggestions and products are both options: only their class tells them apart.
      const suggestions = await listbox.locator('.header-search__option--suggestion').allTextContents();
      expect(suggestions.length).toBeGreaterThan(0);
      expect(suggestions.every((text) => text.startsWith('snowsh'))).toBe(true);
      const products = listbox.locator('.header-search__option--product');
      await expect.poll(() => products.count()).toBeGreaterThan(0);
      expect(await accessibilityViolations(page)).toEqual([]);

      // Arrow keys move through the options; the input names the active one.
      for (let index = 0; index <= suggestions.length; index++) await box.press('ArrowDown');
      const active = listbox.getByRole('option', { selected: true });
      await expect(active).toHaveCount(1);
      await expect(active).toHaveClass(/header-search__option--product/);
      await expect(box).toHaveAttribute('aria-activedescendant', (await active.getAttribute('id'))!);
      await box.press('ArrowUp');
      await box.press('ArrowDown');
      const productName = (await active.locator('.header-search__product span').first().textContent())!;
      await box.press('Enter');
      await expect(page).toHaveURL(/\/en-us\/p\/ridgeline-/);
      await expect.poll(() => clicks.length).toBe(1);
      expect(clicks[0]).toContain('source=autocomplete');
      expect(productName.length).toBeGreaterThan(0);

      // Escape closes the list (and, in a search field, clears it); Enter searches for the typed text.
      await openHydrated(page, '/en-us/search');
      const again = searchBox(page);
      await again.pressSequentially('gait', { delay: 30 });
      await expect(page.getByRole('main').getByRole('option').first()).toBeVisible();
      await again.press('Escape');
      await expect(again).toHaveAttribute('aria-expanded', 'false');
      // A whole word: the results page matches words (prefixes are for suggestions), so 'gait' alone finds none.
      await again.fill('gaiters');
      await again.press('Enter');
      await expect(page).toHaveURL(/\/en-us\/search\?q=gaiters/);
      await expect.poll(() => count(page)).toBeGreaterThan(0);
      expect(pageErrors).toEqual([]);
    });
  });

  test.describe('in a French-Canadian browser', () => {
    test.use({ locale: 'fr-CA', viewport: { width: 1280, height: 844 } });

    test('corrects typos, shows an empty state with the search content menus, and works in fr-ca', async ({
      page,
      pageErrors,
    }, testInfo) => {
      test.setTimeout(90_000);
      await page.goto('/en-us/search?q=snowsheo');
      await expect(page.getByRole('main').getByRole('link', { name: 'snowshoe', exact: true })).toBeVisible();
      await expect.poll(() => count(page)).toBeGreaterThan(10);

      await page.goto('/en-us/search?q=zzqxv');
      const empty = page.getByRole('region', { name: 'No results for “zzqxv”.' });
      await expect(empty.getByRole('heading', { name: 'No results for “zzqxv”.' })).toBeVisible();
      await expect.poll(() => empty.getByRole('navigation').count()).toBeGreaterThan(1);
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.goto('/fr-ca/search?q=raquettes%20femme');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Résultats pour « raquettes femme »' }),
      ).toBeVisible();
      const titles = await page.locator('.search-result__title').allTextContents();
      expect(titles.length).toBeGreaterThan(3);
      expect(titles[0]).toMatch(/Femme/);
      await expect(page.locator('.search-result__price').first()).toContainText('$');
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      // The page's own content fits a phone (the shared header is checked by its own tests).
      await expect
        .poll(() => page.evaluate(() => document.querySelector('main')?.scrollWidth ?? 0))
        .toBeLessThanOrEqual(390);
      await page.screenshot({ path: testInfo.outputPath('search-results-fr-ca-390.png'), fullPage: true });

      await page.goto('/fr-ca/search?q=raquettes&sort=price_asc');
      const prices = await page.locator('.search-result__price').allTextContents();
      const values = prices.map((text) => Number(text.replace(/[^\d,]/g, '').replace(',', '.')));
      expect(values).toEqual([...values].sort((a, b) => a - b));
      expect(pageErrors).toEqual([]);
    });
  });

  test('serves the hosted-search protocol at /search with the bearer key', async ({ store }) => {
    const url = `${store.url}/search/api/as/v1/engines/ridgeline/search.json`;
    const denied = await fetch(url, { method: 'POST', body: '{}' });
    expect(denied.status).toBe(401);
    const answer = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${SEARCH_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'gaiter', filters: { locale: 'en-us' }, page: { size: 2 } }),
    });
    expect(answer.status).toBe(200);
    const json = (await answer.json()) as { meta: { page: { total_results: number } }; results: unknown[] };
    expect(json.meta.page.total_results).toBeGreaterThan(0);
    expect(json.results.length).toBeGreaterThan(0);
  });
});
