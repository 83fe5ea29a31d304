import type { Page, TestInfo } from '@playwright/test';
import { accessibilityViolations } from '../support/browser.ts';
import { expect, ownStoreFor, test } from './fixtures.ts';

/**
 * Issue 21, store data editors: the demo editor adds a legacy redirect that would loop and is refused with the
 * chain on the rule, then adds one that does not, publishes it, and the server redirects by it within seconds;
 * the editor moves a dealer to a new postal code and the coordinates follow from the locator's postal data,
 * while an unknown postal code is refused on its field.
 */

ownStoreFor(import.meta.url);

const REDIRECTS = '/admin/content/redirect_rules/legacy/en-us';
const DEALER = '/admin/content/dealer/adirondack-trailhead/en-us';

async function checkAxe(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  expect(await accessibilityViolations(page), name).toEqual([]);
}

/** Where an anonymous request for `path` is sent (null: not redirected). */
async function redirectOf(origin: string, path: string): Promise<string | null> {
  const response = await fetch(`${origin}${path}`, { redirect: 'manual' });
  return response.status === 301 ? response.headers.get('location') : null;
}

/**
 * Asks where `path` is sent for `window` ms (the time a change that wrongly went live would need to show), and
 * returns the first answer that is `expected`, or the last one.
 */
async function redirectDuring(origin: string, path: string, expected: string, window: number) {
  const start = Date.now();
  for (;;) {
    const location = await redirectOf(origin, path);
    if (location === expected || Date.now() - start > window) return location;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Saves the form; resolves with the new version, or null when the save was refused. */
async function save(page: Page): Promise<number | null> {
  const posted = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await posted;
  const saved = page.getByRole('status').filter({ hasText: /Saved as version \d+/ });
  const refused = page.getByRole('alert').filter({ hasText: 'Nothing was saved' });
  await expect(saved.or(refused).first()).toBeVisible();
  if (!(await saved.isVisible())) return null;
  return Number(/version (\d+)/.exec((await saved.textContent()) ?? '')?.[1]);
}

async function publish(page: Page, version: number) {
  await page.getByRole('checkbox', { name: 'Production' }).first().check();
  await page.getByRole('button', { name: `Publish version ${version}` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Version ${version} published to Production` }),
  ).toBeVisible();
}

test.describe('the editor keeps the legacy redirect rules', () => {
  test('refuses a rule that would loop with the chain on the rule, and the store follows a published one', async ({
    store,
    page,
    signInStaff,
  }, testInfo) => {
    test.setTimeout(180_000);
    expect(await redirectOf(store.url, '/trail-guide')).toBeNull();
    await signInStaff('editor');
    await page.goto(REDIRECTS);
    await expect(page.getByRole('heading', { name: 'Legacy redirects', level: 1 })).toBeVisible();
    // One "From" and one "To" per rule.
    const froms = page.getByRole('textbox', { name: 'From (required)', exact: true });
    const tos = page.getByRole('textbox', { name: 'To (required)', exact: true });
    const added = await froms.count();
    await page.getByRole('button', { name: 'Add rule' }).click();
    const from = froms.nth(added);
    const to = tos.nth(added);
    // /snowshoes already sends to /c/snowshoes: sending that back would loop.
    await from.fill('/c/snowshoes');
    await to.fill('/snowshoes');
    expect(await save(page)).toBeNull();
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await expect(to).toHaveAccessibleDescription(
      /starts a loop: \/c\/snowshoes → \/snowshoes → \/c\/snowshoes/,
    );
    await checkAxe(page, testInfo, 'admin-content-redirects-refused');

    // A fresh form (the refusal's alert would otherwise answer the next save's wait before its own answer).
    await page.goto(REDIRECTS);
    await expect(page.getByRole('heading', { name: 'Legacy redirects', level: 1 })).toBeVisible();
    await expect(froms).toHaveCount(added);
    await page.getByRole('button', { name: 'Add rule' }).click();
    await from.fill('/trail-guide');
    await to.fill('/blog');
    const version = await save(page);
    expect(version).toBeGreaterThan(1);
    // Saved is not live.
    expect(await redirectDuring(store.url, '/trail-guide', '/en-us/blog', 1000)).toBeNull();
    await publish(page, version!);
    await expect.poll(() => redirectOf(store.url, '/trail-guide'), { timeout: 8000 }).toBe('/en-us/blog');
    expect(await redirectOf(store.url, '/dealers')).toBe('/en-us/stores');
  });
});

test.describe('the editor moves a dealer', () => {
  test('refuses an unknown postal code on its field, and places the dealer from a known one', async ({
    page,
    signInStaff,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 900 });
    await signInStaff('editor');
    await page.goto(DEALER);
    await expect(page.getByRole('heading', { name: 'Adirondack Trailhead', level: 1 })).toBeVisible();
    const postal = page.getByLabel('Postal code (required)', { exact: true });
    const lat = page.getByLabel('Latitude', { exact: true });
    const lng = page.getByLabel('Longitude', { exact: true });
    await expect(lat).toHaveValue('44.2795');

    await postal.fill('99999');
    expect(await save(page)).toBeNull();
    await expect(postal).toHaveAccessibleDescription(
      /Postal code 99999 is not one the store locator knows in US/,
    );
    await checkAxe(page, testInfo, 'admin-content-dealer-refused');

    await postal.fill('05401');
    const version = await save(page);
    expect(version).toBeGreaterThan(1);
    await page.reload();
    await expect(postal).toHaveValue('05401');
    await expect(lat).toHaveValue('44.48');
    await expect(lng).toHaveValue('-73.21');
    await checkAxe(page, testInfo, 'admin-content-dealer');
  });
});
