import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentEntries } from '#server/content/schema.ts';
import { accessibilityViolations, launchBrowser } from '../support/browser.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { ROOT } from '../support/server.ts';
import { signInInBrowser } from '../support/staff.ts';

/**
 * Issue 21, preview: the demo editor's draft of the US top alert is not on the live store, and the preview shows
 * it under the preview banner — opened from the back office, and from a signed 24-hour link in a browser with no
 * session at all; an altered link is refused with a message. The store runs in this process so the draft is saved
 * as the server saves it.
 */

let server: InProcessServer;
let browser: Browser;
const SHOTS = join(ROOT, 'test-results/screenshots');
const DRAFT = 'Preview check: snowshoe waxing is free all week.';
const BANNER = 'Preview — draft content, not live';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startInProcessServer(), launchBrowser()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Saves a new version of the US top alert's working copy (a draft: nothing is published). */
async function saveDraftOfUsAlert(title: string) {
  const where = and(
    eq(contentEntries.contentType, 'top_alert'),
    eq(contentEntries.uid, 'alert-us'),
    eq(contentEntries.locale, 'en-us'),
  );
  const [row] = await server.database.db.select().from(contentEntries).where(where);
  await server.database.db
    .update(contentEntries)
    .set({
      title,
      fields: { ...row!.fields, title },
      version: sql`${contentEntries.version} + 1`,
      updatedAt: new Date(),
    })
    .where(where);
}

async function checkAxe(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  expect(await accessibilityViolations(page), name).toEqual([]);
}

/** The US home page as an anonymous visitor gets it (through the page cache). */
async function anonymousHome() {
  const response = await fetch(`${server.url}/en-us`, { headers: { cookie: 'consent=all' } });
  return { body: await response.text(), cache: response.headers.get('x-page-cache') };
}

describe('previewing a draft (issue 21)', () => {
  it('the live store keeps the published alert while the draft is saved', async () => {
    expect((await anonymousHome()).body).toContain('Free shipping on orders over $99');
    await saveDraftOfUsAlert(DRAFT);
    for (let i = 0; i < 2; i++) {
      const { body } = await anonymousHome();
      expect(body).toContain('Free shipping on orders over $99');
      expect(body).not.toContain(DRAFT);
    }
    expect((await anonymousHome()).cache).toBe('HIT');
  });

  it('the demo editor opens the preview from the back office: the draft under the banner, not cached, not indexed', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    try {
      await signInInBrowser(page, server.url, 'editor');
      await page.goto(`${server.url}/admin/content/preview`);
      await page.getByRole('heading', { name: 'Preview', exact: true }).waitFor();
      await checkAxe(page, 'admin-content-preview');

      await page.getByLabel('Storefront page').fill('/en-us');
      const [document] = await Promise.all([
        page.waitForResponse((response) => response.url() === `${server.url}/en-us`),
        page.getByRole('button', { name: 'Open preview' }).click(),
      ]);
      await page.waitForURL(`${server.url}/en-us`);
      expect(document.headers()['cache-control']).toBe('private, no-store');
      expect(document.headers()['x-robots-tag']).toBe('noindex, nofollow');
      expect(document.headers()['x-page-cache']).toBeUndefined();
      await page.getByText(DRAFT).first().waitFor();
      const banner = page.getByRole('region', { name: 'Preview' });
      await expect(banner.textContent()).resolves.toContain(BANNER);
      expect(await page.locator('meta[name="robots"][content="noindex, nofollow"]').count()).toBe(1);
      await page.waitForLoadState('networkidle');
      await checkAxe(page, 'storefront-preview-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: join(SHOTS, 'storefront-preview-390.png') });

      // Still a preview on the next page.
      await page.goto(`${server.url}/en-us/support`);
      await banner.waitFor();

      // Leaving it shows the live store, in the same browser.
      await page.getByRole('link', { name: 'Exit preview' }).click();
      await page.waitForURL(`${server.url}/en-us/support`);
      expect(await banner.count()).toBe(0);
      await page.goto(`${server.url}/en-us`);
      await page.getByText('Free shipping on orders over $99').first().waitFor();
      expect(await page.getByText(DRAFT).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    // Nothing of the preview reached the shared page cache.
    const { body } = await anonymousHome();
    expect(body).not.toContain(DRAFT);
    expect(body).not.toContain(BANNER);
  });

  it('a signed 24-hour link opens the preview for someone with no session; an altered one is refused', async () => {
    const editor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await editor.newPage();
    let link = '';
    try {
      await signInInBrowser(page, server.url, 'editor');
      await page.goto(`${server.url}/admin/content/preview`);
      await page.getByLabel('Page to share').fill('/en-us');
      await page.getByRole('button', { name: 'Create preview link (24 h)' }).click();
      const shown = page.getByLabel(/Preview link, valid until/);
      await shown.waitFor();
      link = await shown.inputValue();
      await checkAxe(page, 'admin-content-preview-link');
    } finally {
      await editor.close();
    }
    expect(link).toMatch(new RegExp(`^${server.url}/preview/[\\w-]+\\.[\\w-]{43}$`));

    const guest = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await guest.newPage();
    try {
      await visitor.goto(link);
      await visitor.waitForURL(`${server.url}/en-us`);
      await visitor.getByText(DRAFT).first().waitFor();
      await visitor.getByRole('region', { name: 'Preview' }).waitFor();

      const altered = `${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`;
      const refused = await visitor.goto(altered);
      expect(refused?.status()).toBe(403);
      await visitor.getByRole('heading', { name: 'This preview cannot be opened' }).waitFor();
      await visitor.getByText('This preview link is not valid').waitFor();
      await checkAxe(visitor, 'preview-link-refused');
    } finally {
      await guest.close();
    }
  });
});
