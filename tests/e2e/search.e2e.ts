import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from '../support/browser.ts';
import { ROOT, type RunningServer, startServer } from '../support/server.ts';

/** Set for this server, so the test can call the search protocol as a hosted client would. */
const SEARCH_KEY = 'search-e2e-key';

let server: RunningServer;
let browser: Browser;
const SHOTS = join(ROOT, 'test-results/screenshots');

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startServer({ env: { SEARCH_KEY } }), launchBrowser()]);
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

const count = async (page: Page) =>
  Number((await page.locator('.search-page__count').textContent())?.match(/\d+/)?.[0]);

describe('site search as a shopper', () => {
  it("searches 'women snowshoe', narrows with facets and opens a product", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    const { page, errors } = await openPage(context);
    const clicks: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/en-us/search/suggest'))
        clicks.push(request.postData() ?? '');
    });
    try {
      await page.goto(`${server.url}/en-us/search`);
      await page.locator('.header-search--page[data-hydrated="true"]').waitFor();
      const box = page.locator('.header-search--page').getByRole('combobox', { name: 'Search' });
      await box.fill('women snowshoe');
      await box.press('Enter');
      await page.waitForURL(`${server.url}/en-us/search?q=women%20snowshoe`);
      await page.getByRole('heading', { level: 1, name: 'Results for “women snowshoe”' }).waitFor();
      const all = await count(page);
      expect(all).toBeGreaterThanOrEqual(6);
      const titles = await page.locator('.search-result__title').allTextContents();
      expect(titles.every((title) => /Women's Snowshoe/.test(title))).toBe(true);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: join(SHOTS, 'search-results-en-us-1440.png'), fullPage: true });

      // A colour narrows the results; the colour facet keeps its other values (disjunctive).
      const colour = page.locator('.search-facet').filter({ hasText: 'Colour' }).locator('label').first();
      const colourName = (await colour.locator('span').first().textContent())!;
      const colourCount = Number(await colour.locator('.search-facet__count').textContent());
      await colour.locator('input').check();
      await page.waitForURL(/colour=/);
      await expect.poll(() => count(page)).toBe(colourCount);
      expect(colourCount).toBeLessThan(all);
      expect(
        await page.locator('.search-facet').filter({ hasText: 'Colour' }).locator('label').count(),
      ).toBeGreaterThan(1);
      await page.locator('.chip--remove', { hasText: colourName }).waitFor();

      // A price range narrows further.
      const price = page.locator('.search-facet').filter({ hasText: 'Price' }).locator('label').first();
      const priceCount = Number(await price.locator('.search-facet__count').textContent());
      await price.locator('input').check();
      await page.waitForURL(/price=/);
      await expect.poll(() => count(page)).toBe(priceCount);

      const first = page.locator('.search-result__link').first();
      const href = (await first.getAttribute('href'))!;
      expect(href).toMatch(/^\/en-us\/p\/ridgeline-/);
      await first.click();
      await page.waitForURL(`${server.url}${href}`);
      await expect.poll(() => clicks.length).toBe(1);
      expect(clicks[0]).toContain('source=results');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('autocompletes by keyboard: suggestions, then top products, and sends an autocomplete click', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 844 }, locale: 'en-US' });
    const { page, errors } = await openPage(context);
    const clicks: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/en-us/search/suggest'))
        clicks.push(request.postData() ?? '');
    });
    try {
      await page.goto(`${server.url}/en-us/search`);
      await page.locator('.header-search--page[data-hydrated="true"]').waitFor();
      const box = page.locator('.header-search--page').getByRole('combobox', { name: 'Search' });
      await box.pressSequentially('snowsh', { delay: 30 });
      const listbox = page.locator('.header-search--page').getByRole('listbox', { name: 'Suggestions' });
      await listbox.getByRole('option').first().waitFor();
      expect(await box.getAttribute('aria-expanded')).toBe('true');
      const suggestions = await listbox.locator('.header-search__option--suggestion').allTextContents();
      expect(suggestions.length).toBeGreaterThan(0);
      expect(suggestions.every((text) => text.startsWith('snowsh'))).toBe(true);
      const products = listbox.locator('.header-search__option--product');
      expect(await products.count()).toBeGreaterThan(0);
      expect(await accessibilityViolations(page)).toEqual([]);

      // Arrow keys move through the options; the input names the active one.
      for (let index = 0; index <= suggestions.length; index++) await box.press('ArrowDown');
      const activeId = await box.getAttribute('aria-activedescendant');
      const active = page.locator(`[id="${activeId}"]`);
      expect(await active.getAttribute('aria-selected')).toBe('true');
      expect(await active.getAttribute('class')).toContain('header-search__option--product');
      await box.press('ArrowUp');
      await box.press('ArrowDown');
      const productName = (await active.locator('.header-search__product span').first().textContent())!;
      await box.press('Enter');
      await page.waitForURL(/\/en-us\/p\/ridgeline-/);
      await expect.poll(() => clicks.length).toBe(1);
      expect(clicks[0]).toContain('source=autocomplete');
      expect(productName.length).toBeGreaterThan(0);

      // Escape closes the list (and, in a search field, clears it); Enter searches for the typed text.
      await page.goto(`${server.url}/en-us/search`);
      await page.locator('.header-search--page[data-hydrated="true"]').waitFor();
      const again = page.locator('.header-search--page').getByRole('combobox', { name: 'Search' });
      await again.pressSequentially('gait', { delay: 30 });
      await page.locator('.header-search--page').getByRole('option').first().waitFor();
      await again.press('Escape');
      expect(await again.getAttribute('aria-expanded')).toBe('false');
      // A whole word: the results page matches words (prefixes are for suggestions), so 'gait' alone finds none.
      await again.fill('gaiters');
      await again.press('Enter');
      await page.waitForURL(/\/en-us\/search\?q=gaiters/);
      await expect.poll(() => count(page)).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('corrects typos, shows an empty state with the search content menus, and works in fr-ca', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 844 }, locale: 'fr-CA' });
    const { page, errors } = await openPage(context);
    try {
      await page.goto(`${server.url}/en-us/search?q=snowsheo`);
      await page.locator('.search-page__dym a', { hasText: 'snowshoe' }).waitFor();
      expect(await count(page)).toBeGreaterThan(10);

      await page.goto(`${server.url}/en-us/search?q=zzqxv`);
      await page.getByRole('heading', { name: 'No results for “zzqxv”.' }).waitFor();
      expect(await page.locator('.search-empty nav').count()).toBeGreaterThan(1);
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.goto(`${server.url}/fr-ca/search?q=raquettes%20femme`);
      await page.waitForLoadState('networkidle');
      await page.getByRole('heading', { level: 1, name: 'Résultats pour « raquettes femme »' }).waitFor();
      const titles = await page.locator('.search-result__title').allTextContents();
      expect(titles.length).toBeGreaterThan(3);
      expect(titles[0]).toMatch(/Femme/);
      expect(await page.locator('.search-result__price').first().textContent()).toMatch(/\$/);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      // The page's own content fits a phone (the shared header is checked by its own tests).
      expect(await page.evaluate(() => document.querySelector('main')?.scrollWidth ?? 0)).toBeLessThanOrEqual(
        390,
      );
      await page.screenshot({ path: join(SHOTS, 'search-results-fr-ca-390.png'), fullPage: true });

      await page.goto(`${server.url}/fr-ca/search?q=raquettes&sort=price_asc`);
      const prices = await page.locator('.search-result__price').allTextContents();
      const values = prices.map((text) => Number(text.replace(/[^\d,]/g, '').replace(',', '.')));
      expect(values).toEqual([...values].sort((a, b) => a - b));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('serves the hosted-search protocol at /search with the bearer key', async () => {
    const url = `${server.url}/search/api/as/v1/engines/ridgeline/search.json`;
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
