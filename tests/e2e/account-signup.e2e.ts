import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, launchBrowser, openShopperPage } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * Issue 17 #8: the sign-up pages answer the same for a new and a known address and sign nobody in; the mail's
 * link creates the account (once) and signs it in; the owner of a known address is told by mail.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(
  async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  },
  Number(process.env.E2E_SERVER_START_MS ?? 60_000) + 30_000,
);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The newest mail of `kind` to `email` in the outbox, its quoted-printable body undone. */
async function mailTo(kind: string, email: string): Promise<string> {
  const outbox = join(server.dataDir, 'outbox');
  const matching = () => {
    try {
      return readdirSync(outbox)
        .filter((file) => file.includes(`${kind}-${email}`))
        .sort();
    } catch {
      return [];
    }
  };
  await expect.poll(() => matching().length, { timeout: 10_000 }).toBeGreaterThan(0);
  return readFileSync(join(outbox, matching().at(-1)!), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
}

const linkIn = (mail: string) => mail.match(/http:\/\/[^\s]+\/account\/confirm\?token=[\w-]+/)?.[0];

async function signUp(page: Page, path: string, email: string) {
  await page.goto(`${server.url}/en-us/${path}`);
  await page.waitForLoadState('networkidle');
  await page.locator('#field-first_name').fill('Nia');
  await page.locator('#field-last_name').fill('Walker');
  await page.locator('#field-email').fill(email);
  await page.locator('#field-password').fill('Long-enough-2026');
}

/** The email of the customer the page's session is signed in as (null when nobody is). */
async function signedInAs(page: Page): Promise<string | null> {
  const answer = await page.request.get(`${server.url}/api/session`);
  const body = (await answer.json()) as { data: { customer: { email: string } | null } };
  return body.data.customer?.email ?? null;
}

/** The sign-up card as a shopper reads it (the heading, the answer, the form). */
const answerOf = (page: Page) => page.locator('.auth-card').innerText();

describe('sign-up (issue 17 #8)', () => {
  it('answers a new and a known address alike; the link creates the account once and signs it in', async () => {
    const email = `new.walker.${Date.now()}@example.com`;
    const fresh = await openShopperPage(browser, 1440);
    const known = await openShopperPage(browser, 1440);
    try {
      await signUp(fresh.page, 'account/create', email);
      await fresh.page.getByRole('button', { name: 'Create account' }).click();
      await fresh.page.waitForURL(/\/en-us\/account\/create\?sent=1$/);
      await fresh.page.getByText('Check your e-mail to finish creating your account').waitFor();
      await signUp(known.page, 'account/create', 'Hannah.Miller@example.com');
      await known.page.getByRole('button', { name: 'Create account' }).click();
      await known.page.waitForURL(/\/en-us\/account\/create\?sent=1$/);
      await known.page.getByText('Check your e-mail to finish creating your account').waitFor();
      expect(await answerOf(known.page)).toBe(await answerOf(fresh.page));
      // Nobody is signed in by the answer.
      for (const { page } of [fresh, known]) {
        expect(await page.locator('.header-actions a[aria-label="Sign in"]').count()).toBe(1);
        expect(await signedInAs(page)).toBeNull();
      }
      expect(await accessibilityViolations(fresh.page)).toEqual([]);

      const owner = await mailTo('signup-existing', 'hannah.miller@example.com');
      expect(owner).toContain('Someone tried to create a Ridgeline account with your e-mail address');
      expect(owner).toContain(`${server.url}/en-us/account/reset`);
      expect(linkIn(owner)).toBeUndefined();

      const link = linkIn(await mailTo('signup-confirmation', email));
      expect(link).toBeDefined();
      await fresh.page.goto(link!);
      await fresh.page.waitForLoadState('networkidle');
      expect(await accessibilityViolations(fresh.page)).toEqual([]);
      await fresh.page.getByRole('button', { name: 'Finish creating your account' }).click();
      await fresh.page.waitForURL(/\/en-us\/account$/);
      expect(await signedInAs(fresh.page)).toBe(email);

      // The link works once: followed again (elsewhere), it says so and signs nobody in.
      await known.page.goto(link!);
      await known.page.getByText('This link has expired or was already used').waitFor();
      expect(await known.page.getByRole('button', { name: 'Finish creating your account' }).count()).toBe(0);
      expect(fresh.errors).toEqual([]);
      expect(known.errors).toEqual([]);
    } finally {
      await fresh.context.close();
      await known.context.close();
    }
  }, 90_000);

  it('works without JavaScript, and a pro sign-up keeps its application', async () => {
    const email = `pro.walker.${Date.now()}@example.com`;
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    try {
      await signUp(page, 'pro/create', email);
      await page.locator('#field-organization').fill('Alpine Club');
      await page.locator('#field-profession').selectOption('guide');
      await page.locator('#field-certification').fill('AMGA-123');
      await page.getByRole('button', { name: 'Create a pro account' }).click();
      await page.waitForURL(/\/en-us\/pro\/create\?sent=1$/);
      await page.getByText('Check your e-mail to finish creating your account').waitFor();
      const link = linkIn(await mailTo('signup-confirmation', email));
      await page.goto(link!);
      await page.getByRole('button', { name: 'Finish creating your account' }).click();
      await page.waitForURL(/\/en-us\/pro\/signup\?sent=1$/);
      expect(await page.locator('main').innerText()).toMatch(/application/i);
    } finally {
      await context.close();
    }
  }, 90_000);
});
