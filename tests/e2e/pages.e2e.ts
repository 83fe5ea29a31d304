import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from '../support/browser.ts';
import { ROOT, type RunningServer, startServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
const SHOTS = join(ROOT, 'test-results/screenshots');

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// The home title comes from the home page's content (seo fields), in the page's language.
const HOME_TITLE = /Ridgeline/;
const PAGES = [
  { name: 'home', path: '/', locale: 'en-US', title: HOME_TITLE, status: 200 },
  { name: 'home-fr-ca', path: '/fr-ca', locale: 'fr-CA', title: HOME_TITLE, status: 200 },
  {
    name: 'not-found',
    path: '/en-us/nowhere',
    locale: 'en-US',
    title: 'Page Not Found | Ridgeline',
    status: 404,
  },
  {
    name: 'country',
    path: '/en-us/country',
    locale: 'en-US',
    title: 'Choose your country and language | Ridgeline',
    status: 200,
  },
];

describe.each(PAGES)('$name page in Chromium', ({ name, path, locale, title, status }) => {
  it.each([390, 1440])('renders at %i px with no accessibility violations', async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // The 404 page's own document status is expected; any other console error is a defect.
      if (message.type() === 'error' && !(status === 404 && message.text().includes('status of 404'))) {
        errors.push(message.text());
      }
    });
    try {
      const response = await page.goto(`${server.url}${path}`);
      expect(response?.status()).toBe(status);
      expect(new URL(page.url()).pathname).toBe(path);
      await page.waitForLoadState('networkidle');
      expect(await page.title()).toMatch(title);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
    } finally {
      await context.close();
    }
  });
});

describe('navigation', () => {
  it('switches to Canada without a full reload and remembers it', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/`);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => {
        (window as unknown as { marker: boolean }).marker = true;
      });
      await page.getByRole('link', { name: /Country and language/ }).click();
      await page.getByRole('button', { name: 'Canada, English' }).click();
      await page.waitForURL(`${server.url}/en-ca`);
      expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
      await page.getByRole('link', { name: 'Ridgeline Snowshoe Co. home' }).click();
      await page.waitForURL(`${server.url}/en-ca`);
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === 'countryLanguage')?.value).toBe('en-ca');
    } finally {
      await context.close();
    }
  });

  it('switches to ja-jp from the country chooser and stays there on reload', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/`);
      await page.getByRole('link', { name: /Country and language/ }).click();
      await page.waitForURL(/\/en-us\/country/);
      await page.getByRole('heading', { name: 'Choose your country and language' }).waitFor();
      await page.getByRole('button', { name: 'Japan, 日本語' }).click();
      await page.waitForURL(`${server.url}/ja-jp`);
      // The URL changes as navigation starts; the document follows once React commits.
      await expect.poll(() => page.getAttribute('html', 'lang')).toBe('ja');
      await page.reload();
      expect(page.url()).toBe(`${server.url}/ja-jp`);
      // Japanese display text and navigation where the content has them.
      await page.getByRole('link', { name: '国と言語: Japan · 日本語' }).waitFor();
      expect(await page.locator('.main-nav summary').allTextContents()).toContain('スノーシュー');
    } finally {
      await context.close();
    }
  });

  it('falls back to English content where a locale has none, keeping its own UI strings', async () => {
    const context = await browser.newContext({ locale: 'sv-SE' });
    await context.addCookies([
      { name: 'country', value: 'se', url: server.url },
      { name: 'language', value: 'sv', url: server.url },
    ]);
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/sv-se`);
      await page.getByRole('link', { name: 'Land och språk: Sweden · Svenska' }).waitFor();
      expect(await page.locator('.main-nav summary').allTextContents()).toContain('Snowshoes');
    } finally {
      await context.close();
    }
  });

  it('works without JavaScript: the chooser form posts and redirects', async () => {
    const context = await browser.newContext({ locale: 'en-US', javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/en-us/country?returnTo=%2Fen-us%2Fnowhere`);
      await page.getByRole('button', { name: 'Germany, Deutsch' }).click();
      await page.waitForURL(`${server.url}/de-de/nowhere`);
      expect(await page.getAttribute('html', 'lang')).toBe('de');
    } finally {
      await context.close();
    }
  });

  it('lets a keyboard user skip to the content', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${server.url}/`);
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.textContent);
      expect(focused).toBe('Skip to content');
    } finally {
      await page.close();
    }
  });
});
