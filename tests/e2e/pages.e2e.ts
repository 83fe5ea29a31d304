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

const PAGES = [
  { name: 'home', path: '/', title: 'Ridgeline Snowshoe Co. | Snowshoes and winter trail gear', status: 200 },
  {
    name: 'home-fr-ca',
    path: '/fr-ca',
    title: 'Ridgeline Snowshoe Co. | Snowshoes and winter trail gear',
    status: 200,
  },
  { name: 'not-found', path: '/en-us/nowhere', title: 'Page Not Found | Ridgeline', status: 404 },
];

describe.each(PAGES)('$name page in Chromium', ({ name, path, title, status }) => {
  it.each([390, 1440])('renders at %i px with no accessibility violations', async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      const response = await page.goto(`${server.url}${path}`);
      expect(response?.status()).toBe(status);
      await page.waitForLoadState('networkidle');
      expect(await page.title()).toBe(title);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
    } finally {
      await context.close();
    }
  });
});

describe('navigation', () => {
  it('follows a region card to that region home without a full reload', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${server.url}/`);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => {
        (window as unknown as { marker: boolean }).marker = true;
      });
      await page.getByRole('link', { name: /Canada/ }).click();
      await page.waitForURL(`${server.url}/en-ca`);
      expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
      await page.getByRole('link', { name: 'Ridgeline Snowshoe Co. home' }).click();
      await page.waitForURL(`${server.url}/en-ca`);
    } finally {
      await page.close();
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
