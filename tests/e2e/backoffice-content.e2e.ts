import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser } from '../support/browser.ts';
import { ROOT, type RunningServer, startServer } from '../support/server.ts';
import { signInInBrowser, staffClient } from '../support/staff.ts';

/**
 * Issue 21, the content editor: the demo editor changes the US top alert, saves (the live store is unchanged),
 * publishes to production (the store shows it within seconds, page cache included); a save with the required
 * title emptied is refused on the field and changes nothing; a support article's earlier version is restored and
 * published, and the store shows the old text again.
 */

let server: RunningServer;
let browser: Browser;
const SHOTS = join(ROOT, 'test-results/screenshots');
const OLD_ALERT = 'Free shipping on orders over $99 — and free returns for 60 days.';
const NEW_ALERT = 'Winter trails are open: free shipping on every order this week.';
const ARTICLE = 'What the warranty covers';
const ARTICLE_EDITED = 'What our lifetime warranty covers';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function checkAxe(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  expect(await accessibilityViolations(page), name).toEqual([]);
}

/** Reads a storefront address (anonymous: no cookie) until its body says `text`, or `timeout` passes. */
async function eventually(path: string, text: string, timeout = 8000): Promise<string> {
  const start = Date.now();
  for (;;) {
    const body = await (await fetch(`${server.url}${path}`)).text();
    if (body.includes(text) || Date.now() - start > timeout) return body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

describe('the editor changes the US top alert', () => {
  it('saves a draft the store does not show, publishes it, and the store shows it within seconds', async () => {
    const page = await newPage();
    try {
      // The live page is cached for anonymous visitors before the change: publishing must refresh it.
      expect(await eventually('/en-us', OLD_ALERT, 0)).toContain(OLD_ALERT);

      await signInInBrowser(page, server.url, 'editor');
      await page.getByRole('link', { name: 'Content', exact: true }).click();
      await page.getByRole('heading', { name: 'Content', level: 1 }).waitFor();
      await checkAxe(page, 'admin-content-types');
      await page.getByRole('link', { name: 'Top alert', exact: true }).click();
      await page.getByRole('heading', { name: 'Top alert', level: 1 }).waitFor();
      await checkAxe(page, 'admin-content-entries');

      // Filters: a search by title narrows the list.
      await page.getByLabel('Title').fill('Canada');
      await page.getByRole('button', { name: 'Find entries' }).click();
      await page.waitForURL(/q=Canada/);
      await expect.poll(() => page.getByRole('row').count()).toBe(2);
      await page.getByRole('link', { name: /Canada/ }).waitFor();
      await page.getByRole('link', { name: 'Clear' }).click();
      await page.getByRole('link', { name: OLD_ALERT }).click();
      await page.waitForURL(`${server.url}/admin/content/top_alert/alert-us/en-us`);
      await checkAxe(page, 'admin-content-entry');

      const title = page.getByRole('textbox', { name: 'Alert text (required)', exact: true });
      expect(await title.inputValue()).toBe(OLD_ALERT);
      await title.fill(NEW_ALERT);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const saved = page
        .getByRole('status')
        .filter({ hasText: /Saved as version \d+ — not live until published\./ });
      await saved.waitFor();
      const version = Number(/version (\d+)/.exec((await saved.textContent()) ?? '')?.[1]);

      // Saved is not live: the store still shows the published alert.
      const before = await eventually('/en-us', NEW_ALERT, 1500);
      expect(before).toContain(OLD_ALERT);
      expect(before).not.toContain(NEW_ALERT);

      // The required title emptied: refused on the field, nothing saved.
      await title.fill('');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'Nothing was saved' }).first().waitFor();
      await expect.poll(() => title.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await title.getAttribute('aria-describedby')) ?? '';
      expect(describedBy).toContain('field-title-error');
      expect(await page.locator('#field-title-error').textContent()).toMatch(/is required/);
      await checkAxe(page, 'admin-content-entry-refused');
      await page.reload();
      expect(
        await page.getByRole('textbox', { name: 'Alert text (required)', exact: true }).inputValue(),
      ).toBe(NEW_ALERT);
      expect(await page.getByText(`version ${version}, saved`).count()).toBe(1);

      // Publish to production: the store shows the new text within seconds, through the page cache.
      await page.getByRole('checkbox', { name: 'Production' }).first().check();
      await page.getByRole('button', { name: `Publish version ${version}` }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Version ${version} published to Production` })
        .waitFor();
      const after = await eventually('/en-us', NEW_ALERT);
      expect(after).toContain(NEW_ALERT);
      expect(after).not.toContain(OLD_ALERT);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});

describe('the editor restores an earlier version of a support article', () => {
  it('edits and publishes, restores the first version, publishes it, and the store shows the old text', async () => {
    const path = '/en-us/support/warranty-coverage';
    expect(await eventually(path, ARTICLE, 0)).toContain(ARTICLE);
    const page = await newPage(390);
    try {
      await signInInBrowser(page, server.url, 'editor');
      await page.goto(`${server.url}/admin/content/support/warranty-coverage/en-us`);
      await page.getByRole('textbox', { name: 'Title (required)', exact: true }).fill(ARTICLE_EDITED);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Saved as version' }).waitFor();
      await page.getByRole('button', { name: /^Publish version/ }).click();
      await page.getByRole('status').filter({ hasText: 'published to Production' }).waitFor();
      expect(await eventually(path, ARTICLE_EDITED)).toContain(ARTICLE_EDITED);

      await page.getByRole('link', { name: 'Versions of this entry' }).click();
      await page.getByRole('heading', { name: /^Versions of/ }).waitFor();
      // The comparison of the newest two versions lists the changed title only.
      const diff = page.getByRole('table', { name: /Fields changed from version/ });
      await diff.waitFor();
      expect(await diff.getByRole('row').count()).toBe(2);
      expect(await diff.textContent()).toContain(ARTICLE_EDITED);
      await checkAxe(page, 'admin-content-versions');

      const rows = page.getByRole('table', { name: 'Versions, newest first' }).getByRole('row');
      const oldest = rows.last();
      const oldestVersion = Number(await oldest.getByRole('cell').first().textContent());
      await oldest.getByRole('button', { name: `Restore version ${oldestVersion}` }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Version ${oldestVersion} restored as version` })
        .waitFor();
      // Restored is a draft: the store keeps the published edit until it is published.
      expect(await eventually(path, `>${ARTICLE}<`, 1000)).toContain(ARTICLE_EDITED);

      await page.getByRole('link', { name: 'Go to the entry to publish' }).click();
      expect(await page.getByRole('textbox', { name: 'Title (required)', exact: true }).inputValue()).toBe(
        ARTICLE,
      );
      await page.getByRole('button', { name: /^Publish version/ }).click();
      await page.getByRole('status').filter({ hasText: 'published to Production' }).waitFor();
      const after = await eventually(path, `>${ARTICLE}<`);
      expect(after).toContain(ARTICLE);
      expect(after).not.toContain(ARTICLE_EDITED);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});

describe('the editor’s pickers', () => {
  it('answer the editor with entries of the allowed types and refuse a role without content access', async () => {
    const editor = await staffClient(server.url, 'editor');
    const found = await editor.get('/admin/content/picker/entries?types=support_category&q=warranty');
    expect(found.status).toBe(200);
    const body = (await found.json()) as { items: Array<{ key: string; label: string }> };
    expect(body.items.map((item) => item.key)).toContain('support_category/warranty-claims');
    expect((await editor.get('/admin/content/picker/entries?types=nonsense')).status).toBe(400);
    const assets = await editor.get('/admin/content/picker/assets?q=banner');
    expect(assets.status).toBe(200);
    const library = (await assets.json()) as { items: Array<{ key: string; image?: string }> };
    expect(library.items.length).toBeGreaterThan(0);
    expect(library.items[0]?.image).toMatch(/^\/media\/.*w=160/);

    const merchandiser = await staffClient(server.url, 'merchandiser');
    const refused = await merchandiser.get('/admin/content/picker/assets');
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain('asset-');
  }, 60_000);
});
