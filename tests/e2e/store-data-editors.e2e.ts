import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from '../support/browser.ts';
import { ROOT, type RunningServer, startServer } from '../support/server.ts';
import { signInInBrowser } from '../support/staff.ts';

/**
 * Issue 21, store data editors: the demo editor adds a legacy redirect that would loop and is refused with the
 * chain on the rule, then adds one that does not, publishes it, and the server redirects by it within seconds;
 * the editor moves a dealer to a new postal code and the coordinates follow from the locator's postal data,
 * while an unknown postal code is refused on its field.
 */

let server: RunningServer;
let browser: Browser;
const SHOTS = join(ROOT, 'test-results/screenshots');
const REDIRECTS = '/admin/content/redirect_rules/legacy/en-us';
const DEALER = '/admin/content/dealer/adirondack-trailhead/en-us';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function checkAxe(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  expect(await accessibilityViolations(page), name).toEqual([]);
}

async function newPage(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

/** Where an anonymous request for `path` is sent (null: not redirected), once it is `expected` or `timeout` passes. */
async function redirectOf(path: string, expected: string | null, timeout = 8000): Promise<string | null> {
  const start = Date.now();
  for (;;) {
    const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
    const location = response.status === 301 ? response.headers.get('location') : null;
    if (location === expected || Date.now() - start > timeout) return location;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Saves the form; resolves with the new version, or null when the save was refused. */
async function save(page: Page): Promise<number | null> {
  const posted = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await posted;
  const saved = page.getByRole('status').filter({ hasText: /Saved as version \d+/ });
  const refused = page.getByRole('alert').filter({ hasText: 'Nothing was saved' }).first();
  await Promise.race([saved.waitFor(), refused.waitFor()]);
  if (!(await saved.isVisible())) return null;
  return Number(/version (\d+)/.exec((await saved.textContent()) ?? '')?.[1]);
}

async function publish(page: Page, version: number) {
  await page.getByRole('checkbox', { name: 'Production' }).first().check();
  await page.getByRole('button', { name: `Publish version ${version}` }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `Version ${version} published to Production` })
    .waitFor();
}

describe('the editor keeps the legacy redirect rules', () => {
  it('refuses a rule that would loop with the chain on the rule, and the store follows a published one', async () => {
    expect(await redirectOf('/trail-guide', null, 0)).toBeNull();
    const page = await newPage(1440);
    try {
      await signInInBrowser(page, server.url, 'editor');
      await page.goto(`${server.url}${REDIRECTS}`);
      await page.getByRole('heading', { name: 'Legacy redirects', level: 1 }).waitFor();
      const rules = page.locator('#field-rules > .content-item');
      const added = await rules.count();
      await page.getByRole('button', { name: 'Add rule' }).click();
      const from = page.locator(`#field-rules-${added}-from`);
      const to = page.locator(`#field-rules-${added}-to`);
      // /snowshoes already sends to /c/snowshoes: sending that back would loop.
      await from.fill('/c/snowshoes');
      await to.fill('/snowshoes');
      expect(await save(page)).toBeNull();
      await expect.poll(() => to.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator(`#field-rules-${added}-to-error`).textContent()).toContain(
        'starts a loop: /c/snowshoes → /snowshoes → /c/snowshoes',
      );
      await checkAxe(page, 'admin-content-redirects-refused');

      // A fresh form (the refusal's alert would otherwise answer the next save's wait before its own answer).
      await page.goto(`${server.url}${REDIRECTS}`);
      await page.getByRole('heading', { name: 'Legacy redirects', level: 1 }).waitFor();
      expect(await rules.count()).toBe(added);
      await page.getByRole('button', { name: 'Add rule' }).click();
      await from.fill('/trail-guide');
      await to.fill('/blog');
      const version = await save(page);
      expect(version).toBeGreaterThan(1);
      // Saved is not live.
      expect(await redirectOf('/trail-guide', '/en-us/blog', 1000)).toBeNull();
      await publish(page, version!);
      expect(await redirectOf('/trail-guide', '/en-us/blog')).toBe('/en-us/blog');
      expect(await redirectOf('/dealers', '/en-us/stores', 0)).toBe('/en-us/stores');
    } finally {
      await page.context().close();
    }
  }, 180_000);
});

describe('the editor moves a dealer', () => {
  it('refuses an unknown postal code on its field, and places the dealer from a known one', async () => {
    const page = await newPage(390);
    try {
      await signInInBrowser(page, server.url, 'editor');
      await page.goto(`${server.url}${DEALER}`);
      await page.getByRole('heading', { name: 'Adirondack Trailhead', level: 1 }).waitFor();
      const postal = page.locator('#field-address-postal_code');
      const lat = page.locator('#field-location-lat');
      const lng = page.locator('#field-location-lng');
      expect(await lat.inputValue()).toBe('44.2795');

      await postal.fill('99999');
      expect(await save(page)).toBeNull();
      expect(await page.locator('#field-address-postal_code-error').textContent()).toContain(
        'Postal code 99999 is not one the store locator knows in US',
      );
      await checkAxe(page, 'admin-content-dealer-refused');

      await postal.fill('05401');
      const version = await save(page);
      expect(version).toBeGreaterThan(1);
      await page.reload();
      expect(await postal.inputValue()).toBe('05401');
      expect([await lat.inputValue(), await lng.inputValue()]).toEqual(['44.48', '-73.21']);
      await checkAxe(page, 'admin-content-dealer');
    } finally {
      await page.context().close();
    }
  }, 180_000);
});
